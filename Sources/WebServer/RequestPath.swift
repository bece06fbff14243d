import Foundation

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

    public static func parse(_ raw: String) -> Result<RequestPath, Problem> {
        guard raw.hasPrefix("/") else { return .failure(.malformed) }
        var segments: [String] = []
        for rawSegment in raw.split(separator: "/", omittingEmptySubsequences: true) {
            guard let bytes = percentDecoded(rawSegment.utf8), let segment = String(validating: bytes, as: UTF8.self) else {
                return .failure(.malformed)
            }
            if segment == "." || segment == ".." || segment.contains(where: { $0 == "/" || $0 == "\\" || $0 == "\0" }) {
                return .failure(.forbidden)
            }
            segments.append(segment)
        }
        return .success(RequestPath(segments: segments, isFolder: raw.hasSuffix("/")))
    }

    private static func percentDecoded(_ encoded: Substring.UTF8View) -> [UInt8]? {
        var bytes: [UInt8] = []
        var iterator = encoded.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
