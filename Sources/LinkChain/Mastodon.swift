// Mastodon (and fediverse) accounts: @user@host.

/// A validated fediverse account.
public struct MastodonAccount: Equatable, Sendable {
    /// The user name as written (Mastodon matches it case-insensitively but shows it as written).
    public var user: String
    /// The server in A-label (Punycode) form, lowercased: what goes into URLs.
    public var host: String
    /// The server as people read it: lowercased and NFC-normalised, as typed.
    public var displayHost: String

    /// "@eb@social.coop"
    public var handle: String { "@\(user)@\(displayHost)" }
    /// "eb@social.coop" with the host in A-label form.
    public var address: String { "\(user)@\(host)" }
    /// "https://social.coop/@eb": the profile page, also the form Mastodon's rel=me check compares.
    public var profileURL: String { "https://\(host)/@\(user)" }

    static let noun = "a Mastodon handle"
    static let expected = "@user@host, like @eb@social.coop"

    /// Reads `@user@host`, `user@host`, `acct:user@host` or a profile URL
    /// `https://host/@user` (or `https://other/@user@host`, a remote profile seen from
    /// another server). Surrounding whitespace is ignored.
    public static func parse(_ input: String) throws(LinkChainError) -> MastodonAccount {
        let text = trimmed(input)
        func invalid(_ reason: String) -> LinkChainError {
            LinkChainError.invalid(text, isNot: noun, expected: expected, reason: reason)
        }
        if text.isEmpty {
            throw invalid("it is empty")
        }

        let lower = text.lowercased()
        var rest = Substring(text)
        if lower.hasPrefix("http://") {
            throw invalid("a profile URL must use https, like https://social.coop/@eb")
        }
        if lower.hasPrefix("https://") {
            return try fromProfileURL(text, invalid: invalid)
        }
        if lower.hasPrefix("acct:") {
            rest = rest.dropFirst("acct:".count)
        }
        if rest.hasPrefix("@") {
            rest = rest.dropFirst()
        }

        let parts = rest.split(separator: "@", omittingEmptySubsequences: false)
        if parts.count > 2 {
            throw invalid("it has more than two @ signs")
        }
        let user = String(parts[0])
        let host = parts.count == 2 ? String(parts[1]) : ""
        if user.isEmpty {
            throw invalid("the user name is missing")
        }
        if host.isEmpty {
            throw invalid("the server name is missing")
        }
        return try make(user: user, host: host, invalid: invalid)
    }

    /// `https://host/@user`, with an optional final slash.
    private static func fromProfileURL(_ text: String, invalid: (String) -> LinkChainError) throws(LinkChainError) -> MastodonAccount {
        let afterScheme = text.dropFirst("https://".count)
        let shapeError = invalid("a profile URL looks like https://social.coop/@eb")
        guard let slash = afterScheme.firstIndex(of: "/") else { throw shapeError }
        let host = String(afterScheme[..<slash])
        var path = afterScheme[afterScheme.index(after: slash)...]
        if path.hasSuffix("/") { path = path.dropLast() }
        guard path.hasPrefix("@"), !host.isEmpty else { throw shapeError }
        let account = path.dropFirst()
        guard !account.isEmpty, !account.contains("/") else { throw shapeError }
        // https://mastodon.social/@eb@social.coop shows a remote account: the account is
        // eb@social.coop, wherever it was viewed.
        let parts = account.split(separator: "@", omittingEmptySubsequences: false)
        switch parts.count {
        case 1: return try make(user: String(account), host: host, invalid: invalid)
        case 2 where !parts[0].isEmpty && !parts[1].isEmpty:
            return try make(user: String(parts[0]), host: String(parts[1]), invalid: invalid)
        default: throw shapeError
        }
    }

    private static func make(user: String, host: String, invalid: (String) -> LinkChainError) throws(LinkChainError) -> MastodonAccount {
        guard isValidUser(user) else {
            throw invalid("the user name \(LinkChainError.quoted(user)) may contain only letters, digits and underscores, with dots or hyphens allowed inside")
        }
        let domain: DomainName
        do throws(IDNAError) {
            domain = try DomainName(host, requireDot: true)
        } catch {
            throw invalid("the server name \(LinkChainError.quoted(host)) is not valid: \(error.reason)")
        }
        return MastodonAccount(user: user, host: domain.ascii, displayHost: domain.display)
    }

