@testable import Companions
import Foundation
@testable import OutputFolder
import SiteBasics
import Testing
import WebServer
@testable import SiteGen
@testable import Preview
import SiteGenTestSupport

/// How `serve` answers requests, without a socket: the routing of one built site.
@Suite struct ServedSiteTests {
    /// A site with pages in memory and files under a real content/ folder: links out of the site, to its `.git`,
    /// and to a file beside content/, made after the build (which would have refused the first two).
    final class Fixture {
        let folder: URL
        let site: ServedSite

        init(extraFiles: [OutputFile] = []) throws {
            folder = try Fixtures.temporaryFolder()
            let content = folder.appendingPathComponent("site/content")
            try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
            try Data("<svg/>".utf8).write(to: content.appendingPathComponent("logo.svg"))
            try Data("<p>old page</p></body>".utf8).write(to: content.appendingPathComponent("old.html"))
            try Data("secret".utf8).write(to: folder.appendingPathComponent("secret.txt"))
            try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("leak.txt").path, withDestinationPath: "../../secret.txt")
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("site/.git"), withIntermediateDirectories: true)
            try Data("secret".utf8).write(to: folder.appendingPathComponent("site/.git/config"))
            try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("cfg.txt").path, withDestinationPath: "../.git/config")
            try Data("shared".utf8).write(to: folder.appendingPathComponent("site/shared.txt"))
            try FileManager.default.createSymbolicLink(atPath: content.appendingPathComponent("shared.txt").path, withDestinationPath: "../shared.txt")
            let copied = { (name: String) in OutputFile(path: name, contents: .copy(from: content.appendingPathComponent(name).path)) }
            let page = { (text: String) in OutputFile.Contents.data(Data("<html><body>\(text)</body></html>".utf8)) }
            site = ServedSite(files: [
                OutputFile(path: "index.html", contents: page("home")),
                OutputFile(path: "about/index.html", contents: page("about")),
                copied("logo.svg"), copied("old.html"), copied("leak.txt"), copied("cfg.txt"), copied("shared.txt"),
            ] + extraFiles, boundary: SiteBoundary(BuildOptions(sourceDirectory: folder.appendingPathComponent("site").path), fileSystem: LocalFileSystem()))
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        func get(_ path: String, query: [HTTPRequest.QueryItem] = []) -> HTTPResponse {
            site.response(to: HTTPRequest(path: path, query: query))
        }
    }

    static func text(_ response: HTTPResponse) -> String {
        guard case .bytes(let data) = response.body else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    @Test func pagesAreServedAsRendered() throws {
        let fixture = try Fixture()
        for path in ["/", "/index.html", "/about/", "/about/index.html"] {
            let response = fixture.get(path)
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "text/html; charset=utf-8")
            #expect(Self.text(response).hasSuffix("</body></html>"), "\(path)")
        }
    }

    /// The preview's pages get the reload script where the template closes `<body>`, and a policy that lets it run.
    @Test func renderedPagesCarryTheReloadScriptBeforeTheTemplatesBodyEnds() throws {
        let fileSystem = Fixtures.site("---\ntitle: A\nunsafe_html: true\n---\nwrite </body> here\n", extra: [
            "templates/page.html": "<html><head>{{{content_security_policy_html}}}<style>b{}</style></head>\n<body>{{{body_html}}}<script>run()</script></BODY >\n</html>",
        ])
        var builder = Fixtures.builder(fileSystem)
        builder.injection = .servePreview
        let result = try builder.render()
        guard case .data(let data) = try #require(result.files.first { $0.path == "index.html" }).contents else { Issue.record("not generated"); return }
        let page = String(decoding: data, as: UTF8.self)
        #expect(page.hasSuffix("<script>run()</script>" + String(decoding: LiveReload.scriptElement, as: UTF8.self) + "</BODY >\n</html>"))
        #expect(page.contains("<p>write </body> here</p>"))
        LiveReloadTests.expectEveryInlineScriptAllowed(in: page)
        #expect(PageReader(page).policy["connect-src"] == ["https:", "'self'"])
        // Written to Output/, the same page has neither.
        _ = try Fixtures.builder(fileSystem).build()
        let policy = SecurityPolicy(scriptHashes: [SecurityPolicy.sha256Base64("run()")], styleHashes: [SecurityPolicy.sha256Base64("b{}")])
        #expect(try Fixtures.html(fileSystem)
                == "<html><head>" + policy.metaTag + "<style>b{}</style></head>\n<body><p>write </body> here</p>\n<script>run()</script></BODY >\n</html>")
    }

    /// A generated SVG (a page's QR code) carries the same policy as a copied one.
    @Test func generatedSVGsAreServedWithThePolicyForbiddingScript() throws {
        let fixture = try Fixture(extraFiles: [OutputFile(path: "about/qr.svg", contents: .data(Data("<svg/>".utf8)))])
        let qr = fixture.get("/about/qr.svg")
        #expect(qr.status == 200)
        #expect(qr.header("Content-Type") == "image/svg+xml")
        #expect(qr.header("Content-Security-Policy") == SVGServingPolicy.directives)
        #expect(fixture.get("/about/").header("Content-Security-Policy") == nil)
    }

    @Test func aFolderWithoutItsSlashRedirectsKeepingTheQuery() throws {
        let response = try Fixture().get("/about", query: [.init(name: "a", value: "1"), .init(name: "b", value: nil)])
        #expect(response.status == 302)
        #expect(response.header("Location") == "/about/?a=1&b")
    }

    @Test func otherFilesComeFromContentWithTheirType() throws {
        let fixture = try Fixture()
        let svg = fixture.get("/logo.svg")
        #expect(svg.status == 200)
        #expect(svg.header("Content-Type") == "image/svg+xml")
        guard case .file(let path) = svg.body else { Issue.record("not a file body"); return }
        #expect(path.hasSuffix("/site/content/logo.svg"))
        // As `_headers` serves it on the host: no script, whatever the file holds.
        #expect(svg.header("Content-Security-Policy") == "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
        // HTML files copied from content/ are served byte for byte, as they will be published: nothing adds a script.
        let old = fixture.get("/old.html")
        #expect(old.header("Content-Type") == "text/html; charset=utf-8")
        #expect(old.header("Content-Security-Policy") == nil)
        guard case .file(let oldPath) = old.body else { Issue.record("not a file body"); return }
        #expect(oldPath.hasSuffix("/site/content/old.html"))
    }

    static let outOfTheSite = "Forbidden: the path leads out of the site\n"

    /// Each answer in full: `SITE` stands for the site's folder; nil is the built-in not-found page.
    @Test(arguments: [
        ("/../secret.txt", 403, outOfTheSite), ("/%2e%2e/secret.txt", 403, outOfTheSite), ("/%2E%2E%2Fsecret.txt", 403, outOfTheSite),
        ("/about/../../secret.txt", 403, outOfTheSite),
        ("/leak.txt", 403, "Forbidden: SITE/content/leak.txt: a symbolic link to ../../secret.txt, outside the site folder: sitegen reads nothing outside the site\n"),
        ("/cfg.txt", 403, "Forbidden: SITE/content/cfg.txt: a symbolic link to ../.git/config, a hidden file or folder: sitegen reads nothing hidden (.git, .env, .ssh)\n"),
        ("/a%zz", 400, "Bad Request: the path is not valid percent-encoded UTF-8\n"), ("/nothing", 404, nil), ("/nothing/", 404, nil), ("/about/index.html/", 404, nil),
    ] as [(String, Int, String?)])
    func nothingOutsideTheSiteIsServed(path: String, status: Int, text: String?) throws {
        let fixture = try Fixture()
        let response = fixture.get(path)
        #expect(response.status == status)
        if let text {
            #expect(Self.text(response) == text.replacingOccurrences(of: "SITE/", with: fixture.folder.path + "/site/"))
        } else {
            let page = PageReader(Self.text(response))
            #expect(page.title == "Not found")
            #expect(page.root.first("p")?.textContent == "Nothing in the site is at \(path). Home")
        }
    }

    /// Serve asks the site's boundary, as the build does: the same words, and what the build reads is served.
    @Test func aLinkIsServedOnlyWhereTheBuildWouldReadIt() throws {
        let fixture = try Fixture()
        #expect(Self.text(fixture.get("/cfg.txt")) == "Forbidden: \(fixture.folder.path)/site/content/cfg.txt: a symbolic link to ../.git/config, a hidden file or folder: sitegen reads nothing hidden (.git, .env, .ssh)\n")
        #expect(Self.text(fixture.get("/leak.txt")).hasSuffix("/site/content/leak.txt: a symbolic link to ../../secret.txt, outside the site folder: sitegen reads nothing outside the site\n"))
        let shared = fixture.get("/shared.txt")
        #expect(shared.status == 200)
        guard case .file(let path) = shared.body else { Issue.record("not a file body"); return }
        #expect(path.hasSuffix("/site/shared.txt"))
    }

    @Test func theBuiltInNotFoundPageEscapesThePath() throws {
        let response = try Fixture().get("/%3Cscript%3E<b>")
        #expect(response.status == 404)
        let page = PageReader(Self.text(response))
        #expect(page.root.all("code").map(\.textContent) == ["/%3Cscript%3E<b>"])
        #expect(page.root.all("script").compactMap { $0.attributes["data-events"] } == [LiveReload.eventsPath])
    }

    @Test func theSitesOwn404PageIsUsed() throws {
        let fixture = try Fixture(extraFiles: [OutputFile(path: "404.html", contents: .data(Data("<body>lost</body>".utf8)))])
        let response = fixture.get("/nothing")
        #expect(response.status == 404)
        #expect(Self.text(response) == "<body>lost</body>")  // as rendered: the preview's renders carry the script
    }
}

