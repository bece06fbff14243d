import LinkChain
import SiteBasics

/// A page's public address (`url:` or `--base-url`): published in the canonical link, Open Graph, JSON-LD,
/// the vCard and the QR code, so it must be a clean https address: no user name or password, no spaces, the
/// host in Punycode. Plain http is allowed only for this machine (`HTTPSAddress`), for testing.
package enum PageAddress {
    package static let expected = "the page's public address, like https://example.org/"

    package struct Problem: Error { package var reason: String }

    /// Longer addresses do not fit a QR code that a phone reads reliably (version 40 holds 2,953 bytes at best).
    static let maximumBytes = 2_000

    /// The normalised address, or why it is refused.
    package static func parse(_ text: String) -> Result<String, Problem> {
        if text.utf8.count > maximumBytes {
            return .failure(Problem(reason: "the address has \(text.utf8.count) bytes: expected at most \(maximumBytes), so that its QR code can be drawn and scanned"))
        }
        return HTTPSAddress.parse(text).map(\.url).mapError { Problem(reason: $0.reason) }
    }

    /// The address of the site's root (`--base-url`), which every page's path is appended to: a query or a fragment
    /// would end up in the middle of each page's address (`https://x.example/?q=1/about/`).
    package static func parseSiteRoot(_ text: String) -> Result<String, Problem> {
        parse(text).flatMap { address in
            guard let mark = address.firstIndex(where: { $0 == "?" || $0 == "#" }) else { return .success(address) }
            return .failure(Problem(reason: "'\(address)' has a \(address[mark] == "?" ? "query (?…)" : "fragment (#…)"), which would land inside every page's address: expected the site's root, ending in its path"))
        }
    }

    /// A path below the output folder as it goes into a URL or a `_headers` line: each byte outside the
    /// characters a path may hold is percent-encoded (`%`, space, `#`, `?` included).
    package static func encodePath(_ path: String) -> String {
        PercentEncoding.urlPath.encode(path)
    }
}

/// An address sitegen publishes or sends to: https, read by LinkChain's `WebAddress` (the one reading of https
/// URLs in sitegen), or plain http when the host is this machine (localhost, 127.x.x.x, [::1]), so that tests need
/// no certificate.
package struct HTTPSAddress: Equatable {
    /// Normalised as `WebAddress` writes it (lowercase scheme and host, Punycode, percent-encoded), with `http:`
    /// kept for a loopback host.
    var url: String
    /// `scheme://host[:port]`: what a Content-Security-Policy names to let a page connect to it.
    var origin: String

    /// The host as `WebAddress` wrote it (lowercase, Punycode; an IPv6 address in brackets), without the port.
    package var host: String { Self.host(of: origin.drop { $0 != "/" }.dropFirst(2)) }

    private static func host(of authority: Substring) -> String {
        authority.hasPrefix("[") ? String(authority.prefix { $0 != "]" }) + "]" : String(authority.prefix { $0 != ":" })
    }

    package struct Problem: Error { package var reason: String }

    package static func parse(_ text: String) -> Result<HTTPSAddress, Problem> {
        let isHTTP: Bool
        let address: WebAddress
        switch read(text) {
        case .success(let read): (address, isHTTP) = read
        case .failure(let problem): return .failure(problem)
        }
        let afterScheme = address.url.dropFirst("https://".count)
        let authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard isHTTP else { return .success(HTTPSAddress(url: address.url, origin: "https://" + authority)) }
        guard LoopbackHost.contains(host(of: authority)) else {
            return .failure(Problem(reason: "\(LinkChainError.quoted(text)) is not an https address: only https addresses are allowed (http only for this machine, such as http://localhost:8000/ or http://127.0.0.1/, for testing)"))
        }
        return .success(HTTPSAddress(url: "http://" + afterScheme, origin: "http://" + authority))
    }

    /// An http or https address read by `WebAddress`'s rules (http read as https), with no white space: the one
    /// reading behind every address sitegen takes, whether it publishes it (`parse`) or links to it (a Markdown link
    /// or image, which may be plain http to any host). `isHTTP` tells which scheme was written.
    package static func read(_ text: String) -> Result<(address: WebAddress, isHTTP: Bool), Problem> {
        if let space = text.unicodeScalars.first(where: { $0.properties.isWhitespace }) {
            return .failure(Problem(reason: "\(LinkChainError.quoted(Diagnostic.printable(text))) contains \(space == " " ? "a space" : "white space (\(UnicodeName.describe(space)))"): expected an address without spaces (write a space in a path as %20)"))
        }
        let isHTTP = text.prefix(7).lowercased() == "http://"
        do { return .success((try WebAddress.parse(isHTTP ? "https://" + text.dropFirst(7) : text), isHTTP)) } catch {
            // Read as https for the same rules, but told as written: "http://a@b", not "https://a@b", and not
            // as an https address wanted where http was allowed.
            guard isHTTP, error.noun == WebAddress.noun, let reason = error.reason else { return .failure(Problem(reason: error.message)) }
            return .failure(Problem(reason: LinkChainError.quoted(text) + " is not a valid web address. " + LinkChainError.sentence(reason)))
        }
    }
}

/// The hosts that name this machine only, as an address writes them: `localhost`, `[::1]` and `127.x.y.z`. Where
/// plain http (a counting endpoint under test) and the network test seam are allowed.
package enum LoopbackHost {
    package static func contains(_ host: some StringProtocol) -> Bool {
        host == "localhost" || host == "[::1]"
            || (host.hasPrefix("127.") && host.split(separator: ".").count == 4 && host.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") })
    }
}
