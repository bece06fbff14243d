import Foundation
import Testing
import LinkChain   // not @testable: a new service must be writable with the public API alone

/// A service added by a test, with only the required members written: the catalog,
/// shorthand parsing, suggestions and option checks must work without other edits.
struct BlueskyService: Service {
    var id: String { "bluesky" }
    var displayName: String { "Bluesky" }
    var handleForm: String { "a domain handle, like eb.bsky.social" }

    func chain(handle: String, options: [String: String]) throws(LinkChainError) -> Chain {
        _ = try validatedOptions(options)
        var name = handle.trimmingCharacters(in: .whitespaces)
        if name.hasPrefix("@") { name.removeFirst() }
        let ascii: String
        do throws(IDNAError) {
            ascii = try IDNA.toASCII(name)
        } catch {
            throw LinkChainError.invalid(handle, isNot: "a Bluesky handle", expected: handleForm, reason: error.reason)
        }
        let app = Candidate(appID: "bluesky", appName: "Bluesky", url: "bluesky://profile/\(ascii)",
                            platforms: [.android, .ios], source: "app-links.md Other services", verified: false)
        return Chain(serviceID: id, handle: "@" + IDNA.displayForm(name), candidates: [app],
                     fallback: "https://bsky.app/profile/\(ascii)")
    }
}

@Suite("Service catalog")
struct CatalogTests {
    let catalog = ServiceCatalog.standard

    @Test func standardServices() {
        #expect(catalog.services.map(\.id) == ["mastodon", "email", "web"])
        #expect(catalog.services.map(\.displayName) == ["Mastodon", "Email", "Web"])
        #expect(catalog.services.map(\.aliases) == [[], ["mailto"], ["url", "https"]])
        #expect(catalog.services.map(\.optionNames) == [[], ["subject", "body", "cc", "bcc"], []])
        #expect(catalog.knownServicesList == "mastodon, email (mailto), web (url, https)")
        #expect(catalog.services.allSatisfy { !$0.handleForm.isEmpty })
    }

    @Test("looks services up by id or alias, ignoring case", arguments: [
        ("mastodon", "mastodon"), ("Mastodon", "mastodon"), ("email", "email"), ("mailto", "email"),
        ("MAILTO", "email"), ("web", "web"), ("url", "web"), ("https", "web"), ("HTTPS", "web"),
    ])
    func lookup(_ name: String, _ id: String) {
        #expect(catalog.service(named: name)?.id == id)
    }

    @Test("finds no service for unknown names", arguments: ["", "http", "twitter", "mastodon:", " email"])
    func lookupMiss(_ name: String) {
        #expect(catalog.service(named: name) == nil)
    }

    @Test("suggests the nearest name", arguments: [
        ("mastadon", "mastodon"), ("mastdoon", "mastodon"), ("MASTODN", "mastodon"),
        ("emial", "email"), ("e-mail", "email"), ("mail", "email"), ("mailot", "mailto"),
        ("http", "https"), ("htps", "https"), ("wbe", "web"), ("urll", "url"),
    ])
    func suggestion(_ name: String, _ expected: String) {
        #expect(catalog.suggestion(for: name) == expected)
    }

    @Test("suggests nothing when nothing is close", arguments: ["twitter", "xyz", "", "a", "matrix", "mastodonian"])
    func noSuggestion(_ name: String) {
        #expect(catalog.suggestion(for: name) == nil)
    }