@Suite struct LiveReloadTests {
    @Test func theErrorOverlayEscapesTheDiagnostics() {
        var sink = DiagnosticSink(path: "content/<i>.md", text: "title: \"<script>alert('x')</script>\n")
        sink.report(line: 1, column: 8, "found <unexpected> & more")
        let event = LiveReload.errorEvent(BuildFailure(sink.diagnostics))
        #expect(event.name == "build-error")
        #expect(event.data == """
            <section role="alert"><h1>sitegen: the build failed with 1 error</h1>
            <pre>content/&lt;i&gt;.md:1:8: error: found &lt;unexpected&gt; &amp; more
            title: &quot;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;
                   ^</pre>
            <p>This page shows the last good build. Save a fix and it reloads.</p></section>
            """)
    }

    @Test func theScriptsHashIsItsBodys() {
        #expect(InlineCode.scriptHashes(in: String(decoding: LiveReload.scriptElement, as: UTF8.self)) == [SecurityPolicy.sha256Base64(LiveReload.scriptBody)])
    }

    /// The escaped `content` of the page's Content-Security-Policy `<meta>`.
    static func policy(of html: String) throws -> String {
        try #require(InlineCode.policy(of: html))
    }

    static func expectEveryInlineScriptAllowed(in html: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let policy = (try? policy(of: html)) ?? ""
        #expect(!policy.isEmpty, sourceLocation: sourceLocation)
        let allowed = Set(PageReader(html).policy["script-src"] ?? [])
        #expect(Set(InlineCode.scriptHashes(in: html).map { "'sha256-\($0)'" }).subtracting(allowed).sorted() == [], sourceLocation: sourceLocation)
    }

    @Test func reloadEventsListTheRenderedPages() {
        #expect(LiveReload.reloadEvent(renderedPages: ["site/content/a.md"]) == ServerSentEvent(name: "reload", data: #"["site/content/a.md"]"#))
    }
}
