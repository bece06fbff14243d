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
            // A fake server is on this machine: its redirect, even to itself, leads to a loopback address and is not followed.
            "site/content/index.md:7:5: warning: https://moved.example/old was not checked to its end: https://moved.example/old redirects to https://moved.example/new, but moved.example resolves to 127.0.0.1, a loopback address: sitegen follows redirects only to public addresses",
            "site/content/index.md:8:5: error: https://slow.example/ cannot be reached: no answer from slow.example within 0.5 s",
            "site/content/index.md:9:5: error: https://down.example/ cannot be reached: could not connect to down.example",
            "site/content/index.md:11:50: error: https://gone.example/page is broken: HTTP 404 from https://gone.example/page",
        ])
        #expect(result.output.last == "Links: 7 external addresses checked: 3 fine, 1 redirected where sitegen does not follow, 1 broken, 2 unreachable.")
        let requests = counter.requests
        // HEAD first; GET only where HEAD is refused (/post); each address once, however often it is written (two hosts ask for /).
        #expect(requests.sorted() == ["GET /post", "HEAD /", "HEAD /", "HEAD /old", "HEAD /page", "HEAD /pic.png", "HEAD /post"])
    }

    /// What was fine is remembered in the site's folder for a day; the broken ones are asked again.
    @Test func aSecondRunWithinADayAsksOnlyWhatWasNotFine() throws {
        let counter = Counter()
        let site = Fixtures.site(Self.page)
        _ = try Self.check(site, servers: Self.servers(counter: counter), down: ["down.example"], limits: Self.shortLimits)
        let cache = try String(decoding: site.readFile("site/.sitegen-link-cache"), as: UTF8.self)
        let lines = cache.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).dropFirst().joined(separator: " ") }
        #expect(lines.dropFirst() == ["https://nohead.example/post ", "https://ok.example/ ", "https://ok.example/pic.png "])
        let again = Counter()
        let second = try Self.check(site, servers: Self.servers(counter: again), down: ["down.example"], limits: Self.shortLimits)
        #expect(second.output.last == "Links: 7 external addresses checked (3 fine within the last day, from the cache): 3 fine, 1 redirected where sitegen does not follow, 1 broken, 2 unreachable.")
        #expect(Set(again.requests) == ["HEAD /page", "HEAD /", "HEAD /old"])
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
        #expect(result.errors == "content/index.md:4:5: error: https://gone.example/page is broken: HTTP 404 from https://gone.example/page\n")
        #expect(result.output.hasSuffix("Links: 1 external address checked: 1 broken.\n"))
    }

    /// A redirect to another public https address is a warning naming it, and is remembered for a day; each hop
    /// after the first is asked for a public address only (servers on this machine cannot show this: see below).
    @Test func aRedirectToAPublicHTTPSAddressIsAWarningNamingIt() throws {
        let fetcher = OnlineCheckTests.ScriptedFetcher(["https://moved.example/old": .redirect("https://moved.example/new"),
                                                        "https://moved.example/new": .page("here now")])
        let site = Fixtures.site("---\nlinks:\n  - url: https://moved.example/old\n---\n")
        let captured = Captured()
        var tool = captured.tool(site)
        tool.profileFetcher = fetcher
        #expect(tool.run(["check", "--source", "site", "--links"]) == .success)
        #expect(captured.errors == ["site/content/index.md:3:5: warning: https://moved.example/old redirects to https://moved.example/new: link to that address instead"])
        #expect(fetcher.requests.map(\.reach) == [.anywhere, .publicOnly])
        #expect(try String(decoding: site.readFile("site/.sitegen-link-cache"), as: UTF8.self).hasSuffix("\thttps://moved.example/old\thttps://moved.example/new\n"))
    }

    /// check --links never follows a redirect to http, or to an address that is not public, whether written as one
    /// or a name that resolves to one (the seam's names resolve to 127.0.0.1): through the real binary and libcurl,
    /// the server behind each such redirect is never asked. The first request goes where the page points (here a
    /// fake server on 127.0.0.1): that is the author's own choice, a redirect is a server's.
    @Test func theRealBinaryFollowsRedirectsOnlyToPublicHTTPSAddresses() throws {
        let counter = Counter()
        let inside = HTTPServer(allowedHosts: nil) { counter.add($0); return .text(200, "an intranet page") }
        let insidePort = try inside.start(host: "127.0.0.1", port: 0)
        defer { inside.stop() }
        let targets = [
            "http": "http://start.example/x", "seam": "https://inside.example/", "literal": "https://127.0.0.1:\(insidePort)/",
            "localhost": "https://localhost:\(insidePort)/", "mapped": "https://[::ffff:127.0.0.1]:\(insidePort)/",
            "private": "https://10.1.2.3/", "cgnat": "https://100.64.0.1/", "zero": "https://0.0.0.0:\(insidePort)/",
            "unspecified": "https://[::]:\(insidePort)/", "unique": "https://[fd00::1]/", "linklocal": "https://[fe80::1]/",
            "metadata": "https://169.254.169.254/latest/",
        ]
        let start = HTTPServer(allowedHosts: ["start.example"]) { request in
            targets[String(request.path.dropFirst())].map { .redirect(to: $0) } ?? .text(404, "")
        }
        let startPort = try start.start(host: "127.0.0.1", port: 0)
        defer { start.stop() }
        let links = targets.keys.sorted().map { "  - url: https://start.example/\($0)\n" }.joined()
        let folder = try Fixtures.siteOnDisk("---\ntitle: Eb\nlinks:\n\(links)---\nHello.\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        var environment = ProcessInfo.processInfo.environment
        environment[CurlProfileFetcher.environmentVariable] = "start.example=127.0.0.1:\(startPort),inside.example=127.0.0.1:\(insidePort)"
        let result = try SitegenBinary.run(["check", "--links"], in: folder, environment: environment)
        #expect(result.code == 0, "\(result.errors)")
        let expected: [String: String] = [
            "http": "https://start.example/http redirects to http://start.example/x, which is not https: sitegen follows only https redirects",
            "seam": "https://start.example/seam redirects to https://inside.example/, but inside.example resolves to 127.0.0.1, a loopback address",
            "literal": "https://start.example/literal redirects to https://127.0.0.1:\(insidePort)/, but 127.0.0.1 is a loopback address",
            "localhost": "https://start.example/localhost redirects to https://localhost:\(insidePort)/, but localhost is a loopback address",
            "mapped": "https://start.example/mapped redirects to https://[::ffff:127.0.0.1]:\(insidePort)/, but [::ffff:127.0.0.1] is a loopback address, written as IPv6",
            "private": "https://start.example/private redirects to https://10.1.2.3/, but 10.1.2.3 is a private address (10.0.0.0/8)",
            "cgnat": "https://start.example/cgnat redirects to https://100.64.0.1/, but 100.64.0.1 is a shared address of a carrier's network (100.64.0.0/10)",
            "zero": "https://start.example/zero redirects to https://0.0.0.0:\(insidePort)/, but 0.0.0.0 is an unspecified address (0.0.0.0/8: this host)",
            "unspecified": "https://start.example/unspecified redirects to https://[::]:\(insidePort)/, but [::] is an unspecified address (::)",
            "unique": "https://start.example/unique redirects to https://[fd00::1]/, but [fd00::1] is a unique local address (fc00::/7)",
            "linklocal": "https://start.example/linklocal redirects to https://[fe80::1]/, but [fe80::1] is a link-local address (fe80::/10)",
            "metadata": "https://start.example/metadata redirects to https://169.254.169.254/latest/, but 169.254.169.254 is a link-local address (169.254.0.0/16)",
        ]
        // One warning per link, in the page's order (its links are the sorted names, from line 4), and nothing else.
        let headlines = DocumentText.lines(result.errors).filter { $0.hasPrefix("content/") }
        #expect(headlines == targets.keys.sorted().enumerated().map { index, name in
            "content/index.md:\(4 + index):5: warning: https://start.example/\(name) was not checked to its end: \(expected[name] ?? "")"
                + (name == "http" ? "" : ": sitegen follows redirects only to public addresses")
        })
        #expect(result.output.hasSuffix("Links: 12 external addresses checked: 12 redirected where sitegen does not follow.\n"))
        #expect(counter.requests.isEmpty)
    }

    @Test func theOptionIsInTheHelpAndTheCompletions() throws {
        #expect(DocumentText.lines(CommandLineTool.checkCommand.help).filter { $0.hasPrefix("      --links ") }
                == ["      --links          Also ask every external https link whether it still works (cached for a day)"])
        let bash = DocumentText.lines(CompletionScript.script(for: .bash, commands: CommandLineTool.commands, globalOptions: CommandLineTool.globalOptions))
        let checkCase = try #require(bash.firstIndex(of: "        check)"))
        #expect(Array(bash[checkCase...].prefix { $0.trimmingCharacters(in: .whitespaces) != ";;" }) == [
            "        check)", "            case \"$prev\" in", "                -s|--source) COMPREPLY=($(compgen -d -- \"$cur\")); return ;;",
            "                --now) COMPREPLY=(); return ;;", "            esac", "            if [[ $cur == -* ]]; then",
            "                COMPREPLY=($(compgen -W \"-s --source --online --links --now --strict -h --help\" -- \"$cur\"))", "            else",
            "                COMPREPLY=()", "            fi",
        ])
    }
}