    @Test("parses shorthand", arguments: [
        ("mastodon:@eb@social.coop", "mastodon", "@eb@social.coop", "https://social.coop/@eb"),
        ("Mastodon:eb@Social.Coop", "mastodon", "@eb@social.coop", "https://social.coop/@eb"),
        ("  mastodon:@eb@social.coop  ", "mastodon", "@eb@social.coop", "https://social.coop/@eb"),
        ("email:a@b.org", "email", "a@b.org", "mailto:a@b.org"),
        ("email:a@b.org?subject=Hi", "email", "a@b.org", "mailto:a@b.org?subject=Hi"),
        ("mailto:a@b.org", "email", "a@b.org", "mailto:a@b.org"),
        ("MAILTO:a+b@b.org?Subject=Hi%20there&body=Line%201%0D%0ALine%202#frag", "email", "a+b@b.org",
         "mailto:a+b@b.org?subject=Hi%20there&body=Line%201%0D%0ALine%202"),
        ("mailto:a@b.org?subject=1+1%3D2", "email", "a@b.org", "mailto:a@b.org?subject=1%2B1%3D2"),
        ("https://example.org", "web", "https://example.org", "https://example.org"),
        ("HTTPS://Example.org/a b", "web", "https://example.org/a b", "https://example.org/a%20b"),
        ("url:https://example.org/", "web", "https://example.org/", "https://example.org/"),
        ("web:https://bücher.example", "web", "https://bücher.example", "https://xn--bcher-kva.example"),
    ])
    func shorthand(_ text: String, _ service: String, _ handle: String, _ fallback: String) throws {
        let chain = try catalog.chain(shorthand: text)
        #expect(chain.serviceID == service)
        #expect(chain.handle == handle)
        #expect(chain.fallback == fallback)
    }

    @Test("recognises shorthand", arguments: [
        ("mastodon:@eb@social.coop", true), ("MAILTO:a@b.org", true), ("email:", true),
        ("https://example.org", true), ("url:https://example.org", true), ("web:x", true),
        ("http://example.org", false), ("@eb@social.coop", false), ("eb@social.coop", false),
        ("example.org", false), ("twitter:@eb", false), ("", false), (":x", false), ("a b:c", false),
    ])
    func isShorthand(_ text: String, _ expected: Bool) {
        #expect(catalog.isShorthand(text) == expected)
    }

