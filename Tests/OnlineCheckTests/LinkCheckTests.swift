import Foundation
import Testing
import WebServer
@testable import SiteGen
@testable import OnlineCheck
@testable import SiteGenCLI
import SiteGenTestSupport

/// `check --links`, its cache and its limits, with the fake servers of `OnlineCheckTests` standing in for the sites.
@Suite struct LinkCheckTests {
    /// Buttons on lines 5 to 9, Markdown links and an image on lines 11 and 12.
    static let page = """
        ---
        title: Links
        url: https://eb.example/
        links:
          - url: https://ok.example/
          - url: https://gone.example/page
          - url: https://moved.example/old
          - url: https://slow.example/
          - url: https://down.example/
        ---
        Read [the post](https://nohead.example/post) and [again](https://gone.example/page).
        ![A picture](https://ok.example/pic.png) and [mail](mailto:eb@eb.example).
        """

    /// A server that counts its requests by method and path.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [String] = []
        func add(_ request: HTTPRequest) { lock.withLock { seen.append("\(request.method) \(request.path)") } }
        var requests: [String] { lock.withLock { seen } }
    }

    static func servers(counter: Counter) -> [String: HTTPServer.Handler] {
        func counted(_ handler: @escaping HTTPServer.Handler) -> HTTPServer.Handler { { counter.add($0); return handler($0) } }
        return [
            "ok.example": counted { _ in .text(200, "fine") },
            "gone.example": counted { _ in .text(404, "not here") },
            "moved.example": counted { request in
                request.path == "/old" ? HTTPResponse(status: 301, headers: [("Location", "https://moved.example/new")], body: .bytes(Data()))
                                       : .text(200, "here now")
            },
            "slow.example": counted { _ in Thread.sleep(forTimeInterval: 1.5); return .text(200, "late") },
            "nohead.example": counted { request in request.method == "HEAD" ? .text(405, "no HEAD here") : .text(200, "fine") },
        ]
    }

    /// Runs `check --links` on a one-page site (in memory, cache included) with a fake server per host.
    static func check(_ fileSystem: InMemoryFileSystem, servers: [String: HTTPServer.Handler], down: [String] = [],
                      limits: OnlineCheck.Limits) throws -> (code: CommandLineTool.ExitCode, output: [String], errors: [String]) {
        let (hosts, running) = try OnlineCheckTests.startServers(servers, down: down)
        defer { for server in running { server.stop() } }
        let captured = Captured()
        var tool = captured.tool(fileSystem)
        tool.profileFetcher = CurlProfileFetcher(loopbackHosts: hosts)
        tool.linkLimits = limits
        let code = tool.run(["check", "--source", "site", "--links"])
        return (code, captured.output, captured.errors)
    }

    static var shortLimits: OnlineCheck.Limits {
        var limits = LinkCheck.defaultLimits
        limits.requestTimeout = 0.5
        return limits
    }

    @Test func brokenMovedSlowAndRefusedLinksAreReportedWhereTheyAreWritten() throws {
        let counter = Counter()
        let result = try Self.check(Fixtures.site(Self.page), servers: Self.servers(counter: counter), down: ["down.example"], limits: Self.shortLimits)
        #expect(result.code == .failure)
        #expect(result.errors == [
            "site/content/index.md:6:5: error: https://gone.example/page is broken: HTTP 404 from https://gone.example/page",
            "site/content/index.md:7:5: warning: https://moved.example/old redirects to https://moved.example/new: link to that address instead",
            "site/content/index.md:8:5: error: https://slow.example/ cannot be reached: no answer from slow.example within 0.5 s",
            "site/content/index.md:9:5: error: https://down.example/ cannot be reached: could not connect to down.example",
            "site/content/index.md:11:50: error: https://gone.example/page is broken: HTTP 404 from https://gone.example/page",
        ])
        #expect(result.output.last == "Links: 7 external addresses checked: 3 fine, 1 redirected, 1 broken, 2 unreachable.")
        // HEAD first; GET only where HEAD is refused; each address once, however often it is written.
        let requests = counter.requests
        #expect(requests.filter { $0 == "HEAD /page" }.count == 1)
        #expect(requests.contains("HEAD /post") && requests.contains("GET /post"))
        #expect(!requests.contains { $0.hasPrefix("GET /") && $0 != "GET /post" })
    }

    /// What was fine is remembered in the site's folder for a day; the broken ones are asked again.
    @Test func aSecondRunWithinADayAsksOnlyWhatWasNotFine() throws {
        let counter = Counter()
        let site = Fixtures.site(Self.page)
        _ = try Self.check(site, servers: Self.servers(counter: counter), down: ["down.example"], limits: Self.shortLimits)
        let cache = try String(decoding: site.readFile("site/.sitegen-link-cache"), as: UTF8.self)
        let lines = cache.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).dropFirst().joined(separator: " ") }
        #expect(lines.dropFirst() == ["https://moved.example/old https://moved.example/new", "https://nohead.example/post ",
                                      "https://ok.example/ ", "https://ok.example/pic.png "])
        let again = Counter()
        let second = try Self.check(site, servers: Self.servers(counter: again), down: ["down.example"], limits: Self.shortLimits)
        #expect(second.output.last == "Links: 7 external addresses checked (4 fine within the last day, from the cache): 3 fine, 1 redirected, 1 broken, 2 unreachable.")
        #expect(Set(again.requests) == ["HEAD /page", "HEAD /"])
        #expect(second.errors.count == 5)
    }

    @Test func theCacheForgetsAfterADayAndIsNeverAnotherFile() throws {
        var cache = LinkCache()
        let then = Date(timeIntervalSince1970: 1_800_000_000)
        cache.remember("https://ok.example/", .fine, at: then)
        cache.remember("https://moved.example/", .redirected(final: "https://moved.example/new"), at: then)
        cache.remember("https://gone.example/", .broken("HTTP 404"), at: then)
        cache.remember("https://down.example/", .unreachable("could not connect"), at: then)
        #expect(LinkCache(text: cache.text) == cache)
        #expect(cache.text == LinkCache.header + "\n1800000000\thttps://moved.example/\thttps://moved.example/new\n1800000000\thttps://ok.example/\t\n")
        #expect(cache.fresh(at: then.addingTimeInterval(86_399)).outcome(of: "https://ok.example/") == .fine)
        #expect(cache.fresh(at: then.addingTimeInterval(86_400)).outcome(of: "https://ok.example/") == nil)
        #expect(cache.fresh(at: then.addingTimeInterval(-1)).outcome(of: "https://ok.example/") == nil)
        #expect(LinkCache(text: "my notes\nhttps://ok.example/\n") == nil)
    }

    @Test func aCacheFileSitegenDidNotWriteIsLeftAsItIs() throws {
        let site = Fixtures.site("---\nlinks:\n  - url: https://ok.example/\n---\n", extra: ["site/.sitegen-link-cache": "my notes\n"])
        let result = try Self.check(site, servers: ["ok.example": { _ in .text(200, "") }], limits: Self.shortLimits)
        #expect(result.code == .success)
        #expect(result.errors == ["site/.sitegen-link-cache: warning: not a cache sitegen wrote: left as it is, and nothing is remembered for the next run"])
        #expect(try String(decoding: site.readFile("site/.sitegen-link-cache"), as: UTF8.self) == "my notes\n")
    }

    /// 100 addresses on 10 servers that each take 0.4 s to answer: one at a time they would need 40 s; the check
    /// asks 8 at a time and finishes every one within its total time of 15 s.
    @Test func aHundredLinksOnTenSlowServersFinishWithinTheTotalTime() throws {
        let hosts = (0..<10).map { "slow\($0).example" }
        let links = hosts.flatMap { host in (0..<10).map { "  - url: https://\(host)/\($0)\n" } }.joined()
        let slow: HTTPServer.Handler = { _ in Thread.sleep(forTimeInterval: 0.4); return .text(200, "") }
        var limits = LinkCheck.defaultLimits
        limits.totalTime = 15
        let result = try Self.check(Fixtures.site("---\nlinks:\n\(links)---\n"), servers: Dictionary(uniqueKeysWithValues: hosts.map { ($0, slow) }), limits: limits)
        #expect(result.errors == [])
        #expect(result.output.last == "Links: 100 external addresses checked: 100 fine.")
    }

    /// When the total time runs out, what was not asked is a warning, not an error: nothing is known of it.
    @Test func linksNotReachedInTheTotalTimeAreWarnings() throws {
        let slow: HTTPServer.Handler = { _ in Thread.sleep(forTimeInterval: 0.4); return .text(200, "") }
        var limits = LinkCheck.defaultLimits
        limits.totalTime = 0.6
        limits.concurrency = 1
        let site = Fixtures.site("---\nlinks:\n  - url: https://slow.example/1\n  - url: https://slow.example/2\n---\n")
        let result = try Self.check(site, servers: ["slow.example": slow], limits: limits)
        #expect(result.code == .success)
        #expect(result.errors == ["site/content/index.md:4:5: warning: https://slow.example/2 was not checked: the link check's 0.6 s were used up"])
    }

    @Test func theRealBinaryChecksLinksThroughTheLoopbackSeam() throws {
        let server = HTTPServer(allowedHosts: ["gone.example"]) { _ in .text(404, "not here") }
        let port = try server.start(host: "127.0.0.1", port: 0)
        defer { server.stop() }
        let folder = try Fixtures.siteOnDisk("---\ntitle: Eb\nlinks:\n  - url: https://gone.example/page\n---\nHello.\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        var environment = ProcessInfo.processInfo.environment
        environment[CurlProfileFetcher.environmentVariable] = "gone.example=127.0.0.1:\(port)"
        let result = try SitegenBinary.run(["check", "--links"], in: folder, environment: environment)
        #expect(result.code == 1)
        #expect(result.errors.contains("content/index.md:4:5: error: https://gone.example/page is broken: HTTP 404 from https://gone.example/page\n"))
        #expect(result.output.hasSuffix("Links: 1 external address checked: 1 broken.\n"))
    }

    @Test func theOptionIsInTheHelpAndTheCompletions() {
        #expect(CommandLineTool.checkCommand.help.contains("      --links          Also ask every external https link whether it still works (cached for a day)"))
        #expect(CompletionScript.script(for: .bash, commands: CommandLineTool.commands, globalOptions: CommandLineTool.globalOptions).contains("--links"))
    }
}
