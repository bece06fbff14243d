import LinkChain

/// A page's public address (`url:` or `--base-url`): published in the canonical link, Open Graph, JSON-LD,
/// the vCard and the QR code, so it must be a clean https address: no user name or password, no spaces, the
/// host in Punycode. Plain http is allowed only for this machine (localhost, 127.0.0.1, [::1]), for testing.
public enum PageAddress {
    public static let expected = "the page's public address, like https://example.org/"

    public struct Problem: Error { public var reason: String }

    /// Longer addresses do not fit a QR code that a phone reads reliably (version 40 holds 2,953 bytes at best).
    static let maximumBytes = 2_000

    /// The normalised address, or why it is refused.
    public static func parse(_ text: String) -> Result<String, Problem> {
        if text.utf8.count > maximumBytes {
            return .failure(Problem(reason: "the address has \(text.utf8.count) bytes: expected at most \(maximumBytes), so that its QR code can be drawn and scanned"))
        }
        if let space = text.unicodeScalars.first(where: { $0.properties.isWhitespace }) {
            return .failure(Problem(reason: "'\(text)' contains \(space == " " ? "a space" : "white space (\(UnicodeName.describe(space)))"): expected an address without spaces (write a space in a path as %20)"))
        }
        let lowered = text.lowercased()
        let isHTTP = lowered.hasPrefix("http://")
        let candidate = isHTTP ? "https://" + text.dropFirst("http://".count) : text
        let address: WebAddress
        do { address = try WebAddress.parse(candidate) } catch {
            return .failure(Problem(reason: error.message))
        }
        guard isHTTP else { return .success(address.url) }
        let afterScheme = address.url.dropFirst("https://".count)
        let host = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let hostName = host.hasPrefix("[") ? String(host.prefix { $0 != "]" }) + "]" : String(host.prefix { $0 != ":" })
        guard ["localhost", "127.0.0.1", "[::1]"].contains(hostName) else {
            return .failure(Problem(reason: "'\(text)' is not an https address: only https addresses are published (http only for localhost, 127.0.0.1 and [::1], to test)"))
        }
        return .success("http://" + afterScheme)
    }

    /// A path below the output folder as it goes into a URL or a `_headers` line: each byte outside the
    /// characters a path may hold is percent-encoded (`%`, space, `#`, `?` included).
    static func encodePath(_ path: String) -> String {
        pathEncoding.encode(path)
    }

    private static let pathEncoding = PercentEncoding(literalCharacters: PercentEncoding.unreservedCharacters + "!$&'()*+,;=:@/")
}

/// Names for characters in messages: `U+2028`.
enum UnicodeName {
    static func describe(_ scalar: Unicode.Scalar) -> String {
        "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
    }
}
