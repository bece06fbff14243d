import CCrypto
import Foundation

/// A strict Content-Security-Policy for a rendered page: inline `<script>` and `<style>` are allowed by
/// their SHA-256 hashes, computed after rendering, so an injected script cannot run even if escaping failed.
public struct SecurityPolicy: Equatable, Sendable {
    public var scriptHashes: [String]
    public var styleHashes: [String]

    /// Where the template puts the policy's `<meta>`; replaced once the page's hashes are known.
    static let placeholder = "<!--sitegen:content-security-policy-->"

    /// Hashes every inline script (not data blocks such as JSON, which never run) and style element of `html`.
    public init(html: String) {
        scriptHashes = Self.elementBodies("script", in: html).map(Self.sha256Base64)
        styleHashes = Self.elementBodies("style", in: html).map(Self.sha256Base64)
    }

    /// The policy. `connect-src https:` lets the chooser ask the visitor's own fediverse server for its follow link.
    public var directives: String {
        let scripts = scriptHashes.isEmpty ? "'none'" : scriptHashes.map { "'sha256-\($0)'" }.joined(separator: " ")
        let styles = styleHashes.isEmpty ? "'none'" : styleHashes.map { "'sha256-\($0)'" }.joined(separator: " ")
        return "default-src 'none'; img-src 'self' https: data:; style-src \(styles); script-src \(scripts); "
            + "connect-src https:; base-uri 'none'; form-action 'none'"
    }

    public var metaTag: String {
        #"<meta http-equiv="Content-Security-Policy" content="\#(HTML.escape(directives))">"#
    }

    /// The rendered page with the placeholder replaced by the policy; unchanged if the template has no placeholder.
    static func apply(to html: String) -> (html: String, policy: SecurityPolicy?) {
        guard html.contains(placeholder) else { return (html, nil) }
        // Hash after removing the placeholder, which can sit only outside script and style elements.
        let policy = SecurityPolicy(html: html)
        return (html.replacingOccurrences(of: placeholder, with: policy.metaTag), policy)
    }

    /// Contents of each `<name …>…</name>` element that runs, exactly as the browser hashes them. A script with
    /// a `type` other than JavaScript's is a data block and is left out.
    static func elementBodies(_ name: String, in html: String) -> [String] {
        var bodies: [String] = []
        var rest = html[...]
        while let open = rest.range(of: "<\(name)") {
            guard let tagEnd = rest[open.upperBound...].firstIndex(of: ">"),
                  let close = rest[tagEnd...].range(of: "</\(name)>") else { break }
            let attributes = rest[open.upperBound..<tagEnd]
            let isElement = attributes.first.map { $0 == " " || $0 == "\n" || $0 == "\t" } ?? true
            let isDataBlock = attributes.contains("type=") && !attributes.contains(#"type="module""#)
                && !attributes.contains(#"type="text/javascript""#)
            if isElement && !attributes.contains("src=") && !isDataBlock {
                bodies.append(String(rest[rest.index(after: tagEnd)..<close.lowerBound]))
            }
            rest = rest[close.upperBound...]
        }
        return bodies
    }

    static func sha256Base64(_ text: String) -> String {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        let bytes = Array(text.utf8)
        _ = SHA256(bytes, bytes.count, &digest)
        return Data(digest).base64EncodedString()
    }
}

/// `_headers`, read by Netlify and Cloudflare Pages: the same policy as a real header (which can also forbid
/// framing, unlike the meta tag), and caching. Each header is set by one rule only, since hosts merge the
/// values of every rule that matches a path.
enum HeadersFile {
    static func text(_ pages: [(path: String, policy: SecurityPolicy)]) -> String {
        var text = """
            /*
              Referrer-Policy: strict-origin-when-cross-origin
              X-Content-Type-Options: nosniff

            """
        for page in pages.sorted(by: { $0.path < $1.path }) {
            let path = page.path.hasSuffix("/") ? page.path : page.path + "/"
            text += """

                \(path)
                  Content-Security-Policy: \(page.policy.directives); frame-ancestors 'none'
                  Cache-Control: public, max-age=0, must-revalidate

                """
        }
        return text
    }
}
