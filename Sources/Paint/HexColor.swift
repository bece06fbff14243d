import Foundation
import LinkChain

/// A colour written as `#rgb` or `#rrggbb`.
public struct HexColor: Hashable, Sendable {
    public var red: Double, green: Double, blue: Double

    /// Channels from 0 to 1.
    public init(red: Double, green: Double, blue: Double) {
        (self.red, self.green, self.blue) = (red, green, blue)
    }

    public init?(_ text: String) {
        // ASCII digits only: Character.isHexDigit also holds for fullwidth ones (`#１２３`), which Int(radix:) refuses.
        guard text.hasPrefix("#"), text.utf8.dropFirst().allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }) else { return nil }
        var digits = Array(text.utf8.dropFirst())
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6, let value = Int(String(decoding: digits, as: UTF8.self), radix: 16) else { return nil }
        red = Double((value >> 16) & 0xFF) / 255
        green = Double((value >> 8) & 0xFF) / 255
        blue = Double(value & 0xFF) / 255
    }

    /// 0xRRGGBB.
    public var packed: UInt32 {
        func byte(_ channel: Double) -> UInt32 { UInt32(min(max(Int((channel * 255).rounded()), 0), 255)) }
        return byte(red) << 16 | byte(green) << 8 | byte(blue)
    }

    public var css: String {
        // Written into a fixed buffer: every button of every page asks for four of these.
        let (red, green, blue) = (red, green, blue)
        return String(unsafeUninitializedCapacity: 7) { text in
            let digits = HexDigits.lowercase
            func put(_ channel: Double, at offset: Int) {
                let byte = min(max(Int((channel * 255).rounded()), 0), 255)  // the table has 16 digits
                text[offset] = digits[byte >> 4]
                text[offset + 1] = digits[byte & 0x0F]
            }
            text[0] = UInt8(ascii: "#")
            put(red, at: 1)
            put(green, at: 3)
            put(blue, at: 5)
            return 7
        }
    }

    /// WCAG 2 relative luminance.
    public var luminance: Double {
        0.2126 * Self.linear(red) + 0.7152 * Self.linear(green) + 0.0722 * Self.linear(blue)
    }

    /// An sRGB channel (0 to 1) as linear light: the one linearisation, for luminance and OKLab alike.
    static func linear(_ channel: Double) -> Double {
        channel <= 0.04045 ? channel / 12.92 : Foundation.pow((channel + 0.055) / 1.055, 2.4)
    }

    /// WCAG 2 contrast ratio, from 1 to 21.
    public func contrast(with other: HexColor) -> Double {
        let (a, b) = (luminance + 0.05, other.luminance + 0.05)
        return max(a, b) / min(a, b)
    }

    public static let white = HexColor("#ffffff")!
    public static let nearBlack = HexColor("#111111")!

    /// The text colour, white or near-black, that reads best on this background.
    public var readableText: HexColor { contrast(with: .white) >= contrast(with: .nearBlack) ? .white : .nearBlack }
}
