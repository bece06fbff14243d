import Artwork
import Foundation
@testable import OutputFolder
@testable import SiteGen
import SiteBasics
import SiteGenTestSupport
import Testing

/// A build after one page was edited does the work of that page alone: the other pages are proved unchanged by one
/// stat of each of their files (the page's own file and each file it wrote), none is read, only the edited page's
/// brands are read from the icon sets, and the other pages' lines go into the new manifest as they were. Whatever
/// input changes (the template, site.yml, an icon file, a photo, the page, a page removed or added) is still noticed.
@Suite struct OnePageEditTests {
    static let square = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 448 512"><path d="M0 0h448v512H0z"/></svg>"#
    static let index = """
        ---
        avatar: ada.png
        links:
          - mastodon: "@ada@social.example"
          - url: https://ada.example/
            icon: icons/logo.svg
        ---
        Hello.
        """
    static let about = "---\nlinks:\n  - github: ada\n---\nAbout me.\n"

    /// Two pages, one showing Mastodon's brand, an icon file and a photo, the other GitHub's brand; files stamped as
    /// on a disk; and the icon set the brands come from.
    static func site() throws -> (InMemoryFileSystem, iconFiles: InMemoryFileSystem) {
        let fileSystem = try Fixtures.site(Self.index, extra: [
            "content/about.md": Self.about,
            "content/icons/logo.svg": #"<svg viewBox="0 0 24 24"><path d="M1 1h2"/></svg>"#,
            "site.yml": "# the site's settings\n",
            "templates/page.html": "{{#avatar}}<img src=\"{{avatar}}\">{{/avatar}}{{#links}}{{icon}} {{/links}}|{{{icon_symbols_html}}}{{{body_html}}}",
        ], pictures: [:])
        fileSystem.stampTick = 1
        try fileSystem.overwriteFile("site/content/ada.png", Fixtures.picture(.png))
        for path in fileSystem.allFiles.keys { try fileSystem.overwriteFile(path, fileSystem.readFile(path)) }  // each with a stamp
        let iconFiles = InMemoryFileSystem(["fa/brands/mastodon.svg": Self.square, "fa/brands/github.svg": Self.square])
        return (fileSystem, iconFiles)
    }

    static func builder(_ fileSystem: InMemoryFileSystem, iconFiles: InMemoryFileSystem) -> SiteBuilder {
        var builder = Fixtures.builder(fileSystem, iconSets: IconSets(fontAwesomeBrands: "fa/brands", files: iconFiles))
        builder.sourceStampMargin = 0  // stamps recorded at once: no waiting for the racy margin
        return builder
    }

    @Test func aBuildAfterOnePageIsEditedReadsThatPageAloneAndStatsEachFileOfTheOthersOnce() throws {
        let (fileSystem, iconFiles) = try Self.site()
        let builder = Self.builder(fileSystem, iconFiles: iconFiles)
        #expect(try builder.build().renderedPages == ["site/content/about.md", "site/content/index.md"])
        #expect(iconFiles.readCount(of: "fa/brands/mastodon.svg") == 1 && iconFiles.readCount(of: "fa/brands/github.svg") == 1)
        let cacheFolders = ["site/cache/cards", "site/cache/avatars", "site/cache/photos"].filter { fileSystem.resolvedKind(at: $0) == .folder }
        #expect(cacheFolders == ["site/cache/avatars"], "the avatar's pictures (this site draws no share card)")
        let listings = cacheFolders.map(fileSystem.listCount(of:))

        try fileSystem.overwriteFile("site/content/about.md", Data((Self.about + "Edited.\n").utf8))
        let kept = ["site/content/index.md", "site/Output/index.html"]
        let reads = kept.map(fileSystem.readCount(of:)), stats = kept.map(fileSystem.stampCount(of:))
        let photoReads = fileSystem.readCount(of: "site/content/ada.png")
        #expect(try builder.build().renderedPages == ["site/content/about.md"])
        #expect(kept.map(fileSystem.readCount(of:)) == reads, "the kept page and its file are not read")
        #expect(kept.map(fileSystem.stampCount(of:)) == stats.map { $0 + 1 }, "one stat each")
        #expect(fileSystem.readCount(of: "site/content/ada.png") == photoReads, "the kept page's photo is proved by its stamp")
        #expect(iconFiles.readCount(of: "fa/brands/github.svg") == 2, "the edited page's brand, read for it")
        #expect(iconFiles.readCount(of: "fa/brands/mastodon.svg") == 1, "a brand only a kept page shows is not read")
        #expect(cacheFolders.map(fileSystem.listCount(of:)) == listings, "no picture is looked for, so the cache is not listed")
        #expect(try Fixtures.html(fileSystem, "site/Output/about/index.html").contains("Edited."))
    }

