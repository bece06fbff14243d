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

    private static func hexDigits(_ byte: UInt8) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        return [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
    }
}
