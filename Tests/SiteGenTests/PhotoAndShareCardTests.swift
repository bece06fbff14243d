@testable import Artwork
@testable import Companions
import Foundation
@testable import Paint
import Testing
@testable import SiteGen
import SiteGenTestSupport

/// Photos through libvips (resized for their slot, without metadata) and the share card (1200 × 630 PNG) in built
/// pages (ArtworkTests: the photos alone; CompanionsTests: the card's drawing).
struct PhotoAndShareCardTests {
    static let gpsPhoto = Fixtures.gpsPhoto

    static let templates = [
        "templates/page.html": """
            <title>{{title}}</title><link rel="icon" href="{{favicon_href}}">
            {{#image_url}}<meta property="og:image" content="{{image_url}}">{{/image_url}}
            {{#image_alt}}<meta property="og:image:alt" content="{{image_alt}}">{{/image_alt}}
            <meta name="twitter:card" content="{{twitter_card}}">{{#avatar}}<img src="{{avatar}}">{{/avatar}}{{{body_html}}}
            """,
    ]

    static func site(_ page: String, photo: Data? = gpsPhoto, at path: String = "site/content/ada.jpg") throws -> InMemoryFileSystem {
        let fileSystem = InMemoryFileSystem(templates.merging(["content/index.md": page]) { $1 }
            .reduce(into: [:]) { $0["site/" + $1.key] = $1.value })
        if let photo { try fileSystem.overwriteFile(path, photo) }
        return fileSystem
    }

    static let page = """
        ---
        title: Ada Lovelace
        description: Mathematician
        url: https://ada.example/
        avatar: ada.jpg
        ---
        Hello.
        """

    static func file(_ result: BuildResult, _ path: String) -> Data? {
        guard case .data(let data)? = result.files.first(where: { $0.path == path })?.contents else { return nil }
        return data
    }

    @Test func anAvatarPhotoIsPublishedAtTwiceItsSlotWithoutItsMetadata() throws {
        // The fixture carries what must not leave: otherwise the test below proves nothing.
        #expect(Self.gpsPhoto.range(of: Data("Exif".utf8)) != nil && Self.gpsPhoto.range(of: Data("PhoneMaker".utf8)) != nil)
        let result = try Fixtures.builder(try Self.site(Self.page)).render()
        let photo = try #require(Self.file(result, "ada.jpg"))
        let size = try #require(PictureSize.jpeg(photo))
        // 128 CSS px at 2×, cropped square as object-fit: cover shows it.
        #expect(size.width == 256 && size.height == 256)
        for mark in ["Exif", "GPS", "PhoneMaker", "http://ns.adobe.com/xap", "ICC_PROFILE"] {
            #expect(photo.range(of: Data(mark.utf8)) == nil, "\(mark) is still in the published photo")
        }
    }

    @Test func photosAndCardsAreTheSameBytesEachBuild() throws {
        let first = try Fixtures.builder(try Self.site(Self.page)).render()
        let second = try Fixtures.builder(try Self.site(Self.page)).render()
        #expect(first.files == second.files)
        #expect(first.files.contains { $0.path.hasPrefix("card-") && $0.path.hasSuffix(".png") })
    }