/// The one rule for where a redirect may lead: public addresses only, IPv4 and IPv6, an IPv4 address inside an IPv6
/// one judged as itself.
@Suite struct PublicAddressTests {
    @Test(arguments: ["8.8.8.8", "1.1.1.1", "100.63.255.255", "100.128.0.0", "172.15.255.255", "172.32.0.0", "192.167.1.1", "223.255.255.255",
                      "2606:4700:4700::1111", "2a00:1450:4001::200e", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"])
    func publicAddressesMayBeReached(_ address: String) throws {
        #expect(PublicAddress.refusal(try #require(PublicAddress.parse(address))) == nil)
        #expect(PublicAddress.refusal(ofHost: address) == nil)
    }

    @Test(arguments: [
        ("0.0.0.0", "an unspecified address (0.0.0.0/8: this host)"), ("0.1.2.3", "an unspecified address (0.0.0.0/8: this host)"),
        ("10.0.0.5", "a private address (10.0.0.0/8)"), ("100.64.0.1", "a shared address of a carrier's network (100.64.0.0/10)"),
        ("100.127.255.255", "a shared address of a carrier's network (100.64.0.0/10)"), ("127.0.0.1", "a loopback address"),
        ("127.255.0.9", "a loopback address"), ("169.254.169.254", "a link-local address (169.254.0.0/16)"),
        ("172.16.0.1", "a private address (172.16.0.0/12)"), ("172.31.255.255", "a private address (172.16.0.0/12)"),
        ("192.168.1.1", "a private address (192.168.0.0/16)"), ("192.0.2.1", "a documentation address (192.0.2.0/24)"),
        ("198.18.0.1", "a benchmarking address (198.18.0.0/15)"), ("224.0.0.1", "a multicast address"),
        ("255.255.255.255", "a reserved address (240.0.0.0/4)"),
        ("::", "an unspecified address (::)"), ("::1", "a loopback address (::1)"),
        ("::ffff:127.0.0.1", "a loopback address, written as IPv6"), ("::ffff:10.0.0.1", "a private address (10.0.0.0/8), written as IPv6"),
        ("::ffff:0.0.0.0", "an unspecified address (0.0.0.0/8: this host), written as IPv6"),
        ("::127.0.0.1", "an IPv4-compatible address (::/96, no longer used)"),
        ("64:ff9b::7f00:1", "a loopback address, behind NAT64"), ("2002:a00:1::1", "a private address (10.0.0.0/8), inside a 6to4 address"),
        ("fc00::1", "a unique local address (fc00::/7)"), ("fd12:3456::1", "a unique local address (fc00::/7)"),
        ("fe80::1", "a link-local address (fe80::/10)"), ("febf::1", "a link-local address (fe80::/10)"), ("fec0::1", "a site-local address (fec0::/10)"),
        ("ff02::1", "a multicast address"), ("2001:db8::1", "a documentation address (2001:db8::/32)"),
        ("2001::1", "a protocol assignment address (2001::/23)"), ("100::1", "a reserved address (outside 2000::/3)"),
    ])
    func otherAddressesAreRefused(_ address: String, _ reason: String) throws {
        #expect(PublicAddress.refusal(try #require(PublicAddress.parse(address))) == reason)
        #expect(PublicAddress.refusal(ofHost: address.contains(":") ? "[\(address)]" : address) == reason)
    }

    /// `localhost` and every name under it are this machine by definition (RFC 6761); other names are judged by
    /// the address they resolve to, when the connection is made.
    @Test func namesAreJudgedByTheirAddressesButLocalhostAtOnce() {
        for name in ["localhost", "LOCALHOST", "localhost.", "api.localhost"] { #expect(PublicAddress.refusal(ofHost: name) == "a loopback address") }
        for name in ["example.org", "localhost.example", "10.0.0.1.nip.io"] { #expect(PublicAddress.refusal(ofHost: name) == nil) }
    }
}
