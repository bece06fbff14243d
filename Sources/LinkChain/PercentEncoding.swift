// Percent-encoding with explicit character sets (RFC 3986 section 2.1).
//
// Foundation's CharacterSet-based encoding is avoided on purpose: the exact set of
// characters left alone matters for every URL this library produces, and the sets
// here are written out so they can be read against the RFCs.

/// A percent-encoder that leaves a fixed set of ASCII characters literal and encodes
/// every other byte of the UTF-8 form as `%XX` (uppercase hex).
public struct PercentEncoding: Sendable, Equatable {
    /// Bit `b` of the table is set when ASCII byte `b` stays literal.
    private var literal: [Bool]

    /// - Parameter literalCharacters: ASCII characters kept as they are, in addition
    ///   to nothing else (pass `PercentEncoding.unreservedCharacters` to start from the
    ///   RFC 3986 unreserved set).
    public init(literalCharacters: String) {
        var table = [Bool](repeating: false, count: 128)
        for byte in literalCharacters.utf8 where byte < 128 && byte != UInt8(ascii: "%") {
            table[Int(byte)] = true
        }
        literal = table
    }

    /// RFC 3986 unreserved characters: `A-Z a-z 0-9 - . _ ~`.
    public static let unreservedCharacters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"

    /// A URL's path (RFC 3986 section 3.3): pchar = unreserved / sub-delims / ":" / "@", and "/" between segments.
    public static let urlPath = PercentEncoding(literalCharacters: unreservedCharacters + "!$&'()*+,;=" + ":@/")

    /// A URL's query or fragment (sections 3.4 and 3.5): a path's characters and "?".
    public static let urlQuery = PercentEncoding(literalCharacters: unreservedCharacters + "!$&'()*+,;=" + ":@/?")

    /// The strict set for one query parameter value: only unreserved characters stay
    /// literal, so `& + = # % ?` and spaces can never break a parameter.
    public static let queryValue = PercentEncoding(literalCharacters: unreservedCharacters)

    /// The local part of an address in a `mailto:` URI (RFC 6068 section 2): unreserved
    /// characters plus the `some-delims` that cannot be confused with URI or address
    /// syntax. `+` stays literal so plus-addresses read as written; `@ , ; : & = ? / # %`
    /// and everything else is encoded.
    public static let mailtoLocalPart = PercentEncoding(literalCharacters: unreservedCharacters + "!$'()*+")

    /// A header field value (`hfvalue`) in a `mailto:` URI (RFC 6068 sections 2 and 5):
    /// unreserved characters plus `! $ ' ( ) * , : @`. `? & = # % ; /` are encoded as RFC 6068
    /// section 2 requires, space is `%20`, and `+` is encoded as `%2B` (section 5 allows it)
    /// because form decoders read a literal `+` as a space.
    public static let mailtoHeaderValue = PercentEncoding(literalCharacters: unreservedCharacters + "!$'()*,:@")

    /// Appends `string`'s UTF-8 form to `output`, every byte that is not literal encoded.
    public func append(_ string: String, to output: inout [UInt8]) {
        var string = string
        string.withUTF8 { bytes in
            literal.withUnsafeBufferPointer { literal in
                // Literal runs are copied whole: most values (user names, host names) are one run.
                var runStart = 0
                for index in 0..<bytes.count {
                    let byte = bytes[index]
                    if byte < 128 && literal[Int(byte)] { continue }
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                    PercentEncoding.appendEscape(byte, to: &output)
                    runStart = index + 1
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
            }
        }
    }

    /// Encodes every byte of `string`'s UTF-8 form that is not literal.
    public func encode(_ string: String) -> String {
        // Most values (user names, host names) need no escape: return them without building a copy.
        if string.utf8.allSatisfy({ $0 < 128 && literal[Int($0)] }) { return string }
        var output = [UInt8]()
        output.reserveCapacity(string.utf8.count + 16)
        append(string, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Like `encode`, but an existing `%XX` escape (two hex digits) is kept as it is,
    /// so an already-encoded string is not encoded twice. A `%` that does not start
    /// an escape becomes `%25`.
    public func encodePreservingEscapes(_ string: String) -> String {
        let bytes = Array(string.utf8)
        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
               PercentEncoding.hexValue(bytes[index + 1]) != nil,
               PercentEncoding.hexValue(bytes[index + 2]) != nil {
                output.append(contentsOf: bytes[index...index + 2])
                index += 3
                continue
            }
            if byte < 128 && literal[Int(byte)] {
                output.append(byte)
            } else {
                PercentEncoding.appendEscape(byte, to: &output)
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes `%XX` escapes and reads the result as UTF-8. `+` is left alone (it is
    /// not a space outside HTML forms). Returns nil for a malformed escape or bytes
    /// that are not UTF-8.
    public static func decode(_ string: String) -> String? {
        // Most text has no escape: it is returned as it is, already UTF-8.
        guard string.utf8.contains(UInt8(ascii: "%")) else { return string }
        let bytes = Array(string.utf8)
        var output = [UInt8]()
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count,
                      let high = hexValue(bytes[index + 1]),
                      let low = hexValue(bytes[index + 2]) else { return nil }
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(byte)
                index += 1
            }
        }
        // String(validating:) needs iOS 18; a round trip through the repairing decoder
        // is just as exact: it changes the bytes only if they were not UTF-8.
        let text = String(decoding: output, as: UTF8.self)
        return text.utf8.elementsEqual(output) ? text : nil
    }

    /// Appends `byte` as `%` and two upper-case hex digits: the one way anything here percent-encodes a byte.
    public static func appendEscape(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "%"))
        HexDigits.append(byte, to: &output, uppercase: true)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }

    /// Builds `name=value&name=value` with every value encoded by the strict
    /// `queryValue` set. Names are written as given (they are constants).
    /// Pairs whose value is nil are left out.
    public static func strictQuery(_ pairs: [(name: String, value: String?)]) -> String {
        pairs.compactMap { pair in
            pair.value.map { pair.name + "=" + queryValue.encode($0) }
        }.joined(separator: "&")
    }
}
