import Foundation
import Testing
import WebServer
@testable import SiteGen
@testable import OnlineCheck
@testable import SiteGenCLI
import SiteGenTestSupport

/// `check --online` against fake profile servers on 127.0.0.1, reached through the fetcher's loopback seam with
/// the real host names in `Host` (a server answers 421 to any other name). No test touches the internet.
@Suite struct OnlineCheckTests {
    static let page = """
        ---
        title: Eb
        url: https://eb.example/
        links:
          - mastodon: "@eb@social.example"
        ---
        """

    static let verifiedField = #"<a href="https://eb.example/" target="_blank" rel="nofollow noopener me" translate="no"><span class="invisible">https://</span><span class="">eb.example/</span><span class="invisible"></span></a>"#

    /// Mastodon's account lookup answering with `fields`.
    static func mastodon(fields: [(name: String, value: String, verifiedAt: String?)]) -> HTTPServer.Handler {
        let json = fields.map { field in
            "{\"name\": \(jsonString(field.name)), \"value\": \(jsonString(field.value)), \"verified_at\": \(field.verifiedAt.map(jsonString) ?? "null")}"
        }.joined(separator: ", ")
        return { request in
            guard request.path == "/api/v1/accounts/lookup", request.query == [.init(name: "acct", value: "eb")] else { return .text(404, "not found") }
            return HTTPResponse(status: 200, headers: [("Content-Type", "application/json")],
                                body: .bytes(Data("{\"username\": \"eb\", \"url\": \"https://social.example/@eb\", \"fields\": [\(json)]}".utf8)))
        }
    }

    /// The whole output of `check --online` for a one-page site at https://eb.example/ with no errors: each profile's
    /// verdict (with its hint), then the summary.
    static func report(_ verdicts: String, _ summary: String) -> String {
        "Checked 1 page: no errors.\nsite/content/index.md (https://eb.example/):\n" + verdicts + "\n" + summary
    }

    static func jsonString(_ text: String) -> String {
        String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
    }

