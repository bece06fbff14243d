import Foundation
import SiteBasics
import Testing
@testable import SiteGen
@testable import Preview
import WebServer
import SiteGenTestSupport

/// `serve` end to end over real sockets on 127.0.0.1: edits on disk, reloads and errors on the event stream.
/// Every wait has a deadline, and every test stops its server.
@Suite(.timeLimit(.minutes(1))) struct DevServerTests {
    /// The example site plus an about page, in a temporary folder, served on a free port.
    final class Session {
        let folder: URL
        let server: DevServer
        let port: Int
        private let lines = Lines()

        final class Lines: @unchecked Sendable {
            private let lock = NSLock()
            private var all: [String] = []
            func append(_ line: String) { lock.withLock { all.append(line) } }
            var snapshot: [String] { lock.withLock { all } }
        }

        /// `leak`: symbolic links in content/ that no build may read: to a file outside the site, and to the
        /// site's own `.git/config` and `.env`.
        init(leak: Bool = false) throws {
            folder = try Fixtures.temporaryFolder()
            let site = folder.appendingPathComponent("site")
            try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
            try Fixtures.copyExample(to: site)
            try save("---\ntitle: About\n---\nAbout me.\n", to: site.appendingPathComponent("content/about.md"))
            // A file outside the site, and a link to it from inside content/.
            try save("secret\n", to: folder.appendingPathComponent("secret.txt"))
            if leak {
                try FileManager.default.createDirectory(at: site.appendingPathComponent(".git"), withIntermediateDirectories: true)
                try save("secret\n", to: site.appendingPathComponent(".git/config"))
                try save("secret\n", to: site.appendingPathComponent(".env"))
                for leak in Self.leaks {
                    try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("content/" + leak.link).path, withDestinationPath: leak.destination)
                }
            }
            let lines = self.lines
            server = DevServer(options: DevServer.Options(build: BuildOptions(sourceDirectory: site.path), port: 0, pollInterval: 0.05),
                               output: { lines.append($0) }, errors: { lines.append($0) })
            let url = try server.start()
            guard let port = URLComponents(string: url)?.port, url == "http://127.0.0.1:\(port)/" else {
                throw HTTPTestError("unexpected address \(url)")
            }
            self.port = port
        }

        /// The links `leak` makes in content/, and why the build refuses each.
        static let leaks = [
            ("leak.txt", "../../secret.txt", "outside the site folder: sitegen reads nothing outside the site"),
            ("cfg.txt", "../.git/config", "a hidden file or folder: sitegen reads nothing hidden (.git, .env, .ssh)"),
            ("env.txt", "../.env", "a hidden file or folder: sitegen reads nothing hidden (.git, .env, .ssh)"),
        ].map { (link: $0.0, destination: $0.1, reason: $0.2) }

        deinit {
            server.stop()
            try? FileManager.default.removeItem(at: folder)
        }

        var site: URL { folder.appendingPathComponent("site") }
        var output: [String] { lines.snapshot }

        func get(_ path: String, method: String = "GET") throws -> TestResponse {
            try HTTPTestClient.request(path, method: method, port: port)
        }

        func write(_ text: String, to path: String) throws {
            try save(text, to: site.appendingPathComponent(path))
        }

        func edit(_ path: String, replacing old: String, with new: String) throws {
            let text = try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
            #expect(text.contains(old))
            try write(text.replacingOccurrences(of: old, with: new), to: path)
        }
    }

    /// The `data-events` of each script of the page: the reload script's.
    static func reloadScripts(_ page: PageReader) -> [String] {
        page.root.all("script").compactMap { $0.attributes["data-events"] }
    }

    static func title(_ response: TestResponse) -> String? { PageReader(response.text).title }

    /// The text of the error overlay a `build-error` event carries (its HTML read back, so escaped text is as shown).
    static func overlay(_ event: TestEventStream.Event) -> (heading: String?, diagnostics: String?, scripts: Int) {
        let page = PageReader(event.data)
        return (page.root.first("h1")?.text, page.root.first("pre")?.textContent, page.scripts.count)
    }

    @Test func servesTheBuiltPagesWithTheReloadScriptAndWritesNothing() throws {
        let session = try Session()
        let page = try session.get("/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        let reader = PageReader(page.text)
        #expect(reader.title == "Love Your Music")
        #expect(Self.reloadScripts(reader) == ["/__sitegen/events"])
        // The page's own Content-Security-Policy lets the page's scripts and the reload script run.
        #expect(reader.policy["script-src"]?.sorted() == InlineCode.scriptHashes(in: page.text).map { "'sha256-\($0)'" }.sorted())
        #expect(try Self.title(session.get("/about/")) == "About")
        #expect(try session.get("/avatar.svg").headers["content-type"] == "image/svg+xml")
        #expect(try FileManager.default.contentsOfDirectory(atPath: session.site.path).sorted() == ["content", "templates"])
    }

    @Test func editsReloadThePagesAndBrokenYAMLShowsTheErrorWhileTheLastGoodPageStaysServed() throws {
        let session = try Session()
        let events = try TestEventStream(port: session.port)
        #expect(events.status == 200)
        #expect(events.headers["content-type"] == "text/event-stream")

        // A content change renders that page only, and reloads.
        try session.edit("content/about.md", replacing: "title: About", with: "title: About us")
        #expect(try events.next(named: "reload").data == #"["\#(session.site.path)/content/about.md"]"#)
        #expect(try Self.title(session.get("/about/")) == "About us")

        // Broken YAML: the error, escaped, goes to the page; the last good page stays served.
        try session.edit("content/index.md", replacing: "title: Love Your Music", with: "title: <script>alert(1)</script>: x")
        let error = try events.next(named: "build-error")
        let overlay = Self.overlay(error)
        #expect(overlay.heading == "sitegen: the build failed with 1 error")
        #expect(overlay.diagnostics == """
            \(session.site.path)/content/index.md:2:33: error: mapping values are not allowed in this context
            title: <script>alert(1)</script>: x
                                            ^
            \(session.site.path)/content/index.md:2:33: hint: a value that holds ': ' must be quoted: title: "<script>alert(1)</script>: x"
            """)
        #expect(overlay.scripts == 0)
        #expect(try Self.title(session.get("/")) == "Love Your Music")
        #expect(session.output.filter { $0.hasPrefix("Build failed") } == ["Build failed with 1 error; still serving the last good build."])
        // A page opened meanwhile gets the error at once.
        #expect(try TestEventStream(port: session.port).next(named: "build-error") == error)

        // Fixed: the new page comes back.
        try session.edit("content/index.md", replacing: "title: <script>alert(1)</script>: x", with: "title: Love Your Records")
        #expect(try events.next(named: "reload").data == #"["\#(session.site.path)/content/index.md"]"#)
        #expect(try Self.title(session.get("/")) == "Love Your Records")
    }

    @Test func aTemplateChangeRendersEveryPage() throws {
        let session = try Session()
        let events = try TestEventStream(port: session.port)
        try session.edit("templates/page.html", replacing: "<footer>{{words.footer}}</footer>", with: "<footer>Made by hand</footer>")
        let pages = ["about.md", "index.md"].map { "\(session.site.path)/content/\($0)" }
        #expect(try events.next(named: "reload").data == "[\"\(pages.joined(separator: "\",\""))\"]")
        #expect(try PageReader(session.get("/about/").text).root.all("footer").map(\.text) == ["Made by hand"])
    }

    @Test func aSiteYMLAppearingChangingAndBreakingReloadsEveryPage() throws {
        let session = try Session()
        let events = try TestEventStream(port: session.port)
        let pages = ["about.md", "index.md"].map { "\(session.site.path)/content/\($0)" }
        // The about page sets no description: it takes site.yml's.
        try session.write("description: Records, every week\n", to: "site.yml")
        #expect(try events.next(named: "reload").data == "[\"\(pages.joined(separator: "\",\""))\"]")
        #expect(try PageReader(session.get("/about/").text).meta["description"] == "Records, every week")
        try session.edit("site.yml", replacing: "every week", with: "every day")
        #expect(try events.next(named: "reload").data == "[\"\(pages.joined(separator: "\",\""))\"]")
        #expect(try PageReader(session.get("/about/").text).meta["description"] == "Records, every day")
        try session.write("theme: clasic\n", to: "site.yml")
        let overlay = Self.overlay(try events.next(named: "build-error"))
        #expect(overlay.diagnostics == """
            \(session.site.path)/site.yml:1:8: error: unknown theme 'clasic' (did you mean 'classic'?): expected one of classic, midnight, mono, backdrop
            theme: clasic
                   ^
            """)
    }

    @Test func newFoldersAndFilesAreSeen() throws {
        let session = try Session()
        let events = try TestEventStream(port: session.port)
        try FileManager.default.createDirectory(at: session.site.appendingPathComponent("content/blog/2024"), withIntermediateDirectories: true)
        try session.write("---\ntitle: First post\n---\n", to: "content/blog/2024/first.md")
        // The new folders alone may bring a reload first, when the file comes after the watcher settled (a loaded machine).
        _ = try events.next(named: "reload", where: { $0.data == #"["\#(session.site.path)/content/blog/2024/first.md"]"# })
        #expect(try session.get("/blog/2024/first").status == 302)
        #expect(try Self.title(session.get("/blog/2024/first/")) == "First post")
    }

    /// A path out of the site is forbidden; a file beside the site, or a source, is not found (the page saying so).
    @Test(arguments: [("/../secret.txt", 403), ("/../../secret.txt", 403), ("/%2e%2e/secret.txt", 403), ("/%2E%2E%2F%2E%2E%2Fsecret.txt", 403),
                      ("/.%2e/.%2e/secret.txt", 403), ("/leak.txt", 404), ("/cfg.txt", 404), ("/env.txt", 404), ("/.env", 404),
                      ("/content/index.md", 404), ("/index.md", 404)])
    func nothingOutsideTheBuiltSiteIsServed(path: String, status: Int) throws {
        let session = try Session(leak: true)
        let response = try session.get(path)
        #expect(response.status == status, "\(path)")
        if status == 403 {
            #expect(response.text == "Forbidden: the path leads out of the site\n")
        } else {
            let page = PageReader(response.text)
            #expect(page.title == "Not found")
            #expect(page.root.first("p")?.textContent == "Nothing in the site is at \(path). Home")
        }
    }

    /// The site's boundary is one rule: serve refuses the links that build refuses (out of the site, or to its
    /// .git and .env inside it), with the same words.
    @Test func aLinkTheBuildRefusesIsTheSameErrorInServe() throws {
        let session = try Session(leak: true)
        let events = try TestEventStream(port: session.port)
        let error = try events.next(named: "build-error")
        let build = try SitegenBinary.run(["build"], in: session.site)
        #expect(build.code == 1)
        let messages = Session.leaks.map { "content/\($0.link): error: a symbolic link to \($0.destination), \($0.reason)" }
        let shown = DocumentText.lines(Self.overlay(error).diagnostics ?? "").filter { $0.hasPrefix(session.site.path + "/content/") }
        #expect(shown.sorted() == messages.map { "\(session.site.path)/\($0)" }.sorted())
        #expect(DocumentText.lines(build.errors).filter { $0.hasPrefix("content/") }.sorted() == messages.sorted())
    }

    /// DNS rebinding: a page on evil.example that resolves its name to 127.0.0.1 sends `Host: evil.example`.
    @Test func onlyThisMachinesNamesAreAnswered() throws {
        let session = try Session()
        for host in ["localhost:\(session.port)", "127.0.0.1", "LOCALHOST", "[::1]:\(session.port)"] {
            #expect(try HTTPTestClient.request("/", port: session.port, host: host).status == 200, "\(host)")
        }
        for host in ["evil.example", "evil.example:\(session.port)", "127.0.0.1.evil.example", "localhost.evil.example", ""] {
            let response = try HTTPTestClient.request("/", port: session.port, host: host)
            #expect(response.status == 421, "\(host)")
            #expect(response.text == "Misdirected Request: this server answers only for 127.0.0.1, [::1], localhost\n")
        }
        #expect(DevServer.allowedHosts(boundTo: "192.168.1.20") == ["localhost", "127.0.0.1", "[::1]", "192.168.1.20"])
        #expect(DevServer.allowedHosts(boundTo: "0.0.0.0").isSuperset(of: ["localhost", "127.0.0.1"]))
        // serve --lan binds IPv6's any-address: every interface's address, as with 0.0.0.0.
        #expect(DevServer.allowedHosts(boundTo: "::") == DevServer.allowedHosts(boundTo: "0.0.0.0"))
        #expect(DevServer.allowedHosts(boundTo: "::").isSuperset(of: LocalAddresses.all()))
    }

    /// Idle connections cost a socket, not a thread: 2,000 of them (about twice what once stopped the server)
    /// still leave a new request answered, and the event stream working.
    @Test func twoThousandIdleConnectionsDoNotStopIt() throws {
        let session = try Session()
        let events = try TestEventStream(port: session.port)
        let idle = try (0..<2_000).map { _ in try TestConnection(port: session.port) }
        // Generous waits: the suites run in parallel, and 2,000 connections opening at once are slow on a busy machine.
        let page = try HTTPTestClient.request("/", port: session.port, timeout: 15)
        #expect(page.status == 200)
        try session.edit("content/about.md", replacing: "title: About", with: "title: About us")
        #expect(try events.next(named: "reload", timeout: 15).data == #"["\#(session.site.path)/content/about.md"]"#)
        withExtendedLifetime(idle) {}
    }

    @Test func headWorksAndPostIsRefused() throws {
        let session = try Session()
        let head = try session.get("/", method: "HEAD")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(Int(head.headers["content-length"] ?? "") == (try session.get("/").body.count))
        let post = try session.get("/", method: "POST")
        #expect(post.status == 405)
        #expect(post.headers["allow"] == "GET, HEAD")
    }

    @Test func stoppingEndsTheStreamsAndFreesThePort() throws {
        let session = try Session()
        let events = try TestEventStream(port: session.port)
        session.server.stop()
        #expect(throws: HTTPTestError.self) { try events.next(timeout: 5) }
        #expect(throws: HTTPTestError.self) { try session.get("/") }
    }

    @Test func aFirstBuildThatFailsServesTheErrorUntilFixed() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Fixtures.copyExample(to: folder)
        let page = folder.appendingPathComponent("content/index.md")
        let good = try String(contentsOf: page, encoding: .utf8)
        try save(good.replacingOccurrences(of: "title: Love", with: "title: [Love"), to: page)
        let server = DevServer(options: DevServer.Options(build: BuildOptions(sourceDirectory: folder.path), port: 0, pollInterval: 0.05),
                               output: { _ in }, errors: { _ in })
        defer { server.stop() }
        let port = try #require(URLComponents(string: try server.start())?.port)
        let missing = try HTTPTestClient.request("/", port: port)
        #expect(missing.status == 404)
        #expect(Self.reloadScripts(PageReader(missing.text)) == ["/__sitegen/events"])
        let events = try TestEventStream(port: port)
        #expect(try events.next().name == "build-error")
        try save(good, to: page)
        #expect(try events.next(named: "reload").name == "reload")
        #expect(try HTTPTestClient.request("/", port: port).status == 200)
    }

    /// `serve` at a terminal colours its diagnostics as build does; the errors shown in the browser never carry escape codes.
    @Test func diagnosticsInTheTerminalTakeTheStyle() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Fixtures.copyExample(to: folder)
        let page = folder.appendingPathComponent("content/index.md")
        let good = try String(contentsOf: page, encoding: .utf8)
        try save(good.replacingOccurrences(of: "title: Love", with: "title: [Love"), to: page)
        let printed = Captured()
        let lock = NSLock()
        let server = DevServer(options: DevServer.Options(build: BuildOptions(sourceDirectory: folder.path), port: 0, pollInterval: 0.05),
                               output: { _ in }, errors: { line in lock.withLock { printed.errors.append(line) } },
                               errorStyle: TerminalStyle(colors: true))
        defer { server.stop() }
        let port = try #require(URLComponents(string: try server.start())?.port)
        let events = try TestEventStream(port: port)
        let event = try events.next()
        #expect(event.name == "build-error")
        #expect(event.data == """
            <section role="alert"><h1>sitegen: the build failed with 1 error</h1>
            <pre>\(folder.path)/content/index.md:3:12: error: did not find expected &#39;,&#39; or &#39;]&#39; while parsing a flow sequence that starts at line 2, column 8
            description: Rediscover the songs you already own.
                       ^</pre>
            <p>This page shows the last good build. Save a fix and it reloads.</p></section>
            """)
        let lines = lock.withLock { printed.errors }
        #expect(lines == [
            "\(folder.path)/content/index.md:3:12: \u{1B}[1;31merror\u{1B}[0m: did not find expected ',' or ']' while parsing a flow sequence that starts at line 2, column 8\ndescription: Rediscover the songs you already own.\n           ^",
            "Build failed with 1 error; still serving the last good build.",
        ])
    }
}
