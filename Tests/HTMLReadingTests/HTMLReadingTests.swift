import Foundation
import HTMLReading
import Testing

/// HTML that others wrote, read as a tree and as text.
struct HTMLReadingTests {
    /// libxml2 reads broken markup as a browser would: unclosed tags closed, references decoded, a script's text
    /// kept as written; and a page nested deeper than any link page is read to a bounded depth, its text once.
    @Test func theHTMLParserRecoversAndStaysBounded() throws {
        let page = try #require(HTMLElement.parse(Data("<p>Fish &amp; <b>chips</b><a href=x class='button  button-github'>Git<i>Hub</i>\n</p><script id=s>{\"a\":  \"<b>\"}</script>".utf8)))
        let anchor = try #require(page.first("a"))
        #expect(anchor.attributes["href"] == "x" && anchor.classes == ["button", "button-github"] && anchor.text == "Git Hub")
        #expect(page.first("p")?.text == "Fish & chips Git Hub")
        #expect(page.first("script")?.ownText == "{\"a\":  \"<b>\"}")
        let deep = String(repeating: "<div>", count: 5_000) + "<a href='https://github.com/x'>x</a>" + String(repeating: "</div>", count: 5_000)
        let parsed = try #require(HTMLElement.parse(Data(deep.utf8)))
        #expect(parsed.descendants.count <= HTMLElement.maximumDepth + 2)
        #expect(HTMLElement.parse(Data()) == nil)
    }

    @Test(arguments: [
        ("a&amp;b", "a&b"), ("&lt;&gt;&quot;&apos;", "<>\"'"), ("&#65;&#x42;", "AB"),
        ("&nbsp;stays", "&nbsp;stays"), ("a & b", "a & b"), ("&#xZZ;", "&#xZZ;"), ("&", "&"),
    ])
    func decodesCharacterReferences(_ text: String, _ expected: String) {
        #expect(CharacterReferences.decode(text) == expected)
    }
}
