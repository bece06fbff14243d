@testable import Artwork
import Foundation
import LinkChain
@testable import Markup
@testable import OutputFolder
import SiteBasics
import Testing
@testable import SiteGen
import SiteGenTestSupport

@Suite struct BuildTests {
    func html(_ fileSystem: InMemoryFileSystem, _ path: String = "site/Output/index.html") throws -> String {
        try Fixtures.html(fileSystem, path)
    }

    func failure(_ page: String, extra: [String: String] = [:]) -> [String] {
        Fixtures.failure(page, extra: extra)
    }

    @Test func buttonsAreRealLinksCarryingTheirChain() throws {
        let fileSystem = Fixtures.site("""
            ---
            title: Me & you
            url: https://me.example/
            links:
              - mastodon: "@eb@social.coop"
                label: Follow <me>
              - email: a+b@example.org
                subject: Hi & bye?
              - url: https://example.org/app
            ---
            """)
        let result = try Fixtures.builder(fileSystem).build()
        // No icon set in the test: the Mastodon button shows its glyph, and the build says why.
        #expect(result.warnings.map(\.message) == [
            "brand icons not found: Simple Icons (pip install simple-icons-pack, then python3 scripts/simple-icons.py ~/.local/share/sitegen/simple-icons), Font Awesome Free (pip install fontawesomefree) and Fork Awesome (apt-get install fonts-fork-awesome) are not installed, so some buttons show sitegen's generic glyphs; install them with the commands shown, or set SITEGEN_ICON_PATH to where the icon sets are",
        ])
        let page = try html(fileSystem)
        let mastodon = try ServiceCatalog.standard.chain(shorthand: "mastodon:@eb@social.coop")
        let service = try #require(ServiceCatalog.standard.service(named: "mastodon"))
        let choices = mastodon.candidates + service.otherChoices(target: try service.target(handle: "@eb@social.coop", options: [:]),
                                                                 besides: service.defaultApps)
        let reader = PageReader(page)
        #expect(reader.title == "Me & you")
        // Without label:, a button names its service; the handle is the `detail` a template shows beside it.
        #expect(reader.links.map(\.text) == ["Follow <me>", "Email", "Web"])
        #expect(reader.links.first?.attributes == [
            "href": "https://social.coop/@eb", "rel": "me", "data-service": "mastodon", "data-chain": ChainMarkup.chainJSON(choices, tried: mastodon.candidates),
            "data-copy": "@eb@social.coop", "data-copy-kind": "handle", "data-acct": "eb@social.coop"])
        #expect(reader.links.dropFirst().map(\.href) == ["mailto:a+b@example.org?subject=Hi%20%26%20bye%3F", "https://example.org/app"])
        // The address is written as character references, which browsers read and harvesters do not.
        #expect(!page.contains("a+b@example.org"))
        // Nor as the mail apps' URLs carry it: there too the address is character references, which the browser
        // turns back into the URL before the runtime reads it.
        #expect(!page.contains("a%2Bb%40example.org"))
        let mailApps = try JSONSerialization.jsonObject(with: Data((reader.links.dropFirst().first?.chain ?? "[]").utf8)) as? [[String: Any]]
        #expect(mailApps?.compactMap { $0["url"] as? String } == [
            "googlegmail:///co?to=a%2Bb%40example.org&subject=Hi%20%26%20bye%3F", "ms-outlook://compose?to=a%2Bb%40example.org&subject=Hi%20%26%20bye%3F",
            "readdle-spark://compose?recipient=a%2Bb%40example.org&subject=Hi%20%26%20bye%3F", "ymail://mail/compose?to=a%2Bb%40example.org&subject=Hi%20%26%20bye%3F",
            "fastmail://mail/compose?to=a%2Bb%40example.org&subject=Hi%20%26%20bye%3F", "protonmail://mailto:a%2Bb@example.org?subject=Hi%20%26%20bye%3F",
            "airmail://compose?to=a%2Bb%40example.org&subject=Hi%20%26%20bye%3F", "https://mail.google.com/mail/?view=cm&fs=1&to=a%2Bb%40example.org&su=Hi%20%26%20bye%3F",
            "https://outlook.live.com/mail/0/deeplink/compose?to=a%2Bb%40example.org&subject=Hi%20%26%20bye%3F",
            "https://compose.mail.yahoo.com/?to=a%2Bb%40example.org&subject=Hi%20%26%20bye%3F",
        ])
        #expect(ChainMarkup.chainJSON(choices, tried: mastodon.candidates).hasPrefix(
            #"[{"app":"Opener","auto":true,"platforms":["ios"],"url":"opener://x-callback-url/show-options?url=https%3A%2F%2Fsocial.coop%2F%40eb"},{"app":"Ivory","auto":true"#))
    }

    @Test func markdownShorthandLinksBecomeChainLinks() throws {
        let fileSystem = Fixtures.site("---\ntitle: A\n---\n[toot me](mastodon:@eb@social.coop) or [write](mailto:x@example.org)\n")
        _ = try Fixtures.builder(fileSystem).build()
        let page = try html(fileSystem)
        let reader = PageReader(page)
        #expect(reader.root.all("p").map(\.textContent) == ["toot me or write"])
        #expect(reader.textLinks.map { [$0.text, $0.href, $0.rel, $0.attributes["data-service"]] }
                == [["toot me", "https://social.coop/@eb", "me", "mastodon"], ["write", "mailto:x@example.org", nil, "email"]])
        #expect(reader.textLinks.allSatisfy { $0.chain != nil })
        // The address is written as character references.
        #expect(!page.contains("x@example.org"))
    }

    @Test func unknownServiceSuggestsTheNearestOne() {
        let errors = failure("---\nlinks:\n  - mastadon: \"@eb@social.coop\"\n---\n")
        #expect(errors.count == 1)
        #expect(errors[0].hasPrefix("site/content/index.md:3:5: error: unknown service 'mastadon' (did you mean 'mastodon'?)"))
    }

    @Test func badHandleShowsTheValueAtItsPosition() {
        let errors = failure("---\nlinks:\n  - mastodon: eb\n---\n")
        #expect(errors == [#"site/content/index.md:3:15: error: "eb" is not a Mastodon handle: expected @user@host, like @eb@social.coop. The server name is missing."#])
    }

    @Test func unknownOptionsAreErrors() {
        let email = ServiceCatalog.standard.service(named: "email")!
        let accepted = (email.optionNames + ["app", "apps", "color", "from", "icon", "label", "until"]).joined(separator: ", ")
        #expect(failure("---\nlinks:\n  - email: a@b.org\n    subjet: Hi\n---\n") == [
            "site/content/index.md:4:5: error: unknown option 'subjet' for \(email.displayName) links (did you mean 'subject'?): expected \(accepted)",
        ])
    }

    @Test(arguments: [
        ("[x](javascript:alert(1))", "'javascript:' is not allowed in a link"),
        ("[x](JaVaScRiPt:alert(1))", "'javascript:' is not allowed in a link"),
        ("[x](&#106;avascript:alert(1))", "'javascript:' is not allowed in a link"),
        ("[x](<java\tscript:alert(1)>)", "'javascript:' is not allowed in a link"),
        ("[x](vbscript:msgbox)", "'vbscript:' is not allowed in a link"),
        ("[x](data:text/html;base64,PHNjcmlwdD4=)", "'data:' is not allowed in a link"),
        ("![x](file:///etc/passwd)", "'file:' is not allowed in an image"),
    ])
    func dangerousSchemesAreRefusedWhereTheyAreWritten(body: String, message: String) {
        let errors = failure("---\ntitle: A\n---\nSee: \(body)\n")
        #expect(errors.count == 1)
        #expect(errors.first?.hasPrefix("site/content/index.md:4:6: error: \(message)") == true)
    }

    @Test func relativeAndWebLinksAreKept() throws {
        #expect(failure("---\ntitle: A\n---\n[a](about/) [b](#top) [c](http://a.org/x:y) [d](tel:+4912345) ![e](https://a.org/e.png)\n",
                        extra: ["content/about.md": "---\ntitle: About\n---\n"]) == [])
    }

    @Test func everyErrorInEveryPageIsReportedInOrder() {
        let errors = failure("---\ntheme: neon\nlinks:\n  - mastadon: x\n---\n[a](javascript:x)\n",
                             extra: ["content/b.md": "---\ntitle: [\n---\n"])
        #expect(errors.map { $0.split(separator: ":").prefix(3).joined(separator: ":") } == [
            "site/content/b.md:3:1", "site/content/index.md:2:8", "site/content/index.md:4:5", "site/content/index.md:6:1",
        ])
    }

    @Test func templateErrorsPointIntoTheTemplate() {
        let errors = failure("---\ntitle: A\n---\n", extra: ["templates/page.html": "<p>\n  {{#links}}x\n"])
        #expect(errors.count == 1)
        #expect(errors[0].hasPrefix("site/templates/page.html:2:3: error: "))
    }

    @Test func missingPartialIsAnError() {
        let errors = failure("---\ntitle: A\n---\n", extra: ["templates/page.html": "{{> nowhere}}"])
        #expect(errors == ["site/templates/page.html:1:1: error: missing partial 'nowhere'"])
    }

    @Test func unknownTemplateNamedByAPageIsAnErrorAtThatField() {
        #expect(failure("---\ntemplate: fancy\n---\n") == ["site/content/index.md:2:11: error: template 'fancy' not found: expected templates/fancy.html"])
    }

    /// Found when the page is resolved, so `schemes` (which renders nothing) refuses the site as `build` does.
    @Test func unknownTemplateFailsCommandsThatDoNotRender() {
        let builder = Fixtures.builder(Fixtures.site("---\ntemplate: fancy\nlinks:\n  - email: a@b.org\n---\n"))
        #expect(throws: BuildFailure.self) { _ = try builder.chains() }
    }

    @Test func avatarMustExist() throws {
        #expect(failure("---\navatar: me.png\n---\n") == [
            "site/content/index.md:2:9: error: avatar image 'me.png' not found: expected a file under content/ relative to this page",
        ])
        let fileSystem = try Fixtures.site("", extra: [
            "content/team/ann.md": "---\navatar: ../img/ann.png\n---\n",
            "templates/page.html": "<img src=\"{{avatar}}\">",
        ], pictures: ["content/img/ann.png": Fixtures.picture(.png)])
        _ = try Fixtures.builder(fileSystem).build()
        #expect(try html(fileSystem, "site/Output/team/ann/index.html") == #"<img src="../../img/ann.png">"#)
        #expect(try fileSystem.readFile("site/Output/img/ann.png").starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func pagesMapToFolders() throws {
        let fileSystem = Fixtures.site("# Home", extra: ["content/a/b.md": "B", "content/a/index.md": "A"])
        let result = try Fixtures.builder(fileSystem).build()
        #expect(result.paths == ["a/b/index.html", "a/index.html", "index.html"])
        #expect(Set(fileSystem.allFiles.keys.filter { $0.hasPrefix("site/Output/") })
                == ["site/Output/index.html", "site/Output/a/index.html", "site/Output/a/b/index.html", "site/Output/.sitegen-manifest"])
        #expect(try OutputManifest.parse(html(fileSystem, "site/Output/.sitegen-manifest")).files.keys.sorted() == ["a/b/index.html", "a/index.html", "index.html"])
    }

    /// Markdown pages in any case and either extension; editors' backups and hidden files are not part of the site.
    @Test func pageExtensionsAndIgnoredFiles() throws {
        let fileSystem = Fixtures.site("# Home", extra: ["content/about.MD": "A", "content/notes.markdown": "N",
                                                       "content/index.md~": "backup", "content/.draft.md": "D", "content/a.txt": "T"])
        let result = try Fixtures.builder(fileSystem).build()
        #expect(result.paths == ["about/index.html", "index.html", "notes/index.html"])
        // A file of content/ that no page names is not published, and the build says so.
        #expect(result.leftOut == ["a.txt"])
    }

    @Test func aPageWithoutTitleIsNamedByItsHeadingOrFile() throws {
        let fileSystem = Fixtures.site("Text\n\n## Ada *Lovelace* ##\n", extra: ["content/about.md": "No heading.", "templates/page.html": "<title>{{title}}</title>"])
        _ = try Fixtures.builder(fileSystem).build()
        #expect(try html(fileSystem) == "<title>Ada Lovelace</title>")
        #expect(try html(fileSystem, "site/Output/about/index.html") == "<title>about</title>")
    }

    @Test func twoPagesForOnePathIsAnError() {
        let errors = failure("x", extra: ["content/a.md": "A", "content/a/index.md": "B"])
        #expect(errors == ["site/content/a/index.md:0:0: error: this page and site/content/a.md would both be written to a/index.html; rename one"])
    }

    @Test func unknownFieldsAreWarningsThatDoNotStopTheBuild() throws {
        let result = try Fixtures.builder(Fixtures.site("---\ncolour: red\n---\n")).build()
        #expect(result.warnings.map(\.description) == ["site/content/index.md:2:1: warning: unknown field 'colour' is ignored\ncolour: red\n^"])
    }

    @Test func baseURLGivesPagesTheirAddress() throws {
        let fileSystem = Fixtures.site("x", extra: ["content/a/b.md": "y", "templates/page.html": "{{url}}"])
        _ = try Fixtures.builder(fileSystem, baseURL: "https://me.example").build()
        #expect(try html(fileSystem) == "https://me.example/")
        #expect(try html(fileSystem, "site/Output/a/b/index.html") == "https://me.example/a/b/")
    }

    @Test func aFailedBuildLeavesTheOutputAsItWas() throws {
        let fileSystem = Fixtures.site("---\ntitle: [\n---\n", extra: ["Output/old.html": "old", "Output/keep/me.txt": "me"])
        let before = fileSystem.allFiles
        #expect(throws: BuildFailure.self) { try Fixtures.builder(fileSystem).build() }
        #expect(fileSystem.allFiles == before)
    }

    @Test func aSuccessfulBuildReplacesWhatSitegenWroteAndKeepsTheRest() throws {
        let fileSystem = Fixtures.site("---\ntitle: New\n---\n", extra: ["content/old.md": "x", "Output/CNAME": "me.example",
                                                                        "Output/.git/HEAD": "ref", "Output/notes/todo.txt": "t"])
        _ = try Fixtures.builder(fileSystem).build()
        try fileSystem.removeItem("site/content/old.md")
        _ = try Fixtures.builder(fileSystem).build()
        // old/index.html was sitegen's and is gone; what sitegen did not write stays, byte for byte.
        #expect(fileSystem.allFiles.keys.filter { $0.hasPrefix("site/Output") }.sorted()
                == ["site/Output/.git/HEAD", "site/Output/.sitegen-manifest", "site/Output/CNAME", "site/Output/index.html", "site/Output/notes/todo.txt"])
        #expect(try html(fileSystem, "site/Output/CNAME") == "me.example")
        // Nothing staged is left anywhere.
        #expect(fileSystem.allFiles.keys.sorted() == ["site/.sitegen-key", "site/Output/.git/HEAD", "site/Output/.sitegen-manifest", "site/Output/CNAME",
                                                       "site/Output/index.html", "site/Output/notes/todo.txt", "site/content/index.md", "site/templates/page.html"])
    }

    @Test func aFileSitegenDidNotWriteStopsTheBuildUnlessForced() throws {
        let fileSystem = Fixtures.site("---\ntitle: New\n---\n", extra: ["Output/index.html": "mine", "Output/.git/HEAD": "ref"])
        let before = fileSystem.allFiles
        #expect(throws: BuildFailure.self) { try Fixtures.builder(fileSystem).build() }
        do { _ = try Fixtures.builder(fileSystem).build() } catch {
            #expect(error.diagnostics.map(\.description) == ["site/Output/index.html: error: sitegen did not write this, and the new site has a file there: move it away, or pass --force to replace what sitegen did not write"])
        }
        #expect(fileSystem.allFiles == before)
        var builder = Fixtures.builder(fileSystem)
        builder.options.replacesForeignFiles = true
        _ = try builder.build()
        #expect(try html(fileSystem) != "mine")
        #expect(try html(fileSystem, "site/Output/.git/HEAD") == "ref")
    }

    @Test func anOutputPathThatIsAFileIsAnError() throws {
        let fileSystem = Fixtures.site("x", extra: ["Output": "a file"])
        #expect(throws: BuildFailure.self) { try Fixtures.builder(fileSystem).build() }
        #expect(try fileSystem.readFile("site/Output") == Data("a file".utf8))
    }

    @Test func missingFoldersAreReported() {
        let fileSystem = InMemoryFileSystem(["site/content/index.md": "x"])
        #expect(throws: BuildFailure.self) { try Fixtures.builder(fileSystem).render() }
        do { _ = try Fixtures.builder(fileSystem).render() } catch {
            #expect(error.diagnostics.map(\.description) == ["site/templates: error: folder not found: a site needs content/ and templates/ (sitegen new creates both)"])
        }
        do { _ = try Fixtures.builder(InMemoryFileSystem()).render() } catch {
            #expect(error.diagnostics.map(\.description) == ["site: error: the source folder does not exist: expected a folder holding content/ and templates/"])
        }
    }

    @Test func invalidUTF8IsReportedAtTheByte() {
        let fileSystem = Fixtures.site("")
        try? fileSystem.overwriteFile("site/content/index.md", Data("---\ntitle: caf".utf8) + Data([0xE9]) + Data("\n---\n".utf8))
        do { _ = try Fixtures.builder(fileSystem).render(); Issue.record("expected a failure") } catch {
            #expect(error.diagnostics.map { "\($0.line):\($0.column) \($0.message)" }
                    == ["2:11 the file is not valid UTF-8 (byte 0xE9 at offset 14); save it as UTF-8"])
        }
    }

    @Test func brandIconsComeThroughTheInjectedIconSource() throws {
        // The icon set lives in memory: a build reads it through IconSets.files, never the disk.
        let icons = InMemoryFileSystem(["fa/brands/mastodon.svg": #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 448 512"><path d="M1 2h3"/></svg>"#])
        let site = Fixtures.site("---\ntitle: A\nlinks:\n  - mastodon: \"@a@social.example\"\n---\n",
                                 extra: ["templates/page.html": "{{{icon_symbols_html}}}{{#links}}<a{{{attributes_html}}}>{{label}}</a>{{/links}}"])
        let builder = Fixtures.builder(site, iconSets: IconSets(fontAwesomeBrands: "fa/brands", files: icons))
        _ = try builder.build()
        let html = try Fixtures.html(site)
        // Font Awesome's grid at a quarter.
        let chain = try ServiceCatalog.standard.chain(shorthand: "mastodon:@a@social.example")
        let mastodon = try #require(ServiceCatalog.standard.service(named: "mastodon"))
        let choices = chain.candidates + mastodon.otherChoices(target: try mastodon.target(handle: "@a@social.example", options: [:]), besides: mastodon.defaultApps)
        #expect(html == IconSet.fontAwesome.credit + #"<symbol id="icon-brand-mastodon" viewBox="0 0 112 128" fill="currentColor"><path d="M0 1h1"/></symbol>"#
                + #"<a href="https://social.example/@a" rel="me" data-service="mastodon" data-chain='\#(ChainMarkup.chainJSON(choices, tried: chain.candidates, inSingleQuotedAttribute: true))' data-copy="@a@social.example" data-copy-kind="handle" data-acct="a@social.example">Mastodon</a>"#)
    }
}
