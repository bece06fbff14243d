import Foundation
import Testing
@testable import SiteGen
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

    @Test func everyKindOfFieldIsADefaultAndAPageValueWins() throws {
        let site = try Self.site(settings: Self.settings, pages: [
            // Takes everything from site.yml, with no front matter at all.
            "index.md": "# Home\n",
            // Overrides a scalar, a list, a mapping and the links (which replace the site's).
            "other.md": """
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
                """,
            // `site` splices the site's links in at its place.
            "team/spliced.md": """
                ---
                links:
                  - url: https://first.example/
                    label: First of mine
                  - site
                  - url: https://last.example/
                    label: Last of mine
                ---
                Spliced.
                """,
        ])
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let built = try SitegenBinary.run(["build"], in: site)
        #expect(built.code == 0, "\(built.errors)")
        #expect(built.errors.isEmpty, "\(built.errors)")

        let home = try Self.read(site, "index.html")
        #expect(home.contains("--radius:14px;"))  // midnight's buttons
        #expect(home.contains("<meta name=\"description\" content=\"Sound design for film\">"))
        #expect(home.contains("#ff7e5f,#feb47b"))
        #expect(home.contains("Write to Ada") && home.contains("Ada on Mastodon"))
        #expect(try Self.read(site, "contact.vcf").contains("N:Lovelace;Ada;;;"))

        let other = try Self.read(site, "other/index.html")
        #expect(other.contains("--radius:0;"))  // mono's buttons
        #expect(other.contains("content=\"Other things\""))
        #expect(other.contains("#000000,#ffffff") && !other.contains("ff7e5f"))
        #expect(other.contains("Grace&#39;s site") || other.contains("Grace's site"))
        #expect(!other.contains("Write to Ada") && !other.contains("Ada on Mastodon"))
        // A mapping is replaced whole: no family name left over from site.yml.
        #expect(try Self.read(site, "other/contact.vcf").contains("N:;Grace;;;"))

        let spliced = try Self.read(site, "team/spliced/index.html")
        let order = ["First of mine", "Write to Ada", "Ada on Mastodon", "Last of mine"].map { spliced.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil })
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
        #expect(spliced.contains("--radius:14px;"))

        // `check` and `schemes` read site.yml too.
        let checked = try SitegenBinary.run(["check"], in: site)
        #expect(checked.code == 0 && checked.output == "Checked 3 pages: no errors.\n", "\(checked)")
        let schemes = try SitegenBinary.run(["schemes"], in: site)
        #expect(schemes.code == 0 && !schemes.output.isEmpty && schemes.output.split(separator: "\n").contains("ivory"), "\(schemes)")
    }

    @Test func pathsInSiteYMLAreRelativeToContent() throws {
        let site = try Self.site(settings: "avatar: me.svg\n", pages: [
            "index.md": "# Home\n",
            "deep/page.md": "# Deep\n",
            "me.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"/>",
        ])
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let built = try SitegenBinary.run(["build"], in: site)
        #expect(built.code == 0, "\(built.errors)")
        #expect(try Self.read(site, "index.html").contains("src=\"me.svg\""))
        #expect(try Self.read(site, "deep/page/index.html").contains("src=\"../../me.svg\""))
    }

    @Test func problemsInSiteYMLArePositionedThereOnce() throws {
        let site = try Self.site(settings: """
            theme: clasic
            links:
              - mastodon: nobody
              - site
            colour: red

            """, pages: ["index.md": "# Home\n", "two.md": "# Two\n"])
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
            #expect(!result.errors.contains("content/"), "\(result.errors)")
        }
    }

    @Test func brokenYAMLInSiteYMLIsAnErrorWithItsHint() throws {
        let site = try Self.site(settings: "description: What I do: sound design.\n", pages: ["index.md": "# Home\n"])
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let result = try SitegenBinary.run(["build"], in: site)
        #expect(result.code == 1)
        #expect(result.errors.hasPrefix("site.yml:1:23: error: mapping values are not allowed in this context"), "\(result.errors)")
        #expect(result.errors.contains("site.yml:1:23: hint: a value that holds ': ' must be quoted: description: \"What I do: sound design.\""))
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
        #expect(result.errors.split(separator: "\n").first.map(String.init) == expected, "\(result.errors)")
        #expect(!result.errors.contains("title: secret"))
    }

    @Test func aSiteYMLOverTheSizeLimitIsRefused() throws {
        let site = try Self.site(settings: "# " + String(repeating: "x", count: SiteLoader.maximumPageBytes) + "\n", pages: ["index.md": "# Home\n"])
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let result = try SitegenBinary.run(["build"], in: site)
        #expect(result.code == 1)
        #expect(result.errors.hasPrefix("site.yml: error: the file has \(SiteLoader.maximumPageBytes + 3) bytes: expected at most 4 MiB"), "\(result.errors)")
    }
}
