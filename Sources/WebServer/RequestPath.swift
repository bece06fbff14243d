import Foundation
import LinkChain

/// A request path decoded segment by segment, refusing every spelling of a step out of the served folder.
///
/// Decoding each segment on its own (rather than the whole path, then splitting) is what keeps `%2F` from
/// becoming a separator and `%2e%2e` from becoming `..` after the checks.
public struct RequestPath: Equatable, Sendable {
    /// Decoded, non-empty segments: `/a/b%20c/` is `["a", "b c"]`.
    public var segments: [String]
    /// Whether the path ends with `/` (the root always does).
    public var isFolder: Bool

    public enum Problem: Error, Equatable, Sendable {
        /// Not a path, bad percent-encoding, or not UTF-8: 400.
        case malformed
        /// A `.` or `..` segment, or a segment hiding `/`, `\` or NUL: 403.
        case forbidden
    }

    public init(segments: [String], isFolder: Bool) {
        self.segments = segments
        self.isFolder = isFolder
    }

    /// `a/b`, relative to the served folder; empty for the root.
    public var relativePath: String { segments.joined(separator: "/") }

    /// The path as a `Location` on this server: `/` and each segment percent-encoded again, so it never begins
    /// `//` or `/\` (which a browser reads as another host: `//ada.dev/`) and no segment can hide a separator.
    public var location: String {
        "/" + segments.map(Self.segmentEncoding.encode).joined(separator: "/") + (isFolder && !segments.isEmpty ? "/" : "")
    }

    /// What a segment keeps as written (RFC 3986's pchar): unreserved characters, sub-delimiters, `:` and `@`.
    private static let segmentEncoding = PercentEncoding(literalCharacters: PercentEncoding.unreservedCharacters + "!$&'()*+,;=:@")

    public static func parse(_ raw: String) -> Result<RequestPath, Problem> {
        guard raw.hasPrefix("/") else { return .failure(.malformed) }
        var segments: [String] = []
        for rawSegment in raw.split(separator: "/", omittingEmptySubsequences: true) {
            guard let segment = PercentEncoding.decode(String(rawSegment)) else {
                return .failure(.malformed)
            }
            if segment == "." || segment == ".." || segment.contains(where: { $0 == "/" || $0 == "\\" || $0 == "\0" }) {
                return .failure(.forbidden)
            }
            segments.append(segment)
        }
        return .success(RequestPath(segments: segments, isFolder: raw.hasSuffix("/")))
    }
}
