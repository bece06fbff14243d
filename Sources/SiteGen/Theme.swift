/// A built-in look, chosen by `theme:` in front matter. Colours live here rather than in CSS so a test can
/// prove every theme's text is readable (WCAG AA) in light and dark mode, and `theme-color` can be derived.
public struct Theme: Sendable, Equatable {
    public struct Palette: Sendable, Equatable {
        public var page: HexColor
        public var card: HexColor
        public var text: HexColor
        public var muted: HexColor
        /// The focus ring, which must stand out from the page.
        public var ring: HexColor
    }

    public var name: String
    public var light: Palette
    public var dark: Palette
    public var buttonRadius: String
    public var fontFamily: String

    public static let all: [Theme] = [
        Theme(name: "classic",
              light: .init(page: color("#f4f1ec"), card: color("#ffffff"), text: color("#1d1b19"), muted: color("#5c5650"), ring: color("#1f4e8c")),
              dark: .init(page: color("#141312"), card: color("#1f1d1b"), text: color("#f2efea"), muted: color("#b5aea6"), ring: color("#9ec1ff")),
              buttonRadius: "999px", fontFamily: #"system-ui, -apple-system, "Segoe UI", Roboto, sans-serif"#),
        Theme(name: "midnight",
              light: .init(page: color("#e8eef7"), card: color("#ffffff"), text: color("#0d1b2a"), muted: color("#44546a"), ring: color("#005f73")),
              dark: .init(page: color("#0b1320"), card: color("#14213d"), text: color("#e6edf7"), muted: color("#a9b8cc"), ring: color("#7fdbff")),
              buttonRadius: "14px", fontFamily: #""Avenir Next", Avenir, "Nunito Sans", system-ui, sans-serif"#),
        Theme(name: "mono",
              light: .init(page: color("#ffffff"), card: color("#ffffff"), text: color("#000000"), muted: color("#4a4a4a"), ring: color("#000000")),
              dark: .init(page: color("#000000"), card: color("#000000"), text: color("#ffffff"), muted: color("#b8b8b8"), ring: color("#ffffff")),
              buttonRadius: "0", fontFamily: #"ui-monospace, "SF Mono", Menlo, Consolas, monospace"#),
    ]

    public static let standard = all[0]

    public static func named(_ name: String) -> Theme? { all.first { $0.name == name } }

    /// Custom properties for both schemes. `data-color-scheme` on `<html>` forces one; `auto` follows the device.
    public var css: String {
        func variables(_ palette: Palette) -> String {
            "--page:\(palette.page.css);--card:\(palette.card.css);--text:\(palette.text.css);--muted:\(palette.muted.css);--ring:\(palette.ring.css)"
        }
        let shared = "--radius:\(buttonRadius);--font:\(fontFamily)"
        return """
            :root{\(shared);\(variables(light))}
            @media (prefers-color-scheme: dark){:root:not([data-color-scheme="light"]){\(variables(dark))}}
            :root[data-color-scheme="dark"]{\(variables(dark))}
            """
    }
}

/// A colour constant written in code; a malformed one is a programming error.
private func color(_ hex: String) -> HexColor {
    guard let color = HexColor(hex) else { preconditionFailure("not a colour: \(hex)") }
    return color
}
