// The values LinkChain hands to a web page or an app: a chain of app URLs to try
// in order, and the https: or mailto: fallback that works everywhere.

/// Where a candidate URL can be tried.
public enum Platform: String, Codable, CaseIterable, Sendable {
    case ios, android, desktop

    private var bit: Int { switch self { case .ios: 0; case .android: 1; case .desktop: 2 } }

    /// Sorts and de-duplicates platforms into `Platform.allCases` order.
    public static func ordered<S: Sequence>(_ platforms: S) -> [Platform] where S.Element == Platform {
        // A bit per platform: every candidate of every page comes through here, and a Set costs a hash each.
        var wanted = 0
        for platform in platforms { wanted |= 1 << platform.bit }
        return allCases.filter { wanted & (1 << $0.bit) != 0 }
    }

    /// Catalog entries list their platforms in order already: their array is kept, not copied.
    public static func ordered(_ platforms: [Platform]) -> [Platform] {
        var last = -1
        for platform in platforms {
            guard platform.bit > last else { return ordered(platforms[...]) }
            last = platform.bit
        }
        return platforms
    }
}

/// One app URL to try before the fallback.
public struct Candidate: Codable, Equatable, Sendable {
    /// Stable identifier of the app, e.g. "ivory".
    public var appID: String
    /// Name shown to people, e.g. "Ivory".
    public var appName: String
    /// Fully percent-encoded absolute URL string.
    public var url: String
    /// Where this candidate applies, in `Platform.allCases` order.
    public var platforms: [Platform]
    /// Where the URL format comes from (a citation from the app-links notes).
    public var source: String
    /// False when no primary source documents the URL format.
    public var verified: Bool

    public init(appID: String, appName: String, url: String, platforms: [Platform], source: String, verified: Bool) {
        self.appID = appID
        self.appName = appName
        self.url = url
        self.platforms = Platform.ordered(platforms)
        self.source = source
        self.verified = verified
    }
}

/// The ordered app candidates for one service handle plus the fallback URL.
public struct Chain: Codable, Equatable, Sendable {
    /// The service that produced the chain, e.g. "mastodon".
    public var serviceID: String
    /// The normalised handle as shown to people, e.g. "@eb@social.coop".
    public var handle: String
    /// App URLs to try, best first.
    public var candidates: [Candidate]
    /// The https:, mailto:, tel: or sms: URL that a plain link uses.
    public var fallback: String
    /// `acct:user@host` for a fediverse account: what a visitor's own server needs to follow it.
    public var accountURI: String?

    public init(serviceID: String, handle: String, candidates: [Candidate], fallback: String, accountURI: String? = nil) {
        self.serviceID = serviceID
        self.handle = handle
        self.candidates = candidates
        self.fallback = fallback
        self.accountURI = accountURI
    }

    /// The candidates that apply on `platform`, in chain order.
    public func candidates(for platform: Platform) -> [Candidate] {
        candidates.filter { $0.platforms.contains(platform) }
    }

    /// What an app on `platform` tries in order: each candidate's URL, then the fallback.
    public func attempts(for platform: Platform) -> [String] {
        candidates(for: platform).map(\.url) + [fallback]
    }

    /// `@user@host` (A-label host) for a fediverse account, as `fediverse:creator` wants it; else nil.
    public var fediverseAddress: String? {
        guard let accountURI, accountURI.hasPrefix("acct:") else { return nil }
        return "@" + accountURI.dropFirst("acct:".count)
    }
}
