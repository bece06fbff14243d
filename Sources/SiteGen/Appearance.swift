import Foundation

/// Simple line icons drawn by this project, used where a service has no brand icon (or no icon set is installed).
public enum Glyph: String, CaseIterable, Sendable {
    case envelope, globe, chat, link, phone, music, rss, code, heart

    /// The body of a 24x24 SVG `<symbol>`, drawn with `currentColor` strokes.
    var svgBody: String {
        switch self {
        case .envelope:
            return #"<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M3.5 6.5 12 13l8.5-6.5"/>"#
        case .globe:
            return #"<circle cx="12" cy="12" r="9"/><ellipse cx="12" cy="12" rx="4" ry="9"/><path d="M3 12h18M4.5 7.5h15M4.5 16.5h15"/>"#
        case .chat:
            return #"<path d="M5 4h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-8l-5 4v-4H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z"/><path d="M8 9h8M8 12.5h5"/>"#
        case .link:
            return #"<path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1"/><path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"/>"#
        case .phone:
            return #"<path d="M6.5 3h3l1.5 4.5-2 1.5a11 11 0 0 0 6 6l1.5-2 4.5 1.5v3a2 2 0 0 1-2 2A17 17 0 0 1 4.5 5a2 2 0 0 1 2-2z"/>"#
        case .music:
            return #"<path d="M9 18V5l11-2v13"/><circle cx="6.5" cy="18" r="2.5"/><circle cx="17.5" cy="16" r="2.5"/>"#
        case .rss:
            return #"<circle cx="6" cy="18" r="1.6"/><path d="M4.5 11a8.5 8.5 0 0 1 8.5 8.5M4.5 4.5a15 15 0 0 1 15 15"/>"#
        case .code:
            return #"<path d="m8.5 7-5 5 5 5M15.5 7l5 5-5 5M13.5 4.5l-3 15"/>"#
        case .heart:
            return #"<path d="M12 20s-7.5-4.6-8.8-9.3A4.6 4.6 0 0 1 12 7.2a4.6 4.6 0 0 1 8.8 3.5C19.5 15.4 12 20 12 20z"/>"#
        }
    }

    /// The glyph's `<symbol id="icon-NAME">`.
    var symbol: String { symbol(named: rawValue) }

    /// The glyph as `<symbol id="icon-NAME">` with the name it has on its page.
    func symbol(named name: String) -> String {
        #"<symbol id="icon-\#(HTML.escape(name))" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">\#(svgBody)</symbol>"#
    }
}

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

    public var css: String {
        // Written into a fixed buffer: every button of every page asks for four of these.
        let (red, green, blue) = (red, green, blue)
        return String(unsafeUninitializedCapacity: 7) { text in
            let digits: StaticString = "0123456789abcdef"
            func put(_ channel: Double, at offset: Int) {
                let byte = min(max(Int((channel * 255).rounded()), 0), 255)  // the table below has 16 digits
                text[offset] = digits.utf8Start[byte >> 4]
                text[offset + 1] = digits.utf8Start[byte & 0x0F]
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
