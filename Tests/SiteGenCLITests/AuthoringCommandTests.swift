import Foundation
import LinkChain
import Testing
@testable import SiteGen
@testable import SiteSource
@testable import SiteGenCLI
import SiteGenTestSupport

/// `sitegen new` and `sitegen check`, and the usage of `serve`.
@Suite struct AuthoringCommandTests {
    @Test(arguments: [
        (["new", "--help"], CommandLineTool.ExitCode.success),
        (["serve", "--help"], .success),
        (["check", "--help"], .success),
        (["new"], .usage),
        (["new", "a", "b"], .usage),
        (["serve", "extra"], .usage),
        (["serve", "--port", "http"], .usage),
        (["serve", "--port", "70000"], .usage),
        (["serve", "--port"], .usage),
        (["serve", "--open", "--no-open"], .usage),
        (["check", "extra"], .usage),
        (["check", "--output", "x"], .usage),
        (["serve", "--source", "nowhere", "--no-open"], .failure),
        (["check", "--source", "nowhere"], .failure),
    ])
    func exitCodes(arguments: [String], expected: CommandLineTool.ExitCode) {
        #expect(Captured().tool().run(arguments) == expected)
    }

    @Test func theOverviewListsTheNewCommands() {
        let captured = Captured()
        _ = captured.tool().run(["--help"])
        let commands = DocumentText.lines(captured.output[0]).drop { $0 != "Commands:" }.dropFirst().prefix { !$0.isEmpty }
        #expect(commands.map { String($0.dropFirst(2).prefix { $0 != " " }) } == CommandLineTool.commands.map(\.name))
        #expect(Set(["new", "serve", "check"]).isSubset(of: CommandLineTool.commands.map(\.name)))
        _ = captured.tool().run(["serv"])
        #expect(captured.errors.first?.hasPrefix("error: unknown command 'serv' (did you mean 'serve'?)") == true)
        // Other generators' names for a command get sitegen's.
        for (typed, meant) in [("init", "new"), ("deploy", "publish"), ("watch", "serve")] {
            let other = Captured()
            #expect(other.tool().run([typed]) == .usage)
            #expect(other.errors.first == "error: unknown command '\(typed)' (sitegen calls it '\(meant)')", "\(other.errors)")
        }
    }

    // MARK: new

