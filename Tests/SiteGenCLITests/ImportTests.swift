import Foundation
@testable import SiteBasics
import Testing
@testable import SiteGen
@testable import SiteGenCLI
import SiteGenTestSupport

/// `sitegen import SOURCE DIR` through the real binary, from the fixtures in Tests/Import (one per kind of
/// source, written for these tests): each source link becomes one button (or is left out, said why), and the
/// site builds and checks clean at once.
@Suite struct ImportTests {
    static let fixtures = Fixtures.packageRoot.appendingPathComponent("Tests/Import")

    /// A fixture and what its import must give: the page's title and description, and for each link of the
    /// source in order, the button's service and link (nil where the link is left out).
    struct Expected: Sendable, CustomTestStringConvertible {
        var fixture: String
        var title: String
        var description: String
        var links: [(source: String, button: (service: String, href: String)?)]
        var sections: [String] = []
        var avatar = "avatar.svg"
        var testDescription: String { fixture }
    }

    static let expectations: [Expected] = [
        Expected(fixture: "littlelink.html", title: "Rosa Quill", description: "Letterpress printer &amp; type nerd. Prints on Tuesdays.", links: [
            ("https://typo.social/@rosa", ("mastodon", "https://typo.social/@rosa")),
            ("https://github.com/rosaquill", ("github", "https://github.com/rosaquill")),
            ("https://www.instagram.com/rosa.quill/", ("instagram", "https://www.instagram.com/rosa.quill/")),
            ("https://signal.me/#p/+4915112345678", ("signal", "https://signal.me/#p/+4915112345678")),
            ("https://shop.rosaquill.example/prints?sort=new", ("web", "https://shop.rosaquill.example/prints?sort=new")),
            ("mailto:rosa@rosaquill.example?subject=Hello", ("email", "mailto:rosa@rosaquill.example?subject=Hello")),
            ("http://old.rosaquill.example/", nil),
        ]),
        Expected(fixture: "linktree.html", title: "Hal Brook", description: "Field recordings and &quot;quiet&quot; synths.", links: [
            ("https://halbrook.bandcamp.com/", ("bandcamp", "https://halbrook.bandcamp.com/")),
            ("https://open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF", ("spotify", "https://open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF")),
            ("https://matrix.to/#/@hal:matrix.org", ("matrix", "https://matrix.to/#/@hal:matrix.org")),
            ("https://halbrook.example/tour", ("web", "https://halbrook.example/tour")),
            ("https://bsky.app/profile/halbrook.bsky.social", ("bluesky", "https://bsky.app/profile/halbrook.bsky.social")),
            ("https://www.youtube.com/@halbrook", ("youtube", "https://www.youtube.com/@halbrook")),
        ], sections: ["Listen", "Talk"], avatar: "https://ugc.linktree.example/halbrook/avatar.png"),
        Expected(fixture: "biodrop.json", title: "Ines Varga", description: "Rust, maps and open data. She/her.", links: [
            ("https://codeberg.org/ines", ("codeberg", "https://codeberg.org/ines")),
            ("https://crates.io/users/inesvarga", ("web", "https://crates.io/users/inesvarga")),
            ("https://ko-fi.com/inesvarga", ("ko-fi", "https://ko-fi.com/inesvarga")),
            ("https://t.me/inesvarga", ("telegram", "https://t.me/inesvarga")),
            ("https://github.com/inesvarga", ("github", "https://github.com/inesvarga")),
            ("https://hachyderm.io/@ines", ("mastodon", "https://hachyderm.io/@ines")),
        ], sections: ["Code", "Support"]),
        // LinkStack's public page as its templates write it: social icons first, then buttons and headings in order; its
        // own contact card, an address given twice and an http link are left out, each said why.
        Expected(fixture: "linkstack.html", title: "Mara Lind", description: "Ceramicist in Malmö. Kiln days: Thursdays.", links: [
            ("https://mastodon.art/@maralind", ("mastodon", "https://mastodon.art/@maralind")),
            ("https://www.instagram.com/mara.lind/", ("instagram", "https://www.instagram.com/mara.lind/")),
            ("https://github.com/maralind", ("github", "https://github.com/maralind")),
            ("https://twitter.com/maralind", ("x", "https://x.com/maralind")),
            ("https://www.etsy.com/shop/MaraLindCeramics", ("etsy", "https://www.etsy.com/shop/MaraLindCeramics")),
            ("https://maralind.example/studio", ("web", "https://maralind.example/studio")),
            ("https://ko-fi.com/maralind", ("ko-fi", "https://ko-fi.com/maralind")),
            ("mailto:mara@maralind.example", ("email", "mailto:mara@maralind.example")),
            ("tel:+46 40 123 45 67", ("phone", "tel:+46401234567")),
            ("https://links.maralind.example/vcard/18", nil),
            ("https://mastodon.art/@maralind", nil),
            ("http://old.maralind.example/", nil),
        ], sections: ["Shop", "Contact"], avatar: "https://links.maralind.example/assets/img/3.jpg"),
        // LinkStack's export ("Export all data"): links in their order, each a button_id; text and spaces are no links.
        Expected(fixture: "linkstack-export.json", title: "Jonas Feld", description: "Cellist &amp; teacher in Leipzig.", links: [
            ("https://social.feld.example/@jonas", ("mastodon", "https://social.feld.example/@jonas")),
            ("https://open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF", ("spotify", "https://open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF")),
            ("https://jonasfeld.bandcamp.com/", ("bandcamp", "https://jonasfeld.bandcamp.com/")),
            ("mailto:jonas@feld.example", ("email", "mailto:jonas@feld.example")),
            ("https://links.feld.example/vcard/47", nil),
            ("https://feld.example/concerts", ("web", "https://feld.example/concerts")),
            ("https://matrix.to/#/@jonas:matrix.org", ("matrix", "https://matrix.to/#/@jonas:matrix.org")),
            ("tel:+49 341 1234567", ("phone", "tel:+493411234567")),
            ("http://github.com/jonasfeld", nil),
        ], sections: ["Listen", "Contact"]),
        Expected(fixture: "handmade.html", title: "Ole Strand — links", description: "Woodworker in Bergen.", links: [
            ("#contact", nil),
            ("/about.html", nil),
            ("https://pixelfed.social/olestrand", ("pixelfed", "https://pixelfed.social/olestrand")),
            ("https://medium.com/@olestrand", ("medium", "https://medium.com/@olestrand")),
            ("tel:+47 55 12 34 56", ("phone", "tel:+4755123456")),
            ("https://www.linkedin.com/in/ole-strand/", ("linkedin", "https://www.linkedin.com/in/ole-strand/")),
            ("https://github.com/olestrand", ("github", "https://github.com/olestrand")),
            ("javascript:alert(1)", nil),
            ("https://pixelfed.social/olestrand", nil),
        ]),
    ]

