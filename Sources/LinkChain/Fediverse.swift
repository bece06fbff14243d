// Fediverse accounts (Mastodon, Pixelfed, PeerTube, Misskey, GoToSocial, ...): @user@host.

/// A validated fediverse account.
public struct FediverseAccount: Equatable, Sendable {
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
    /// "acct:eb@social.coop": the account's URI (RFC 7565), what a visitor's own server follows.
    public var uri: String { "acct:" + address }

    static let expected = "@user@host, like @eb@social.coop"

    /// Reads `@user@host`, `user@host`, `acct:user@host` or a profile URL
    /// `https://host/@user` (or `https://other/@user@host`, a remote profile seen from
    /// another server). Surrounding whitespace is ignored. `serviceName` names the service
    /// in errors: "a Pixelfed handle".
    public static func parse(_ input: String, serviceName: String = "Mastodon") throws(LinkChainError) -> FediverseAccount {
        let text = trimmed(input)
        do throws(Problem) {
            return try read(text)
        } catch {
            throw LinkChainError.invalid(text, isNot: "a \(serviceName) handle", expected: expected, reason: error.reason)
        }
    }

    /// Why a text is not an account.
    struct Problem: Error { var reason: String }

    static func read(_ text: String) throws(Problem) -> FediverseAccount {
        if text.isEmpty {
            throw Problem(reason: "it is empty")
        }
        let lower = text.lowercased()
        var rest = Substring(text)
        if lower.hasPrefix("http://") {
            throw Problem(reason: "a profile URL must use https, like https://social.coop/@eb")
        }
        if lower.hasPrefix("https://") {
            return try fromProfileURL(text)
        }
        if lower.hasPrefix("acct:") {
            rest = rest.dropFirst("acct:".count)
        }
        if rest.hasPrefix("@") {
            rest = rest.dropFirst()
        }

        let parts = rest.split(separator: "@", omittingEmptySubsequences: false)
        if parts.count > 2 {
            throw Problem(reason: "it has more than two @ signs")
        }
        let user = String(parts[0])
        let host = parts.count == 2 ? String(parts[1]) : ""
        if user.isEmpty {
            throw Problem(reason: "the user name is missing")
        }
        if host.isEmpty {
            throw Problem(reason: "the server name is missing")
        }
        return try make(user: user, host: host)
    }

    /// `https://host/@user`, with an optional final slash.
    private static func fromProfileURL(_ text: String) throws(Problem) -> FediverseAccount {
        let afterScheme = text.dropFirst("https://".count)
        let shapeError = Problem(reason: "a profile URL looks like https://social.coop/@eb")
        guard let slash = afterScheme.firstIndex(of: "/") else { throw shapeError }
        let host = String(afterScheme[..<slash])
        var path = afterScheme[afterScheme.index(after: slash)...]
        if path.hasSuffix("/") { path = path.dropLast() }
        guard path.hasPrefix("@"), !host.isEmpty else { throw shapeError }
        let account = path.dropFirst()
        guard !account.isEmpty, !account.utf8.contains(UInt8(ascii: "/")) else { throw shapeError }
        // https://mastodon.social/@eb@social.coop shows a remote account: the account is
        // eb@social.coop, wherever it was viewed.
        let parts = account.split(separator: "@", omittingEmptySubsequences: false)
        switch parts.count {
        case 1: return try make(user: String(account), host: host)
        case 2 where !parts[0].isEmpty && !parts[1].isEmpty:
            return try make(user: String(parts[0]), host: String(parts[1]))
        default: throw shapeError
        }
    }

    private static func make(user: String, host: String) throws(Problem) -> FediverseAccount {
        guard isValidUser(user) else {
            throw Problem(reason: "the user name \(LinkChainError.quoted(user)) may contain only letters, digits and underscores, with dots or hyphens allowed inside")
        }
        let domain: DomainName
        do throws(IDNAError) {
            domain = try DomainName(host, requireDot: true)
        } catch {
            throw Problem(reason: "the server name \(LinkChainError.quoted(host)) is not valid: \(error.reason)")
        }
        return FediverseAccount(user: user, host: domain.ascii, displayHost: domain.display)
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

extension HandleSyntax {
    /// A fediverse account, `@user@host` (see `FediverseAccount.parse` for the other forms accepted).
    /// Fills `{user}` and `{host}` (A-label form).
    public static func fediverseAccount(_ serviceName: String) -> HandleSyntax {
        HandleSyntax(noun: "a \(serviceName) handle", expected: FediverseAccount.expected, placeholders: ["user", "host"]) { text in
            do throws(FediverseAccount.Problem) {
                let account = try FediverseAccount.read(text)
                return .valid(display: account.handle, values: ["user": account.user, "host": account.host])
            } catch {
                return .invalid(reason: error.reason)
            }
        }
    }
}
