@testable import Artwork
import Foundation
import SiteGenTestSupport
import Testing

/// Photos through libvips on their own: resized for their slot, never enlarged, without their metadata
/// (PhotoAndShareCardTests in SiteGenTests: photos in built pages).
@Suite struct PhotoMakerTests {
    static let gpsPhoto = Fixtures.gpsPhoto

    @Test func aSmallPhotoIsNeverEnlarged() throws {
        let small = try PhotoMaker.photo(Self.gpsPhoto, slot: PhotoSlot(width: 1000, height: 1000, fills: false), fileName: "ada.jpg")
        #expect(small.width == 600 && small.height == 400)
        #expect(try PictureHeader.read([UInt8](small.data)) == PictureHeader(format: .jpeg, width: 600, height: 400))
    }

    @Test func theBackgroundFitsItsSlotAndKeepsItsShape() throws {
        let webp = try Vips.thumbnail(Self.gpsPhoto, try PictureHeader.read([UInt8](Self.gpsPhoto)), .background).encoded(.webp)
        let made = try PhotoMaker.photo(webp, slot: PhotoSlot(width: 300, height: 300, fills: false), fileName: "ada.webp")
        #expect(made.width == 300 && made.height == 200)
        // WebP: libvips 8.14's `strip` alone kept EXIF here; the fields are removed before saving.
        #expect(made.data.range(of: Data("EXIF".utf8)) == nil && made.data.range(of: Data("PhoneMaker".utf8)) == nil)
        #expect(made.data.starts(with: Data("RIFF".utf8)))
    }

    @Test func aPNGKeepsItsTransparencyAndTheAvatarsPicturesComeFromOneDecode() throws {
        let svg = Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><circle cx="300" cy="300" r="280" fill="red"/></svg>"#.utf8)
        let png = try Vips.thumbnail(svg, PictureHeader(format: .svg, width: 0, height: 0), PhotoSlot(width: 600, height: 600, fills: false)).encoded(.png)
        let (photo, pictures) = try PhotoMaker.avatar(png, fileName: "me.png")
        #expect(try PictureHeader.read([UInt8](try #require(photo).data)) == PictureHeader(format: .png, width: 256, height: 256))
        for chunk in ["eXIf", "iTXt", "tEXt", "zTXt", "iCCP"] { #expect(photo?.data.range(of: Data(chunk.utf8)) == nil, "\(chunk)") }
        // The favicon and the card's picture, made smaller from the avatar's pixels, keep its transparency: PNGs.
        #expect(pictures.faviconURL?.hasPrefix("data:image/png;base64,") == true)
        #expect(pictures.shareCardPicture?.isPNG == true)
    }

    @Test func aWebPIsStillAWebPThatBrowsersRead() throws {
        let webp = try Vips.thumbnail(Self.gpsPhoto, try PictureHeader.read([UInt8](Self.gpsPhoto)), .background).encoded(.webp)
        let made = try PhotoMaker.photo(webp, slot: .avatar, fileName: "ada.webp")
        // Read back: the container is whole after its metadata chunks are taken out.
        #expect(try PictureHeader.read([UInt8](made.data)) == PictureHeader(format: .webp, width: 256, height: 256))
        let again = try Vips.thumbnail(made.data, try PictureHeader.read([UInt8](made.data)), PhotoSlot(width: 1000, height: 1000, fills: false))
        #expect(again.width == 256 && again.height == 256)
    }

    @Test func anAnimatedGIFKeepsItsFramesAndIsToldByOneFramesSize() throws {
        let animation = Data(Fixtures.declaredGIF(screen: (40, 30), frames: 3))
        let made = try PhotoMaker.photo(animation, slot: .text, fileName: "wave.gif")
        #expect(made.width == 40 && made.height == 30)
        #expect(try PictureHeader.read([UInt8](made.data)) == PictureHeader(format: .gif, width: 40, height: 30, frames: 3))
    }
}