    @Test func theFaviconIsASmallCopyInlinedSoThePageCostsTwoRequests() throws {
        let result = try Fixtures.builder(try Self.site(Self.page)).render()
        let html = String(decoding: try #require(Self.file(result, "index.html")), as: UTF8.self)
        let page = PageReader(html)
        // One icon, a JPEG inlined as a data URL.
        let icons = page.headLinks.filter { $0["rel"] == "icon" }.compactMap { $0["href"] }
        #expect(icons.map { $0.prefix(23) } == ["data:image/jpeg;base64,"])
        let icon = icons.first.flatMap { Data(base64Encoded: String($0.dropFirst(23))) }
        #expect(icon.map { try? PictureHeader.read([UInt8]($0)).format } == .jpeg)
        #expect(page.images == [["src": "ada.jpg"]])
    }

    @Test func theShareCardIs1200By630AndNotBlank() throws {
        let result = try Fixtures.builder(try Self.site(Self.page)).render()
        let card = try #require(result.files.first { $0.path.hasPrefix("card-") })
        guard case .data(let png) = card.contents else { Issue.record("the card is not made in memory"); return }
        #expect(PictureSize.png(png)! == (1200, 630))
        let image = try Vips.thumbnail(png, try PictureHeader.read([UInt8](png)), PhotoSlot(width: 1200, height: 630, fills: false))
        let pixels = [UInt8](image.pixels())
        #expect(pixels.count == 1200 * 630 * image.bands)
        // The page colour, the card, the ring, the photo and the text: many colours, not one.
        var colours = Set<Int>()
        for start in stride(from: 0, to: pixels.count - 2, by: image.bands * 7) {
            colours.insert(Int(pixels[start]) << 16 | Int(pixels[start + 1]) << 8 | Int(pixels[start + 2]))
        }
        #expect(colours.count > 100)
        let html = String(decoding: try #require(Self.file(result, "index.html")), as: UTF8.self)
        let meta = PageReader(html).meta
        #expect(meta["og:image"] == "https://ada.example/\(card.path)")
        #expect(meta["og:image:alt"] == "Ada Lovelace: Mathematician")
        #expect(meta["twitter:card"] == "summary_large_image")
    }

    @Test func shareCardFalseKeepsTheAvatarAsThePreviewImage() throws {
        let page = Self.page.replacingOccurrences(of: "avatar: ada.jpg", with: "avatar: ada.jpg\nshare_card: false")
        let result = try Fixtures.builder(try Self.site(page)).render()
        #expect(!result.files.contains { $0.path.hasPrefix("card-") })
        let html = String(decoding: try #require(Self.file(result, "index.html")), as: UTF8.self)
        let meta = PageReader(html).meta
        #expect(meta["og:image"] == "https://ada.example/ada.jpg")
        #expect(meta["twitter:card"] == "summary")
        #expect(meta["og:image:alt"] == nil)
    }

    @Test func aPageWithoutAnAddressGetsNoCardSinceAPreviewNeedsAnAbsoluteOne() throws {
        let page = Self.page.replacingOccurrences(of: "url: https://ada.example/\n", with: "")
        let result = try Fixtures.builder(try Self.site(page)).render()
        #expect(!result.files.contains { $0.path.hasPrefix("card-") })
        // The build's base URL gives it one, and the card's address is absolute.
        let based = try Fixtures.builder(try Self.site(page), baseURL: "https://base.example/links/").render()
        let card = try #require(based.files.first { $0.path.hasPrefix("card-") })
        let html = String(decoding: try #require(Self.file(based, "index.html")), as: UTF8.self)
        #expect(PageReader(html).meta["og:image"] == "https://base.example/links/\(card.path)")
    }

    @Test func aFileThatIsNotAPictureIsAnErrorAtTheAvatarLine() {
        let fileSystem = try! Self.site(Self.page, photo: Data("not a picture".utf8))
        do {
            _ = try Fixtures.builder(fileSystem).render()
            Issue.record("the build succeeded")
        } catch {
            let messages = error.diagnostics.map { "\($0.path):\($0.line):\($0.column): \($0.message)" }
            #expect(messages == ["site/content/index.md:5:9: avatar image 'ada.jpg' cannot be published: its name says JPEG but its bytes are no picture format sitegen reads"])
        }
    }

    @Test func aCardIsDrawnAgainOnlyWhenWhatItShowsChanges() throws {
        let fileSystem = try Self.site(Self.page)
        let first = try Fixtures.builder(fileSystem).build()
        #expect(first.drawnShareCards.count == 1)
        let card = first.drawnShareCards[0]
        #expect(fileSystem.resolvedKind(at: "site/Output/" + card) == .file)

        // The body changes: the page is rendered again, its card is kept as it is.
        try fileSystem.overwriteFile("site/content/index.md", Data(Self.page.replacingOccurrences(of: "Hello.", with: "Hello again.").utf8))
        let second = try Fixtures.builder(fileSystem).build()
        #expect(second.renderedPages == ["site/content/index.md"])
        #expect(second.drawnShareCards == [])
        #expect(second.paths.filter { $0.hasPrefix("card-") } == [card])
        #expect(fileSystem.resolvedKind(at: "site/Output/" + card) == .file)

        // The title changes: a new card, under a new name; the old one goes.
        try fileSystem.overwriteFile("site/content/index.md", Data(Self.page.replacingOccurrences(of: "title: Ada Lovelace", with: "title: Ada King").utf8))
        let third = try Fixtures.builder(fileSystem).build()
        #expect(third.drawnShareCards.count == 1 && third.drawnShareCards != [card])
        #expect(fileSystem.resolvedKind(at: "site/Output/" + card) == .missing)
        #expect(fileSystem.resolvedKind(at: "site/Output/" + third.drawnShareCards[0]) == .file)
    }

    @Test func theOriginalPhotoIsNeverPublishedAndAKeptPageKeepsItsPhoto() throws {
        let fileSystem = try Self.site(Self.page)
        _ = try Fixtures.builder(fileSystem).build()
        let published = try fileSystem.readFile("site/Output/ada.jpg")
        #expect(published != Self.gpsPhoto && PictureSize.jpeg(published)! == (256, 256))
        // Nothing changed: the page is kept, and so is its photo (not replaced by a copy of the original).
        let again = try Fixtures.builder(fileSystem).build()
        #expect(again.renderedPages == [])
        #expect(again.paths.filter { $0 == "ada.jpg" }.count == 1)
        #expect(try fileSystem.readFile("site/Output/ada.jpg") == published)
    }
}
