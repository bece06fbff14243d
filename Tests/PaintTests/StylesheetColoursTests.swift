@testable import Paint
import Testing

/// The page colour a site's stylesheet sets, read for `theme-color` as the cascade applies it.
@Suite struct StylesheetColoursTests {
    @Test func theReadmesExampleGivesBothColours() {
        let css = """
        :root { --page: #fdf6e3; --card: #ffffff; --text: #073642; }
        @media (prefers-color-scheme: dark) {
          :root { --page: #002b36; --card: #073642; }
        }
        """
        let colours = StylesheetColours(css: css)
        #expect(colours.light == "#fdf6e3" && colours.dark == "#002b36")
        // The light scheme's theme properties, which the share card is drawn in.
        #expect(colours.lightProperties == ["--page": "#fdf6e3", "--card": "#ffffff", "--text": "#073642"])
    }

    /// A plain `:root` rule applies in dark mode too; the last value given wins; comments, strings and other rules
    /// are not read as declarations.
    @Test func theCascadeDecides() {
        let css = """
        /* :root { --page: #111111 } */
        a::after { content: "}{ :root { --page: red }" }
        html, :root { --page: #222 ; --text: #eee }
        :root { --page: rgb(10 20 30) !important }
        @media print { :root { --page: white } }
        """
        let colours = StylesheetColours(css: css)
        #expect(colours.light == "rgb(10 20 30)" && colours.dark == nil)
        #expect(colours.lightProperties == ["--page": "rgb(10 20 30)", "--text": "#eee"])
        #expect(colours.dark(or: "#000") == "rgb(10 20 30)")
        #expect(StylesheetColours(css: "body { color: red }").light(or: "#fff") == "#fff")
    }

    /// Only colours written out: a reference to another property, or text that could leave the attribute, is left
    /// to the theme.
    @Test func onlyColoursWrittenOutCount() {
        #expect(StylesheetColours(css: ":root { --page: var(--x) }").light == nil)
        #expect(StylesheetColours(css: ":root { --page: \"><script>\" }").light == nil)
        #expect(StylesheetColours(css: ":root { --page: url(x.png) }").light == nil)
        #expect(StylesheetColours(css: ":root { --page: rgb(var(--r), 0, 0) }").light == nil)
        #expect(StylesheetColours(css: ":root { --page: hsl(120, 50%, 40%) }").light == "hsl(120, 50%, 40%)")
        #expect(StylesheetColours(css: ":root { --page: teal").light == nil)  // an unclosed rule is no rule
    }

    /// Read as CSS's tokens (CSSSyntax): a quote escaped in a selector opens no string, and a newline ends a string, as
    /// browsers read them (the reader once read on to the next quote, missing the rules between).
    @Test func escapesAndNewlinesEndNoMoreThanInABrowser() {
        #expect(StylesheetColours(css: #".a\"b { } :root { --page: #000 }"#).light == "#000")
        #expect(StylesheetColours(css: "a::after { content: \"x\n} :root { --page: #111 }").light == "#111")
        #expect(StylesheetColours(css: ":root { --page: /* c */ #222 /* d */ }").light == "#222")
    }
}
