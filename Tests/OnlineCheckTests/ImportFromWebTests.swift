import Foundation
import Testing
import WebServer
@testable import OnlineCheck
@testable import SiteGenCLI
import SiteGenTestSupport

/// `sitegen import https://…` against fake servers on 127.0.0.1, through the loopback seam of `check --online`:
/// the page is read as a saved one is, and everything that is not a public https page of at most the limit is
/// refused with one sentence saying what to do, before anything is made.
@Suite struct ImportFromWebTests {
    static let fixtures = Fixtures.packageRoot.appendingPathComponent("Tests/Import")

    static func page(_ fixture: String) throws -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")],
                     body: .bytes(try Data(contentsOf: fixtures.appendingPathComponent(fixture))))
    }

    static func redirect(_ location: String) -> HTTPResponse {
        HTTPResponse(status: 302, headers: [("Location", location)], body: .bytes(Data()))
    }

    /// The saved Linktree page of Tests/Import, served as linktr.ee would, makes a site that builds; LittleLink's
    /// avatar, a path beside the page, becomes the address it has there.
    @Test func aFetchedPageMakesASiteThatBuildsThroughTheRealBinary() throws {
        let linktree = try Self.page("linktree.html"), littleLink = try Self.page("littlelink.html")
        let server = HTTPServer(allowedHosts: ["linktr.ee"]) { request in
            switch request.path {
            case "/halbrook": return linktree
            case "/rosa/": return littleLink
            default: return .text(404, "not here")
            }
        }
        let port = try server.start(host: "127.0.0.1", port: 0)
        defer { server.stop() }
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var environment = ProcessInfo.processInfo.environment
        environment[CurlProfileFetcher.environmentVariable] = "linktr.ee=127.0.0.1:\(port)"

        let made = try SitegenBinary.run(["import", "https://linktr.ee/halbrook", "hal", "--url", "https://hal.example/"], in: folder, environment: environment)
        #expect(made.code == 0, "\(made.errors)")
        #expect(made.errors.isEmpty)
        #expect(made.output.hasPrefix("Read https://linktr.ee/halbrook as a Linktree page: 6 links, 5 matched a service, 1 kept as web link, 0 left out.\n"))
        let hal = folder.appendingPathComponent("hal")
        let built = try SitegenBinary.run(["build"], in: hal)
        #expect(built.code == 0 && built.errors.isEmpty, "\(built.errors)")
        let html = try String(contentsOf: hal.appendingPathComponent("Output/index.html"), encoding: .utf8)
        let page = PageReader(html)
        #expect(page.title == "Hal Brook")
        #expect(page.buttons.map(\.href) == ["https://halbrook.bandcamp.com/", "https://open.spotify.com/artist/0OdUWJ0sBjDrqHygGUXeCF", "https://matrix.to/#/@hal:matrix.org",
                                              "https://halbrook.example/tour", "https://bsky.app/profile/halbrook.bsky.social", "https://www.youtube.com/@halbrook"])

        let rosa = try SitegenBinary.run(["import", "https://linktr.ee/rosa/", "rosa", "--url", "https://rosa.example/"], in: folder, environment: environment)
        #expect(rosa.code == 0, "\(rosa.errors)")
        #expect(!rosa.output.contains("note: the avatar"), "\(rosa.output)")
        let index = try String(contentsOf: folder.appendingPathComponent("rosa/content/index.md"), encoding: .utf8)
        #expect(DocumentText.lines(index).filter { $0.hasPrefix("avatar:") }
                == [#"avatar: "https://linktr.ee/rosa/images/avatar.png"  # an image in content/, relative to this page, or an https URL"#])
        #expect(try SitegenBinary.run(["build"], in: folder.appendingPathComponent("rosa")).code == 0)
    }

    /// Runs `import ADDRESS site` in memory with a fake server per host; the errors, and whether anything was made.
    static func refusal(_ address: String, servers: [String: HTTPServer.Handler] = [:], limits: OnlineCheck.Limits? = nil) throws -> (code: CommandLineTool.ExitCode, errors: [String], made: Bool) {
        let (hosts, running) = try OnlineCheckTests.startServers(servers)
        defer { for server in running { server.stop() } }
        let captured = Captured()
        let fileSystem = InMemoryFileSystem()
        var tool = captured.tool(fileSystem)
        tool.profileFetcher = CurlProfileFetcher(loopbackHosts: hosts)
        if let limits { tool.importLimits = limits }
        let code = tool.run(["import", address, "site"])
        #expect(captured.output.isEmpty)
        return (code, captured.errors, fileSystem.kind(at: "site") != .missing)
    }

    /// `data` as gzip makes it, from the gzip on PATH (Foundation has no gzip on Linux).
    static func gzip(_ data: Data) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "gzip -9 -c"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // Written from another thread: gzip's output pipe fills while its input is still being written.
        let writer = Thread { input.fileHandleForWriting.write(data); try? input.fileHandleForWriting.close() }
        writer.start()
        let packed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return packed
    }

    static let save = "save the page from your browser (File → Save Page As) and run sitegen import on that file"

    @Test(arguments: [
        ("http://linktr.ee/halbrook", "http://linktr.ee/halbrook: error: sitegen import reads only https addresses: use https://linktr.ee/halbrook if the site has it, or \(save)"),
        ("http://127.0.0.1:8093/index.html", "http://127.0.0.1:8093/index.html: error: 127.0.0.1 is a loopback address, and sitegen import reads only public https pages: \(save)"),
        ("ftp://files.example/links.html", "ftp://files.example/links.html: error: sitegen import reads only https addresses: \(save)"),
        ("https://127.0.0.1:8093/index.html", "https://127.0.0.1:8093/index.html: error: 127.0.0.1 is a loopback address, and sitegen import reads only public https pages: \(save)"),
        ("https://localhost/links", "https://localhost/links: error: localhost is a loopback address, and sitegen import reads only public https pages: \(save)"),
        ("https://[fd00::1]/", "https://[fd00::1]/: error: [fd00::1] is a unique local address (fc00::/7), and sitegen import reads only public https pages: \(save)"),
        ("https://192.168.1.1/", "https://192.168.1.1/: error: 192.168.1.1 is a private address (192.168.0.0/16), and sitegen import reads only public https pages: \(save)"),
    ])
    func anAddressThatIsNotAPublicHTTPSPageIsRefusedBeforeAnythingIsAsked(_ address: String, _ error: String) throws {
        let result = try Self.refusal(address)
        #expect(result.code == .failure)
        #expect(result.errors == [error])
        #expect(!result.made)
    }

    @Test func whatTheServerDoesIsSaidInOneSentenceAndNothingIsMade() throws {
        var short = WebPage.limits(maxBytes: 1_048_576)
        short.requestTimeout = 0.5
        let huge = Data(repeating: UInt8(ascii: " "), count: 1_048_577)
        // 8 MiB of spaces in 8 KB on the wire: the limit counts what the page unpacks to.
        let bomb = try Self.gzip(Data(repeating: UInt8(ascii: " "), count: 8 * 1_048_576))
        #expect(bomb.count < 65_536)
        let servers: [String: HTTPServer.Handler] = [
            "linktr.ee": { request in
                switch request.path {
                case "/gone": return .text(404, "not here")
                case "/busy": return .text(429, "slow down")
                case "/huge": return HTTPResponse(status: 200, headers: [], body: .bytes(huge))
                case "/packed": return HTTPResponse(status: 200, headers: [("Content-Encoding", "gzip")], body: .bytes(bomb))
                case "/scripted": return OnlineCheckTests.html("<html><body><div id=app></div><script src=/app.js></script></body></html>")
                case "/to-http": return Self.redirect("http://linktr.ee/hal")
                default: return .text(200, "")
                }
            },
            "slow.example": { _ in Thread.sleep(forTimeInterval: 1.5); return .text(200, "late") },
        ]
        let expected = [
            ("https://linktr.ee/gone", "error: HTTP 404 from https://linktr.ee/gone: check the address (a Linktree page is https://linktr.ee/NAME)"),
            ("https://linktr.ee/busy", "error: HTTP 429 from https://linktr.ee/busy: \(Self.save)"),
            ("https://linktr.ee/huge", "error: the page is larger than 1 MiB, more than a link page has: \(Self.save) if it is one"),
            ("https://linktr.ee/packed", "error: the page is larger than 1 MiB, more than a link page has: \(Self.save) if it is one"),
            ("https://linktr.ee/scripted", "error: read as an HTML page, it has no link that can be a button (0 found): if the page shows links in a browser, \(Self.save)"),
            ("https://linktr.ee/to-http", "error: https://linktr.ee/to-http redirects to http://linktr.ee/hal, which is not https: sitegen follows only https redirects: \(Self.save)"),
            ("https://slow.example/", "error: no answer from slow.example within 0.5 s: \(Self.save)"),
        ]
        for (address, error) in expected {
            let result = try Self.refusal(address, servers: servers, limits: short)
            #expect(result.code == .failure)
            #expect(result.errors == ["\(address): \(error)"])
            #expect(!result.made, "\(address)")
        }
    }

    /// A redirect to an address that is not public is not followed, as `check --links` does not follow it (the fake
    /// servers are on this machine: a redirect to any of them leads to a loopback address).
    @Test func aRedirectToAnAddressThatIsNotPublicIsNotFollowed() throws {
        let servers: [String: HTTPServer.Handler] = [
            "linktr.ee": { _ in Self.redirect("https://router.example/") },
            "router.example": { _ in .text(200, "<a href=\"https://github.com/admin\">admin</a>") },
        ]
        let result = try Self.refusal("https://linktr.ee/hal", servers: servers)
        #expect(result.errors == ["https://linktr.ee/hal: error: https://linktr.ee/hal redirects to https://router.example/, but router.example resolves to 127.0.0.1, a loopback address: sitegen follows redirects only to public addresses: \(Self.save)"])
        #expect(!result.made)
    }

    @Test func onlyAddressesWithASchemeAreFetched() {
        #expect(WebPage.isAddress("https://linktr.ee/hal"))
        #expect(WebPage.isAddress("HTTP://linktr.ee/hal"))
        #expect(!WebPage.isAddress("index.html"))
        #expect(!WebPage.isAddress("C:/pages/index.html"))
        #expect(!WebPage.isAddress("saved:page.html"))
        #expect(!WebPage.isAddress("://x"))
    }
}
