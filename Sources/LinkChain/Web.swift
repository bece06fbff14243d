// Web: any absolute https URL, normalised.

/// A validated absolute https URL.
public struct WebAddress: Equatable, Sendable {
    /// Fully encoded URL: lowercase scheme, A-label host, no default port, and
    /// path, query and fragment percent-encoded where needed (existing `%XX` kept).
    public var url: String
    /// The same URL as people read it: Unicode host, the rest as written.
    public var display: String

    public static let noun = "an https web address"
    static let expected = "an https:// URL, like https://example.org/contact"

    private static let pathEncoding = PercentEncoding.urlPath
    private static let queryEncoding = PercentEncoding.urlQuery

    /// Reads an absolute https URL. Refuses other schemes (http:, javascript:, data:, ...),
    /// a missing host, user names or passwords in the URL, bad ports and control characters.
    public static func parse(_ input: String) throws(LinkChainError) -> WebAddress {
        if let plain = plain(input) { return plain }
        return try parseFully(input)
    }

    /// `https://host/path` with a plain lowercase domain (not an IPv4 address) and a path of unreserved characters
    /// and slashes: every check passes and nothing is encoded, so both forms are the text as written. Read in one
    /// pass, since most links are like this; anything else takes `parseFully`, which also words the errors.
    static func plain(_ text: String) -> WebAddress? {
        let bytes = text.utf8
        guard bytes.starts(with: "https://".utf8) else { return nil }
        let hostStart = bytes.index(bytes.startIndex, offsetBy: 8)
        let hostEnd = bytes[hostStart...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex
        for byte in bytes[hostEnd...] where !(byte < 128 && plainPathBytes[Int(byte)]) { return nil }
        let host = String(text[hostStart..<hostEnd])
        // The last label not all digits: a dotted IPv4 address has rules of its own.
        guard let last = host.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).last,
              last.contains(where: { !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              DomainName.isPlainValidName(host, requireDot: false) else { return nil }
        return WebAddress(url: text, display: text)
    }

    /// RFC 3986 unreserved characters and `/`.
    private static let plainPathBytes: [Bool] = (0..<128).map { byte in
        (PercentEncoding.unreservedCharacters + "/").utf8.contains(UInt8(byte))
    }

    /// The full reading, for any input.
    static func parseFully(_ input: String) throws(LinkChainError) -> WebAddress {
        let text = trimmed(input)
        func invalid(_ reason: String) -> LinkChainError {
            LinkChainError.invalid(text, isNot: noun, expected: expected, reason: reason)
        }
        if text.isEmpty {
            throw invalid("it is empty")
        }
        for scalar in text.unicodeScalars where ControlCharacters.isASCIIControl(scalar) {
            throw invalid("it contains the control character \(IDNA.describe(scalar))")
        }

        guard let colon = text.firstIndex(of: ":"),
              !text[..<colon].contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) else {
            // `www.grace.example` gets its own address in full when that reads as one.
            if !text.hasPrefix("/"), text.contains("."), let full = try? parseFully("https://" + text) {
                throw invalid("it has no scheme: write it in full, \(full.url)")
            }
            throw invalid("it has no scheme: write it in full, like https://example.org")
        }
        let scheme = text[..<colon].lowercased()
        if scheme == "http" {
            let rest = text[text.index(after: colon)...]
            throw invalid("only https links are allowed; use https:\(rest) if the site supports it")
        }
        if scheme != "https" {
            throw invalid("the scheme \(LinkChainError.quoted(scheme + ":")) is not allowed; only https links are")
        }
        let afterScheme = text[text.index(after: colon)...]
        guard afterScheme.hasPrefix("//") else {
            throw invalid("the scheme must be followed by //, as in https://example.org")
        }
        let afterSlashes = afterScheme.dropFirst(2)
        let authorityEnd = afterSlashes.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" || $0 == "\\" } ?? afterSlashes.endIndex
        let authority = afterSlashes[..<authorityEnd]
        let tail = afterSlashes[authorityEnd...]

        if authority.utf8.contains(UInt8(ascii: "@")) {
            throw invalid("it contains a user name or password before the host, which is not allowed")
        }
        let (host, port) = try splitHostPort(authority, invalid: invalid)
        let (asciiHost, displayHost) = try normaliseHost(host, invalid: invalid)

        // Split the rest into path, query and fragment.
        var path = tail
        var query: Substring?
        var fragment: Substring?
        if let hash = path.firstIndex(of: "#") {
            fragment = path[path.index(after: hash)...]
            path = path[..<hash]
        }
        if let question = path.firstIndex(of: "?") {
            query = path[path.index(after: question)...]
            path = path[..<question]
        }
        var url = "https://" + asciiHost + port + pathEncoding.encodePreservingEscapes(String(path))
        var display = "https://" + displayHost + port + path
        if let query {
            url += "?" + queryEncoding.encodePreservingEscapes(String(query))
            display += "?" + query
        }
        if let fragment {
            url += "#" + queryEncoding.encodePreservingEscapes(String(fragment))
            display += "#" + fragment
        }
        return WebAddress(url: url, display: display)
    }

    /// Splits `host[:port]` or `[v6]:port`; returns the port as ":N", or "" for none or 443.
    private static func splitHostPort(_ authority: Substring, invalid: (String) -> LinkChainError) throws(LinkChainError) -> (Substring, String) {
        var host = authority
        var portText: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else {
                throw invalid("the IPv6 address has no closing ]")
            }
            host = authority[...close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw invalid("unexpected text after the IPv6 address") }
                portText = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        }
        guard let portText else { return (host, "") }
        if portText.isEmpty { return (host, "") }
        guard portText.allSatisfy(\.isASCII), portText.allSatisfy(\.isNumber),
              let port = Int(portText), (1...65535).contains(port) else {
            throw invalid("the port \(LinkChainError.quoted(String(portText))) is not a number from 1 to 65535")
        }
        return (host, port == 443 ? "" : ":\(port)")
    }

