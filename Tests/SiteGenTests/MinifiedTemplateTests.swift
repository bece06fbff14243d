@testable import Companions
import Foundation
import Testing
@testable import SiteGen
import SiteGenTestSupport

/// A template's CSS and JSON in built pages: minified once when templates compile (MinifyTests test the minifiers).
@Suite struct MinifiedTemplateTests {
    /// A templates/style.css in a page: minified, and the page's policy hashes the style it carries. The words
    /// (templates/runtime-text.json) come minified the same way (JSONMinifier), with their sections rendered.
    @Test func pagesCarryTheTemplateStyleAndWordsMinified() throws {
        let site = Fixtures.site("---\ntitle: T\n---\n", extra: [
            "templates/page.html": "{{{content_security_policy_html}}}<style>\n{{> style}}</style>\n{{> runtime-text}}",
            "templates/style.css": ".card {\n  margin: 0; /* none */\n}\n",
            "templates/runtime-text.json": "{\n  \"more\": \"More ways\",\n{{#title}}\n  \"title\": \"{{title}}\",\n{{/title}}\n  \"go\": \"Go\"\n}\n",
        ])
        _ = try Fixtures.builder(site).build()
        let html = try Fixtures.html(site), shipped = "\n.card{margin:0}\n"
        #expect(InlineCode.bodies("style", in: html) == [shipped])
        #expect(PageReader(html).policy["style-src"] == ["'sha256-\(SecurityPolicy.sha256Base64(shipped))'"])
        #expect(html.hasSuffix("</style>\n{\"more\":\"More ways\",\"title\":\"T\",\"go\":\"Go\"}\n"))
    }

    @Test func aSyntaxErrorInACSSTemplateIsReportedWhereItIsWritten() {
        let errors = Fixtures.failure("---\ntitle: T\n---\n", extra: [
            "templates/page.html": "<style>{{> style}}</style>",
            "templates/style.css": ".a {\n  color: red;\n}\n{{#open}}\n",
        ])
        #expect(errors == ["site/templates/style.css:4:1: error: unclosed section 'open': expected '{{/open}}'"])
    }
}