    /// The manifest after one page changed holds the other pages' lines as they were, and is, byte for byte, the
    /// manifest that encoding every record again writes.
    @Test func aKeptPageGoesIntoTheNextManifestAsItsLineWas() throws {
        let (fileSystem, iconFiles) = try Self.site()
        let builder = Self.builder(fileSystem, iconFiles: iconFiles)
        _ = try builder.build()
        func lines(_ prefix: String) throws -> [Substring] {
            try Fixtures.html(fileSystem, "site/Output/" + OutputManifest.fileName).split(separator: "\n").filter { $0.hasPrefix(prefix) }
        }
        let indexLine = try lines("page\tindex.md\t"), aboutLine = try lines("page\tabout.md\t")
        #expect(indexLine.count == 1 && aboutLine.count == 1)
        try fileSystem.overwriteFile("site/content/about.md", Data((Self.about + "Edited.\n").utf8))
        #expect(try builder.build().renderedPages == ["site/content/about.md"])
        #expect(try lines("page\tindex.md\t") == indexLine)
        #expect(try lines("page\tabout.md\t") != aboutLine)

        let manifest = try fileSystem.readFile("site/Output/" + OutputManifest.fileName)
        let body = manifest.prefix(manifest.count - (5 + 64 + 1))  // without its seal line
        var parsed = try OutputManifest.parse(body)
        #expect(parsed.pages.values.contains { $0.recordedLine != nil })
        for source in parsed.pages.keys { parsed.pages[source]!.recordedLine = nil }
        #expect(parsed.data == body)
    }

    enum Edit: String, CaseIterable, CustomTestStringConvertible {
        case template, settings, iconFile, photo, page, pageRemoved, pageAdded
        var testDescription: String { rawValue }
    }

