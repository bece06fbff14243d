@testable import Paint
import Testing

@Suite struct ThemeTests {
    @Test(arguments: Theme.all)
    func everyThemeIsReadableInBothSchemes(theme: Theme) {
        for palette in [theme.light, theme.dark] {
            #expect(palette.text.contrast(with: palette.page) >= 4.5, "\(theme.name) text")
            #expect(palette.muted.contrast(with: palette.page) >= 4.5, "\(theme.name) muted text")
            // The ring sits outside a control, on the page, or on the card: the card themes' buttons, the chooser,
            // the QR code's window and the in-app notice are drawn on it.
            #expect(palette.ring.contrast(with: palette.page) >= 3, "\(theme.name) focus ring (WCAG non-text contrast)")
            #expect(palette.ring.contrast(with: palette.card) >= 3, "\(theme.name) focus ring on the card")
        }
    }

    /// A page carries the palettes its `color_scheme` can show: both (dark by the device) for auto, one when forced.
    @Test func thePaletteRulesFollowTheColorScheme() {
        let classic = Theme.standard
        let edges = ":root .button{--edge:var(--edge-dark)}"
        func variables(_ palette: Theme.Palette) -> String {
            "--page:\(palette.page.css);--card:\(palette.card.css);--text:\(palette.text.css);--muted:\(palette.muted.css);--ring:\(palette.ring.css)"
        }
        let shape = #"--radius:999px;--font:system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;"#
        #expect(classic.css(for: .auto) == ":root{\(shape)\(variables(classic.light))}\n@media (prefers-color-scheme: dark){:root{\(variables(classic.dark))}\(edges)}")
        #expect(classic.css(for: .light) == ":root{color-scheme:light;\(shape)\(variables(classic.light))}")
        // Forced dark: the light palette, then the dark one over it, with no media query.
        #expect(classic.css(for: .dark) == ":root{color-scheme:dark;\(shape)\(variables(classic.light))}\n:root{\(variables(classic.dark))}\(edges)")
    }

    /// The browser's own parts (form controls, scroll bars) follow the scheme a page forces; auto leaves them to the
    /// layout's `<meta name="color-scheme" content="light dark">`, and the always-dark midnight theme is dark in both.
    @Test func theColorSchemeFollowsAForcedSchemeOrAnAlwaysDarkTheme() throws {
        let classic = Theme.standard, midnight = try #require(Theme.named("midnight"))
        #expect(!classic.css(for: .auto).contains("{color-scheme:"))
        #expect(classic.css(for: .light).hasPrefix(":root{color-scheme:light;"))
        #expect(classic.css(for: .dark).hasPrefix(":root{color-scheme:dark;"))
        for scheme in [ColorScheme.auto, .light, .dark] {
            #expect(midnight.css(for: scheme).hasPrefix(":root{color-scheme:dark;"))
            #expect(midnight.css(for: scheme).components(separatedBy: "{color-scheme:").count == 2)
        }
    }

    @Test func contrastMatchesWCAGReferenceValues() {
        #expect(abs(HexColor.white.contrast(with: HexColor("#000")!) - 21) < 0.001)
        #expect(abs(HexColor("#777777")!.contrast(with: .white) - 4.48) < 0.01)
    }
}
