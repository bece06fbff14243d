import Foundation
@testable import Paint
import SiteBasics
import Testing
@testable import SiteGen
@testable import SiteSource
import SiteGenTestSupport

/// `site.yml`: every page's defaults, a page's own fields winning, `- site` splicing the site's links;
/// through the real binary.
@Suite struct SiteSettingsTests {
    /// The templates of a new site, with `content/` holding `pages` (path below content/ -> text) and whose site.yml is `settings`.
    static func site(settings: String?, pages: [String: String]) throws -> URL {
        let folder = try Fixtures.temporaryFolder()
        let made = try SitegenBinary.run(["new", "site"], in: folder)
        #expect(made.code == 0, "\(made.errors)")
        let site = folder.appendingPathComponent("site")
        // Only the templates of the new site are kept.
        for made in ["content/index.md", "content/avatar.svg", "site.yml"] {
            try FileManager.default.removeItem(at: site.appendingPathComponent(made))
        }
        for (path, text) in pages {
            let file = site.appendingPathComponent("content/" + path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        if let settings { try Data(settings.utf8).write(to: site.appendingPathComponent("site.yml")) }
        return site
    }

    static func read(_ site: URL, _ path: String) throws -> String {
        try String(contentsOf: site.appendingPathComponent("Output/" + path), encoding: .utf8)
    }

    static let settings = """
        theme: midnight
        description: Sound design for film
        background: ["#ff7e5f", "#feb47b"]
        name: {given: Ada, family: Lovelace}
        url: https://ada.example/
        links:
          - email: ada@example.org
            label: Write to Ada
          - mastodon: "@ada@mastodon.social"
            label: Ada on Mastodon

        """

    /// A page's front matter read over `settings`, as a build reads it.
    static func matter(_ page: String, over settings: SiteSettings) -> (FrontMatter, [Diagnostic]) {
        Fixtures.frontMatter(page, path: "content/page.md", over: settings)
    }

    @Test func everyKindOfFieldIsADefaultAndAPageValueWins() throws {
        let (settings, problems) = SiteSettings.read(Self.settings, displayPath: "site.yml")
        #expect(problems == [])
        let gradient = { (colors: [String]) in FrontMatter.Background.gradient(colors.compactMap(HexColor.init)) }

        // Takes everything from site.yml, with no front matter at all.
        let (home, homeProblems) = Self.matter("# Home\n", over: settings)
        #expect(homeProblems == [])
        #expect(home.theme.name == "midnight")
        #expect(home.description == "Sound design for film")
        #expect(home.background == gradient(["#ff7e5f", "#feb47b"]))
        #expect(home.name == FrontMatter.PersonName(given: "Ada", family: "Lovelace"))
        #expect(home.url == Located("https://ada.example/", at: SourcePosition(line: 5, column: 6, file: .siteSettings)))
        #expect(home.links.map(\.label) == ["Write to Ada", "Ada on Mastodon"])

        // Overrides a scalar, a list, a mapping and the links (which replace the site's).
        let (other, otherProblems) = Self.matter("""
            ---
            theme: mono
            description: Other things
            background: ["#000000", "#ffffff"]
            name: {given: Grace}
            links:
              - url: https://grace.example/
                label: Grace's site
            ---
            Other.
            """, over: settings)
        #expect(otherProblems == [])
        #expect(other.theme.name == "mono")
        #expect(other.description == "Other things")
        #expect(other.background == gradient(["#000000", "#ffffff"]))
        // A mapping is replaced whole: no family name left over from site.yml.
        #expect(other.name == FrontMatter.PersonName(given: "Grace", family: nil))
        #expect(other.links.map(\.label) == ["Grace's site"])

        // `site` splices the site's links in at its place.
        let (spliced, splicedProblems) = Self.matter("""
            ---
            links:
              - url: https://first.example/
                label: First of mine
              - site
              - url: https://last.example/
                label: Last of mine
            ---
            Spliced.
            """, over: settings)
        #expect(splicedProblems == [])
        #expect(spliced.links.map(\.label) == ["First of mine", "Write to Ada", "Ada on Mastodon", "Last of mine"])
        #expect(spliced.links.map(\.handle.position.file) == [.page, .siteSettings, .siteSettings, .page])
        #expect(spliced.theme.name == "midnight")
    }

    /// `build`, `check` and `schemes` read site.yml: the page without front matter has the site's links.
    @Test func everyCommandReadsSiteYML() throws {
        let site = try Self.site(settings: Self.settings, pages: ["index.md": "# Home\n", "other.md": "# Other\n"])
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let built = try SitegenBinary.run(["build"], in: site)
        #expect(built.code == 0 && built.errors.isEmpty, "\(built.errors)")
        let checked = try SitegenBinary.run(["check"], in: site)
        #expect(checked.code == 0 && checked.output == "Checked 2 pages: no errors.\n", "\(checked)")
        let schemes = try SitegenBinary.run(["schemes"], in: site)
        #expect(schemes.code == 0 && Set(schemes.output.split(separator: "\n")).isSuperset(of: ["ivory"]), "\(schemes)")
    }

    @Test func pathsInSiteYMLAreRelativeToContent() throws {
        let site = Fixtures.site("# Home\n", extra: [
            "site.yml": "avatar: me.svg\n",
            "content/deep/page.md": "# Deep\n",
            "content/me.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"/>",
        ])
        let (pages, diagnostics) = Fixtures.builder(site).pages()
        #expect(diagnostics == [])
        #expect(Dictionary(uniqueKeysWithValues: pages.map { ($0.parsed.outputPath, $0.avatarSource) })
                == ["index.html": "me.svg", "deep/page/index.html": "../../me.svg"])
    }

    @Test func problemsInSiteYMLArePositionedThereOnce() throws {
        let settings = """
            theme: clasic
            links:
              - mastodon: nobody
              - site
            colour: red

            """
        let site = try Self.site(settings: settings, pages: ["index.md": "# Home\n", "two.md": "# Two\n"])
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        for command in ["build", "check"] {
            let result = try SitegenBinary.run([command], in: site)
            #expect(result.code == 1)
            let lines = result.errors.split(separator: "\n").filter { $0.hasPrefix("site.yml:") }
            #expect(lines == [
                "site.yml:1:8: error: unknown theme 'clasic' (did you mean 'classic'?): expected one of classic, midnight, mono, backdrop",
                "site.yml:3:15: error: \"nobody\" is not a Mastodon handle: expected @user@host, like @eb@social.coop. The server name is missing.",
                "site.yml:4:5: error: 'site' stands for site.yml's links in a page's links, so it cannot be one of them",
                "site.yml:5:1: warning: unknown field 'colour' is ignored",
            ], "\(result.errors)")
        }
        // Reported once, in site.yml, not again for each page that takes the values.
        do {
            _ = try Fixtures.builder(Fixtures.site("# Home\n", extra: ["content/two.md": "# Two\n", "site.yml": settings])).render()
            Issue.record("expected a failure")
        } catch {
            #expect(error.diagnostics.map { "\($0.path):\($0.line):\($0.column)" } == ["site/site.yml:1:8", "site/site.yml:3:15", "site/site.yml:4:5", "site/site.yml:5:1"])
        }
    }

    @Test func brokenYAMLInSiteYMLIsAnErrorWithItsHint() throws {
        let site = try Self.site(settings: "description: What I do: sound design.\n", pages: ["index.md": "# Home\n"])
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let result = try SitegenBinary.run(["build"], in: site)
        #expect(result.code == 1)
        #expect(result.errors.hasPrefix("site.yml:1:23: error: mapping values are not allowed in this context"), "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("Output").path))
        let (_, diagnostics) = SiteSettings.read("description: What I do: sound design.\n", displayPath: "site.yml")
        #expect(diagnostics.map { "\($0.line):\($0.column) \($0.severity)" } == ["1:23 error"])
        #expect(diagnostics.map(\.hint) == ["a value that holds ': ' must be quoted: description: \"What I do: sound design.\""])
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("Output").path))
    }

    @Test func aSiteLinkWithoutSiteLinksIsAWarning() throws {
        let site = try Self.site(settings: nil, pages: ["index.md": "---\nlinks:\n  - site\n  - url: https://a.example/\n---\n"])
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let result = try SitegenBinary.run(["build"], in: site)
        #expect(result.code == 0)
        #expect(result.errors.hasPrefix("content/index.md:3:5: warning: 'site' stands for the links of site.yml, but the site has no site.yml, so it adds none"), "\(result.errors)")
    }

    /// The site boundary holds for site.yml as for every file the build reads.
    @Test(arguments: ["outside", "folder", "fifo"])
    func aSiteYMLThatMayNotBeReadIsRefused(kind: String) throws {
        let site = try Self.site(settings: nil, pages: ["index.md": "# Home\n"])
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let path = site.appendingPathComponent("site.yml").path
        let expected: String
        switch kind {
        case "outside":
            let secret = site.deletingLastPathComponent().appendingPathComponent("secret.yml")
            try Data("title: secret\n".utf8).write(to: secret)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "../secret.yml")
            expected = "site.yml: error: a symbolic link to ../secret.yml, outside the site folder: sitegen reads nothing outside the site"
        case "folder":
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            expected = "site.yml: error: a folder: expected a file"
        default:
            #expect(mkfifo(path, 0o644) == 0)
            expected = "site.yml: error: a FIFO (named pipe): expected a file (reading one could hang the build)"
        }
        let result = try SitegenBinary.run(["build"], in: site)
        #expect(result.code == 1)
        // That error alone: nothing of what the link points at is shown.
        #expect(result.errors.split(separator: "\n") == [expected[...], "Build failed with 1 error; Output/ was left as it was."], "\(result.errors)")
    }

    @Test func aSiteYMLOverTheSizeLimitIsRefused() throws {
        let site = try Self.site(settings: "# " + String(repeating: "x", count: SiteLoader.maximumPageBytes) + "\n", pages: ["index.md": "# Home\n"])
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let result = try SitegenBinary.run(["build"], in: site)
        #expect(result.code == 1)
        #expect(result.errors.hasPrefix("site.yml: error: the file has \(SiteLoader.maximumPageBytes + 3) bytes: expected at most 4 MiB"), "\(result.errors)")
    }
}
