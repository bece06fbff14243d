@testable import Mustache
import Testing

/// The one reading of a `<script>` or `<style>` tag's name, as a browser's tokenizer reads it after `<` or `</`.
@Suite struct RawTextTagTests {
    @Test func aTagNameIsCaseInsensitiveAndEndsWhereABrowserEndsIt() {
        let cases: [(String, RawTextElement?)] = [
            ("script>", .script), ("SCRIPT type=module>", .script), ("Style\n>", .style), ("style/>", .style), ("style\u{0C}", .style),
            ("script1>", nil), ("styles>", nil), ("scrip>", nil), ("b>", nil), ("script", nil), ("", nil),
        ]
        #expect(cases.map { RawTextElement.named(in: Array($0.0.utf8), at: 0)?.element } == cases.map(\.1))
        #expect(RawTextElement.named(in: Array("</style >".utf8), at: 2).map { [$0.nameEnd] } == [7])
    }

    /// Text whose next bytes are not known yet (a site's CSS, before the template's `</style>`) ends a name at its end.
    @Test func anOpenEndEndsTheName() {
        #expect(RawTextElement.named(in: Array("</style".utf8), at: 2)?.element == nil)
        #expect(RawTextElement.named(in: Array("</style".utf8), at: 2, endOpen: true)?.element == .style)
        #expect(RawTextElement.tagNameEnd("body", in: Array("</BODY>".utf8), at: 2) == 6)
    }
}
