@testable import Companions
import Paint
import SiteGenTestSupport
import Testing

/// The share card drawn on its own: its SVG and the 1200 × 630 PNG librsvg makes of it.
@Suite struct ShareCardTests {
    @Test func theCardsTextIsEscapedAndShapedTextPasses() throws {
        let svg = ShareCard.svg(title: #"<b>&"Ada"</b>"#, tagline: "مرحبا بالعالم\u{1}", avatarURL: nil, palette: Theme.standard.light)
        #expect(svg.contains("&lt;b&gt;&amp;&quot;Ada&quot;&lt;/b&gt;"))
        #expect(svg.contains("مرحبا بالعالم") && !svg.contains("\u{1}"))
        let png = try ShareCard.png(svg)
        #expect(PictureSize.png(png)! == (1200, 630))
    }

    @Test func aRightToLeftTitleMirrorsTheCard() {
        let arabic = ShareCard.svg(title: "مرحبا", tagline: nil, avatarURL: nil, palette: Theme.standard.light)
        #expect(arabic.contains(#"<circle cx="980""#) && arabic.contains(#"<text x="800" y="#) && arabic.contains(#"text-anchor="end""#))
        let latin = ShareCard.svg(title: "«Ada»", tagline: nil, avatarURL: nil, palette: Theme.standard.light)
        #expect(latin.contains(#"<circle cx="220""#) && latin.contains(#"<text x="400" y="#) && !latin.contains(#"text-anchor="end""#))
    }

    @Test func aLongTaglineIsWrappedIntoThreeLinesAtMost() {
        let lines = ShareCard.wrapped(String(repeating: "word ", count: 80), size: 34, lines: 3)
        #expect(lines.count == 3)
        #expect(lines.last!.hasSuffix("…"))
        #expect(lines.allSatisfy { ShareCard.units($0) * 34 <= 720 })
    }
}
