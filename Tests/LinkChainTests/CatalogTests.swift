import Foundation
import Testing
import LinkChain   // not @testable: a new service must be writable with the public API alone

/// A service added by a test, with only the required members written: the catalog,
/// shorthand parsing, suggestions, option checks and chains must work without other edits.
struct MbinService: Service {
    var id: String { "mbin" }
    var displayName: String { "Mbin" }
    var handleForm: String { "@user@host, like @eb@fedia.io" }
    var brandColor: String { "#00a846" }

    func target(handle: String, options: [String: String]) throws(LinkChainError) -> LinkTarget {
        _ = try validatedOptions(options)
        let account = try FediverseAccount.parse(handle, serviceName: "Mbin")
        return LinkTarget(handle: account.handle, fallback: "https://\(account.host)/u/\(account.user)")
    }
}

@Suite("Service catalog")
struct CatalogTests {
    let catalog = ServiceCatalog.standard

    @Test func standardServices() {
        #expect(catalog.services.map(\.id) == [
            "mastodon", "fediverse", "pixelfed", "peertube", "misskey", "gotosocial", "lemmy", "email", "phone", "sms",
            "bluesky", "threads", "instagram", "x", "youtube", "tiktok", "twitch", "linkedin",
            "facebook", "reddit", "pinterest", "snapchat", "tumblr", "flickr", "vimeo", "xing",
            "kick", "onlyfans", "vsco", "unsplash", "deviantart", "artstation",
            "telegram", "signal", "whatsapp", "matrix", "discord", "messenger", "threema", "line", "slack", "kakaotalk", "zoom",
            "spotify", "apple-music", "soundcloud", "bandcamp", "apple-podcasts", "deezer", "youtube-music", "tidal", "lastfm", "mixcloud",
            "github", "gitlab", "codeberg", "stack-overflow", "dev", "keybase", "bitbucket", "hugging-face", "hashnode",
            "patreon", "ko-fi", "paypal", "buy-me-a-coffee", "venmo", "cash-app", "liberapay", "open-collective", "kickstarter",
            "gofundme", "gumroad",
            "medium", "substack", "wordpress", "kit", "notion", "goodreads", "letterboxd", "micro-blog", "ghost",
            "google-scholar", "orcid", "semantic-scholar", "researchgate",
            "behance", "dribbble", "figma", "trello", "product-hunt", "calendly", "strava", "steam", "itch-io",
            "cal-com", "meetup", "fiverr", "upwork",
            "playstation", "vrchat", "chess-com", "lichess", "trakt", "myanimelist", "discogs", "untappd",
            "etsy", "amazon", "app-store", "google-play", "rss", "web",
        ])
        #expect(catalog.services.count >= 110)
        #expect(Set(catalog.allNames).count == catalog.allNames.count, "two services share a name")
        #expect(catalog.service(named: "email")?.aliases == ["mailto"])
        #expect(catalog.service(named: "web")?.aliases == ["url", "https"])
        #expect(catalog.service(named: "email")?.optionNames == ["subject", "body", "cc", "bcc"])
        #expect(catalog.knownServicesList.hasPrefix("mastodon, fediverse, pixelfed, peertube, misskey, gotosocial, lemmy, email (mailto), phone (tel), sms,"))
        #expect(catalog.knownServicesList.hasSuffix(", rss (feed), web (url, https)"))
        #expect(catalog.services.allSatisfy { !$0.handleForm.isEmpty && !$0.displayName.isEmpty })
    }

    @Test("looks services up by id or alias, ignoring case", arguments: [
        ("mastodon", "mastodon"), ("Mastodon", "mastodon"), ("email", "email"), ("mailto", "email"),
        ("MAILTO", "email"), ("web", "web"), ("url", "web"), ("https", "web"), ("HTTPS", "web"),
    ])
    func lookup(_ name: String, _ id: String) {
        #expect(catalog.service(named: name)?.id == id)
    }

    @Test("finds no service for unknown names", arguments: ["", "http", "myspace", "mastodon:", " email"])
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

    /// A misspelt ending is three edits from the name (`midnite`, `midnight`), and still meant it; a longer word
    /// that starts as a name does is another word.
    @Test("suggests a name with a misspelt ending", arguments: [
        ("midnite", ["classic", "midnight", "mono", "backdrop"], "midnight"),
        ("backdorp", ["classic", "midnight", "mono", "backdrop"], "backdrop"),
        ("mastodonian", ["mastodon"], nil),
        ("middle", ["midnight"], nil),
    ] as [(String, [String], String?)])
    func misspeltEnding(_ typed: String, _ names: [String], _ expected: String?) {
        #expect(Spelling.nearest(to: typed, among: names) == expected)
    }

    @Test("suggests nothing when nothing is close", arguments: ["myspace", "qqqq", "", "mastodonian"])
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
        ("example.org", false), ("myspace:@eb", false), ("twitter:@eb", true), ("tel:+4930123456", true), ("", false), (":x", false), ("a b:c", false),
    ])
    func isShorthand(_ text: String, _ expected: Bool) {
        #expect(catalog.isShorthand(text) == expected)
    }

    @Test func unknownServiceWithSuggestion() {
        let known = catalog.knownServicesList
        #expect(throws: LinkChainError(
            value: "mastadon", expected: "one of \(known)",
            message: "unknown service \"mastadon\" (did you mean \"mastodon\"?): expected one of the 113 services, such as mastodon, email or web (sitegen services lists them)")) {
            try catalog.chain(shorthand: "mastadon:@eb@social.coop")
        }
    }

    /// The short names people type: aliases where nothing else owns the name, "did you mean" where something does
    /// (`tg:` is Telegram's own app scheme, which a Markdown link may use).
    @Test("names people type", arguments: [
        ("bsky:jo.bsky.social", "bluesky"), ("twitter:nasa", "x"), ("gh:octocat", "github"), ("insta:nasa", "instagram"),
        ("ig:nasa", "instagram"), ("yt:@nasa", "youtube"), ("wa:+4915112345678", "whatsapp"), ("fb:nasa", "facebook"),
        ("scholar:JicYPdAAAAAJ", "google-scholar"), ("psn:PlayStation", "playstation"), ("calcom:peer", "cal-com"),
    ])
    func namesPeopleType(_ shorthand: String, _ service: String) throws {
        #expect(try catalog.chain(shorthand: shorthand).serviceID == service)
    }

    @Test func tgIsAnsweredWithTelegram() {
        #expect(catalog.suggestion(for: "tg") == "telegram")
        #expect(throws: LinkChainError.self) { try catalog.chain(shorthand: "tg:durov") }
        do { _ = try catalog.chain(shorthand: "tg:durov") } catch {
            #expect(error.message.hasPrefix("unknown service \"tg\" (did you mean \"telegram\""), "\(error.message)")
        }
    }

    /// A profile address written where the handle belongs is read back into the handle it was made from; another
    /// site's address keeps the error that asks for the handle alone.
    @Test("profile addresses as handles", arguments: [
        ("bluesky:https://bsky.app/profile/jo.bsky.social", "@jo.bsky.social", "https://bsky.app/profile/jo.bsky.social"),
        ("github:https://github.com/octocat/", "octocat", "https://github.com/octocat"),
        ("instagram:https://www.instagram.com/NASA/", "@nasa", "https://www.instagram.com/nasa/"),
        ("orcid:https://orcid.org/0000-0002-1825-0097", "0000-0002-1825-0097", "https://orcid.org/0000-0002-1825-0097"),
        ("google-scholar:https://scholar.google.com/citations?user=JicYPdAAAAAJ", "JicYPdAAAAAJ", "https://scholar.google.com/citations?user=JicYPdAAAAAJ"),
        ("lichess:https://lichess.org/@/DrNykterstein", "DrNykterstein", "https://lichess.org/@/DrNykterstein"),
    ])
    func profileAddressesAsHandles(_ shorthand: String, _ handle: String, _ fallback: String) throws {
        let chain = try catalog.chain(shorthand: shorthand)
        #expect(chain.handle == handle)
        #expect(chain.fallback == fallback)
    }

    @Test func anotherSitesAddressStillAsksForTheHandle() {
        do {
            _ = try catalog.chain(shorthand: "instagram:https://example.org/nasa")
            Issue.record("another site's address was taken as an Instagram handle")
        } catch {
            #expect(error.message.hasSuffix("Give the user name alone, not the address of the profile."), "\(error.message)")
        }
    }

    @Test func unknownServiceWithoutSuggestion() {
        let known = catalog.knownServicesList
        #expect(throws: LinkChainError(
            value: "myspace", expected: "one of \(known)",
            message: "unknown service \"myspace\": expected one of the 113 services, such as mastodon, email or web (sitegen services lists them)")) {
            try catalog.chain(shorthand: "myspace:@eb")
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
            message: "\"@eb@social.coop\" is not a link shorthand: expected service:handle, like mastodon:@eb@social.coop. It does not start with a service name and a colon; known services: \(catalog.knownServicesList).")) {
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
        #expect(json == #"{"appID":"icecubes","appName":"Ice Cubes","platforms":["ios"],"source":"Dimillian/IceCubesApp IceCubesApp/App/Router/SafariRouter.swift; profile links in a web view since PR #2026","url":"icecubesapp://social.coop/@eb","verified":true}"#)
        let object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(chain)) as? [String: Any]
        #expect(object?["serviceID"] as? String == "mastodon")
        #expect(object?["handle"] as? String == "@eb@social.coop")
        #expect(object?["fallback"] as? String == "https://social.coop/@eb")
        #expect((object?["candidates"] as? [Any])?.count == 4)
        #expect(object?["accountURI"] as? String == "acct:eb@social.coop")
    }

    @Test func candidatePlatformsAreInPlatformOrder() {
        let candidate = Candidate(appID: "x", appName: "X", url: "x:", platforms: [.desktop, .ios, .desktop],
                                  source: "test", verified: false)
        #expect(candidate.platforms == [.ios, .desktop])
        #expect(Platform.allCases == [.ios, .android, .desktop])
    }

    @Test func addingAServiceNeedsNoOtherEdits() throws {
        let extended = ServiceCatalog(services: ServiceCatalog.standard.services + [MbinService()])
        let chain = try extended.chain(shorthand: "mbin:@EB@Fedia.io")
        #expect(chain == Chain(serviceID: "mbin", handle: "@EB@fedia.io", candidates: [], fallback: "https://fedia.io/u/EB"))
        #expect(extended.service(named: "Mbin")?.id == "mbin")
        #expect(extended.isShorthand("mbin:x"))
        #expect(extended.suggestion(for: "mbn") == "mbin")
        #expect(extended.knownServicesList.hasSuffix(", web (url, https), mbin"))
        // Defaults from the protocol extension: no aliases, options, apps or identity; the link glyph; only {url}.
        let mbin = MbinService()
        #expect(mbin.aliases.isEmpty && mbin.apps.isEmpty && !mbin.provesIdentity)
        #expect(mbin.icon == ServiceIcon(glyph: "link"))
        #expect(mbin.placeholders == ["url"])
        #expect(throws: LinkChainError(value: "x", expected: "no options",
                                       message: "unknown option \"x\" for Mbin: it takes no options")) {
            try mbin.chain(handle: "@eb@fedia.io", options: ["x": "1"])
        }
        // A custom app works with the default placeholders.
        let app = try AppEntry.custom(name: "Reader", url: "reader://open?u={url}", placeholders: mbin.placeholders)
        #expect(try mbin.chain(handle: "@eb@fedia.io", apps: [app]).candidates.map(\.url) == ["reader://open?u=https%3A%2F%2Ffedia.io%2Fu%2Feb"])
        // The standard services keep working in the extended catalog, and the standard catalog does not know the new one.
        #expect(try extended.chain(shorthand: "mastodon:@eb@social.coop").fallback == "https://social.coop/@eb")
        #expect(ServiceCatalog.standard.service(named: "mbin") == nil)
    }

    @Test func firstServiceWinsANameClash() throws {
        let mastodon = ServiceCatalog.standard.service(named: "mastodon")!
        let clash = ProfileService(id: "mastodon", displayName: "Other", handle: .fediverseAccount("Other"),
                                   profileURL: "https://{host}/users/{user}", brandColor: "#000000", icon: ServiceIcon(glyph: "chat"),
                                   provesIdentity: false)
        let catalog = ServiceCatalog(services: [clash, mastodon])
        #expect(catalog.service(named: "mastodon")?.displayName == "Other")
        #expect(try catalog.chain(shorthand: "mastodon:@eb@social.coop").fallback == "https://social.coop/users/eb")
    }
}
