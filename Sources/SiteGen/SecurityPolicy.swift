import CCrypto
import Foundation
import Mustache

/// A strict Content-Security-Policy for a rendered page: inline `<script>` and `<style>` are allowed by
/// their SHA-256 hashes, computed after rendering, so an injected script cannot run even if escaping failed.
public struct SecurityPolicy: Equatable, Sendable {
    public var scriptHashes: [String]
    public var styleHashes: [String]

    /// Where the template puts the policy's `<meta>`; replaced once the page's hashes are known.
    static let placeholder = "<!--sitegen:content-security-policy-->"

    /// Hashes every inline script (not data blocks such as JSON, which never run) and style element of `html`,
    /// but those that a template value opens when `html` carries `ValueMarks`.
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

    /// The rendered page, rendered from `ValueMarks.wrap`ped data, without its marks and with the placeholder
    /// replaced by the policy; only the scripts and styles the templates themselves open are allowed, so a value
    /// that brings its own (a `{{{triple}}}` mustache on plain text, raw HTML in Markdown) stays blocked.
    static func apply(to marked: String) -> (html: String, policy: SecurityPolicy?) {
        let html = ValueMarks.strip(marked)
        guard html.containsUTF8(placeholder) else { return (html, nil) }
        // Hash after removing the placeholder, which can sit only outside script and style elements.
        let policy = SecurityPolicy(html: marked)
        return (html.replacingOccurrences(of: placeholder, with: policy.metaTag), policy)
    }

    /// Contents of each `<name …>…</name>` element that runs, exactly as the browser hashes them. A script with
    /// a `type` other than JavaScript's is a data block and is left out.
    static func elementBodies(_ name: String, in html: String) -> [String] {
        var bodies: [String] = []
        var rest = html[...]
        var insideValue = false
        while let open = rest.range(of: "<\(name)") {
            insideValue = ValueMarks.isInside(rest[..<open.lowerBound], startingInside: insideValue)
            guard let tagEnd = rest[open.upperBound...].firstIndex(of: ">"),
                  let close = rest[tagEnd...].range(of: "</\(name)>") else { break }
            let attributes = rest[open.upperBound..<tagEnd]
            let isElement = attributes.first.map { $0 == " " || $0 == "\n" || $0 == "\t" } ?? true
            let isDataBlock = attributes.contains("type=") && !attributes.contains(#"type="module""#)
                && !attributes.contains(#"type="text/javascript""#)
            if isElement && !attributes.contains("src=") && !isDataBlock && !insideValue {
                bodies.append(ValueMarks.strip(String(rest[rest.index(after: tagEnd)..<close.lowerBound])))
            }
            insideValue = ValueMarks.isInside(rest[open.lowerBound..<close.upperBound], startingInside: insideValue)
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

/// Marks around every text value a page template interpolates, so that the policy can tell the script and style
/// elements the template opens from those a value opens. They are Unicode noncharacters, set aside for a
/// program's internal use; a value's own are replaced, and all are removed before the page is written.
enum ValueMarks {
    static let open = Unicode.Scalar(0xFDD0 as UInt32)!
    static let close = Unicode.Scalar(0xFDD1 as UInt32)!

    static func wrap(_ value: MustacheValue) -> MustacheValue {
        switch value {
        case .string(let text):
            let clean = text.unicodeScalars.contains { $0 == open || $0 == close }
                ? String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == open || $0 == close ? "\u{FFFD}" : $0 })) : text
            return .string(String(open) + clean + String(close))
        case .array(let items): return .array(items.map(wrap))
        case .dictionary(let entries): return .dictionary(entries.mapValues(wrap))
        case .null, .bool, .int, .double: return value
        }
    }

    /// The text without marks. Works on UTF-8 bytes (the marks are EF B7 90 and EF B7 91): it runs over whole pages.
    static func strip(_ text: String) -> String {
        guard text.containsUTF8Byte(0xEF) else { return text }
        let utf8 = text.utf8
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var iterator = utf8.makeIterator()
        var pending: [UInt8] = []
        while let byte = iterator.next() {
            pending.append(byte)
            // Hold back a possible mark's first bytes until it is complete or ruled out.
            if pending == [0xEF] || pending == [0xEF, 0xB7] { continue }
            if pending == [0xEF, 0xB7, 0x90] || pending == [0xEF, 0xB7, 0x91] { pending.removeAll(keepingCapacity: true); continue }
            bytes += pending
            pending.removeAll(keepingCapacity: true)
        }
        bytes += pending
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the end of `text` is inside a value, given whether its start is (values do not nest).
    static func isInside(_ text: Substring, startingInside: Bool) -> Bool {
        var inside = startingInside
        for scalar in text.unicodeScalars {
            if scalar == open { inside = true } else if scalar == close { inside = false }
        }
        return inside
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
