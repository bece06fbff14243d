@testable import Artwork
@testable import Companions
import Foundation
import Paint
import SiteGenTestSupport
import Testing

/// The share card drawn on its own: the 1200 × 630 PNG Cairo and Pango draw and card.c writes.
@Suite struct ShareCardTests {
    static func pixels(_ png: Data) throws -> (pixels: Data, bands: Int) {
        let header = try PhotoMaker.header(png, fileName: "card.png")
        return try Vips.decode(png, header, .whole, inMemory: true) { image in (image.pixels(), image.bands) }
    }

    static func pixel(_ decoded: (pixels: Data, bands: Int), x: Int, y: Int) -> UInt32 {
        let at = (y * ShareCard.width + x) * decoded.bands
        return UInt32(decoded.pixels[at]) << 16 | UInt32(decoded.pixels[at + 1]) << 8 | UInt32(decoded.pixels[at + 2])
    }

    @Test func theCardIsAWholePNGDrawnTheSameEveryTime() throws {
        let card = ShareCard(title: #"<b>&"Ada"</b>"#, tagline: "مرحبا بالعالم\u{1} " + String(repeating: "word ", count: 80),
                             address: "https://ada.example/", palette: Theme.standard.light, avatar: nil)
        #expect(card.title == #"<b>&"Ada"</b>"# && !card.tagline.contains("\u{1}") && card.address == "ada.example")
        let png = try card.png()
        #expect(PictureSize.png(png)! == (1200, 630))
        // Decoded in full by libpng (a stream cut short or a wrong checksum fails): its pieces make one PNG.
        let decoded = try Self.pixels(png)
        #expect(decoded.pixels.count == 1200 * 630 * decoded.bands)
        #expect(try card.png() == png)
        // The page colour at the corner, the card's inside it, the accent along its foot.
        let colours = card.colours
        #expect(Self.pixel(decoded, x: 5, y: 5) == colours.page)
        #expect(Self.pixel(decoded, x: 600, y: 60) == colours.card)
        #expect(Self.pixel(decoded, x: 600, y: 580) == colours.ring)
    }

    @Test func aRightToLeftTitleMirrorsTheCard() throws {
        let arabic = ShareCard(title: "مرحبا", tagline: nil, address: "ada.example", palette: Theme.standard.light, avatar: nil)
        let latin = ShareCard(title: "«Ada»", tagline: nil, address: "ada.example", palette: Theme.standard.light, avatar: nil)
        #expect(arabic.mirrored && !latin.mirrored)
        // The avatar's ring, above its initials: on the right for Arabic, on the left otherwise.
        let right = try Self.pixels(arabic.png()), left = try Self.pixels(latin.png())
        #expect(Self.pixel(right, x: 1200 - 230, y: 262 - 110) == arabic.colours.ring && Self.pixel(right, x: 230, y: 262 - 110) == arabic.colours.card)
        #expect(Self.pixel(left, x: 230, y: 262 - 110) == latin.colours.ring && Self.pixel(left, x: 1200 - 230, y: 262 - 110) == latin.colours.card)
    }

    @Test func theStylesheetsOwnColoursPaintTheCard() {
        let own = StylesheetColours(css: ":root { --page: #102030; --card: #fff8e7; --ring: teal; --text: var(--x) } @media (prefers-color-scheme: dark) { :root { --card: #000 } }")
        let card = ShareCard(title: "Ada", tagline: nil, address: "", palette: Theme.standard.light, ownColours: own, avatar: nil)
        #expect(card.colours.page == 0x102030 && card.colours.card == 0xfff8e7)
        // A colour not written in hex, or a var(), leaves the theme's.
        #expect(card.colours.ring == Theme.standard.light.ring.packed && card.colours.text == Theme.standard.light.text.packed)
    }

    @Test func anSVGAvatarIsDrawnAtTheCardsSizeNotEnlarged() throws {
        // An icon 24 px wide: drawn at 240 px for the card, not drawn at 24 and blown up.
        let svg = Data(##"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><rect x="0" y="0" width="12" height="24" fill="#ff0000"/><rect x="12" y="0" width="12" height="24" fill="#0000ff"/></svg>"##.utf8)
        let (_, pictures) = try PhotoMaker.avatar(svg, fileName: "icon.svg")
        let picture = try #require(pictures.shareCardPicture)
        let size = picture.isPNG ? PictureSize.png(picture.data) : PictureSize.jpeg(picture.data)
        #expect(size! == (CardPainter.avatarSide, CardPainter.avatarSide))
        let card = ShareCard(title: "Ada", tagline: nil, address: "", palette: Theme.standard.light, avatar: picture)
        let decoded = try Self.pixels(card.png())
        // The edge between red and blue is sharp: one pixel either side of the middle is pure.
        #expect(Self.pixel(decoded, x: 230 - 2, y: 262) >> 16 > 0xF0 && Self.pixel(decoded, x: 230 + 2, y: 262) & 0xFF > 0xF0)
    }
}
