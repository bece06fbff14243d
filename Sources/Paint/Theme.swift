/// `color_scheme:` in front matter: which of a theme's palettes a page shows, or both by the visitor's setting.
public enum ColorScheme: String, Sendable, CaseIterable { case auto, light, dark }

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
        /// The gradient behind the card, for themes that draw one when the page sets no `background`.
        public var backdrop: [HexColor] = []
    }

    public var name: String
    public var light: Palette
    public var dark: Palette
    public var buttonRadius: String
    public var fontFamily: String
    /// Buttons in the page's own text and page colours instead of brand colours: black and white, nothing else.
    public var monochrome = false
    /// The content sits on a card over a backdrop (the palette's gradient, or the page's `background`).
    public var onCard = false
    /// Dark in both schemes, so the browser's own parts (form controls, scroll bars) are dark whatever the page's
    /// `color_scheme`.
    public var alwaysDark = false

    /// Native system fonts: `system-ui` is the system's own font in every current browser (San Francisco, Segoe UI,
    /// Roboto, the Linux desktop's font, with emoji from the system's colour font); the names after it are for
    /// browsers from before system-ui (Safari 10, Firefox 91).
    static let systemFonts = #"system-ui, -apple-system, "Segoe UI", Roboto, sans-serif"#

    public static let all: [Theme] = [
        Theme(name: "classic",
              light: .init(page: color("#f4f1ec"), card: color("#ffffff"), text: color("#1d1b19"), muted: color("#5c5650"), ring: color("#1f4e8c")),
              dark: .init(page: color("#141312"), card: color("#1f1d1b"), text: color("#f2efea"), muted: color("#b5aea6"), ring: color("#9ec1ff")),
              buttonRadius: "999px", fontFamily: systemFonts),
        // Dark in both schemes: a night-blue page in light mode, near-black in dark mode, gold focus ring.
        Theme(name: "midnight",
              light: .init(page: color("#18203d"), card: color("#222b4f"), text: color("#f1f3ff"), muted: color("#b9c0e0"), ring: color("#ffd166")),
              dark: .init(page: color("#080b16"), card: color("#12182e"), text: color("#eef0fb"), muted: color("#a7aecf"), ring: color("#ffd166")),
              buttonRadius: "14px", fontFamily: #""Avenir Next", Avenir, "Segoe UI Variable Display", "Segoe UI", Roboto, "Noto Sans", Ubuntu, system-ui, sans-serif"#,
              alwaysDark: true),
        Theme(name: "mono",
              light: .init(page: color("#ffffff"), card: color("#ffffff"), text: color("#000000"), muted: color("#4a4a4a"), ring: color("#000000")),
              dark: .init(page: color("#000000"), card: color("#000000"), text: color("#ffffff"), muted: color("#b8b8b8"), ring: color("#ffffff")),
              buttonRadius: "0", fontFamily: #"ui-monospace, "SF Mono", "Cascadia Mono", "Segoe UI Mono", "Roboto Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace"#,
              monochrome: true),
        // A card over a gradient; `background:` in front matter puts an image or other colours behind it.
        Theme(name: "backdrop",
              light: .init(page: color("#dfe4f0"), card: color("#ffffff"), text: color("#16181d"), muted: color("#4f5663"), ring: color("#3346c8"),
                            backdrop: [color("#ffd3b6"), color("#c7d3ff"), color("#b5ecdc")]),
              dark: .init(page: color("#0e1016"), card: color("#171a22"), text: color("#f2f4f8"), muted: color("#aab1bf"), ring: color("#9fb0ff"),
                          backdrop: [color("#3b1d47"), color("#1b2752"), color("#0e3a39")]),
              buttonRadius: "12px", fontFamily: systemFonts, onCard: true),
    ]

    public static let standard = all[0]

    public static func named(_ name: String) -> Theme? { all.first { $0.name == name } }

    /// What the buttons sit on in each scheme: the card on a card theme or over a background, else the page.
    public func surfaces(onCard: Bool) -> (light: HexColor, dark: HexColor) {
        onCard ? (light.card, dark.card) : (light.page, dark.page)
    }

    /// A linear gradient of `colors`, top left to bottom right.
    package static func gradient(_ colors: [HexColor]) -> String {
        "linear-gradient(160deg," + colors.map(\.css).joined(separator: ",") + ")"
    }

    /// The palette rules for a page's `color_scheme`: `auto` follows the device, `light` and `dark` force one, so a
    /// page carries only the palettes it can show. In dark mode, buttons are edged with their dark edge colour.
    static func schemeRules(light: String, dark: String, scheme: ColorScheme) -> String {
        let darkButtons = ":root .button{--edge:var(--edge-dark)}"
        switch scheme {
        case .auto: return ":root{\(light)}\n@media (prefers-color-scheme: dark){:root{\(dark)}\(darkButtons)}"
        case .light: return ":root{\(light)}"
        case .dark: return ":root{\(light)}\n:root{\(dark)}\(darkButtons)"
        }
    }

    /// The CSS color-scheme a page forces on the browser's own parts, or nil where the layout's
    /// `<meta name="color-scheme" content="light dark">` says it (auto on a theme that follows the device).
    func forcedColorScheme(_ scheme: ColorScheme) -> String? {
        if alwaysDark { return "dark" }
        switch scheme {
        case .auto: return nil
        case .light: return "light"
        case .dark: return "dark"
        }
    }

    /// Custom properties for a page's colour scheme, and the colour scheme it forces, if any.
    public func css(for scheme: ColorScheme) -> String {
        func variables(_ palette: Palette) -> String {
            var text = "--page:\(palette.page.css);--card:\(palette.card.css);--text:\(palette.text.css);--muted:\(palette.muted.css);--ring:\(palette.ring.css)"
            if !palette.backdrop.isEmpty { text += ";--backdrop:\(Self.gradient(palette.backdrop))" }
            return text
        }
        let forced = forcedColorScheme(scheme).map { "color-scheme:\($0);" } ?? ""
        var css = Self.schemeRules(light: forced + "--radius:\(buttonRadius);--font:\(fontFamily);" + variables(light), dark: variables(dark), scheme: scheme)
        if monochrome {
            // Over each button's brand colours (`.link-N`): the page's own two colours.
            css += "\n.links li{--brand:var(--text);--on-brand:var(--page);--edge-light:var(--text);--edge-dark:var(--text)}\n.avatar{filter:grayscale(1)}"
        }
        return css
    }
}

/// A colour constant written in code; a malformed one is a programming error.
private func color(_ hex: String) -> HexColor {
    guard let color = HexColor(hex) else { preconditionFailure("not a colour: \(hex)") }
    return color
}
