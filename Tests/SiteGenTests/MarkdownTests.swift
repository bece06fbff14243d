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
}