    /// Validates the host: an IPv6 literal, a dotted IPv4 address or a domain name.
    private static func normaliseHost(_ host: Substring, invalid: (String) -> LinkChainError) throws(LinkChainError) -> (String, String) {
        if host.isEmpty {
            throw invalid("it has no host")
        }
        if host.hasPrefix("[") {
            let inner = host.dropFirst().dropLast()
            let ok = !inner.isEmpty && inner.utf8.contains(UInt8(ascii: ":"))
                // isHexDigit alone also takes fullwidth digits and letters (U+FF10...), which no URL parser reads.
                && inner.allSatisfy { ($0.isASCII && $0.isHexDigit) || $0 == ":" || $0 == "." }
            guard ok else { throw invalid("\(LinkChainError.quoted(String(host))) is not an IPv6 address") }
            let lower = host.lowercased()
            return (lower, lower)
        }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count == 4, labels.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) {
            guard labels.allSatisfy({ $0.count <= 3 && Int($0)! <= 255 }) else {
                throw invalid("\(LinkChainError.quoted(String(host))) is not a valid IPv4 address")
            }
            return (String(host), String(host))
        }
        do throws(IDNAError) {
            let domain = try DomainName(String(host), requireDot: false)
            return (domain.ascii, domain.display)
        } catch {
            throw invalid("the host \(LinkChainError.quoted(String(host))) is not valid: \(error.reason)")
        }
    }
}

/// Any https address: a website, or a feed. No apps: universal links and app links already open an
/// installed app from the https URL. The fallback is the normalised URL.
public struct WebService: Service {
    public var id: String
    public var aliases: [String]
    public var displayName: String
    public var brandColor: String
    public var icon: ServiceIcon

    /// A plain website by default; `StandardServices` also makes the RSS feed service from it.
    public init(id: String = "web", aliases: [String] = ["url", "https"], displayName: String = "Web",
                brandColor: String = "#1f4e8c", icon: ServiceIcon = ServiceIcon(glyph: "globe")) {
        self.id = id
        self.aliases = aliases
        self.displayName = displayName
        self.brandColor = brandColor
        self.icon = icon
    }

    public var handleForm: String { WebAddress.expected }

    public func target(handle: String, options: [String: String]) throws(LinkChainError) -> LinkTarget {
        _ = try validatedOptions(options)
        let address = try WebAddress.parse(handle)
        return LinkTarget(handle: address.display, fallback: address.url)
    }

    /// "https://example.org" arrives as prefix "https" and body "//example.org"; put the
    /// scheme back. After "web:" or "url:" the body is the whole URL.
    public func parseShorthand(_ body: String, prefix: String) throws(LinkChainError) -> ServiceRequest {
        if prefix.lowercased() == "https" {
            return ServiceRequest(handle: prefix + ":" + body)
        }
        return ServiceRequest(handle: body)
    }
}