    @Test(arguments: Edit.allCases) func anEditedInputIsNoticed(_ edit: Edit) throws {
        let (fileSystem, iconFiles) = try Self.site()
        let builder = Self.builder(fileSystem, iconFiles: iconFiles)
        _ = try builder.build()
        #expect(try builder.build().renderedPages.isEmpty)
        func append(_ text: String, to path: String) throws {
            try fileSystem.overwriteFile(path, fileSystem.readFile(path) + Data(text.utf8))
        }
        let both = ["site/content/about.md", "site/content/index.md"]
        let expected: [String]
        switch edit {
        case .template:
            try append("<footer>edited</footer>", to: "site/templates/page.html")
            expected = both
        case .settings:
            try append("# edited\n", to: "site/site.yml")
            expected = both
        case .iconFile:
            try fileSystem.overwriteFile("site/content/icons/logo.svg", Data(#"<svg viewBox="0 0 24 24"><path d="M2 2h3"/></svg>"#.utf8))
            expected = ["site/content/index.md"]
        case .photo:
            try fileSystem.overwriteFile("site/content/ada.png", Fixtures.picture(.png, colour: "#2828c8"))
            expected = ["site/content/index.md"]
        case .page:
            try append("Edited.\n", to: "site/content/index.md")
            expected = ["site/content/index.md"]
        case .pageRemoved:
            try fileSystem.removeItem("site/content/about.md")
            expected = []
        case .pageAdded:
            try fileSystem.overwriteFile("site/content/new.md", Data("New page.\n".utf8))
            expected = ["site/content/new.md"]
        }
        let result = try builder.build()
        #expect(result.renderedPages == expected)
        switch edit {
        case .template: #expect(try Fixtures.html(fileSystem, "site/Output/about/index.html").hasSuffix("<footer>edited</footer>"))
        case .iconFile: #expect(try Fixtures.html(fileSystem).contains(#"<path d="M2 2h3"/>"#))
        case .page: #expect(try Fixtures.html(fileSystem).contains("Edited."))
        case .pageRemoved:
            #expect(fileSystem.resolvedKind(at: "site/Output/about/index.html") == .missing)
            #expect(try Set(Self.manifest(fileSystem).pages.keys) == ["index.md"], "the removed page's record leaves, the kept one's stays")
        case .pageAdded: #expect(try Fixtures.html(fileSystem, "site/Output/new/index.html").contains("New page."))
        case .settings, .photo: break
        }
        #expect(try builder.build().renderedPages.isEmpty, "and then kept")
    }

    static func manifest(_ fileSystem: InMemoryFileSystem) throws -> OutputManifest {
        try OutputManifest.parse(fileSystem.readFile("site/Output/" + OutputManifest.fileName))
    }

    /// The kept pages are noted together once every page is settled, not each as it is proved: among many kept
    /// pages, one whose file was rewritten by hand with the bytes sitegen wrote is kept and its new stamp recorded
    /// (the build after stats it and reads nothing), and one whose file was edited by hand is the owner's: the build
    /// stops and leaves it.
    @Test func aKeptPagesFileChangedByHandIsNoticedAmongManyKeptPages() throws {
        let (fileSystem, iconFiles) = try Self.site()
        for number in 0..<24 { try fileSystem.overwriteFile("site/content/p\(number).md", Data("Page \(number).\n".utf8)) }
        let builder = Self.builder(fileSystem, iconFiles: iconFiles)
        #expect(try builder.build().renderedPages.count == 26)
        #expect(try builder.build().renderedPages.isEmpty)
        let file = "site/Output/p7/index.html", sitegens = try fileSystem.readFile(file)
        try fileSystem.overwriteFile(file, sitegens)
        let reads = fileSystem.readCount(of: file)
        #expect(try builder.build().renderedPages.isEmpty)
        #expect(fileSystem.readCount(of: file) == reads + 1, "read once, its stamp being new")
        #expect(try builder.build().renderedPages.isEmpty)
        #expect(fileSystem.readCount(of: file) == reads + 1, "then proved by the stamp recorded")
        try fileSystem.overwriteFile(file, Data("mine".utf8))
        #expect(throws: BuildFailure.self) { try builder.build() }
        #expect(try fileSystem.readFile(file) == Data("mine".utf8))
    }

    /// A kept page's record is recorded again when a stamp too new to record before may be now (the page's own, its
    /// photo's): the build after proves both by their stamps, unread; every other part of the record stays.
    @Test func aKeptPageIsRecordedAgainWithTheStampsItMayNowHave() throws {
        let (fileSystem, iconFiles) = try Self.site()
        var builder = Self.builder(fileSystem, iconFiles: iconFiles)
        builder.sourceStampMargin = 1 << 62  // every file too new for its stamp to be recorded
        #expect(try builder.build().renderedPages.count == 2)
        let before = try #require(try Self.manifest(fileSystem).pages["index.md"])
        #expect(before.sourceStamp == nil && before.assetStamps.isEmpty && before.assets["ada.png"] != nil)
        builder.sourceStampMargin = 0
        #expect(try builder.build().renderedPages.isEmpty)
        var after = try #require(try Self.manifest(fileSystem).pages["index.md"])
        #expect(after.sourceStamp != nil && after.assetStamps["ada.png"] != nil)
        after.sourceStamp = nil
        after.assetStamps = [:]
        #expect(after == before)
        let reads = ["site/content/index.md", "site/content/ada.png"].map(fileSystem.readCount(of:))
        #expect(try builder.build().renderedPages.isEmpty)
        #expect(["site/content/index.md", "site/content/ada.png"].map(fileSystem.readCount(of:)) == reads)
    }

    /// A build whose icons have something to say forgets every page's record, the kept ones' too, so that the next
    /// build renders them all again and says it again.
    @Test func iconWarningsForgetTheKeptPagesToo() throws {
        let (fileSystem, iconFiles) = try Self.site()
        let builder = Self.builder(fileSystem, iconFiles: iconFiles)
        #expect(try builder.build().renderedPages.count == 2)
        try iconFiles.removeItem("fa/brands/github.svg")
        try fileSystem.overwriteFile("site/content/about.md", Data((Self.about + "Edited.\n").utf8))
        let result = try builder.build()
        #expect(result.renderedPages == ["site/content/about.md"])
        #expect(!result.warnings.isEmpty)
        #expect(try Self.manifest(fileSystem).pages.isEmpty)
        #expect(try builder.build().renderedPages == ["site/content/about.md", "site/content/index.md"])
    }
}
