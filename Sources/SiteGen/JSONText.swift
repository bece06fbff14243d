/// JSON written by hand for the data sitegen puts in every page, which a general encoder makes slowly.
enum JSONText {
    /// A JSON string. `insideScript` also escapes `<`, `>` and `&`, so the value cannot end an HTML `<script>`
    /// element it stands in.
    static func string(_ value: String, insideScript: Bool = false) -> String {
        var bytes: [UInt8] = [0x22]
        bytes.reserveCapacity(value.utf8.count + 8)
        for byte in value.utf8 {
            switch byte {
            case 0x22: bytes += [0x5C, 0x22]
            case 0x5C: bytes += [0x5C, 0x5C]
            case 0x0A: bytes += [0x5C, 0x6E]
            case 0x0D: bytes += [0x5C, 0x72]
            case 0x09: bytes += [0x5C, 0x74]
            case 0x3C, 0x3E, 0x26 where insideScript:
                bytes += Array("\\u00".utf8) + hexDigits(byte)
            case 0x00..<0x20:
                bytes += Array("\\u00".utf8) + hexDigits(byte)
            default: bytes.append(byte)
            }
        }
        bytes.append(0x22)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func bool(_ value: Bool) -> String { value ? "true" : "false" }

    static func hexDigits(_ byte: UInt8) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        return [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
    }
}

/// JSON built as UTF-8 bytes, optionally already escaped for a single-quoted HTML attribute.
struct JSONBytes {
    let inSingleQuotedAttribute: Bool
    private(set) var bytes: [UInt8] = []

    init(inSingleQuotedAttribute: Bool) {
        self.inSingleQuotedAttribute = inSingleQuotedAttribute
        bytes.reserveCapacity(1024)
    }

    /// JSON punctuation, written as it is (it holds none of the characters an attribute escapes).
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ value: String) {
        bytes.append(0x22)
        for byte in value.utf8 {
            switch byte {
            case 0x22: bytes += [0x5C, 0x22]
            case 0x5C: bytes += [0x5C, 0x5C]
            case 0x0A: bytes += [0x5C, 0x6E]
            case 0x0D: bytes += [0x5C, 0x72]
            case 0x09: bytes += [0x5C, 0x74]
            case 0x00..<0x20:
                bytes += Array("\\u00".utf8) + JSONText.hexDigits(byte)
            case 0x26 where inSingleQuotedAttribute: bytes += Array("&amp;".utf8)
            case 0x27 where inSingleQuotedAttribute: bytes += Array("&#39;".utf8)
            case 0x3C where inSingleQuotedAttribute: bytes += Array("&lt;".utf8)
            default: bytes.append(byte)
            }
        }
        bytes.append(0x22)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}
