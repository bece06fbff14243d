// URLParts: any absolute URL with a host, split as RFC 3986 reads it.

/// An absolute URL's parts as RFC 3986 section 3 splits them, for code that must see a URL's host or compare two
/// URLs rather than check a link a person wrote (that is `WebAddress`): any scheme, nothing normalised but the
/// path, query and fragment, which are percent-encoded where needed (an existing `%XX` kept, a lone `%` encoded),
/// as a browser sends them.
public struct URLParts: Equatable, Sendable {
    /// As written (`HTTPS` stays upper-case).
    public var scheme: String
    /// What comes before `@` in the authority, as written; nil when there is no `@`.
    public var userInfo: String?
    /// As written, never empty: a name (`Example.org`, `bücher.example`), a dotted IPv4 address, or an IP literal in
    /// its brackets (`[::1]`).
    public var host: String
    /// The number after the host's `:`; nil when there is none or it is empty (`https://example.org:/`).
    public var port: Int?
    /// Percent-encoded; empty for `https://example.org` and `https://example.org?q`.
    public var path: String
    /// After `?`, percent-encoded; nil without a `?`.
    public var query: String?
    /// After `#`, percent-encoded; nil without a `#`.
    public var fragment: String?

    /// Reads `scheme://authority` followed by a path, query and fragment; nil when the text is no such URL: no
    /// scheme (or one that does not start with a letter), no `//`, no host, a port that is not a number, an
    /// unclosed `[`, or a host holding a space, a control character or `"<>\^`{|}`.
    public init?(_ text: String) {
        guard let scheme = URLScheme.strictPrefix(of: text) else { return nil }
        let rest = text[text.index(after: scheme.endIndex)...]
        guard rest.hasPrefix("//") else { return nil }
        let afterSlashes = rest.dropFirst(2)
        let authorityEnd = afterSlashes.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterSlashes.endIndex
        var authority = afterSlashes[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") {
            userInfo = String(authority[..<at])
            authority = authority[authority.index(after: at)...]
        }
        var portText: Substring = ""
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return nil }
            let after = authority[authority.index(after: close)...]
            guard after.isEmpty || after.hasPrefix(":") else { return nil }
            portText = after.dropFirst()
            authority = authority[...close]
        } else if let portColon = authority.firstIndex(of: ":") {
            portText = authority[authority.index(after: portColon)...]
            authority = authority[..<portColon]
        }
        guard !authority.isEmpty, !authority.unicodeScalars.contains(where: Self.isNeverInHost),
              (userInfo ?? "").unicodeScalars.allSatisfy({ !Self.isNeverInHost($0) }) else { return nil }
        if !portText.isEmpty {
            guard portText.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }), let port = Int(portText) else { return nil }
            self.port = port
        }
        self.scheme = String(scheme)
        host = String(authority)

        var tail = afterSlashes[authorityEnd...]
        if let hash = tail.firstIndex(of: "#") {
            fragment = PercentEncoding.urlQuery.encodePreservingEscapes(String(tail[tail.index(after: hash)...]))
            tail = tail[..<hash]
        }
        if let question = tail.firstIndex(of: "?") {
            query = PercentEncoding.urlQuery.encodePreservingEscapes(String(tail[tail.index(after: question)...]))
            tail = tail[..<question]
        }
        path = PercentEncoding.urlPath.encodePreservingEscapes(String(tail))
    }

    /// The URL again, from its parts (a host with a `:` in it, an IPv6 address, put in brackets).
    public var text: String {
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[" + host + "]" : host
        return scheme + "://" + (userInfo.map { $0 + "@" } ?? "") + bracketed + (port.map { ":\($0)" } ?? "") + path
            + (query.map { "?" + $0 } ?? "") + (fragment.map { "#" + $0 } ?? "")
    }

    /// ASCII controls, space and the characters RFC 3986 allows in no part of a URL.
    private static func isNeverInHost(_ scalar: Unicode.Scalar) -> Bool {
        ControlCharacters.isASCIIControl(scalar) || scalar == " " || "\"<>\\^`{|}".unicodeScalars.contains(scalar)
    }
}