    static func html(_ body: String) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", "text/html; charset=utf-8")], body: .bytes(Data(body.utf8)))
    }

    /// Runs `check --online` on a one-page site with a fake server per host; the servers stop before it returns.
    static func check(_ page: String = page, extra: [String: String] = [:], servers: [String: HTTPServer.Handler],
                      down: [String] = [], limits: OnlineCheck.Limits = OnlineCheck.Limits()) throws -> (code: CommandLineTool.ExitCode, output: String, errors: [String]) {
        let (hosts, running) = try startServers(servers, down: down)
        defer { for server in running { server.stop() } }
        let captured = Captured()
        var tool = captured.tool(Fixtures.site(page, extra: extra))
        tool.profileFetcher = CurlProfileFetcher(loopbackHosts: hosts)
        tool.onlineLimits = limits
        let code = tool.run(["check", "--source", "site", "--online"])
        return (code, captured.output.joined(separator: "\n"), captured.errors)
    }

    /// A fake server on 127.0.0.1 for each host, answering only to its name, and a closed port for each host
    /// `down`: the loopback seam's map of host to address, and the servers the caller must stop.
    static func startServers(_ servers: [String: HTTPServer.Handler], down: [String] = []) throws -> (hosts: [String: String], running: [HTTPServer]) {
        var running: [HTTPServer] = []
        var hosts: [String: String] = [:]
        do {
            for (host, handler) in servers {
                let server = HTTPServer(allowedHosts: [host], handler: handler)
                running.append(server)
                hosts[host] = "127.0.0.1:\(try server.start(host: "127.0.0.1", port: 0))"
            }
            for host in down { hosts[host] = "127.0.0.1:\(try closedPort())" }
        } catch {
            for server in running { server.stop() }
            throw error
        }
        return (hosts, running)
    }

    /// A port on 127.0.0.1 where nothing listens (a server was there a moment ago).
    static func closedPort() throws -> Int {
        let server = HTTPServer { _ in .text(200, "") }
        let port = try server.start(host: "127.0.0.1", port: 0)
        server.stop()
        return port
    }

    @Test func aVerifiedMastodonFieldLinksBack() throws {
        let result = try Self.check(servers: ["social.example": Self.mastodon(fields: [
            ("Code", "https://github.com/eb", nil), ("Website", Self.verifiedField, "2026-11-30T10:00:00.000+00:00")])])
        #expect(result.code == .success)
        #expect(result.output == """
            Checked 1 page: no errors.
            site/content/index.md (https://eb.example/):
              Mastodon @eb@social.example: links back: social.example verified the field "Website" (2026-11-30)
            Online: 1 link checked: links back: 1.
            """)
    }

    @Test func aMastodonProfileWithoutThePageGetsTheHint() throws {
        let result = try Self.check(servers: ["social.example": Self.mastodon(fields: [("Code", "https://github.com/eb", nil)])])
        #expect(result.code == .success)
        #expect(result.output == Self.report("""
              Mastodon @eb@social.example: does not link back: none of the profile's 1 field holds https://eb.example/
                hint: add https://eb.example/ to your Mastodon profile's fields, then save the profile again
            """, "Online: 1 link checked: does not link back: 1."))
    }

    @Test func aListedButUnverifiedFieldAsksForASaveAfterLookingAtThePublishedPage() throws {
        let profile = Self.mastodon(fields: [("Site", "https://eb.example", nil)])
        let published = try Self.check(servers: ["social.example": profile, "eb.example": { request in
            request.path == "/" ? Self.html(#"<head><link rel="me" href="https://social.example/@eb"></head>"#) : .text(404, "")
        }])
        #expect(published.output == Self.report("""
              Mastodon @eb@social.example: listed, not verified: the field "Site" holds https://eb.example, but social.example has not verified it; the published page links to https://social.example/@eb with rel="me"
                hint: Mastodon checks a link only when the profile is saved: with this page published, save the profile again
            """, "Online: 1 link checked: listed, not verified: 1."))
        let stale = try Self.check(servers: ["social.example": profile, "eb.example": { _ in Self.html("<p>an older page</p>") }])
        #expect(stale.output == Self.report("""
              Mastodon @eb@social.example: listed, not verified: the field "Site" holds https://eb.example, but social.example has not verified it; the published page https://eb.example/ has no rel="me" link to https://social.example/@eb
                hint: publish this build, then save the profile again (Mastodon reads the published page only then)
            """, "Online: 1 link checked: listed, not verified: 1."))
        let unpublished = try Self.check(servers: ["social.example": profile])
        #expect(unpublished.output == Self.report("""
              Mastodon @eb@social.example: listed, not verified: the field "Site" holds https://eb.example, but social.example has not verified it; the published page could not be read: eb.example is not in SITEGEN_TEST_LOOPBACK_HOSTS, so it is not asked
                hint: Mastodon checks a link only when the profile is saved: with this page published, save the profile again
            """, "Online: 1 link checked: listed, not verified: 1."))
        let moved = try Self.check(servers: ["social.example": profile, "eb.example": { _ in
            HTTPResponse(status: 203, headers: [], body: .bytes(Data(#"<link rel="me" href="https://social.example/@eb">"#.utf8)))
        }])
        #expect(moved.output == Self.report("""
              Mastodon @eb@social.example: listed, not verified: the field "Site" holds https://eb.example, but social.example has not verified it; the published page answered HTTP 203, and Mastodon accepts only 200
                hint: Mastodon checks a link only when the profile is saved: with this page published, save the profile again
            """, "Online: 1 link checked: listed, not verified: 1."))
    }

    @Test(arguments: [
        ("http://eb.example/", "the field \"Site\" holds http://eb.example/: Mastodon verifies only https links",
         "change the field to https://eb.example/, then save the profile again"),
        ("My site: https://eb.example/", "the field \"Site\" mentions the page, but Mastodon verifies a field that holds the address alone",
         "make the field's value exactly https://eb.example/, then save the profile again"),
    ])
    func aFieldMastodonCannotVerifySaysWhy(_ value: String, _ detail: String, _ hint: String) throws {
        let result = try Self.check(servers: ["social.example": Self.mastodon(fields: [("Site", value, nil)])])
        #expect(result.output == Self.report("  Mastodon @eb@social.example: does not link back: \(detail)\n    hint: \(hint)",
                                             "Online: 1 link checked: does not link back: 1."))
    }

    @Test func withoutMastodonsAPIThePageIsReadForRelMe() throws {
        let page = Self.page.replacingOccurrences(of: "mastodon:", with: "fediverse:")
        let result = try Self.check(page, servers: ["social.example": { request in
            request.path == "/@eb" ? Self.html(#"<html><body><a href="https://eb.example/" class="u-url" rel="me nofollow">eb.example</a>"#) : .text(404, "no API")
        }])
        #expect(result.output == Self.report("""
              Fediverse @eb@social.example: links back: social.example has no Mastodon API here (HTTP 404 from https://social.example/api/v1/accounts/lookup?acct=eb), so its profile page was read instead; https://social.example/@eb links to https://eb.example/ with rel="me"
            """, "Online: 1 link checked: links back: 1."))
    }

    @Test func aProfilePageWithRelMeLinksElsewhereDoesNotLinkBack() throws {
        let page = "---\nurl: https://eb.example/\nlinks:\n  - codeberg: eb\n---\n"
        let result = try Self.check(page, servers: ["codeberg.org": { request in
            request.path == "/eb" ? Self.html(#"<a rel="me" href="https://elsewhere.example/">x</a><a href="https://eb.example/">no rel</a>"#) : .text(404, "")
        }])
        #expect(result.output == Self.report("""
              Codeberg eb: does not link back: the rel="me" links of https://codeberg.org/eb go elsewhere: https://elsewhere.example/
                hint: add https://eb.example/ to your Codeberg profile (its website or links), so that the profile links back with rel="me"
            """, "Online: 1 link checked: does not link back: 1."))
    }

    @Test func gitHubsWebsiteOrSocialAccountsLinkBack() throws {
        let page = "---\nurl: https://eb.example/\nlinks:\n  - github: eb\n---\n"
        func api(blog: String, social: String) -> HTTPServer.Handler {
            { request in
                switch request.path {
                case "/users/eb": HTTPResponse(status: 200, headers: [], body: .bytes(Data("{\"login\": \"eb\", \"blog\": \"\(blog)\"}".utf8)))
                case "/users/eb/social_accounts": HTTPResponse(status: 200, headers: [], body: .bytes(Data(social.utf8)))
                default: .text(404, "")
                }
            }
        }
        let byWebsite = try Self.check(page, servers: ["api.github.com": api(blog: "eb.example", social: "[]")])
        #expect(byWebsite.output == Self.report(#"  GitHub eb: links back: the profile lists https://eb.example/ (GitHub links it with rel="me")"#,
                                                "Online: 1 link checked: links back: 1."))
        let bySocial = try Self.check(page, servers: ["api.github.com": api(blog: "", social: #"[{"provider": "generic", "url": "https://eb.example/"}]"#)])
        #expect(bySocial.output == Self.report(#"  GitHub eb: links back: the profile lists https://eb.example/ (GitHub links it with rel="me")"#,
                                               "Online: 1 link checked: links back: 1."))
        let neither = try Self.check(page, servers: ["api.github.com": api(blog: "https://other.example", social: "[]")])
        #expect(neither.output == Self.report("""
              GitHub eb: does not link back: neither the profile's website nor its social accounts is https://eb.example/
                hint: add https://eb.example/ as your GitHub profile's website or one of its social accounts (Settings → Public profile)
            """, "Online: 1 link checked: does not link back: 1."))
    }

    @Test func whenGitHubsAPIRefusesTheProfilePageIsRead() throws {
        let page = "---\nurl: https://eb.example/\nlinks:\n  - github: eb\n---\n"
        let result = try Self.check(page, servers: [
            "api.github.com": { _ in .text(403, "API rate limit exceeded") },
            "github.com": { request in
                request.path == "/eb" ? Self.html(#"<a rel="nofollow me" class="Link--primary" href="https://eb.example/">eb.example</a>"#) : .text(404, "")
            },
        ])
        #expect(result.output == Self.report(#"  GitHub eb: links back: GitHub's API did not answer (HTTP 403 from https://api.github.com/users/eb), so the profile page was read instead; https://github.com/eb links to https://eb.example/ with rel="me""#,
                                             "Online: 1 link checked: links back: 1."))
    }

    @Test func anAccountLookupAnsweredWithoutJSONFallsBackToThePage() throws {
        let result = try Self.check(servers: ["social.example": { request in
            request.path == "/@eb" ? Self.html(#"<link rel="me" href="https://eb.example/">"#) : Self.html("<p>a page, not an API</p>")
        }])
        #expect(result.output == Self.report("  Mastodon @eb@social.example: links back: social.example answered its account lookup with something other than a Mastodon account, so its profile page was read instead; https://social.example/@eb links to https://eb.example/ with rel=\"me\"",
                                             "Online: 1 link checked: links back: 1."))
    }

    @Test func aServerThatIsDownIsReportedAndTheCheckStillSucceeds() throws {
        let result = try Self.check(servers: [:], down: ["social.example"])
        #expect(result.code == .success)
        #expect(result.output.hasSuffix("""
              Mastodon @eb@social.example: could not check: could not connect to social.example
            Online: 1 link checked: could not check: 1.
            """))
    }

    @Test(arguments: [404, 500, 304])
    func aProfileAnsweringAnErrorIsReported(_ status: Int) throws {
        let page = "---\nurl: https://eb.example/\nlinks:\n  - codeberg: eb\n---\n"
        let result = try Self.check(page, servers: ["codeberg.org": { _ in .text(status, "no") }])
        #expect(result.code == .success)
        #expect(result.output == Self.report("  Codeberg eb: could not check: HTTP \(status) from https://codeberg.org/eb", "Online: 1 link checked: could not check: 1."))
    }

    /// Answers from a table instead of the network, and records each request: how redirects are followed hop by hop
    /// to public https addresses, which fake servers on this machine cannot show (a redirect to one is refused, as
    /// `LinkCheckTests` shows through the real fetcher).
    final class ScriptedFetcher: ProfileFetcher, @unchecked Sendable {
        let answers: [String: ProfileResponse]
        private let lock = NSLock()
        private var seen: [ProfileRequest] = []

        init(_ answers: [String: ProfileResponse]) { self.answers = answers }

        func fetch(_ request: ProfileRequest) -> ProfileResponse {
            lock.withLock { seen.append(request) }
            return answers[request.url] ?? .failure("could not connect to \(URLComponents(string: request.url)?.host ?? "?")")
        }

        var requests: [ProfileRequest] { lock.withLock { seen } }
    }

    /// `check --online` of `page` with `fetcher` standing in for the network.
    static func check(_ page: String, fetcher: ScriptedFetcher) -> String {
        let captured = Captured()
        var tool = captured.tool(Fixtures.site(page))
        tool.profileFetcher = fetcher
        _ = tool.run(["check", "--source", "site", "--online"])
        return captured.output.joined(separator: "\n")
    }

    static let codebergPage = "---\nurl: https://eb.example/\nlinks:\n  - codeberg: eb\n---\n"

    @Test func aRedirectLoopIsReported() throws {
        let fetcher = ScriptedFetcher(["https://codeberg.org/eb": .redirect("/eb2"), "https://codeberg.org/eb2": .redirect("https://codeberg.org/eb")])
        #expect(Self.check(Self.codebergPage, fetcher: fetcher) == Self.report(
            "  Codeberg eb: could not check: redirect loop: https://codeberg.org/eb → https://codeberg.org/eb2 → https://codeberg.org/eb",
            "Online: 1 link checked: could not check: 1."))
    }

    /// Hop by hop, sitegen's own: the first request goes where the page points, every redirect only to a public address.
    @Test func redirectsAreFollowedUpToThree() throws {
        func hops(_ count: Int) -> ScriptedFetcher {
            var answers: [String: ProfileResponse] = [:]
            for step in 0..<count { answers["https://codeberg.org/eb" + (step == 0 ? "" : "\(step)")] = .redirect("/eb\(step + 1)") }
            answers["https://codeberg.org/eb\(count)"] = .page(#"<link rel="me" href="https://eb.example/">"#)
            return ScriptedFetcher(answers)
        }
        let three = hops(3)
        #expect(Self.check(Self.codebergPage, fetcher: three) == Self.report(
            "  Codeberg eb: links back: https://codeberg.org/eb3 links to https://eb.example/ with rel=\"me\"", "Online: 1 link checked: links back: 1."))
        #expect(three.requests.map(\.reach) == [.anywhere, .publicOnly, .publicOnly, .publicOnly])
        #expect(Self.check(Self.codebergPage, fetcher: hops(4)) == Self.report(
            "  Codeberg eb: could not check: more than 3 redirects: https://codeberg.org/eb → https://codeberg.org/eb1 → https://codeberg.org/eb2 → https://codeberg.org/eb3 → https://codeberg.org/eb4",
            "Online: 1 link checked: could not check: 1."))
        let elsewhere = try Self.check(Self.codebergPage, servers: ["codeberg.org": { _ in .redirect(to: "javascript:alert(1)") }])
        #expect(elsewhere.output == Self.report("  Codeberg eb: could not check: HTTP 302 from https://codeberg.org/eb without a usable Location",
                                                "Online: 1 link checked: could not check: 1."))
        let downgraded = ScriptedFetcher(["https://codeberg.org/eb": .redirect("http://codeberg.org/eb")])
        #expect(Self.check(Self.codebergPage, fetcher: downgraded) == Self.report(
            "  Codeberg eb: could not check: https://codeberg.org/eb redirects to http://codeberg.org/eb, which is not https: sitegen follows only https redirects",
            "Online: 1 link checked: could not check: 1."))
        #expect(downgraded.requests.count == 1)
    }

    static let twoProfiles = "---\nurl: https://eb.example/\nlinks:\n  - codeberg: eb\n  - gitlab: eb\n---\n"

    /// A profile that links back, after 1.5 s.
    static let slowProfile: HTTPServer.Handler = { _ in
        Thread.sleep(forTimeInterval: 1.5)
        return Self.html(#"<link rel="me" href="https://eb.example/">"#)
    }

    /// Both profiles of `twoProfiles` cut short by the total time.
    static let usedUp = report("""
          Codeberg eb: could not check: the online check's 0.5 s were used up
          GitLab eb: could not check: the online check's 0.5 s were used up
        """, "Online: 2 links checked: could not check: 2.")

    @Test func aSlowServerTimesOutAndTheWholeCheckIsBounded() throws {
        let page = Self.twoProfiles, slow = Self.slowProfile
        var limits = OnlineCheck.Limits()
        limits.requestTimeout = 0.3
        let timedOut = try Self.check(page, servers: ["codeberg.org": slow, "gitlab.com": slow], limits: limits)
        #expect(timedOut.code == .success)
        #expect(timedOut.output == Self.report("""
              Codeberg eb: could not check: no answer from codeberg.org within 0.3 s
              GitLab eb: could not check: no answer from gitlab.com within 0.3 s
            """, "Online: 2 links checked: could not check: 2."))
        limits.requestTimeout = 10
        limits.totalTime = 0.5
        let bounded = try Self.check(page, servers: ["codeberg.org": slow, "gitlab.com": slow], limits: limits)
        // Both asked at once, and both cut short when the total time ran out.
        #expect(bounded.output == Self.usedUp)
        // One at a time, the second is never asked.
        limits.concurrency = 1
        let oneByOne = try Self.check(page, servers: ["codeberg.org": slow, "gitlab.com": slow], limits: limits)
        #expect(oneByOne.output == Self.usedUp)
    }

    /// Two profiles that each take 1.5 s to answer both answer within a total of 2.5 s: they are asked at once.
    @Test func profilesAreAskedConcurrentlyWithinTheTotalTime() throws {
        var limits = OnlineCheck.Limits()
        limits.totalTime = 2.5
        let result = try Self.check(Self.twoProfiles, servers: ["codeberg.org": Self.slowProfile, "gitlab.com": Self.slowProfile], limits: limits)
        #expect(result.output.hasSuffix("Online: 2 links checked: links back: 2."), "\(result.output)")
    }

    @Test func onlyTheFirstMegabyteOfAHugePageIsRead() throws {
        let page = "---\nurl: https://eb.example/\nlinks:\n  - codeberg: eb\n---\n"
        let padding = String(repeating: "<p>padding</p>\n", count: 200_000)  // 3 MB
        let result = try Self.check(page, servers: ["codeberg.org": { _ in
            Self.html("<html><body>" + padding + #"<a rel="me" href="https://eb.example/">late</a>"#)
        }])
        #expect(result.code == .success)
        #expect(result.output == Self.report("""
              Codeberg eb: does not link back: https://codeberg.org/eb has no rel="me" link (a profile made by scripts or behind a login shows none to sitegen); read only the first 1024 KB of https://codeberg.org/eb
                hint: add https://eb.example/ to your Codeberg profile (its website or links), so that the profile links back with rel="me"
            """, "Online: 1 link checked: does not link back: 1."))
        let early = try Self.check(page, servers: ["codeberg.org": { _ in
            Self.html(#"<html><body><a rel="me" href="https://eb.example/">early</a>"# + padding)
        }])
        #expect(early.output == Self.report("  Codeberg eb: links back: https://codeberg.org/eb links to https://eb.example/ with rel=\"me\"; read only the first 1024 KB of https://codeberg.org/eb",
                                            "Online: 1 link checked: links back: 1."))
    }

    @Test func aPageWithoutRelMeToTheProfileIsReportedWhateverTheProfileSays() throws {
        // A template that drops the buttons' attributes and the head's rel="me" links.
        let result = try Self.check(extra: ["templates/page.html": "<title>{{title}}</title>{{#links}}<a>{{label}}</a>{{/links}}"],
                                    servers: ["social.example": Self.mastodon(fields: [("Website", Self.verifiedField, "2026-11-30T10:00:00Z")])])
        #expect(result.output == Self.report("""
              Mastodon @eb@social.example: does not link back: social.example verified the field "Website" (2026-11-30); the built page has no rel="me" link to https://social.example/@eb
                hint: keep {{{identity_links_html}}} in the layout's <head> (or {{{attributes_html}}} on the buttons)
            """, "Online: 1 link checked: does not link back: 1."))
    }

    @Test func aPageWithAnHTTPURLCannotBeVerifiedByMastodon() throws {
        // http is allowed only for a local address, to test.
        let page = Self.page.replacingOccurrences(of: "https://eb.example/", with: "http://localhost:8000/")
        let result = try Self.check(page, servers: ["social.example": Self.mastodon(fields: [("Site", "http://localhost:8000/", nil)])])
        #expect(result.output == """
            Checked 1 page: no errors, 1 warning.
            site/content/index.md (http://localhost:8000/):
              Mastodon @eb@social.example: does not link back: the page's url is not https, and Mastodon verifies only https pages
                hint: publish the page over https and set url: https://… in its front matter
            Online: 1 link checked: does not link back: 1.
            """)
    }

    @Test func aPageWithoutURLCannotBeVerified() throws {
        let page = "---\ntitle: Eb\nlinks:\n  - mastodon: \"@eb@social.example\"\n---\n"
        let result = try Self.check(page, servers: [:])
        #expect(result.code == .success)
        #expect(result.output.hasSuffix("""
            site/content/index.md: no url, so nothing can be verified: set url: https://… in its front matter
            Online: 0 links checked.
            """))
    }

    @Test func aSiteWithErrorsIsNotCheckedOnline() throws {
        let result = try Self.check("---\nurl: https://eb.example/\ntheme: purple\nlinks:\n  - mastodon: \"@eb@social.example\"\n---\n", servers: [:])
        #expect(result.code == .failure)
        #expect(result.output == "")
        #expect(result.errors.suffix(2) == ["Found 1 error.", "The online check did not run: fix the errors first."])
    }

    @Test func blueskyHasNothingToCheckAndPagesWithoutIdentitiesAreLeftOut() throws {
        let bluesky = try Self.check("---\nurl: https://eb.example/\nlinks:\n  - bluesky: eb.example\n---\n", servers: [:])
        #expect(bluesky.output == Self.report("  Bluesky @eb.example: not checkable: Bluesky profiles carry no rel=\"me\" links; a Bluesky handle on your own domain proves it instead",
                                              "Online: 1 link checked: not checkable: 1."))
        let none = try Self.check("---\nurl: https://eb.example/\nlinks:\n  - email: eb@eb.example\n---\n", servers: [:])
        #expect(none.output.hasSuffix("Online: no page has identity links (rel=\"me\"), so there is nothing to verify."))
    }

    @Test func theRealBinaryReachesFakeServersThroughTheLoopbackSeam() throws {
        let server = HTTPServer(allowedHosts: ["social.example"], handler: Self.mastodon(fields: [("Website", Self.verifiedField, "2026-11-30T10:00:00Z")]))
        let port = try server.start(host: "127.0.0.1", port: 0)
        defer { server.stop() }
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (path, text) in Fixtures.templates.merging(["content/index.md": Self.page], uniquingKeysWith: { $1 }) {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        var environment = ProcessInfo.processInfo.environment
        environment[CurlProfileFetcher.environmentVariable] = "social.example=127.0.0.1:\(port)"
        let result = try SitegenBinary.run(["check", "--online"], in: folder, environment: environment)
        #expect(result.code == 0)
        #expect(result.output == Self.report("  Mastodon @eb@social.example: links back: social.example verified the field \"Website\" (2026-11-30)",
                                             "Online: 1 link checked: links back: 1.").replacingOccurrences(of: "site/content/", with: "content/") + "\n")
        environment[CurlProfileFetcher.environmentVariable] = "social.example=203.0.113.9:80"
        let refused = try SitegenBinary.run(["check", "--online"], in: folder, environment: environment)
        #expect(refused.errors == "error: SITEGEN_TEST_LOOPBACK_HOSTS: 'social.example=203.0.113.9:80' is not HOST=127.0.0.1:PORT (a test seam: only loopback addresses)\n")
    }

    @Test func theOptionIsInTheHelpAndTheCompletions() {
        #expect(DocumentText.lines(CommandLineTool.checkCommand.help).filter { $0.hasPrefix("      --online ") }
                == ["      --online         Also ask each identity link's profile whether it links back (rel=\"me\")"])
        for shell in CompletionScript.Shell.allCases {
            let script = CompletionScript.script(for: shell, commands: CommandLineTool.commands, globalOptions: CommandLineTool.globalOptions)
            #expect(script.contains(shell == .fish ? "-n '__fish_seen_subcommand_from check' -l online" : "--online"))
        }
    }

    @Test(arguments: [
        ("https://eb.example", "https://EB.example/", true), ("https://eb.example:443/a", "https://eb.example/a", true),
        ("https://eb.example/a", "https://eb.example/A", false), ("http://eb.example/", "https://eb.example/", false),
        ("https://eb.example/?x=1", "https://eb.example/", false), ("eb.example", "https://eb.example/", false),
    ])
    func addressesCompareAsMastodonFetchesThem(_ a: String, _ b: String, _ same: Bool) {
        #expect(OnlineCheck.sameAddress(a, b) == same)
    }
}

extension ProfileResponse {
    /// A scripted answer: a 302 to `location`.
    static func redirect(_ location: String) -> ProfileResponse { .answer(status: 302, location: location, body: Data(), truncated: false) }
    /// A scripted answer: a 200 with `html`.
    static func page(_ html: String) -> ProfileResponse { .answer(status: 200, location: nil, body: Data(html.utf8), truncated: false) }
}
