// How handles are written: each syntax checks one and gives the values its service's URLs use.

/// How a service's handles are written: checks one and names the values its URLs use.
public struct HandleSyntax: Sendable {
    /// What a handle is, with its article: "a GitHub user name".
    public var noun: String
    /// The expected form with an example: "a user name, like octocat".
    public var expected: String
    /// The placeholders a valid handle fills, e.g. ["user"].
    public var placeholders: [String]
    private let read: @Sendable (String) -> Reading

    /// A handle as read: the form people see and the template values; or why it is not valid.
    public enum Reading: Sendable {
        case valid(display: String, values: [String: String])
        case invalid(reason: String)
    }

    public init(noun: String, expected: String, placeholders: [String], read: @escaping @Sendable (String) -> Reading) {
        self.noun = noun
        self.expected = expected
        self.placeholders = placeholders
        self.read = read
    }

    /// Reads `input` (surrounding whitespace ignored), or throws an error that quotes it and says
    /// what was expected and why it is not that.
    public func parse(_ input: String) throws(LinkChainError) -> (display: String, values: [String: String]) {
        let text = trimmed(input)
        let reading: Reading = text.isEmpty ? .invalid(reason: "it is empty") : read(text)
        switch reading {
        case .valid(let display, let values): return (display, values)
        case .invalid(let reason): throw LinkChainError.invalid(text, isNot: noun, expected: expected, reason: reason)
        }
    }
}

/// The rule for a user name made of ASCII letters, digits and a few symbols.
public struct UsernameRule: Sendable {
    /// Symbols allowed besides ASCII letters and digits, e.g. "_" or "_.-".
    public var symbols: String
    /// Allowed lengths in characters.
    public var length: ClosedRange<Int>
    /// Symbols that may not start or end the name (e.g. "-." for GitHub's hyphens).
    public var notAtEdges: String
    /// True when two of `notAtEdges` may not stand side by side (GitHub: no "--").
    public var noDoubledSymbols: Bool
    /// True when names are case-insensitive and shown lowercased.
    public var lowercased: Bool

    public init(symbols: String, length: ClosedRange<Int>, notAtEdges: String = "", noDoubledSymbols: Bool = false, lowercased: Bool = false) {
        self.symbols = symbols
        self.length = length
        self.notAtEdges = notAtEdges
        self.noDoubledSymbols = noDoubledSymbols
        self.lowercased = lowercased
    }

    /// Why `name` breaks the rule, or nil.
    func problem(_ name: String, serviceName: String) -> String? {
        // `symbols` and `notAtEdges` are a few characters: searched as they are, with no set built per name.
        let allowed = symbols.unicodeScalars
        for scalar in name.unicodeScalars {
            let ok = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || allowed.contains(scalar)
            if !ok {
                return "the character \(IDNA.describe(scalar)) is not allowed: use letters, digits" + (symbols.isEmpty ? "" : " and " + Self.describe(symbols))
            }
        }
        let count = name.unicodeScalars.count
        if !length.contains(count) {
            let range = length.lowerBound == length.upperBound ? "\(length.lowerBound)" : "\(length.lowerBound) to \(length.upperBound)"
            return "it is \(count) character\(count == 1 ? "" : "s") long; \(serviceName) names have \(range)"
        }
        let edges = notAtEdges.unicodeScalars
        if let first = name.unicodeScalars.first, let last = name.unicodeScalars.last, edges.contains(first) || edges.contains(last) {
            return "it may not start or end with " + Self.describe(notAtEdges)
        }
        if noDoubledSymbols {
            let scalars = Array(name.unicodeScalars)
            if zip(scalars, scalars.dropFirst()).contains(where: { edges.contains($0) && edges.contains($1) }) {
                return "it may not have two of " + Self.describe(notAtEdges) + " in a row"
            }
        }
        return nil
    }

    /// `_ - .` as words: "underscores, hyphens and dots".
    static func describe(_ symbols: String) -> String {
        let names: [Character: String] = ["_": "underscores", "-": "hyphens", ".": "dots"]
        let words = symbols.map { names[$0] ?? "\"\($0)\"" }
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " and " + words.last!
    }
}

extension HandleSyntax {
    /// A user name checked by `rule`, filling `{user}`. A leading `sigil` (`@`, or Cash App's `$`) is dropped;
    /// `display` is how the name is shown (`@name` or `name`).
    public static func username(_ serviceName: String, example: String, rule: UsernameRule, shownWithAt: Bool = false,
                                kind: String = "user name", sigil: String = "@") -> HandleSyntax {
        // "an Instagram user name", "an X user name" (said "ex").
        let article = "AEIOUX".contains(serviceName.prefix(1)) ? "an" : "a"
        // "an app ID", "an ID", "a user name" (said "you").
        let kindArticle = "aeioAEIO".contains(kind.prefix(1)) || kind.hasPrefix("ID") ? "an" : "a"
        return HandleSyntax(noun: "\(article) \(serviceName) \(kind)", expected: "\(kindArticle) \(kind), like \(example)", placeholders: ["user"]) { text in
            if text.lowercased().hasPrefix("http:") || text.lowercased().hasPrefix("https:") {
                return .invalid(reason: "give the \(kind) alone, not the address of the profile")
            }
            var name = text.hasPrefix(sigil) ? String(text.dropFirst(sigil.count)) : text
            if rule.lowercased { name = name.lowercased() }
            if let problem = rule.problem(name, serviceName: serviceName) { return .invalid(reason: problem) }
            return .valid(display: (shownWithAt ? sigil : "") + name, values: ["user": name])
        }
    }

