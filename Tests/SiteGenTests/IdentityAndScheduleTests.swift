import Foundation
@testable import OutputFolder
import Testing
import WebServer
@testable import SiteGen
@testable import SiteSource
@testable import Preview
import SiteGenTestSupport

/// Issue 15, items 1 and 3, through the real binary: `identity:` writes the `.well-known` files and their
/// `_headers` rules, which later builds own; `from:`/`until:` leave links out by `--now`.
@Suite struct IdentityAndScheduleTests {
    static func read(_ folder: URL, _ path: String) -> String? {
        (try? Data(contentsOf: folder.appendingPathComponent(path))).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The account a WebFinger document names as its `subject`.
    static func subject(ofWebFinger text: String?) -> String? {
        guard let text, let document = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return nil }
        return document["subject"] as? String
    }

    static let identityPage = """
        ---
        title: Eb
        identity:
          webfinger: "@eb@social.coop"
          atproto_did: did:plc:ewvi7nxzyoun6zhxrhs64oiz
        links:
          - github: octocat
        ---

        """

    @Test func identityWritesWebFingerAndAtprotoFilesWithTheirHeaders() throws {
        let folder = try Fixtures.siteOnDisk(Self.identityPage)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try SitegenBinary.run(["build"], in: folder)
        #expect(result.code == 0, "\(result.errors)")
        let jrd = try #require(Self.read(folder, "Output/.well-known/webfinger"))
        #expect(jrd == """
            {
              "subject": "acct:eb@social.coop",
              "aliases": ["https://social.coop/@eb", "https://social.coop/users/eb"],
              "links": [
                {"rel": "http://webfinger.net/rel/profile-page", "type": "text/html", "href": "https://social.coop/@eb"},
                {"rel": "self", "type": "application/activity+json", "href": "https://social.coop/users/eb"},
                {"rel": "http://ostatus.org/schema/1.0/subscribe", "template": "https://social.coop/authorize_interaction?uri={uri}"}
              ]
            }

            """)
        // Valid JSON, whatever a reader makes of the layout.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(jrd.utf8)) as? [String: Any])
        #expect(object["subject"] as? String == "acct:eb@social.coop")
        #expect(Self.read(folder, "Output/.well-known/atproto-did") == "did:plc:ewvi7nxzyoun6zhxrhs64oiz\n")
        let headers = try #require(Self.read(folder, "Output/_headers"))
        #expect(headers.hasSuffix("""

            /.well-known/atproto-did
              Content-Type: text/plain; charset=utf-8

            /.well-known/webfinger
              Content-Type: application/jrd+json
              Access-Control-Allow-Origin: *

            """))
        let manifest = try OutputManifest.parse(try #require(Self.read(folder, "Output/.sitegen-manifest")))
        #expect(manifest.files[".well-known/atproto-did"] != nil && manifest.files[".well-known/webfinger"] != nil)
    }

    @Test func anotherServerTakesTheActorAndOptionalProfileAndSubscribe() throws {
        let folder = try Fixtures.siteOnDisk("""
            ---
            title: Eb
            identity:
              webfinger: "@eb@example.social"
              actor: https://example.social/users/9f3k2
            ---

            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SitegenBinary.run(["build"], in: folder).code == 0)
        let jrd = try #require(Self.read(folder, "Output/.well-known/webfinger"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(jrd.utf8)) as? [String: Any])
        #expect(object["aliases"] as? [String] == ["https://example.social/users/9f3k2"])
        let links = try #require(object["links"] as? [[String: String]])
        // No guessed profile page or Mastodon subscribe template for a server sitegen does not know.
        #expect(links == [["rel": "self", "type": "application/activity+json", "href": "https://example.social/users/9f3k2"]])
        #expect(Self.read(folder, "Output/.well-known/atproto-did") == nil)
    }

    /// The three URLs are read as every https address is (LinkChain's `WebAddress`), and published normalised; the
    /// template's `{uri}` stays a placeholder.
    @Test func identityURLsArePublishedNormalised() throws {
        let identity = [
            #"webfinger: "@eb@Example.Social""#, "actor: https://Example.Social:443/users/eb",
            "profile: https://example.social/@eb/ö", "subscribe: https://EXAMPLE.social/follow?account={uri}",
        ]
        let fileSystem = Fixtures.site("---\ntitle: Eb\nidentity:\n" + identity.map { "  " + $0 + "\n" }.joined() + "---\n")
        _ = try Fixtures.builder(fileSystem).build()
        let jrd = try fileSystem.readFile("site/Output/.well-known/webfinger")
        let object = try #require(try JSONSerialization.jsonObject(with: jrd) as? [String: Any])
        let links = try #require(object["links"] as? [[String: String]])
        #expect(links.compactMap { $0["href"] ?? $0["template"] } == [
            "https://example.social/@eb/%C3%B6", "https://example.social/users/eb", "https://example.social/follow?account={uri}",
        ])
        #expect(Fixtures.failure("---\nidentity:\n  webfinger: \"@eb@x.example\"\n  actor: https://x.example/u/eb#me\n---\n") == [
            "site/content/index.md:4:10: error: 'actor' must not hold a '#' fragment: expected a URL like https://example.social/users/you",
        ])
    }

    /// The owner's own `.well-known` files stay through every build; sitegen's are replaced, then removed.
    @Test func wellKnownFilesAreOwnedAcrossBuildsBesideTheOwnersOwn() throws {
        let folder = try Fixtures.siteOnDisk(Self.identityPage, extra: ["Output/.well-known/security.txt": "Contact: mailto:eb@example.org\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        var result = try SitegenBinary.run(["build"], in: folder)
        #expect(result.code == 0, "\(result.errors)")
        #expect(Self.read(folder, "Output/.well-known/security.txt") == "Contact: mailto:eb@example.org\n")
        #expect(Self.read(folder, "Output/.sitegen-manifest")?.contains("security.txt") == false)

        try Fixtures.write(Self.identityPage.replacingOccurrences(of: "@eb@social.coop", with: "@eb@mastodon.social"),
                       to: folder.appendingPathComponent("content/index.md"))
        result = try SitegenBinary.run(["build"], in: folder)
        #expect(result.code == 0, "\(result.errors)")
        #expect(Self.subject(ofWebFinger: Self.read(folder, "Output/.well-known/webfinger")) == "acct:eb@mastodon.social")
        #expect(Self.read(folder, "Output/.well-known/security.txt") == "Contact: mailto:eb@example.org\n")

        try Fixtures.write("---\ntitle: Eb\n---\n", to: folder.appendingPathComponent("content/index.md"))
        result = try SitegenBinary.run(["build"], in: folder)
        #expect(result.code == 0, "\(result.errors)")
        #expect(Self.read(folder, "Output/.well-known/webfinger") == nil)
        #expect(Self.read(folder, "Output/.well-known/atproto-did") == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("Output/.well-known").path) == ["security.txt"])
        #expect(Self.read(folder, "Output/_headers")?.contains("well-known") == false)
    }

    @Test func aWebFingerFileSitegenDidNotWriteStopsTheBuild() throws {
        let folder = try Fixtures.siteOnDisk(Self.identityPage, extra: ["Output/.well-known/webfinger": "mine"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try SitegenBinary.run(["build"], in: folder)
        #expect(result.code == 1)
        #expect(result.errors == """
            Output/.well-known/webfinger: error: sitegen did not write this, and the new site has a file there: move it away, or pass --force to replace what sitegen did not write
            Build failed with 1 error; Output/ was left as it was.

            """)
        #expect(Self.read(folder, "Output/.well-known/webfinger") == "mine")
    }

    @Test func identityBelongsToTheRootPage() {
        let identity = "identity:\n  webfinger: \"@eb@social.coop\"\n"
        #expect(Fixtures.failure("---\ntitle: Home\n---\n", extra: ["content/about.md": "---\n" + identity + "---\n"]) == [
            "site/content/about.md:2:1: error: only content/index.md (or the site's settings) may set identity: the site has one, at its root; move it there",
        ])
        #expect(Fixtures.failure("---\n" + identity + "---\n", extra: ["content/about.md": "---\nidentity:\n  webfinger: \"@other@social.coop\"\n---\n"]) == [
            "site/content/about.md:2:1: error: identity differs from the one content/index.md sets: the site has one identity; set it once, in content/index.md",
        ])
        // The same settings on every page, as a site-wide setting reaches them, are one identity.
        #expect(Fixtures.failure("---\n" + identity + "---\n", extra: ["content/about.md": "---\n" + identity + "---\n"]) == [])
        // One that a page takes from site.yml is reported where site.yml writes it.
        #expect(Fixtures.failure("---\nidentity:\n  webfinger: \"@other@social.coop\"\n---\n", extra: [
            "content/about.md": "---\ntitle: About\n---\n", "site.yml": "title: Site\n" + identity,
        ]) == [
            "site/site.yml:2:1: error: identity differs from the one content/index.md sets: the site has one identity; set it once, in content/index.md",
        ])
    }

    @Test func identityValuesAreCheckedWhereTheyAreWritten() {
        #expect(Fixtures.failure("""
            ---
            identity:
              webfinger: eb
              atproto_did: did:plc:ABC
              actr: https://x.example/
            ---

            """) == [
            "site/content/index.md:3:14: error: webfinger: \"eb\" is not a fediverse handle: expected @user@host, like @eb@social.coop. The server name is missing.",
            "site/content/index.md:4:16: error: 'did:plc:ABC' is not a did:plc: after did:plc: come only a-z and 2-7 (lowercase base32), found 'A'",
            "site/content/index.md:5:3: error: unknown key 'actr' in 'identity' (did you mean 'actor'?): expected webfinger, actor, profile, subscribe, atproto_did",
        ])
        #expect(Fixtures.failure("---\nidentity:\n  atproto_did: did:key:z6Mk\n---\n") == [
            "site/content/index.md:3:16: error: 'did:key:z6Mk' is not a DID atproto accepts (method 'key'): expected did:plc: and 24 characters of a-z and 2-7 (did:plc:ewvi7nxzyoun6zhxrhs64oiz), or did:web: and a host name (did:web:example.org)",
        ])
        #expect(Fixtures.failure("---\nidentity:\n  atproto_did: did:web:example.org:8080\n---\n") == [
            "site/content/index.md:3:16: error: 'did:web:example.org:8080' is not a did:web for atproto: expected did:web: and a lowercase host name such as did:web:example.org (no port, no path)",
        ])
        #expect(Fixtures.failure("---\nidentity:\n  atproto_did: did:web:eb.example.org\n---\n") == [])
        #expect(Fixtures.failure("---\nidentity:\n  atproto_did: did:plc:abc\n---\n") == [
            "site/content/index.md:3:16: error: 'did:plc:abc' is not a did:plc: expected 24 characters after did:plc:, found 3",
        ])
        #expect(Fixtures.failure("---\nidentity:\n  webfinger: \"@eb@x.example\"\n  actor: http://x.example/users/eb\n---\n") == [
            "site/content/index.md:4:10: error: 'actor': \"http://x.example/users/eb\" is not an https web address: expected an https:// URL, like https://example.org/contact. Only https links are allowed; use https://x.example/users/eb if the site supports it.",
        ])
        #expect(Fixtures.failure("---\nidentity:\n  webfinger: \"@eb@x.example\"\n  profile: https://x.example/@eb\n---\n") == [
            "site/content/index.md:4:12: error: profile and subscribe are for a server that is not Mastodon, which needs its actor too: add actor: https://…",
        ])
        #expect(Fixtures.failure("---\nidentity:\n  webfinger: \"@eb@x.example\"\n  actor: https://x.example/u/eb\n  subscribe: https://x.example/follow\n---\n") == [
            "site/content/index.md:5:14: error: 'subscribe' must hold {uri} where the account to follow goes, like https://example.social/authorize_interaction?uri={uri}",
        ])
        #expect(Fixtures.failure("---\nidentity: {}\n---\n") == [
            "site/content/index.md:2:11: error: 'identity' needs webfinger, atproto_did or both, such as {webfinger: \"@you@your.server\"}",
        ])
    }

    @Test func serveAnswersTheIdentityFilesAsHostsDo() throws {
        let built = try Fixtures.builder(Fixtures.site(Self.identityPage)).render()
        let site = ServedSite(files: built.files, boundary: nil)
        func text(_ response: HTTPResponse) -> String {
            guard case .bytes(let data) = response.body else { return "" }
            return String(decoding: data, as: UTF8.self)
        }
        let response = site.response(to: HTTPRequest(path: "/.well-known/webfinger", query: [.init(name: "resource", value: "acct:me@eb.example")]))
        #expect(response.status == 200)
        #expect(response.headers.map { "\($0.name): \($0.value)" } == ["Content-Type: application/jrd+json", "Access-Control-Allow-Origin: *"])
        #expect(Self.subject(ofWebFinger: text(response)) == "acct:eb@social.coop")
        let did = site.response(to: HTTPRequest(path: "/.well-known/atproto-did"))
        #expect(text(did) == "did:plc:ewvi7nxzyoun6zhxrhs64oiz\n")
        #expect(did.headers.map(\.value) == ["text/plain; charset=utf-8"])
    }

    // MARK: Scheduled links

    static let scheduledPage = """
        ---
        title: Eb
        url: https://eb.example/
        links:
          - github: octocat
          - section: Advent
          - url: https://advent.example/
            label: Advent
            until: 2026-12-24
          - url: https://party.example/
            label: Party
            from: 2026-12-24T18:00:00+01:00
            until: 2026-12-25T02:00:00+01:00
        ---

        """

    /// The labels of the page's buttons and their data-until, built at `now`.
    static func buttons(at now: String) throws -> (labels: [String], untils: [String], warnings: String, headings: [String]) {
        let folder = try Fixtures.siteOnDisk(Self.scheduledPage)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try SitegenBinary.run(["build", "--now", now], in: folder)
        #expect(result.code == 0, "\(result.errors)")
        let html = read(folder, "Output/index.html") ?? ""
        func all(_ pattern: String) -> [String] {
            let regex = try! NSRegularExpression(pattern: pattern)
            return regex.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { String(html[Range($0.range(at: 1), in: html)!]) }
        }
        return (all(#"<a id="link-\d+"[^>]*><svg[^>]*><use[^>]*/></svg><span class="label">([^<]*?) ?(?:<bdi|</span>)"#), all(#"data-until="([^"]*)""#), result.errors,
                all(#"<h2>([^<]*)</h2>"#))
    }

    @Test func linksAreLeftOutOutsideTheirWindow() throws {
        // Before the party: Advent runs to the end of the 24th in UTC.
        var page = try Self.buttons(at: "2026-12-24T12:00:00Z")
        #expect(page.labels == ["GitHub", "Advent"])
        #expect(page.headings == ["Advent"])
        #expect(page.untils == ["2026-12-25T00:00:00Z"])
        // A date-time from is the moment itself (18:00 at +01:00 is 17:00 UTC).
        page = try Self.buttons(at: "2026-12-24T17:00:00Z")
        #expect(page.labels == ["GitHub", "Advent", "Party"])
        #expect(page.untils == ["2026-12-25T00:00:00Z", "2026-12-25T01:00:00Z"])
        page = try Self.buttons(at: "2026-12-24T16:59:59Z")
        #expect(page.labels == ["GitHub", "Advent"])
        // An until date includes its whole day, and ends as the next day starts.
        page = try Self.buttons(at: "2026-12-24T23:59:59Z")
        #expect(page.labels == ["GitHub", "Advent", "Party"])
        page = try Self.buttons(at: "2026-12-25")
        #expect(page.labels == ["GitHub", "Party"])
        #expect(page.warnings.split(separator: "\n").first == "content/index.md:7:5: warning: this link's until has passed (it closed at 2026-12-25T00:00:00Z), so the page leaves it out: remove the link, or change its until")
        // A date-time until is the first moment the link is gone.
        page = try Self.buttons(at: "2026-12-25T00:59:59Z")
        #expect(page.labels == ["GitHub", "Party"])
        page = try Self.buttons(at: "2026-12-25T02:00:00+01:00")
        #expect(page.labels == ["GitHub"])
        #expect(page.untils == [])
        #expect(page.headings == [], "a section whose links are all left out goes too")
    }

    /// Each section moves up by the links left out before it, and only those.
    @Test func sectionsStayWithTheirLinksWhenLinksBeforeThemAreLeftOut() throws {
        let folder = try Fixtures.siteOnDisk("""
            ---
            title: Eb
            links:
              - {url: https://a.example/, label: A}
              - {url: https://b.example/, label: B, until: 2026-01-01}
              - section: One
              - {url: https://c.example/, label: C}
              - {url: https://d.example/, label: D, from: 2027-01-01}
              - {url: https://e.example/, label: E, until: 2026-01-01}
              - section: Two
              - {url: https://f.example/, label: F}
            ---

            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try SitegenBinary.run(["build", "--now", "2026-06-01"], in: folder)
        #expect(result.code == 0, "\(result.errors)")
        let html = Self.read(folder, "Output/index.html") ?? ""
        let regex = try NSRegularExpression(pattern: #"<h2>([^<]*)</h2>|<a id="link-\d+"[^>]*><svg[^>]*><use[^>]*/></svg><span class="label">([^<]*?) ?(?:<bdi|</span>)"#)
        let order = regex.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { match in
            match.range(at: 1).location != NSNotFound ? "# " + String(html[Range(match.range(at: 1), in: html)!])
                : String(html[Range(match.range(at: 2), in: html)!])
        }
        #expect(order == ["A", "# One", "C", "# Two", "F"])
    }

    @Test func checkWarnsAboutClosedWindowsAtTheItem() throws {
        let folder = try Fixtures.siteOnDisk(Self.scheduledPage)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try SitegenBinary.run(["check", "--now", "2027-01-01"], in: folder)
        #expect(result.code == 0)
        #expect(result.errors == """
            content/index.md:7:5: warning: this link's until has passed (it closed at 2026-12-25T00:00:00Z), so the page leaves it out: remove the link, or change its until
              - url: https://advent.example/
                ^
            content/index.md:10:5: warning: this link's until has passed (it closed at 2026-12-25T01:00:00Z), so the page leaves it out: remove the link, or change its until
              - url: https://party.example/
                ^

            """)
        #expect(result.output == "Checked 1 page: no errors, 2 warnings.\n")
        let bad = try SitegenBinary.run(["check", "--now", "2027-01-01T00:00"], in: folder)
        #expect(bad.code == 64)
        #expect(bad.errors.hasPrefix("error: --now: '2027-01-01T00:00' has no offset: add one, such as 2027-01-01T00:00+01:00, or 2027-01-01T00:00Z for UTC\n"))
    }
}