    /// Mastodon's `Account::USERNAME_RE`: `[a-z0-9_]+([a-z0-9_.-]+[a-z0-9_]+)?`, case-insensitive.
    /// Local Mastodon accounts use only letters, digits and underscores; the inner dots
    /// and hyphens let accounts on other fediverse servers through.
    static func isValidUser(_ user: String) -> Bool {
        let scalars = Array(user.unicodeScalars)
        guard let first = scalars.first, let last = scalars.last else { return false }
        func isWord(_ s: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) || s == "_"
        }
        return isWord(first) && isWord(last) && scalars.allSatisfy { isWord($0) || $0 == "." || $0 == "-" }
    }
}

/// A Mastodon client that can open a profile from a URL.
public struct MastodonApp: AppLink {
    public var id: String
    public var name: String
    public var platforms: [Platform]
    public var source: String
    public var verified: Bool
    /// Builds the URL for an account; its parts are already validated and URL-safe.
    public var makeURL: @Sendable (MastodonAccount) -> String

    public init(id: String, name: String, platforms: [Platform], source: String, verified: Bool,
                url: @escaping @Sendable (MastodonAccount) -> String) {
        self.id = id
        self.name = name
        self.platforms = Platform.ordered(platforms)
        self.source = source
        self.verified = verified
        self.makeURL = url
    }

    public func url(for account: MastodonAccount) -> String { makeURL(account) }

    /// Opener shows the apps that can open a web URL; its `url` parameter is the
    /// percent-encoded profile URL.
    public static let opener = MastodonApp(
        id: "opener", name: "Opener", platforms: [.ios],
        source: "timonus/OpenerManifest README (scheme); community libraries (x-callback-url/show-options path)",
        verified: false
    ) { account in
        "opener://x-callback-url/show-options?url=" + PercentEncoding.queryValue.encode(account.profileURL)
    }

    /// The documented Ivory form (the seed's `ivory://HOST/@USER` is not used).
    public static let ivory = MastodonApp(
        id: "ivory", name: "Ivory", platforms: [.ios],
        source: "Tapbots URL-scheme tips page, via a transcription (gist)",
        verified: true
    ) { account in
        "ivory:///user_profile/\(segment(account.user))@\(segment(account.host))"
    }

    public static let iceCubes = MastodonApp(
        id: "icecubes", name: "Ice Cubes", platforms: [.ios],
        source: "Dimillian/IceCubesApp IceCubesApp/App/Router/SafariRouter.swift",
        verified: true
    ) { account in
        "icecubesapp://\(segment(account.host))/@\(segment(account.user))"
    }

    /// The official app; the URL does nothing unless the visitor is logged in.
    public static let mastodon = MastodonApp(
        id: "mastodon", name: "Mastodon", platforms: [.ios],
        source: "mastodon/mastodon-ios SceneDelegate.swift (does nothing unless logged in)",
        verified: true
    ) { account in
        "mastodon://profile/\(segment(account.user))@\(segment(account.host))"
    }

    /// The default chain, in order. Adding an app is one entry here.
    public static let catalog: [MastodonApp] = [opener, ivory, iceCubes, mastodon]

    /// Percent-encodes one URL part (a no-op for validated user and host names,
    /// kept so the templates stay safe if validation is ever loosened).
    private static func segment(_ part: String) -> String {
        PercentEncoding.queryValue.encode(part)
    }
}

/// Mastodon and other fediverse servers: `@user@host`.
public struct MastodonService: Service {
    /// The apps to try, in order.
    public var apps: [MastodonApp]

    public init(apps: [MastodonApp] = MastodonApp.catalog) {
        self.apps = apps
    }

    public var id: String { "mastodon" }
    public var displayName: String { "Mastodon" }
    public var handleForm: String { MastodonAccount.expected }

    public func chain(handle: String, options: [String: String]) throws(LinkChainError) -> Chain {
        _ = try validatedOptions(options)
        let account = try MastodonAccount.parse(handle)
        return Chain(serviceID: id, handle: account.handle,
                     candidates: apps.map { $0.candidate(for: account) },
                     fallback: account.profileURL)
    }
}
