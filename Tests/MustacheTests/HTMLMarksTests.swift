import Testing
@testable import Mustache

/// What HTML rendering knows about its output: the template text's own scripts and styles, never a value's.
@Suite struct HTMLMarksTests {
    func render(_ template: String, _ context: MustacheValue = [:], partials: [String: String] = [:], hole: String? = nil,
                escaper: MustacheTemplates.Escaper? = nil) throws -> (text: String, html: RenderedHTML) {
        let html = try MustacheTemplates(sources: partials.merging(["page": template]) { $1 }, html: true)
            .renderHTML("page", context, hole: hole, escaper: escaper)
        return (String(decoding: html.bytes, as: UTF8.self), html)
    }

    func bodies(_ ranges: [Range<Int>], _ html: RenderedHTML) -> [String] {
        ranges.map { String(decoding: html.bytes[$0], as: UTF8.self) }
    }

    @Test func theTemplatesScriptsAndStylesAreFoundWithTheValuesInside() throws {
        let (_, html) = try render(#"<STYLE media="x">{{#c}}a{color:{{.}}}{{/c}}</style ><script type="application/json">{}</script><script src="a.js"></script><Script>go({{n}})</script><scripts>no</scripts><script type="module">m()</script>"#,
                                   ["c": ["red", "blue"], "n": 7])
        #expect(bodies(html.scriptBodies, html) == ["go(7)", "m()"])
        #expect(bodies(html.styleBodies, html) == ["a{color:red}a{color:blue}"])
    }

    @Test func aValuesScriptIsNeverTheTemplates() throws {
        let (text, html) = try render("<p>{{{v}}}</p><script>{{{w}}}</script></body>", [
            "v": "<script>evil()</script><style>p{}</style></body>",
            "w": "ok()</script><script>evil()",
        ])
        #expect(text.hasPrefix("<p><script>evil()"))
        // The template's script runs from its own opening tag to its own closing tag, whatever the value holds.
        #expect(bodies(html.scriptBodies, html) == ["ok()</script><script>evil()"])
        #expect(html.styleBodies.isEmpty)
        #expect(html.bodyEnd == text.utf8.count - "</body>".utf8.count)
    }

    @Test func tagsAcrossPartialsAndSectionsAreFollowedInRenderOrder() throws {
        let (_, html) = try render("{{> head}}x(){{#none}}</script>{{/none}}</script><style>{{! comment }}s{}</style>",
                                   partials: ["head": "<script>\n"])
        #expect(bodies(html.scriptBodies, html) == ["\nx()"])
        #expect(bodies(html.styleBodies, html) == ["s{}"])
    }

    @Test func textInsideAScriptIsNotMarkup() throws {
        let (_, html) = try render(#"<script>var s = "<style>"; "</body>";</script>"#)
        #expect(bodies(html.scriptBodies, html) == [#"var s = "<style>"; "</body>";"#])
        #expect(html.styleBodies.isEmpty)
        #expect(html.bodyEnd == nil)
    }

    @Test func anOpeningTagWithValuesInItIsNotTrusted() throws {
        let (_, html) = try render(#"<script nonce="{{n}}">go()</script><style>a{}</style>"#, ["n": "x"])
        #expect(html.scriptBodies.isEmpty)
        #expect(bodies(html.styleBodies, html) == ["a{}"])
    }

    @Test func holesAreFilledAndTheAppendixGoesBeforeTheBodyEnds() throws {
        let (_, html) = try render("<head>{{{csp}}}</head><body>{{t}}</body></html>", ["t": "<b>", "csp": "ignored"], hole: "csp")
        #expect(html.holes == [6])
        let page = html.assembled(fill: Array("<meta>".utf8), appendix: Array("<script>r()</script>".utf8))
        #expect(String(decoding: page, as: UTF8.self) == "<head><meta></head><body>&lt;b&gt;<script>r()</script></body></html>")
    }

    @Test func theEscaperWritesValuesOutsideScriptAndStyle() throws {
        let (text, _) = try render("<p>{{a}}</p><script>{{a}}</script>{{{a}}}", ["a": "x<y"], escaper: { text, output in
            output.append(contentsOf: Array("[".utf8))
            MustacheTemplates.appendEscapedHTML(text, to: &output)
            output.append(contentsOf: Array("]".utf8))
        })
        #expect(text == "<p>[x&lt;y]</p><script>x&lt;y</script>x<y")
    }

    @Test func withoutHTMLNothingIsTracked() throws {
        let html = try MustacheTemplates(sources: ["page": "<script>a()</script></body>"]).renderHTML("page", [:])
        #expect(html.scriptBodies.isEmpty && html.bodyEnd == nil)
    }
}