    /// An international phone number, `+` and 7 to 15 digits (ITU-T E.164), with spaces, dots, hyphens
    /// and parentheses allowed between them. Fills `{digits}` (the digits without `+`).
    public static let phoneNumber = HandleSyntax(
        noun: "a phone number", expected: "an international number starting with +, like +49 30 1234567",
        placeholders: ["digits"]
    ) { text in
        guard text.hasPrefix("+") else {
            return .invalid(reason: "it must start with + and the country code, so it works from every country")
        }
        var digits = ""
        for scalar in text.unicodeScalars.dropFirst() {
            if ("0"..."9").contains(scalar) { digits.unicodeScalars.append(scalar) }
            else if !" .-()\u{00A0}".unicodeScalars.contains(scalar) {
                return .invalid(reason: "the character \(IDNA.describe(scalar)) is not allowed: use digits, with spaces, dots, hyphens or parentheses between them")
            }
        }
        guard (7...15).contains(digits.count) else {
            return .invalid(reason: "it has \(digits.count) digits; international numbers have 7 to 15")
        }
        return .valid(display: PhoneGrouping.shown(written: text, digits: digits), values: ["digits": digits])
    }

    /// A Bluesky handle: a domain name such as `eb.bsky.social` (with or without `@`), or a `did:plc:`
    /// or `did:web:` identifier. Fills `{handle}`.
    public static let blueskyHandle = HandleSyntax(
        noun: "a Bluesky handle", expected: "a domain handle, like eb.bsky.social, or a did:plc: identifier",
        placeholders: ["handle"]
    ) { text in
        let lower = text.lowercased()
        if lower.hasPrefix("did:") {
            let ok = (lower.hasPrefix("did:plc:") || lower.hasPrefix("did:web:")) && text.dropFirst(8).unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-"
            } && text.count > 8
            return ok ? .valid(display: text, values: ["handle": text]) : .invalid(reason: "a DID looks like did:plc:z72i7hdynmk6r22z27h6tvur")
        }
        let name = text.hasPrefix("@") ? String(text.dropFirst()) : text
        do throws(IDNAError) {
            let domain = try DomainName(name, requireDot: true)
            return .valid(display: "@" + domain.display, values: ["handle": domain.ascii])
        } catch {
            return .invalid(reason: "\(LinkChainError.quoted(name)) is not a domain name: \(error.reason)")
        }
    }

    /// A Matrix user ID `@user:server` (Matrix specification, appendix "Identifier grammar"). Fills
    /// `{user}` and `{server}`.
    public static let matrixUser = HandleSyntax(
        noun: "a Matrix user ID", expected: "@user:server, like @eb:matrix.org", placeholders: ["user", "server"]
    ) { text in
        guard text.hasPrefix("@"), let colon = text.firstIndex(of: ":") else {
            return .invalid(reason: "a Matrix ID starts with @ and has a : before the server")
        }
        let user = String(text[text.index(after: text.startIndex)..<colon])
        let server = String(text[text.index(after: colon)...])
        // The spec's historical user ID grammar: a-z 0-9 . _ = - / (+ allowed since v1.8).
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789._=-/+".unicodeScalars)
        guard !user.isEmpty, user.unicodeScalars.allSatisfy(allowed.contains) else {
            return .invalid(reason: "the user part may contain only lowercase letters, digits and . _ = - / +")
        }
        let hostPart = server.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let host = String(hostPart[0])
        if hostPart.count == 2, !(hostPart[1].allSatisfy(\.isASCII) && hostPart[1].allSatisfy(\.isNumber) && !hostPart[1].isEmpty) {
            return .invalid(reason: "the server's port must be a number")
        }
        do throws(IDNAError) {
            let domain = try DomainName(host, requireDot: true)
            let port = hostPart.count == 2 ? ":" + hostPart[1] : ""
            return .valid(display: "@\(user):\(domain.display)\(port)", values: ["user": user, "server": domain.ascii + port])
        } catch {
            return .invalid(reason: "the server \(LinkChainError.quoted(host)) is not valid: \(error.reason)")
        }
    }

    /// Spotify's `kind:ID` (developer.spotify.com, "Spotify URIs and IDs"): artist, album, playlist,
    /// show, track or user, then a base-62 ID (a user name for `user`). Fills `{kind}` and `{id}`.
    public static let spotifyItem = HandleSyntax(
        noun: "a Spotify item", expected: "kind:ID, like artist:0OdUWJ0sBjDrqHygGUXeCF (kinds: artist, album, playlist, show, track, user)",
        placeholders: ["kind", "id"]
    ) { text in
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let kinds = ["artist", "album", "playlist", "show", "track", "user"]
        guard parts.count == 2, kinds.contains(parts[0].lowercased()) else {
            return .invalid(reason: "it must be one of \(kinds.joined(separator: ", ")), a colon and the ID from the Spotify link")
        }
        let kind = parts[0].lowercased(), id = String(parts[1])
        let ok = !id.isEmpty && id.count <= 64 && id.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || (kind == "user" && "._-".unicodeScalars.contains($0))
        }
        guard ok else { return .invalid(reason: "the ID \(LinkChainError.quoted(id)) may contain only letters and digits") }
        return .valid(display: "\(kind):\(id)", values: ["kind": kind, "id": id])
    }

    /// A number of `digits` digits, such as an Apple Music artist ID or a Discord user ID. Fills `{id}`.
    public static func numericID(noun: String, example: String, digits: ClosedRange<Int>) -> HandleSyntax {
        HandleSyntax(noun: noun, expected: "a number, like \(example)", placeholders: ["id"]) { text in
            guard text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else {
                return .invalid(reason: "it may contain only digits")
            }
            guard digits.contains(text.count) else {
                return .invalid(reason: "it has \(text.count) digits; expected \(digits.lowerBound) to \(digits.upperBound)")
            }
            return .valid(display: text, values: ["id": text])
        }
    }
}