    /// The page's buttons' links in order, their character references decoded.
    static func buttonLinks(_ page: String) -> [String] {
        let anchor = try! NSRegularExpression(pattern: #"<a id="link-\d+" class="button[^"]*" href="([^"]*)""#)
        return anchor.matches(in: page, range: NSRange(page.startIndex..., in: page)).map { match in
            decoded(String(page[Range(match.range(at: 1), in: page)!]))
        }
    }

    /// The services of the `links:` items of site.yml, in order (sections left out).
    static func services(_ settings: String) -> [String] {
        settings.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  - "), let colon = line.firstIndex(of: ":") else { return nil }
            let key = String(line[line.index(line.startIndex, offsetBy: 4)..<colon])
            return key == "section" ? nil : key
        }
    }

    static func decoded(_ html: String) -> String {
        var result = html.replacingOccurrences(of: "&amp;", with: "&")
        let reference = try! NSRegularExpression(pattern: "&#([0-9]+);")
        while let match = reference.firstMatch(in: result, range: NSRange(result.startIndex..., in: result)) {
            let number = UInt32(result[Range(match.range(at: 1), in: result)!])!
            result.replaceSubrange(Range(match.range, in: result)!, with: String(UnicodeScalar(number)!))
        }
        return result
    }

    @Test(arguments: expectations)
    func eachSourceLinkIsOneButtonAndTheSiteBuilds(_ expected: Expected) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = Self.fixtures.appendingPathComponent(expected.fixture).path
        // With its address given, as the report asks (without one, `check` warns of new's placeholder address).
        let made = try SitegenBinary.run(["import", source, "site", "--url", "https://imported.example/"], in: folder)
        #expect(made.code == 0, "\(made.errors)")
        #expect(made.errors.isEmpty)
        // The report names every source link once, with where it went.
        let reported = made.output.split(separator: "\n").filter { $0.hasPrefix("  ") }.map { String($0.dropFirst(2)) }
        #expect(reported.count == expected.links.count, "\(made.output)")
        for (line, link) in zip(reported, expected.links) {
            #expect(line.hasPrefix(link.source + " -> " + (link.button == nil ? "left out: " : "")), "\(line)")
        }
        let site = folder.appendingPathComponent("site")
        let checked = try SitegenBinary.run(["check"], in: site)
        #expect(checked.code == 0 && checked.errors.isEmpty, "\(checked.errors)")
        let built = try SitegenBinary.run(["build"], in: site)
        #expect(built.code == 0 && built.errors.isEmpty, "\(built.errors)")
        let page = try String(contentsOf: site.appendingPathComponent("Output/index.html"), encoding: .utf8)
        let wanted = expected.links.compactMap(\.button)
        #expect(Self.buttonLinks(page) == wanted.map(\.href))
        #expect(Self.services(try String(contentsOf: site.appendingPathComponent("site.yml"), encoding: .utf8)) == wanted.map(\.service))
        let reader = PageReader(page)
        #expect(reader.title == expected.title)
        #expect(reader.meta["description"] == PageReader("<p>\(expected.description)</p>").root.first("p")?.textContent)
        #expect(reader.images.first?["src"] == expected.avatar)
        let headings = try NSRegularExpression(pattern: "<h2[^>]*>([^<]*)</h2>").matches(in: page, range: NSRange(page.startIndex..., in: page))
            .map { String(page[Range($0.range(at: 1), in: page)!]) }
        #expect(headings == expected.sections)
    }

    /// Every label the source shows is the button's, quoted so that any text survives YAML (`My "Print" Shop`).
    @Test func labelsAreKeptAndQuoted() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let made = try SitegenBinary.run(["import", Self.fixtures.appendingPathComponent("littlelink.html").path, "site", "--url", "https://rosa.example/"], in: folder)
        #expect(made.code == 0, "\(made.errors)")
        let settings = try String(contentsOf: folder.appendingPathComponent("site/site.yml"), encoding: .utf8)
        // The links: items, as written (the template's commented examples left out).
        #expect(DocumentText.lines(settings).filter { $0.hasPrefix("  - ") || $0.hasPrefix("    ") } == [
            #"  - mastodon: "@rosa@typo.social""#, #"    label: "Mastodon""#, #"  - github: "rosaquill""#, #"    label: "GitHub""#,
            #"  - instagram: "@rosa.quill""#, #"    label: "Instagram""#, #"  - signal: "+49 151 12345678""#, #"    label: "Signal""#,
            #"  - web: "https://shop.rosaquill.example/prints?sort=new""#, #"    label: "My \"Print\" Shop""#,
            #"  - email: "rosa@rosaquill.example""#, #"    label: "Email""#, #"    subject: "Hello""#,
        ])
        #expect(DocumentText.lines(try String(contentsOf: folder.appendingPathComponent("site/content/index.md"), encoding: .utf8))
            .filter { $0.hasPrefix("url:") } == [#"url: "https://rosa.example/"             # the page's public address, for the QR code and contact card: put yours"#])
        // The relative avatar is not read: the report says so, and the initials stand in.
        #expect(DocumentText.lines(made.output).filter { $0.hasPrefix("note:") }
                == ["note: the avatar images/avatar.png is not copied (import reads only the page): put the picture in content/ and name it in avatar: in content/index.md"])
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/content/avatar.svg").path))
    }

    /// A source `import` must refuse, and a folder it must not write into: nothing is made or changed.
    static let refusals = [
        NewSiteTests.RefusedFolder(testDescription: "a FIFO", setup: "mkfifo page.html", arguments: ["page.html", "site"],
                errors: "page.html: error: cannot be read (a FIFO (named pipe), not a regular file)\n"),
        NewSiteTests.RefusedFolder(testDescription: "a device", setup: "", arguments: ["/dev/zero", "site"],
                errors: "/dev/zero: error: cannot be read (a character device, not a regular file)\n"),
        NewSiteTests.RefusedFolder(testDescription: "a folder", setup: "mkdir page", arguments: ["page", "site"],
                errors: "page: error: cannot be read (a folder, not a regular file)\n"),
        NewSiteTests.RefusedFolder(testDescription: "a huge file", setup: "head -c 4194305 /dev/zero | tr '\\0' ' ' > page.html", arguments: ["page.html", "site"],
                errors: "page.html: error: the file has 4194305 bytes: expected a saved link page of at most 4 MiB\n"),
        NewSiteTests.RefusedFolder(testDescription: "a missing file", setup: "", arguments: ["page.html", "site"],
                errors: "page.html: error: cannot be read (No such file or directory)\n"),
        NewSiteTests.RefusedFolder(testDescription: "a page without links", setup: "printf '<p>Hello <a href=\"/x\">x</a></p>' > page.html", arguments: ["page.html", "site"],
                errors: "page.html: error: read as an HTML page, it has no link that can be a button (1 found): nothing was made\n"),
        NewSiteTests.RefusedFolder(testDescription: "JSON that is not a profile", setup: "printf '{\"a\": 1}' > page.json", arguments: ["page.json", "site"],
                errors: "page.json: error: a JSON object without links or socials: expected a BioDrop profile with name, bio and links\n"),
        NewSiteTests.RefusedFolder(testDescription: "a folder that is not empty", setup: "printf '<a href=\"https://github.com/x\">x</a>' > page.html && mkdir site && touch site/notes",
                arguments: ["page.html", "site"],
                errors: "site: error: a folder that is not empty: it holds notes; sitegen import makes a site in a new or empty folder\n"),
        NewSiteTests.RefusedFolder(testDescription: "the current folder, holding the source", setup: "printf '<a href=\"https://github.com/x\">x</a>' > page.html",
                arguments: ["page.html"],
                errors: ".: error: a folder that is not empty: it holds page.html; sitegen import makes a site in a new or empty folder\n"),
        NewSiteTests.RefusedFolder(testDescription: "an empty name", setup: "printf '<a href=\"https://github.com/x\">x</a>' > page.html", arguments: ["page.html", ""],
                errors: "error: the folder's name is empty: sitegen import makes a site in a new or empty folder, named as in sitegen import links.html mysite (. is the current folder)\n"),
        NewSiteTests.RefusedFolder(testDescription: "a control character", setup: "printf '<a href=\"https://github.com/x\">x</a>' > page.html", arguments: ["page.html", "a\nb"],
                errors: "a\u{240A}b: error: the name holds the control character U+000A: choose a name without one\n"),
        NewSiteTests.RefusedFolder(testDescription: "the name -", setup: "printf '<a href=\"https://github.com/x\">x</a>' > page.html", arguments: ["page.html", "-"], code: 64,
                errors: "error: a folder whose name starts with - goes after --: sitegen import -- -\nsee 'sitegen help import'\n"),
        NewSiteTests.RefusedFolder(testDescription: "no source", setup: "", arguments: [], code: 64,
                errors: "error: import needs the link page, its https address or a saved file, e.g. sitegen import https://linktr.ee/NAME mysite\nsee 'sitegen help import'\n"),
    ]

    @Test(arguments: refusals)
    func aRefusedSourceOrFolderMakesNothing(_ refused: NewSiteTests.RefusedFolder) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let setup = try Shell.run(refused.setup, in: folder)
        try #require(setup.code == 0, "\(setup.errors)")
        // A FIFO is listed, not read: reading it would wait for a writer.
        let tree = { () throws -> [String] in refused.setup.hasPrefix("mkfifo") ? try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() : try NewSiteTests.tree(folder) }
        let before = try tree()
        let made = try SitegenBinary.run(["import"] + refused.arguments, in: folder)
        #expect(made.code == refused.code)
        #expect(made.errors == refused.errors)
        #expect(made.output.isEmpty)
        #expect(try tree() == before)
    }

    /// A page's control and bidirectional characters never reach the new site, which builds at once: they are dropped
    /// from its texts (each named, with where it was), and a link whose address holds one is left out. A U+202E in
    /// the name once went into content/index.md as it was, and the new site did not build.
    @Test func controlAndBidiCharactersAreDroppedWithANote() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var page = try String(contentsOf: Self.fixtures.appendingPathComponent("littlelink.html"), encoding: .utf8)
        for (old, new) in [("<h1>Rosa Quill</h1>", "<h1>Rosa\u{202E}lliuQ</h1>"), ("Prints on Tuesdays.", "Prints on\u{9B} Tuesdays\u{2066}."),
                           (">GitHub</a>", ">Git\u{202E}Hub\u{202C}</a>"),
                           ("<footer>", "<a class=\"button button-default\" href=\"https://rosaquill.example/\u{202E}gpj.exe\">Photos</a><footer>")] {
            #expect(page.contains(old))
            page = page.replacingOccurrences(of: old, with: new)
        }
        try Data(page.utf8).write(to: folder.appendingPathComponent("page.html"))
        let made = try SitegenBinary.run(["import", "page.html", "site", "--url", "https://rosa.example/"], in: folder)
        #expect(made.code == 0, "\(made.errors)")
        let lines = made.output.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("  ") } == [
            "  https://typo.social/@rosa -> mastodon: @rosa@typo.social", "  https://github.com/rosaquill -> github: rosaquill",
            "  https://www.instagram.com/rosa.quill/ -> instagram: @rosa.quill", "  https://signal.me/#p/+4915112345678 -> signal: +49 151 12345678",
            "  https://shop.rosaquill.example/prints?sort=new -> web: no service matched", "  mailto:rosa@rosaquill.example?subject=Hello -> email: rosa@rosaquill.example",
            "  http://old.rosaquill.example/ -> left out: only https links can be buttons: use https://old.rosaquill.example/ if the site has it",
            "  https://rosaquill.example/\u{FFFD}gpj.exe -> left out: the address holds U+202E, a control or bidirectional character no link may carry",
        ])
        let because = ": control and bidirectional characters would break the page or reorder what visitors read"
        #expect(lines.filter { $0.hasPrefix("note: dropped") } == [
            "note: dropped U+202E from the name" + because,
            "note: dropped U+009B, U+2066 from the bio" + because,
            "note: dropped U+202E, U+202C from the label of https://github.com/rosaquill" + because,
        ])
        let site = folder.appendingPathComponent("site")
        let built = try SitegenBinary.run(["build"], in: site)
        #expect(built.code == 0 && built.errors.isEmpty, "\(built.errors)")
        let html = try String(contentsOf: site.appendingPathComponent("Output/index.html"), encoding: .utf8)
        #expect(PageReader(html).title == "RosalliuQ")
        #expect(!html.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{9B}" || $0 == "\u{2066}" })
    }

    /// import never writes a file sitegen does not read: a site.yml over the 4 MiB it reads is refused before anything
    /// is written. (A 4 MiB page of 60,000 links once made a 4.4 MB site.yml; here four labels of a million quotes
    /// each, which YAML writes as `\"`, make one of 8 MB.)
    @Test func aSiteYmlLargerThanSitegenReadsIsRefused() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let quotes = String(repeating: "\"", count: 1_000_000)
        let links = (0..<4).map { "<a href=\"https://github.com/user\($0)\">\(quotes)</a>" }.joined(separator: "\n")
        try Data("<title>Big</title>\n\(links)\n".utf8).write(to: folder.appendingPathComponent("page.html"))
        let made = try SitegenBinary.run(["import", "page.html", "site"], in: folder)
        #expect(made.code == 1)
        #expect(made.output.isEmpty)
        let prefix = "site/site.yml: error: it would have ", suffix = " bytes, more than the 4 MiB (4194304 bytes) sitegen reads, so the site would not build: nothing was made; save a page with fewer links, or import part of it\n"
        #expect(made.errors.hasPrefix(prefix) && made.errors.hasSuffix(suffix), "\(made.errors)")
        // Four labels of 2,000,000 bytes each as YAML, and the rest.
        #expect(Int(made.errors.dropFirst(prefix.count).dropLast(suffix.count)).map { (8_000_000...8_010_000).contains($0) } == true)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("site").path))
    }

    /// import is linear in the page's size: one link whose path is a single 4 MB segment once took hours (each
    /// profile template tried every prefix of it as a user name, as a string of its own).
    @Test(.timeLimit(.minutes(1))) func aPageOfOneHugeLinkIsReadInLinearTime() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let segment = String(repeating: "a", count: 4_000_000)
        try Data("<a href=\"https://github.com/\(segment)\">GitHub</a><a href=\"https://github.com/ada\">GitHub</a>".utf8)
            .write(to: folder.appendingPathComponent("page.html"))
        let started = Date()
        let made = try SitegenBinary.run(["import", "page.html", "site"], in: folder)
        // Generous for a debug build on a busy machine; the release build takes well under a second.
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(made.code == 0, "\(made.errors)")
        #expect(made.output == """
            Read page.html as an HTML page: 2 links, 1 matched a service, 1 kept as web link, 0 left out.
              https://github.com/\(segment) -> web: no service matched
              https://github.com/ada -> github: ada
            Created site/ with site.yml, content/index.md and 5 templates. Put your page's address in url: in content/index.md.
            Next: cd site && sitegen serve

            """)
    }

    /// Headings with no button under them are left out, and the site's `links:` are only what the source gave.
    @Test func aHeadingWithoutButtonsIsLeftOut() {
        var page = ImportedPage(format: .linktree)
        page.items = [.section("Empty"), .section("Code"), .link(url: "https://github.com/x", label: "", brand: ""),
                      .section("Old"), .link(url: "http://old.example/", label: "Old", brand: "")]
        let plan = ImportSite.plan(page)
        #expect(plan.details.items == [.section("Code"), .button(service: "github", handle: "x", options: [:], label: nil)])
        #expect(plan.outcomes.map(\.outcome) == [.mapped(service: "github", handle: "x"),
                                                 .leftOut("only https links can be buttons: use https://old.example/ if the site has it")])
    }

    /// A link in a service's own scheme that the service refuses is left out with the service's reason.
    @Test func aRefusedShorthandSaysWhy() throws {
        let (outcome, button) = ImportSite.map(url: "tel:call-me", label: "Call", brand: "", catalog: .standard)
        #expect(button == nil)
        guard case .leftOut(let reason) = outcome else { Issue.record("\(outcome)"); return }
        #expect(reason == #""call-me" is not a phone number: expected an international number starting with +, like +49 30 1234567. It must start with + and the country code, so it works from every country."#)
    }

    /// Each kind of source is told apart by what only it has.
    @Test(arguments: [("littlelink.html", ImportedPage.Format.littleLink), ("linktree.html", .linktree), ("biodrop.json", .bioDrop), ("handmade.html", .html),
                      ("linkstack.html", .linkStack), ("linkstack-export.json", .linkStackExport)])
    func theSourcesKindIsRecognised(_ fixture: String, _ format: ImportedPage.Format) throws {
        #expect(try ImportedPage.read(Data(contentsOf: Self.fixtures.appendingPathComponent(fixture))).format == format)
    }

    /// LinkStack's button ids are its seeder's order: the ids its own templates name (94 the social icons, 93 text,
    /// 96 the contact card, 42 a heading) are those buttons here.
    @Test func linkStackButtonIdsAreItsSeedersOrder() {
        let buttons = ImportedPage.linkStackButtons
        #expect(buttons.count == 117)
        #expect([42, 93, 94, 96, 105, 117].map { buttons[$0 - 1] } == ["heading", "text", "icon", "vcard", "bluesky", "threads"])
    }

    @Test func theCommandIsInTheHelpTheManPageAndTheCompletions() throws {
        #expect(DocumentText.lines(CommandLineTool.overview).filter { $0.hasPrefix("  import ") } == ["  import       Create a site from a link page made elsewhere: sitegen import https://linktr.ee/NAME mysite"])
        let manPage = ManPage.roff(commands: CommandLineTool.commands, globalOptions: CommandLineTool.globalOptions, overview: CommandLineTool.overview)
        #expect(DocumentText.lines(manPage).filter { $0.hasPrefix(".SS \"sitegen import") } == [".SS \"sitegen import SOURCE [DIR] [\\-\\-url URL]\""])
        let bash = DocumentText.lines(CompletionScript.script(for: .bash, commands: CommandLineTool.commands, globalOptions: CommandLineTool.globalOptions))
        let importCase = try #require(bash.firstIndex(of: "        import)"))
        #expect(Array(bash[importCase...].prefix { $0.trimmingCharacters(in: .whitespaces) != ";;" }) == [
            "        import)", "            case \"$prev\" in", "                --url) COMPREPLY=(); return ;;", "            esac",
            "            if [[ $cur == -* ]]; then", "                COMPREPLY=($(compgen -W \"--url -h --help\" -- \"$cur\"))", "            else",
            "                COMPREPLY=($(compgen -f -- \"$cur\"))", "            fi",
        ])
    }
}