    @Test func unknownServiceWithSuggestion() {
        #expect(throws: LinkChainError(
            value: "mastadon", expected: "one of mastodon, email (mailto), web (url, https)",
            message: "unknown service \"mastadon\" (did you mean \"mastodon\"?). Known services: mastodon, email (mailto), web (url, https).")) {
            try catalog.chain(shorthand: "mastadon:@eb@social.coop")
        }
    }

    @Test func unknownServiceWithoutSuggestion() {
        #expect(throws: LinkChainError(
            value: "twitter", expected: "one of mastodon, email (mailto), web (url, https)",
            message: "unknown service \"twitter\". Known services: mastodon, email (mailto), web (url, https).")) {
            try catalog.chain(shorthand: "twitter:@eb")
        }
    }

    @Test func httpIsAnUnknownServiceNearHttps() {
        do {
            _ = try catalog.chain(shorthand: "http://example.org")
            Issue.record("http was accepted")
        } catch {
            #expect(error.message.hasPrefix("unknown service \"http\" (did you mean \"https\"?)"))
        }
    }

    @Test func notAShorthand() {
        #expect(throws: LinkChainError(
            value: "@eb@social.coop", expected: "service:handle, like mastodon:@eb@social.coop",
            message: "\"@eb@social.coop\" is not a link shorthand: expected service:handle, like mastodon:@eb@social.coop. It does not start with a service name and a colon; known services: mastodon, email (mailto), web (url, https).")) {
            try catalog.chain(shorthand: "@eb@social.coop")
        }
    }

    @Test func badHandleInShorthandReportsTheHandle() {
        do {
            _ = try catalog.chain(shorthand: "mastodon:eb@social")
            Issue.record("accepted")
        } catch {
            #expect(error.value == "eb@social")
            #expect(error.message.hasPrefix("\"eb@social\" is not a Mastodon handle: expected @user@host, like @eb@social.coop"))
        }
    }

    @Test func chainByServiceName() throws {
        let chain = try catalog.chain(service: "mailto", handle: "eb@example.org", options: ["subject": "Hi"])
        #expect(chain.fallback == "mailto:eb@example.org?subject=Hi")
        #expect(throws: LinkChainError.self) { try catalog.chain(service: "mastadon", handle: "@eb@social.coop") }
    }

    @Test func chainRoundTripsThroughJSON() throws {
        for shorthand in ["mastodon:@eb@bücher.example", "mailto:a+b@b.org?subject=caf%C3%A9", "https://example.org/x"] {
            let chain = try catalog.chain(shorthand: shorthand)
            let data = try JSONEncoder().encode(chain)
            let decoded = try JSONDecoder().decode(Chain.self, from: data)
            #expect(decoded == chain)
        }
    }

    @Test func jsonShape() throws {
        let chain = try catalog.chain(shorthand: "mastodon:@eb@social.coop")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(chain.candidates[2]), as: UTF8.self)
        #expect(json == #"{"appID":"icecubes","appName":"Ice Cubes","platforms":["ios"],"source":"Dimillian/IceCubesApp IceCubesApp/App/Router/SafariRouter.swift","url":"icecubesapp://social.coop/@eb","verified":true}"#)
        let object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(chain)) as? [String: Any]
        #expect(object?["serviceID"] as? String == "mastodon")
        #expect(object?["handle"] as? String == "@eb@social.coop")
        #expect(object?["fallback"] as? String == "https://social.coop/@eb")
        #expect((object?["candidates"] as? [Any])?.count == 4)
    }

    @Test func candidatePlatformsAreInPlatformOrder() {
        let candidate = Candidate(appID: "x", appName: "X", url: "x:", platforms: [.desktop, .ios, .desktop],
                                  source: "test", verified: false)
        #expect(candidate.platforms == [.ios, .desktop])
        #expect(Platform.allCases == [.ios, .android, .desktop])
    }

    @Test func addingAServiceNeedsNoOtherEdits() throws {
        let extended = ServiceCatalog(services: ServiceCatalog.standard.services + [BlueskyService()])
        let chain = try extended.chain(shorthand: "bluesky:@EB.bsky.social")
        #expect(chain == Chain(serviceID: "bluesky", handle: "@eb.bsky.social", candidates: [
            Candidate(appID: "bluesky", appName: "Bluesky", url: "bluesky://profile/eb.bsky.social",
                      platforms: [.ios, .android], source: "app-links.md Other services", verified: false),
        ], fallback: "https://bsky.app/profile/eb.bsky.social"))
        #expect(chain.candidates(for: .android).count == 1)
        #expect(chain.candidates(for: .desktop).isEmpty)
        #expect(extended.service(named: "BlueSky")?.id == "bluesky")
        #expect(extended.isShorthand("bluesky:x"))
        #expect(extended.suggestion(for: "blusky") == "bluesky")
        #expect(extended.knownServicesList == "mastodon, email (mailto), web (url, https), bluesky")
        // Defaults from the protocol extension: no aliases, no options, body passed on as the handle.
        #expect(BlueskyService().aliases.isEmpty)
        #expect(throws: LinkChainError(value: "x", expected: "no options",
                                       message: "unknown option \"x\" for Bluesky: it takes no options")) {
            try BlueskyService().chain(handle: "eb.bsky.social", options: ["x": "1"])
        }
        // The standard services keep working in the extended catalog.
        #expect(try extended.chain(shorthand: "mastodon:@eb@social.coop").fallback == "https://social.coop/@eb")
        // And the standard catalog does not know the new one.
        #expect(ServiceCatalog.standard.service(named: "bluesky") == nil)
    }

    @Test func firstServiceWinsANameClash() throws {
        let catalog = ServiceCatalog(services: [BlueskyService(), MastodonService()])
        #expect(catalog.service(named: "bluesky")?.displayName == "Bluesky")
        let custom = ServiceCatalog(services: [MastodonService(apps: [.iceCubes]), MastodonService()])
        #expect(try custom.chain(shorthand: "mastodon:@eb@social.coop").candidates.map(\.appID) == ["icecubes"])
    }
}
