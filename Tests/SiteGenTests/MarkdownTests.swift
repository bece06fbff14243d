import Testing
@testable import SiteGen

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

    @Test func rewrittenLinksKeepTheirText() {
        let document = MarkdownDocument("Say [*hi*](x:y) or [no](https://a.org)\n", firstLine: 1, allowRawHTML: false)
        document.rewriteLinks { $0.destination == "x:y" ? (#"<a href="https://b.org/">"#, "!") : nil }
        #expect(document.renderHTML() == #"<p>Say <a href="https://b.org/"><em>hi</em></a>! or <a href="https://a.org">no</a></p>"# + "\n")
    }

    /// Bodies whose links sit in every place Markdown allows, and some that defeat the marks.
    static let spliceBodies: [(body: String, allowRawHTML: Bool, marked: Bool)] = [
        ("Say [*hi*](x:y) or [no](https://a.org \"a > b\")\n", false, true),
        ("# [Head](x:1)\n\n- [one](x:2)\n- ![img](i.png) and [![pic](p.png)](x:3)\n\n> [quoted](x:4)\n", false, true),
        ("<https://auto.example/> and [ref][r]\n\n[r]: x:5 'title'\n", false, true),
        ("Raw <a href=\"x:6\">html</a> then [md](x:7)\n", true, true),
        ("No links at all, just *text* & \"quotes\".\n", false, true),
        ("A [link](x:8) before a NUL-free mark lookalike &#1; in text\n", false, false),
        ("An image whose alt has a link: ![a [b](x:9) c](i.png)\n", false, false),
    ]

    @Test(arguments: spliceBodies.indices)
    func splicedChainLinksMatchRewritingAFreshParse(index: Int) {
        let (body, allowRawHTML, marked) = Self.spliceBodies[index]
        let markdown = MarkdownBody(body, firstLine: 3, allowRawHTML: allowRawHTML)
        #expect(markdown.isMarked == marked)
        let anchors = markdown.links.filter { !$0.isImage }
        // Every other link rewritten, so both kept and replaced links are checked.
        var rewrites: [SourcePosition: (openingTag: String, afterLink: String)] = [:]
        for (number, link) in anchors.enumerated() where number % 2 == 0 {
            rewrites[link.position] = (#"<a href="https://chain.example/\#(number)" data-x='1'>"#, "<noscript>\(number)</noscript>")
        }
        for chosen in [rewrites, [:]] {
            let fresh = MarkdownDocument(body, firstLine: 3, allowRawHTML: allowRawHTML)
            if !chosen.isEmpty { fresh.rewriteLinks { chosen[$0.position] } }
            #expect(markdown.renderHTML(rewriting: chosen) == fresh.renderHTML())
        }
    }
}
