@testable import Artwork
@testable import Companions
import Foundation
import Paint
@testable import SiteBasics
import Testing
@testable import SiteGen
@testable import SiteSource
@testable import SiteGenCLI
import SiteGenTestSupport

/// `sitegen new DIR --title T --link SHORTHAND… --url URL`, through the real binary: the site builds at once
/// and shows the avatar, the links, the QR code and the contact card.
@Suite struct NewSiteTests {
    static func newSite(_ arguments: [String]) throws -> (folder: URL, result: (code: Int32, output: String, errors: String)) {
        let folder = try Fixtures.temporaryFolder()
        return (folder, try SitegenBinary.run(["new", "site"] + arguments, in: folder))
    }

    static func text(_ folder: URL, _ path: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent("site/" + path), encoding: .utf8)
    }

    @Test(arguments: [
        ("Ada Lovelace", "AL"),
        ("李小龍", "李"),
        ("Ann \"Ace\" O'Neil & <Co>", "AO"),
        ("  émile zola  ", "ÉZ"),
        ("Ελένη Παπαδοπούλου", "ΕΠ"),
    ])
    func titlesAreThePagesTitleAndTheAvatarsInitials(title: String, initials: String) throws {
        let (folder, made) = try Self.newSite(["--title", title])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(made.code == 0, "\(made.errors)")
        let built = try SitegenBinary.run(["build"], in: folder.appendingPathComponent("site"))
        #expect(try built.code == 0 && Self.onlyPlaceholderWarnings(built.errors, site: folder.appendingPathComponent("site")), "\(built.errors)")
        let page = PageReader(try Self.text(folder, "Output/index.html"))
        #expect(page.title == title)
        #expect(page.images.compactMap { $0["src"] } == ["avatar.svg", "qr.svg"])
        let avatar = try Self.text(folder, "Output/avatar.svg")
        // The title is escaped in the drawing: read back, its text and title are the title's initials and the title.
        let drawing = PageReader(avatar).root
        #expect(drawing.all("text").map(\.ownText) == [initials], "\(avatar)")
        #expect(drawing.all("title").map(\.ownText) == [title])
        #expect(drawing.descendants.compactMap { $0.attributes["fill"] } == [Theme.standard.light.ring.css, Theme.standard.light.ring.readableText.css])
        // The placeholder address brings the QR code and the contact card.
        #expect(page.links.filter { $0.attributes["class"] == "action" }.compactMap(\.href) == ["contact.vcf"])
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/Output/qr.svg").path))
        #expect(DocumentText.vCardLines(try Self.text(folder, "Output/contact.vcf")).filter { $0.hasPrefix("FN:") } == ["FN:" + VCard.escape(title)])
    }

    /// In the site's repository, the built site is ignored and the sources are not; the file says how to publish.
    @Test func theStarterTextIsFoundAtItsLineWhereverItStands() {
        let start = StarterPlaceholder.bodyStart
        #expect(StarterPlaceholder.bodyLine("", firstLine: 5) == nil)
        #expect(StarterPlaceholder.bodyLine(String(start.dropLast()), firstLine: 5) == nil)
        #expect(StarterPlaceholder.bodyLine(start, firstLine: 5) == 5)
        #expect(StarterPlaceholder.bodyLine("Ünïcödé\n\nAn " + start + " and on", firstLine: 5) == 7)
        #expect(StarterPlaceholder.bodyLine("a\n" + start.dropFirst() + "\n" + start, firstLine: 1) == 3)
    }

    @Test func theGitignoreKeepsTheBuiltSiteOutOfTheRepository() throws {
        let (folder, made) = try Self.newSite([])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(made.code == 0, "\(made.errors)")
        let site = folder.appendingPathComponent("site")
        #expect(try SitegenBinary.run(["build"], in: site).code == 0)
        let status = try Shell.run("git init -q && git status --porcelain --untracked-files=all", in: site)
        #expect(status.code == 0, "\(status.errors)")
        let untracked = status.output.split(separator: "\n").map { String($0.dropFirst(3)) }
        // The resource cache is committed with the sources: its share card, not Output/, is among them.
        #expect(untracked.filter { !$0.hasPrefix("cache/") } == [".gitignore", "content/avatar.svg", "content/index.md", "site.yml"] + NewSite.templates.map { "templates/" + $0.name })
        #expect(untracked.filter { $0.hasPrefix("cache/cards/") && $0.hasSuffix(".png") }.count == 1)
        #expect(untracked.filter { $0.hasPrefix("cache/avatars/") && $0.hasSuffix(".avatar") }.count == 1)
        #expect(try Self.text(folder, ".gitignore") == """
            # The built site is not committed with its sources: sitegen build writes it here, and
            # sitegen publish --push commits it to the gh-pages branch and pushes that (README: Publish).
            /Output/
            # sitegen check --links remembers here, for a day, the addresses it found working.
            /.sitegen-link-cache
            # The key that seals Output/'s record of what sitegen wrote there: secret, so that no one who can
            # change Output/ can make sitegen take their files for its own.
            /.sitegen-key
            # cache/ is committed on purpose: the share cards sitegen drew, which a build into an empty folder (CI, a new
            # clone) takes instead of drawing them again. sitegen build keeps in it only what the site uses (README: Publish).

            """)
    }

    /// One drawing and one colour rule for initials: the new site's avatar is the favicon a page without an avatar
    /// gets, in the colours of the site's theme, whatever the title. (It was a hue per title, which tells avatars apart
    /// side by side; a one-person page shows one, and its owner expects it to match the page, its favicon and card.)
    @Test func theAvatarIsTheFaviconsDrawingInTheThemesColours() {
        let ring = Theme.standard.light.ring
        for title in ["Ada Lovelace", "李小龍", "<Co> & Ann"] {
            #expect(InitialsAvatar.svg(for: title) == Initials.svg(title, fill: ring.css, text: ring.readableText.css, named: true) + "\n")
            #expect(Initials.favicon(title, fill: ring.css, text: ring.readableText.css)
                    == "data:image/svg+xml," + DataURL.encoding.encode(Initials.svg(title, fill: ring.css, text: ring.readableText.css)))
        }
    }

    @Test func theLinksAndAddressGivenAreTheSitesAndBuild() throws {
        let (folder, made) = try Self.newSite(["--title", "Ann", "--link", "mastodon:@ann@mastodon.social",
                                               "--link", "mailto:ann@example.org?subject=Hi there", "--link", "https://ann.example/blog",
                                               "--url", "https://ann.example/"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(made.code == 0, "\(made.errors)")
        #expect(made.output == "Created site/ with site.yml, content/index.md and \(NewSite.templates.count) templates.\nNext: cd site && sitegen serve\n")
        let settings = try Self.text(folder, "site.yml")
        #expect(settings.hasSuffix("""
              - mastodon: "@ann@mastodon.social"
              - email: "ann@example.org"
                subject: "Hi there"
              - web: "https://ann.example/blog"

            """), "\(settings)")
        #expect(DocumentText.lines(try Self.text(folder, "content/index.md")).filter { $0.hasPrefix("url:") }
                == [#"url: "https://ann.example/"              # the page's public address, for the QR code and contact card: put yours"#])
        let built = try SitegenBinary.run(["build"], in: folder.appendingPathComponent("site"))
        #expect(try built.code == 0 && Self.onlyPlaceholderWarnings(built.errors, site: folder.appendingPathComponent("site")), "\(built.errors)")
        let page = PageReader(try Self.text(folder, "Output/index.html"))
        #expect(page.buttons.map { [$0.label, $0.detail, $0.href] } == [
            ["Mastodon", "@ann@mastodon.social", "https://mastodon.social/@ann"], ["Email", "ann@example.org", "mailto:ann@example.org?subject=Hi%20there"],
            ["Web", "ann.example/blog", "https://ann.example/blog"]])
        // Only the starter text's own link is still the example's (a warning says so).
        #expect(page.textLinks.compactMap(\.href) == ["mailto:\(StarterPlaceholder.email)"])
        #expect(DocumentText.vCardLines(try Self.text(folder, "Output/contact.vcf")).filter { $0.split(separator: ":").first?.hasSuffix("URL") == true }
                == ["URL:https://ann.example/", "URL:https://ann.example/blog", "item1.URL:https://mastodon.social/@ann"])
    }

    /// Whether standard error holds warnings about `new`'s placeholders and nothing else: the site in `site` built
    /// in this process gives its diagnostics as values, each of the placeholder kind, and the binary printed exactly those.
    static func onlyPlaceholderWarnings(_ errors: String, site: URL) throws -> Bool {
        let warnings = try SiteBuilder(options: BuildOptions(sourceDirectory: site.path)).render().warnings.map { warning in
            var relative = warning
            relative.path = String(warning.path.dropFirst(site.path.count + 1))
            return relative
        }
        return !warnings.isEmpty && warnings.allSatisfy { $0.kind == .starterPlaceholder && $0.severity == .warning }
            && errors == warnings.map { $0.description + "\n" }.joined()
    }

    /// Each placeholder `new` writes, left in place, is a warning naming it (a page is never published with
    /// you@example.org on it without a word); `--strict` fails on them and leaves Output/ as it was.
    @Test func placeholdersLeftAreWarningsThatStrictRefuses() throws {
        let (folder, made) = try Self.newSite([])
        defer { try? FileManager.default.removeItem(at: folder) }
        try #require(made.code == 0)
        let site = folder.appendingPathComponent("site")
        let built = try SitegenBinary.run(["build"], in: site)
        #expect(built.code == 0)
        // Each warning's first line (the source line and caret under it start otherwise).
        let warnings = DocumentText.lines(built.errors).filter { $0.hasPrefix("content/") || $0.hasPrefix("site.yml:") }
        #expect(warnings == [
            "content/index.md:4:8: warning: 'title' is still sitegen new's placeholder '\(StarterPlaceholder.title)': put your own",
            "content/index.md:5:14: warning: 'description' is still sitegen new's placeholder '\(StarterPlaceholder.description)': put your own",
            "content/index.md:6:6: warning: 'url' is still sitegen new's placeholder '\(StarterPlaceholder.url)': put your own",
            "content/index.md:19:1: warning: this text is still sitegen new's example: write your own",
            "content/index.md:20:1: warning: this link is still sitegen new's example, \(StarterPlaceholder.email): put your own, or remove it",
            "site.yml:30:12: warning: this link is still sitegen new's example, \(StarterPlaceholder.email): put your own, or remove it",
            "site.yml:32:10: warning: this link is still sitegen new's example, \(StarterPlaceholder.url): put your own, or remove it",
        ], "\(built.errors)")
        let before = try Self.text(folder, "Output/index.html")
        try Data("---\ntitle: Grace\navatar: avatar.svg\n---\nnew words\n".utf8).write(to: site.appendingPathComponent("content/index.md"))
        let strict = try SitegenBinary.run(["build", "--strict"], in: site)
        #expect(strict.code == 1)
        #expect(strict.errors.hasSuffix("Build failed with 2 warnings, which --strict makes errors; Output/ was left as it was.\n"), "\(strict.errors)")
        #expect(try Self.text(folder, "Output/index.html") == before)
        // With the site's own links, nothing is left to warn of, and --strict builds.
        try Data("links:\n  - email: grace@grace.example\n".utf8).write(to: site.appendingPathComponent("site.yml"))
        let clean = try SitegenBinary.run(["build", "--strict"], in: site)
        #expect(clean.code == 0 && clean.errors.isEmpty, "\(clean.errors)")
    }

    @Test func withoutLinksTheExamplesShow() throws {
        let (folder, made) = try Self.newSite([])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(made.code == 0)
        let built = try SitegenBinary.run(["build"], in: folder.appendingPathComponent("site"))
        #expect(try built.code == 0 && Self.onlyPlaceholderWarnings(built.errors, site: folder.appendingPathComponent("site")), "\(built.errors)")
        let page = PageReader(try Self.text(folder, "Output/index.html"))
        #expect(page.buttons.map { [$0.label, $0.detail, $0.href] } == [
            ["Email", StarterPlaceholder.email, "mailto:\(StarterPlaceholder.email)?subject=Hello%20from%20your%20page"],
            ["Web", "you.example", StarterPlaceholder.url]])
        #expect(page.title == "Your Name")
    }

    @Test(arguments: [
        (["--link", "mastodon:nobody"],
         "error: --link mastodon:nobody: \"nobody\" is not a Mastodon handle: expected @user@host, like @eb@social.coop. The server name is missing.\n"),
        (["--link", "javascript:alert(1)"], "error: --link javascript:alert(1): "),
        (["--url", "http://ann.example/"], "error: --url must be the page's public address, like https://example.org/: \"http://ann.example/\" is not an https address"),
        (["--title", " "], "error: --title needs some text\nsee 'sitegen help new'\n"),
        (["--ci", "gitlab"], "error: --ci takes github, netlify or cloudflare, not 'gitlab' (did you mean 'github'?)\nsee 'sitegen help new'\n"),
    ])
    func badOptionsAreOneLineAndMakeNothing(arguments: [String], error: String) throws {
        let (folder, made) = try Self.newSite(arguments)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(made.code != 0)
        #expect(made.errors.hasPrefix(error), "\(made.errors)")
        #expect(made.errors.split(separator: "\n").count <= 2)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("site").path))
    }

    /// A folder `new` must refuse: made by a shell command in an empty folder, where `new` then runs.
    struct RefusedFolder: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var setup: String
        var arguments: [String]
        var code: Int32 = 1
        var errors: String
    }

    static let refusedFolders = [
        RefusedFolder(testDescription: "an empty name, in a site", setup: "printf 'mine\\n' > site.yml && mkdir content templates && printf x > content/index.md",
                      arguments: [""], errors: "error: the folder's name is empty: sitegen new makes a site in a new or empty folder, named as in sitegen new mysite (. is the current folder)\n"),
        RefusedFolder(testDescription: "a folder that is not empty", setup: "mkdir site .git && cd site && touch g f e d c b a .hidden && printf x > .gitignore",
                      arguments: ["site"], errors: "site: error: a folder that is not empty: it holds .gitignore, a, b, c, d and 3 more; sitegen new makes a site in a new or empty folder\n"),
        RefusedFolder(testDescription: "a link in the folder where new writes", setup: "mkdir site && ln -s ../outside site/content",
                      arguments: ["site"], errors: "site: error: a folder that is not empty: it holds content; sitegen new makes a site in a new or empty folder\n"),
        RefusedFolder(testDescription: "a hidden link where new writes", setup: "mkdir site && ln -s ../outside.txt site/.gitignore",
                      arguments: ["site"], errors: "site: error: a folder that is not empty: it holds .gitignore; sitegen new makes a site in a new or empty folder\n"),
        RefusedFolder(testDescription: "a name that starts with -", setup: "", arguments: ["-site"], code: 64,
                      errors: "error: unknown option '-site' (a folder whose name starts with - goes after --: sitegen new -- -site)\nsee 'sitegen help new'\n"),
        RefusedFolder(testDescription: "the name -", setup: "", arguments: ["-"], code: 64,
                      errors: "error: a folder whose name starts with - goes after --: sitegen new -- -\nsee 'sitegen help new'\n"),
        RefusedFolder(testDescription: "a line break", setup: "", arguments: ["a\nb"],
                      errors: "a\u{240A}b: error: the name holds the control character U+000A: choose a name without one\n"),
        RefusedFolder(testDescription: "an escape", setup: "", arguments: ["\u{1B}[2Jsite"],
                      errors: "\u{241B}[2Jsite: error: the name holds the control character U+001B: choose a name without one\n"),
        RefusedFolder(testDescription: "a symbolic link to an empty folder", setup: "mkdir elsewhere && ln -s elsewhere site", arguments: ["site/"],
                      errors: "site/: error: a symbolic link to elsewhere: sitegen new writes only into the folder it names, never through a link; name the folder itself\n"),
        RefusedFolder(testDescription: "a step back through a link", setup: "mkdir -p elsewhere/deep here && ln -s ../elsewhere/deep here/link", arguments: ["here/link/../site"],
                      errors: "here/link/../site: error: the name steps back with .. after a folder, which leads to that folder's real parent if it is a symbolic link: name the folder without it\n"),
        RefusedFolder(testDescription: "a file", setup: "printf x > site", arguments: ["site"],
                      errors: "site: error: a file: sitegen new makes a site in a new or empty folder\n"),
    ]

    /// Every path below `folder`, hidden ones too, without following links: a folder as `path/`, a link as
    /// `path -> destination`, a file as `path: contents`.
    static func tree(_ folder: URL, _ relative: String = "") throws -> [String] {
        let manager = FileManager.default
        var lines: [String] = []
        for name in try manager.contentsOfDirectory(atPath: folder.path).sorted() {
            let url = folder.appendingPathComponent(name), path = relative + name
            switch try manager.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType {
            case .typeDirectory?: lines += [path + "/"] + (try tree(url, path + "/"))
            case .typeSymbolicLink?: lines.append(path + " -> " + (try manager.destinationOfSymbolicLink(atPath: url.path)))
            default: lines.append(path + ": " + (try Data(contentsOf: url)).base64EncodedString())
            }
        }
        return lines
    }

    @Test(arguments: refusedFolders)
    func aRefusedFolderIsLeftAsItWas(_ refused: RefusedFolder) throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let setup = try Shell.run(refused.setup, in: folder)
        try #require(setup.code == 0, "\(setup.errors)")
        let before = try Self.tree(folder)
        let made = try SitegenBinary.run(["new"] + refused.arguments, in: folder)
        #expect(made.code == refused.code)
        #expect(made.errors == refused.errors)
        #expect(made.output.isEmpty)
        #expect(try Self.tree(folder) == before)
    }

    @Test func aFolderNamedWithADashComesAfterTheOptionsEnd() throws {
        let (folder, made) = try Self.newSite([])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(made.code == 0)
        let dashed = try SitegenBinary.run(["new", "--", "-site"], in: folder)
        #expect(dashed.code == 0, "\(dashed.errors)")
        #expect(dashed.output.hasSuffix("Next: cd ./-site && sitegen serve\n"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("-site/content/index.md").path))
    }

    @Test(arguments: [("site", "site"), ("my page", "'my page'"), ("Ann's", "'Ann'\\''s'"), ("a$b", "'a$b'"), ("~/x", "'~/x'"), ("sites/ann-2.0", "sites/ann-2.0")])
    func theNextCommandQuotesTheFolderForTheShell(folder: String, quoted: String) {
        #expect(CommandLineTool.shellQuoted(folder) == quoted)
    }
}

