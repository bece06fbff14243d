import Testing
@testable import LinkChain

/// The expected-form part every Mastodon handle error starts with.
private func handleError(_ value: String, _ reason: String) -> String {
    "\"\(value)\" is not a Mastodon handle: expected @user@host, like @eb@social.coop. \(reason)"
}

@Suite("Mastodon")
struct MastodonTests {
    let service = ServiceCatalog.standard.service(named: "mastodon")!

    /// The seed's chain. Opener's path has no primary source, so it is marked unverified, but the catalog keeps
    /// it first in the default chain and says why.
    @Test func defaultChainIsExact() throws {
        let chain = try ServiceCatalog.standard.chain(shorthand: "mastodon:@eb@social.coop")
        #expect(chain.serviceID == "mastodon")
        #expect(chain.handle == "@eb@social.coop")
        #expect(chain.candidates.map(\.url) == [
            "opener://x-callback-url/show-options?url=https%3A%2F%2Fsocial.coop%2F%40eb",
            "ivory:///user_profile/eb@social.coop",
            "icecubesapp://social.coop/@eb",
            "mastodon://profile/eb@social.coop",
        ])
        #expect(chain.fallback == "https://social.coop/@eb")
        #expect(chain.accountURI == "acct:eb@social.coop")
        #expect(chain.fediverseAddress == "@eb@social.coop")
        #expect(chain.candidates.map(\.appID) == ["opener", "ivory", "icecubes", "mastodon"])
        #expect(chain.candidates.map(\.appName) == ["Opener", "Ivory", "Ice Cubes", "Mastodon"])
        #expect(chain.candidates.map(\.verified) == [false, true, true, true])
        #expect(chain.candidates.allSatisfy { $0.platforms == [.ios] && !$0.source.isEmpty })
    }

    /// Every app, verified or not, in catalog order: what `apps:` can choose from.
    @Test func everyAppURLIsExact() throws {
        let chain = try service.chain(handle: "@eb@social.coop", apps: service.apps)
        #expect(chain.candidates.map(\.url) == [
            "opener://x-callback-url/show-options?url=https%3A%2F%2Fsocial.coop%2F%40eb",
            "ivory:///user_profile/eb@social.coop",
            "icecubesapp://social.coop/@eb",
            "mastodon://profile/eb@social.coop",
            "mona://search?text=@eb@social.coop&show=users",
            "mammoth://social.coop/@eb",
            "cx-c3-toot://social.coop/@eb",
            "https://elk.zone/social.coop/@eb",
        ])
        #expect(chain.candidates.map(\.verified) == [false, true, true, true, false, false, false, true])
        // Elk is a web client: every platform, verified, but not tried unless asked for.
        #expect(chain.candidates.last?.platforms == [.ios, .android, .desktop])
        #expect(service.app(named: "elk")?.inDefaultChain == false)
        // Ice Cubes and Mammoth open a profile in a web view inside the app; the others natively.
        #expect(service.apps.map(\.opensIn) == [.native, .native, .webView, .native, .native, .webView, .unknown, .website])
    }

    @Test func candidatesByPlatform() throws {
        let chain = try service.chain(handle: "@eb@social.coop")
        #expect(chain.candidates(for: .ios).count == 4)
        #expect(chain.candidates(for: .android).isEmpty)
        #expect(chain.candidates(for: .desktop).isEmpty)
    }

    @Test("accepts the handle forms", arguments: [
        "@eb@social.coop",
        "eb@social.coop",
        "  @eb@social.coop\n",
        "acct:eb@social.coop",
        "https://social.coop/@eb",
        "https://social.coop/@eb/",
        "HTTPS://Social.Coop/@eb",
        "https://mastodon.example/@eb@social.coop",
        "@eb@SOCIAL.COOP",
        "@eb@social.coop.",
    ])
    func acceptsForms(_ input: String) throws {
        let chain = try service.chain(handle: input)
        #expect(chain.handle == "@eb@social.coop")
        #expect(chain.fallback == "https://social.coop/@eb")
    }

    @Test func keepsUserCaseAndLowercasesHost() throws {
        let chain = try service.chain(handle: "@Eb_2@Social.COOP")
        #expect(chain.handle == "@Eb_2@social.coop")
        #expect(chain.fallback == "https://social.coop/@Eb_2")
        #expect(chain.candidates[1].url == "ivory:///user_profile/Eb_2@social.coop")
    }

    @Test func fediverseUserNamesWithInnerDotsAndHyphens() throws {
        let chain = try service.chain(handle: "@first.last-name@pixel.example")
        #expect(chain.fallback == "https://pixel.example/@first.last-name")
    }

    @Test func idnHostUsesALabelsInEveryURL() throws {
        let chain = try service.chain(handle: "@eb@Bücher.Example")
        #expect(chain.handle == "@eb@bücher.example")
        #expect(chain.candidates.map(\.url) == [
            "opener://x-callback-url/show-options?url=https%3A%2F%2Fxn--bcher-kva.example%2F%40eb",
            "ivory:///user_profile/eb@xn--bcher-kva.example",
            "icecubesapp://xn--bcher-kva.example/@eb",
            "mastodon://profile/eb@xn--bcher-kva.example",
        ])
        #expect(chain.fallback == "https://xn--bcher-kva.example/@eb")
    }

    @Test func idnHostGivenInALabelFormStaysSo() throws {
        let chain = try service.chain(handle: "@eb@XN--MAANA-PTA.com")
        #expect(chain.handle == "@eb@xn--maana-pta.com")
        #expect(chain.fallback == "https://xn--maana-pta.com/@eb")
        let unicode = try service.chain(handle: "@eb@mañana.com")
        #expect(unicode.fallback == chain.fallback)
    }

    @Test("refuses invalid handles with exact messages", arguments: [
        ("eb", handleError("eb", "The server name is missing.")),
        ("@eb", handleError("@eb", "The server name is missing.")),
        ("@eb@", handleError("@eb@", "The server name is missing.")),
        ("@@x", handleError("@@x", "The user name is missing.")),
        ("@e b@host", handleError("@e b@host", "The user name \"e b\" may contain only letters, digits and underscores, with dots or hyphens allowed inside.")),
        ("@eb@-bad-.com", handleError("@eb@-bad-.com", "The server name \"-bad-.com\" is not valid: the label \"-bad-\" starts or ends with a hyphen.")),
        ("eb@social", handleError("eb@social", "The server name \"social\" is not valid: it is not a full domain name (it has no dot).")),
        ("@a@b@c.org", handleError("@a@b@c.org", "It has more than two @ signs.")),
        ("@eb@192.0.2.1", handleError("@eb@192.0.2.1", "The server name \"192.0.2.1\" is not valid: it ends in a number, like an IP address; use the domain name.")),
        ("@eb@host:3000", handleError("@eb@host:3000", "The server name \"host:3000\" is not valid: the character \":\" (U+003A) is not allowed in a domain name.")),
        ("@.eb@social.coop", handleError("@.eb@social.coop", "The user name \".eb\" may contain only letters, digits and underscores, with dots or hyphens allowed inside.")),
        ("@jürgen@social.coop", handleError("@jürgen@social.coop", "The user name \"jürgen\" may contain only letters, digits and underscores, with dots or hyphens allowed inside.")),
        ("http://social.coop/@eb", handleError("http://social.coop/@eb", "A profile URL must use https, like https://social.coop/@eb.")),
        ("https://social.coop/users/eb", handleError("https://social.coop/users/eb", "A profile URL looks like https://social.coop/@eb.")),
        ("https://social.coop/@eb@", handleError("https://social.coop/@eb@", "A profile URL looks like https://social.coop/@eb.")),
        ("https://social.coop/@", handleError("https://social.coop/@", "A profile URL looks like https://social.coop/@eb.")),
        ("", "\"\" is not a Mastodon handle: expected @user@host, like @eb@social.coop. It is empty."),
    ])
    func refuses(_ input: String, _ message: String) {
        do throws(LinkChainError) {
            _ = try service.chain(handle: input)
            Issue.record("accepted \(input)")
        } catch {
            #expect(error.message == message)
            #expect(error.description == message)
            #expect(error.expected == "@user@host, like @eb@social.coop")
            #expect(error.value == input.trimmingCharacters(in: .whitespaces))
        }
    }

    @Test func refusesOptions() {
        #expect(throws: LinkChainError(value: "subject", expected: "no options",
                                       message: "unknown option \"subject\" for Mastodon: it takes no options")) {
            try service.chain(handle: "@eb@social.coop", options: ["subject": "Hi"])
        }
    }

    @Test func customAppListIsData() throws {
        let tooter = AppEntry(id: "tooter", name: "Tooter", url: "tooter://{host}/@{user}", platforms: [.desktop, .ios],
                              source: "test", verified: false)
        let chain = try service.chain(handle: "@eb@social.coop", apps: [tooter, service.app(named: "ivory")!])
        #expect(chain.candidates.map(\.url) == ["tooter://social.coop/@eb", "ivory:///user_profile/eb@social.coop"])
        #expect(chain.candidates[0].platforms == [.ios, .desktop])
        #expect(chain.candidates(for: .desktop).map(\.appID) == ["tooter"])
    }
}