    @Test func theEmbeddedTemplatesAreExactlyTheTemplatesFolder() throws {
        let folder = Fixtures.packageRoot.appendingPathComponent("templates")
        let onDisk = try Fixtures.snapshot(folder)
        #expect(NewSite.templates.map(\.name).sorted() == onDisk.keys.sorted(),
                "templates/ and NewSite.templates list different files: add the new file's PackageResources entry")
        for (name, bytes) in NewSite.templates {
            #expect(Data(bytes) == onDisk[name], "templates/\(name) differs from the embedded copy")
        }
    }

    /// Each "(README: Section)" or "(docs/file.md: Section)" in the files `new` writes names a heading that exists.
    @Test func everyPointerInTheNewSiteNamesAHeadingThatExists() throws {
        let written = [PackageResources.new_site_index_md, PackageResources.new_site_site_yml, PackageResources.new_site_gitignore]
            .map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
        let pointers = try #require(try? Regex(#"\((README|docs/[a-z-]+\.md): ([^)]+)\)"#))
        var checked = 0
        for match in written.matches(of: pointers) {
            let file = String(match.output[1].substring!), section = String(match.output[2].substring!)
            let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent(file == "README" ? "README.md" : file), encoding: .utf8)
            let headings = text.split(separator: "\n").filter { $0.hasPrefix("#") }.map { $0.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces) }
            #expect(headings.contains(section), "\(file) has no heading '\(section)'")
            checked += 1
        }
        #expect(checked >= 3)
    }

    /// `new .` makes the site where the shell is: the next step is to serve it, not to change folder.
    @Test func theNextStepAfterNewInPlaceIsToServe() {
        #expect(CommandLineTool.created(".").hasSuffix("\nNext: sitegen serve"))
        #expect(CommandLineTool.created("./").hasSuffix("\nNext: sitegen serve"))
        #expect(CommandLineTool.created("my page").hasSuffix("\nNext: cd 'my page' && sitegen serve"))
    }

    @Test func theNewSiteShowsEveryFrontMatterField() {
        let page = String(decoding: PackageResources.new_site_index_md, as: UTF8.self)
            + String(decoding: PackageResources.new_site_site_yml, as: UTF8.self)
        let fields = FrontMatter.knownKeys + LinkEntry.commonKeys.sorted() + ServiceCatalog.standard.services.flatMap(\.optionNames)
        for field in fields {
            #expect(page.range(of: "\\b\(field):", options: .regularExpression) != nil, "neither site.yml nor content/index.md of a new site mentions '\(field)'")
        }
    }

    /// The only warnings are about the placeholders the author is to replace (NewSiteTests checks each).
    @Test func aNewSiteBuildsWarningOnlyOfItsPlaceholders() throws {
        let fileSystem = InMemoryFileSystem()
        let captured = Captured()
        #expect(captured.tool(fileSystem).run(["new", "site"]) == .success)
        #expect(captured.output == ["Created site/ with site.yml, content/index.md and \(NewSite.templates.count) templates.\nNext: cd site && sitegen serve"])
        #expect(fileSystem.allFiles.keys.sorted() == ["site/.gitignore", "site/content/avatar.svg", "site/content/index.md", "site/site.yml"]
            + NewSite.templates.map { "site/templates/" + $0.name })
        let result = try Fixtures.builder(fileSystem).build()
        #expect(result.warnings.map(\.kind) == Array(repeating: .starterPlaceholder, count: 7), "\(result.warnings)")
        // The share card's name holds a hash of what it shows.
        #expect(result.paths.filter { !$0.hasPrefix("card-") } == ["_headers", "avatar.svg", "contact.vcf", "index.html", "qr.svg"])
        #expect(result.paths.filter { $0.hasPrefix("card-") }.count == 1)
    }

    @Test(arguments: [
        ["site/notes.txt": "mine"],
        ["site/.gitignore": "mine"],
        ["site": "a file"],
    ])
    func newRefusesToWriteOverAnything(existing: [String: String]) throws {
        let fileSystem = InMemoryFileSystem(existing)
        let captured = Captured()
        #expect(captured.tool(fileSystem).run(["new", "site"]) == .failure)
        #expect(fileSystem.allFiles.mapValues { String(decoding: $0, as: UTF8.self) } == existing)
        #expect(captured.errors.count == 1)
        #expect(captured.errors[0].hasPrefix("site: error: a "))
    }

    @Test func newWritesBesideHiddenFiles() throws {
        let fileSystem = InMemoryFileSystem(["site/.git/HEAD": "ref: refs/heads/main"])
        #expect(Captured().tool(fileSystem).run(["new", "site"]) == .success)
        #expect(fileSystem.resolvedKind(at: "site/content/index.md") == .file)
    }

    // MARK: check

    /// Several files with several errors each, and a warning; diagnostics as the binary prints them.
    static func brokenSite(in folder: URL) throws {
        try Fixtures.copyExample(to: folder)
        func write(_ path: String, _ text: String) throws {
            try Data(text.utf8).write(to: folder.appendingPathComponent(path))
        }
        let index = try String(contentsOf: folder.appendingPathComponent("content/index.md"), encoding: .utf8)
        try write("content/index.md", index.replacingOccurrences(of: "lang: en\n", with: "lang: en\ntitel: Oops\n"))
        try write("content/about.md", "---\ntitle: [About\n---\nAbout.\n")
        try write("content/contact.md", "---\ntitle: Contact\ntheme: purple\n---\n[x](javascript:alert(1)) and ![y](file:///etc/passwd)\n")
        try write("templates/broken.html", "<p>{{#links}}{{label}}</p>\n")
    }

    @Test func checkReportsEveryErrorAndWritesNothing() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.brokenSite(in: folder)
        let before = try Fixtures.snapshot(folder)

        let result = try SitegenBinary.run(["check"], in: folder)
        #expect(result.code == 1)
        #expect(result.output == "")
        #expect(result.errors == """
            content/about.md:3:1: error: did not find expected ',' or ']' while parsing a flow sequence that starts at line 2, column 8
            ---
            ^
            content/contact.md:3:8: error: unknown theme 'purple': expected one of classic, midnight, mono, backdrop
            theme: purple
                   ^
            content/contact.md:5:1: error: 'javascript:' is not allowed in a link: expected http, https, mailto, tel, a relative path, or a service such as mastodon:@user@host
            [x](javascript:alert(1)) and ![y](file:///etc/passwd)
            ^
            content/contact.md:5:30: error: 'file:' is not allowed in an image: expected http, https or a relative path
            [x](javascript:alert(1)) and ![y](file:///etc/passwd)
                                         ^
            content/index.md:6:1: warning: unknown field 'titel' is ignored (did you mean 'title'?)
            titel: Oops
            ^
            templates/broken.html:1:4: error: unclosed section 'links': expected '{{/links}}'
            <p>{{#links}}{{label}}</p>
               ^
            Found 5 errors.

            """)
        #expect(try Fixtures.snapshot(folder) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["content", "templates"])
    }

    @Test func checkOfAGoodSitePrintsWarningsAndSucceeds() throws {
        let fileSystem = Fixtures.site("---\ntitle: A\ntitel: B\n---\n")
        let captured = Captured()
        #expect(captured.tool(fileSystem).run(["check", "--source", "site"]) == .success)
        #expect(captured.output == ["Checked 1 page: no errors, 1 warning."])
        #expect(captured.errors.count == 1)
        #expect(captured.errors[0].hasPrefix("site/content/index.md:3:1: warning: unknown field 'titel'"))
        #expect(fileSystem.resolvedKind(at: "site/Output") == .missing)
    }
}
