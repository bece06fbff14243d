@testable import SiteBasics
import Testing
@testable import Markup

@Suite struct MarkdownTests {
    @Test func linkPositionsAreFileLinesAndCharacterColumns() {
        let document = MarkdownDocument("Héllo [toot](mastodon:@eb@social.coop)\n\n- ![pic](a.png)\n", firstLine: 5, allowRawHTML: false)
        #expect(document.links == [
            .init(destination: "mastodon:@eb@social.coop", isImage: false, position: .init(line: 5, column: 7)),
            .init(destination: "a.png", isImage: true, position: .init(line: 7, column: 3)),
        ])
    }

    @Test func rawHTMLIsOmittedUnlessAllowed() {
        let body = "Hi <b>there</b>\n\n<script>alert(1)</script>\n"
        #expect(MarkdownDocument(body, firstLine: 1, allowRawHTML: false).renderHTML()
                == "<p>Hi <!-- raw HTML omitted -->there<!-- raw HTML omitted --></p>\n<!-- raw HTML omitted -->\n")
        #expect(MarkdownDocument(body, firstLine: 1, allowRawHTML: true).renderHTML()
                == "<p>Hi <b>there</b></p>\n<script>alert(1)</script>\n")
    }

    /// Where each piece of raw HTML the page leaves out starts, for the warning: comments (left out as their author
    /// meant) and an image's alt text (written escaped) are not counted; with raw HTML allowed, nothing is.
    @Test func omittedRawHTMLIsFoundAtItsPlace() {
        let body = "Hi <b>there</b>\n\n<!-- a note -->\n\n![a <i>b</i>](p.png) é<span>x</span>\n\n<div>\nA\n</div>\n"
        #expect(MarkdownBody(body, firstLine: 4, allowRawHTML: false).omittedRawHTML == [
            .init(line: 4, column: 4), .init(line: 4, column: 12), .init(line: 8, column: 23), .init(line: 8, column: 30), .init(line: 10, column: 1),
        ])
        #expect(MarkdownBody(body, firstLine: 4, allowRawHTML: true).omittedRawHTML.isEmpty)
        #expect(MarkdownHTML.isComment(Array("  <!-- x -->\n".utf8)) && MarkdownHTML.isComment(Array("<!---->".utf8)))
        #expect(!MarkdownHTML.isComment(Array("<!-- x --><b>".utf8)) && !MarkdownHTML.isComment(Array("<!-->".utf8)))
    }

    @Test func rewrittenLinksKeepTheirText() {
        let document = MarkdownDocument("Say [*hi*](x:y) or [no](https://a.org)\n", firstLine: 1, allowRawHTML: false)
        document.rewriteLinks { $0.destination == "x:y" ? (#"<a href="https://b.org/">"#, "!") : nil }
        #expect(document.renderHTML() == #"<p>Say <a href="https://b.org/"><em>hi</em></a>! or <a href="https://a.org">no</a></p>"# + "\n")
    }

    /// Bodies with every node type libcmark writes, and the characters each of its escapes treats differently.
    static let nodeBodies: [(body: String, allowRawHTML: Bool)] = [
        ("Say [*hi*](x:y) or [no](https://a.org \"a > b & 'c'\")\n", false),
        ("# [Head](x:1)\n\n- [one](x:2)\n- ![img](i.png) and [![pic](p.png \"t\")](x:3)\n\n> [quoted](x:4)\n", false),
        ("<https://auto.example/> and [ref][r] and <ann@example.org>\n\n[r]: x:5 'title'\n", false),
        ("Raw <a href=\"x:6\">html</a> then [md](x:7)\n\n<div>\n<b>block</b>\n</div>\n", true),
        ("Raw <a href=\"x:6\">html</a> omitted\n\n<div>\n<b>block</b>\n</div>\n", false),
        ("No links at all, just *text* & \"quotes\" < > 'it's'... -- ---\n", false),
        ("An image whose alt has a link: ![a [b](x:9) `c`\nd *e*](i.png 'x \"y\"')\n", false),
        ("`code & <b>` and\n\n```swift  extra\nlet a = \"<b>\" & 1\n```\n\n    indented <code>\n", false),
        ("[u](<http://a/b c?d=e&f='g'[]{}|\\^`é\">) [j](javascript:alert(1)) [d](data:image/png;x) [e](DATA:text/html,x) [v](VBScript:x)\n", false),
        ("[j](javascript:alert(1)) [f](file:///etc) ![i](data:text/html,x)\n", true),
        ("line  \nbreak\\\nhard\n\n***\n\n1. a\n\n   b\n2. c\n", false),
    ]

    /// `MarkdownHTML` says each node as libcmark writes it: a tree with every node replaced by a custom node of that
    /// HTML renders to the same bytes.
    @Test(arguments: nodeBodies.indices)
    func nodesAreWrittenAsLibcmarkWritesThem(index: Int) {
        let (body, allowRawHTML) = Self.nodeBodies[index]
        let replaced = MarkdownDocument(body, firstLine: 1, allowRawHTML: allowRawHTML)
        var count = 0
        replaced.replaceNodes { count += 1; return $0 }
        #expect(count > 0)
        #expect(replaced.renderHTML() == MarkdownDocument(body, firstLine: 1, allowRawHTML: allowRawHTML).renderHTML())
    }

    /// Chain links spliced in where their nodes are, and addresses protected node by node: the HTML is what
    /// rewriting a fresh parse writes, with each address (text, code, link address and title, image, raw HTML,
    /// smart punctuation around it) as character references, except in a raw `<script>` or `<style>`.
    @Test(arguments: nodeBodies.indices)
    func addressesAreProtectedWhereTheirNodesAre(index: Int) throws {
        let address = "ann.lee@example.org"
        let (body, allowRawHTML) = Self.nodeBodies[index]
        let text = body.replacingOccurrences(of: "x", with: address)
        let markdown = MarkdownBody(text, firstLine: 3, allowRawHTML: allowRawHTML)
        var rewrites: [SourcePosition: (openingTag: String, afterLink: String)] = [:]
        for (number, link) in markdown.links.filter({ !$0.isImage }).enumerated() where number % 2 == 0 {
            rewrites[link.position] = (#"<a href="https://chain.example/\#(number)" data-x='1'>"#, "<noscript>\(number)</noscript>")
        }
        let shield = try #require(EmailShield([address]))
        let fresh = MarkdownDocument(text, firstLine: 3, allowRawHTML: allowRawHTML)
        fresh.rewriteLinks { rewrites[$0.position] }
        let expected = fresh.renderHTML().replacingOccurrences(of: address, with: ChainMarkup.characterReferences(address))
        #expect(markdown.renderHTML(rewriting: rewrites, shield: shield) == expected)
        #expect(markdown.renderHTML(rewriting: rewrites) == fresh.renderHTML())
    }

    @Test func rawScriptAndStyleKeepTheirAddresses() throws {
        let shield = try #require(EmailShield(["ann@example.org"]))
        let body = "ann@example.org <SCRIPT>var a = ann@example.org</Script> ann@example.org\n\n<style>\n/* ann@example.org */\n</style>\n\n<p>ann@example.org</p>\n"
        let refs = ChainMarkup.characterReferences("ann@example.org")
        #expect(MarkdownBody(body, firstLine: 1, allowRawHTML: true).renderHTML(shield: shield)
                == "<p>\(refs) <SCRIPT>var a = ann@example.org</Script> \(refs)</p>\n<style>\n/* ann@example.org */\n</style>\n<p>\(refs)</p>\n")
    }

    /// The tree as libcmark reads a body (smart punctuation applied), node by node.
    @Test func theTreeIsDumpedNodeByNode() {
        let body = "# Ann's *links*\n\nSay [hi](x:y \"t\") `c` <b>x</b>  \n![a **b**](p.png)\n\n```swift\nlet a = \"<b>\"\n```\n\n- one\n"
        #expect(MarkdownDocument(body, firstLine: 1, allowRawHTML: true).debugDescription == #"""
            Document
            ├─ Heading level: 1
            │  ├─ Text "Ann’s "
            │  └─ Emphasis
            │     └─ Text "links"
            ├─ Paragraph
            │  ├─ Text "Say "
            │  ├─ Link destination: "x:y" title: "t"
            │  │  └─ Text "hi"
            │  ├─ Text " "
            │  ├─ InlineCode "c"
            │  ├─ Text " "
            │  ├─ InlineHTML "<b>"
            │  ├─ Text "x"
            │  ├─ InlineHTML "</b>"
            │  ├─ Text ""
            │  ├─ LineBreak
            │  └─ Image source: "p.png"
            │     ├─ Text "a "
            │     └─ Strong
            │        └─ Text "b"
            ├─ CodeBlock language: "swift" "let a = \"<b>\"\n"
            └─ UnorderedList
               └─ ListItem
                  └─ Paragraph
                     └─ Text "one"
            """#)
    }

    /// Chain links and protected addresses as the tree holds them before libcmark writes it: each node holding an
    /// address replaced by a custom node writing it as references, a raw `<script>`'s text left as it is.
    @Test func rewrittenAndProtectedNodesAreCustomNodes() throws {
        let shield = try #require(EmailShield(["ann@example.org"]))
        let document = MarkdownDocument("Mail [ann@example.org](mailto:ann@example.org) or [me](x:y) <script>ann@example.org</script>\n",
                                        firstLine: 1, allowRawHTML: true)
        document.rewriteLinks { $0.destination == "x:y" ? (#"<a href="https://b.org/">"#, "!") : nil }
        document.protectAddresses(shield)
        let refs = ChainMarkup.characterReferences("ann@example.org")
        #expect(document.debugDescription == #"""
            Document
            └─ Paragraph
               ├─ Text "Mail "
               ├─ CustomInline "<a href=\"mailto:\#(refs)\">" then: "</a>"
               │  └─ CustomInline "\#(refs)"
               ├─ Text " or "
               ├─ CustomInline "<a href=\"https://b.org/\">" then: "</a>!"
               │  └─ Text "me"
               ├─ Text " "
               ├─ InlineHTML "<script>"
               ├─ Text "ann@example.org"
               └─ InlineHTML "</script>"
            """#)
    }

    /// A page without a `title` is named by its first heading with words, as libcmark reads the body: not a `#` in
    /// code, with smart punctuation, without emphasis marks or raw HTML.
    @Test(arguments: [
        ("# Ann Lee\n\n## Links\n", "Ann Lee"),
        ("Intro\n\n## *Ann* `Lee` ##\n", "Ann Lee"),
        ("```\n# not a heading\n```\n\nAnn's page\n===\n", "Ann’s page"),
        ("#\n\n# <b>Ann</b> &amp; Bo\n", "Ann & Bo"),
        ("    # indented code\n\n#hashtag\n", nil),
        ("- # In a list\n", "In a list"),
        ("Ann\nLee\n---\n", "Ann Lee"),
    ] as [(String, String?)])
    func theFirstHeadingIsLibcmarksReading(body: String, heading: String?) {
        #expect(MarkdownBody(body, firstLine: 1, allowRawHTML: true).firstHeading == heading)
    }

    /// The Markdown body's raw `<script>` and `<style>` tags are the ones a browser reads (`RawTextElement.named`).
    @Test func rawCodeElementsAreTheTagsABrowserReads() {
        let cases: [(String, Bool?)] = [("<script>", true), ("<SCRIPT type=module>", true), ("</Style>", false), ("<style\n>", true),
                                        ("</script >", false), ("<script1>", nil), ("<styles>", nil), ("<b>", nil), ("script", nil)]
        #expect(cases.map { MarkdownHTML.opensRawCodeElement(Array($0.0.utf8)) } == cases.map(\.1))
    }
}
