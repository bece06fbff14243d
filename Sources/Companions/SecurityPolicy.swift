import Foundation
import Mustache
import SiteBasics

/// A strict Content-Security-Policy for a rendered page: inline `<script>` and `<style>` are allowed by their
/// SHA-256 hashes, so an injected script cannot run even if escaping failed. Only the elements the templates'
/// own text opens are hashed (`RenderedHTML` says where they are); a value that brings its own (a
/// `{{{triple}}}` mustache on plain text, raw HTML in Markdown) stays blocked.
public struct SecurityPolicy: Hashable, Sendable {
    public var scriptHashes: [String]
    public var styleHashes: [String]
    /// The preview's reload script asks the page's own server for events.
    public var connectsToOwnServer = false
    /// Origins beyond `https:` the page sends to: the counting endpoint of `analytics:` (an http one on loopback).
    public var connectOrigins: [String] = []

    public init(scriptHashes: [String], styleHashes: [String], connectsToOwnServer: Bool = false, connectOrigins: [String] = []) {
        self.scriptHashes = scriptHashes
        self.styleHashes = styleHashes
        self.connectsToOwnServer = connectsToOwnServer
        self.connectOrigins = connectOrigins
    }

    /// The policy of a rendered page: the hash of each script and style body the template text opened.
    package init(_ page: RenderedHTML, hashes: BodyHashes) {
        scriptHashes = page.scriptBodies.map { hashes.hash(page.bytes[$0]) }
        styleHashes = page.styleBodies.map { hashes.hash(page.bytes[$0]) }
    }

    /// The policy. `connect-src https:` lets the chooser ask the visitor's own fediverse server for its follow link;
    /// a counting endpoint's origin is named as well, so the policy says where counts go.
    public var directives: String {
        let scripts = scriptHashes.isEmpty ? "'none'" : scriptHashes.map { "'sha256-\($0)'" }.joined(separator: " ")
        let styles = styleHashes.isEmpty ? "'none'" : styleHashes.map { "'sha256-\($0)'" }.joined(separator: " ")
        let connect = (["https:"] + connectOrigins + (connectsToOwnServer ? ["'self'"] : [])).joined(separator: " ")
        return "default-src 'none'; img-src 'self' https: data:; style-src \(styles); script-src \(scripts); "
            + "connect-src \(connect); base-uri 'none'; form-action 'none'"
    }

    public var metaTag: String {
        #"<meta http-equiv="Content-Security-Policy" content="\#(HTML.escapeDoubleQuotedAttribute(directives))">"#
    }

    package static func sha256Base64(_ text: String) -> String { sha256Base64(Array(text.utf8)[...]) }

    package static func sha256Base64(_ bytes: ArraySlice<UInt8>) -> String {
        Data(SHA256Digest.of(bytes)).base64EncodedString()
    }
}

/// Each distinct policy's `<meta>` tag, written once per build.
package struct PolicyTags: Sendable {
    private let memo = BuildMemo<SecurityPolicy, [UInt8]>()

    package init() {}

    package func tag(_ policy: SecurityPolicy) -> [UInt8] {
        memo.value(for: policy) { Array(policy.metaTag.utf8) }
    }
}

/// The SHA-256 of each distinct script and style body, computed once per build: every page inlines the same
/// runtime, and most share their styles.
package struct BodyHashes: Sendable {
    /// A body, hashed for the table by its length and ends only, compared in full.
    private struct Body: Hashable {
        let bytes: ArraySlice<UInt8>
        func hash(into hasher: inout Hasher) {
            hasher.combine(bytes.count)
            bytes.prefix(32).withUnsafeBytes { hasher.combine(bytes: $0) }
            bytes.suffix(32).withUnsafeBytes { hasher.combine(bytes: $0) }
        }
        static func == (lhs: Body, rhs: Body) -> Bool {
            lhs.bytes.count == rhs.bytes.count && lhs.bytes.withUnsafeBytes { left in
                rhs.bytes.withUnsafeBytes { right in memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0 }
            }
        }
    }

    private let memo = BuildMemo<Body, String>()

    package init() {}

    package func hash(_ body: ArraySlice<UInt8>) -> String {
        memo.value(for: Body(bytes: body), kept: { Body(bytes: ArraySlice(Array($0.bytes))) }) { SecurityPolicy.sha256Base64(body) }
    }
}

/// The policy every SVG file of the site is served with, by `_headers` and by `sitegen serve`: a drawing opened on its
/// own (not as an `<img>`) runs no script and loads nothing but `data:` pictures, whatever the published-SVG check
/// (`PublishedSVG`) let through. One owner for both, so the preview serves what the host will.
public enum SVGServingPolicy {
    public static let directives = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

    /// The `_headers` pattern that covers every SVG file whose name ends in `.svg`; hosts match paths with case.
    static let pattern = "/*.svg"

    /// Whether the file at `path` is served as SVG: its extension is `svg` (or gzipped `svgz`), in any case.
    public static func covers(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map { $0.lowercased() } ?? ""
        return name.hasSuffix(".svg") || name.hasSuffix(".svgz")
    }

    /// Whether `_headers` needs a rule naming the file itself: an SVG that `pattern` does not cover (`logo.SVG`).
    package static func needsOwnRule(_ path: String) -> Bool { covers(path) && !path.hasSuffix(".svg") }

    /// The headers an SVG response adds, none for another file.
    public static func headers(for path: String) -> [(name: String, value: String)] {
        covers(path) ? [("Content-Security-Policy", directives)] : []
    }
}
