/// JSON written by hand for the data sitegen puts in every page, which a general encoder makes slowly.
enum JSONText {
    /// A JSON string. `insideScript` also escapes `<`, `>` and `&`, so the value cannot end an HTML `<script>`
    /// element it stands in.
    static func string(_ value: String, insideScript: Bool = false) -> String {
        var json = JSONBytes(escaping: insideScript ? .insideScript : .none)
        json.string(value)
        return json.text
    }
}

/// JSON built as UTF-8 bytes, escaped in the same pass for where it will stand.
struct JSONBytes {
    enum Context {
        /// Plain JSON.
        case none
        /// Inside an HTML `<script>` element: `<`, `>` and `&` as `\u00XX`, so no value can end the element.
        case insideScript
        /// Inside a single-quoted HTML attribute: `&`, `'` and `<` as character references.
        case singleQuotedAttribute
    }

    let context: Context
    private(set) var bytes: [UInt8] = []

    init(escaping context: Context) {
        self.context = context
        bytes.reserveCapacity(1024)
    }

    /// JSON punctuation, written as it is (it holds none of the characters any context escapes).
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
            case 0x00..<0x20: unicodeEscape(byte)
            // A `where` clause guards only the pattern it follows, so each byte gets its own.
            case 0x3C where context == .insideScript, 0x3E where context == .insideScript, 0x26 where context == .insideScript:
                unicodeEscape(byte)
            case 0x26 where context == .singleQuotedAttribute: bytes += Array("&amp;".utf8)
            case 0x27 where context == .singleQuotedAttribute: bytes += Array("&#39;".utf8)
            case 0x3C where context == .singleQuotedAttribute: bytes += Array("&lt;".utf8)
            default: bytes.append(byte)
            }
        }
        bytes.append(0x22)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    private mutating func unicodeEscape(_ byte: UInt8) {
        let digits = Array("0123456789abcdef".utf8)
        bytes += Array("\\u00".utf8) + [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
    }
}
