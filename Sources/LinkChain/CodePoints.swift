/// How messages name a character: `U+2028`, its code point in upper-case hex with zeros up to four digits. The one
/// owner of that form: IDNA's errors, the site's diagnostics and YAML's `\u` escapes all write it.
public enum UnicodeName {
    /// `U+2028`.
    public static func describe(_ scalar: Unicode.Scalar) -> String { describe(codePoint: UInt32(scalar.value)) }

    /// `U+0085` for a number that need not be a valid scalar (what libyaml reports).
    public static func describe(codePoint: UInt32) -> String { "U+" + hex(codePoint) }

    /// `0085`, `1F600`: as `U+` and a `\u` escape write a code point.
    public static func hex(_ codePoint: UInt32) -> String {
        let digits = String(codePoint, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// The sixteen hex digits, as ASCII bytes: the one table every encoder that writes a byte or a number in hex reads.
public enum HexDigits {
    /// `0123456789abcdef`: hashes, colours, JSON's and JavaScript's `\u` escapes.
    public static let lowercase: [UInt8] = Array("0123456789abcdef".utf8)
    /// `0123456789ABCDEF`: percent-encoding.
    public static let uppercase: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// Appends `byte` as its two digits: the `2F` of `%2F`, the `e9` of `\u00e9`.
    public static func append(_ byte: UInt8, to output: inout [UInt8], uppercase: Bool = false) {
        let digits = uppercase ? Self.uppercase : lowercase
        output.append(digits[Int(byte >> 4)])
        output.append(digits[Int(byte & 0x0F)])
    }

    /// `bytes` as lower-case hex, two digits a byte.
    public static func text<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count * 2)
        for byte in bytes { append(byte, to: &result) }
        return String(decoding: result, as: UTF8.self)
    }
}
