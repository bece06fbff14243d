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
        let (text, html) = try render("<p>{{{v}}}</p><script>{{{w_js}}}</script></body>", [
            "v": "<script>evil()</script><style>p{}</style></body>",
            "w_js": "ok()</script><script>evil()",
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
        #expect(text == "<p>[x&lt;y]</p><script>x\\u003cy</script>x<y")
    }

    /// A value inside the template's own script or style is escaped for that language, so it ends no string, template
    /// literal, regular expression or comment it stands in (and its hash in the policy covers only the template's code).
    @Test(arguments: [
        ("<script>var t=`{{v}}`;</script>", "${alert(document.domain)}", #"<script>var t=`\u0024\u007balert\u0028document.domain\u0029\u007d`;</script>"#),
        ("<script>var r=/{{v}}/;</script>", "/x/;alert(2);//", #"<script>var r=/\u002fx\u002f\u003balert\u00282\u0029\u003b\u002f\u002f/;</script>"#),
        (#"<script type="application/json">{"t":"{{v}}"}</script>"#, #"a\"b"#, #"<script type="application/json">{"t":"a\u005c\u0022b"}</script>"#),
        ("<style>/* {{v}} */</style>", "*/ body{display:none} /*", #"<style>/* \2a \2f  body\7b display\3a none\7d  \2f \2a  */</style>"#),
        ("<style>p::after{content:'{{v}}'}</style>", "'}</style><script>x()", #"<style>p::after{content:'\27 \7d \3c \2f style\3e \3c script\3e x\28 \29 '}</style>"#),
    ])
    func valuesInScriptAndStyleAreEscapedForTheirLanguage(template: String, value: String, expected: String) throws {
        let (text, _) = try render(template, ["v": .string(value)])
        #expect(text == expected)
    }

    /// The errors compiling `sources` as HTML templates throws, as `name:line:column: message` lines.
    func compileErrors(_ sources: [String: String]) -> [String] {
        do throws(MustacheErrors) {
            _ = try MustacheTemplates(sources: sources, html: true)
            return []
        } catch {
            return error.errors.map { "\($0.templateName):\($0.line):\($0.column): \($0.message.prefix(11))" }
        }
    }

    @Test func aRawValueInTheTemplatesOwnScriptOrStyleIsRefusedWhenItCompiles() {
        // Refused before any page renders, whatever value would come, at each tag; sections are read as written.
        #expect(compileErrors(["page": "<p>{{{v}}}</p>\n<script>{{{v}}}</script>\n<STYLE>p{}{{#s}}{{& v}}{{/s}}</style>"]) == [
            "page:2:9: a raw value", "page:3:17: a raw value",
        ])
        #expect(compileErrors(["page": "<script>{{{v}}}</script>"]).count == 1)
        #expect(HTMLMarker.rawValueError(in: .style, at: nil).message == "a raw value ({{{…}}} or {{&…}}) inside the template's own <style> would be trusted as the template's code (its hash goes into the page's policy): write {{…}}, which is escaped for the style sheet, or set the value in a style= attribute or a class (only values named …_css, which sitegen makes, go in raw)")
        // Names that say sitegen made them for that language go in raw; a data block or a script loaded from a file
        // runs nothing of the template's text; outside script and style a raw value is HTML the author chose to trust.
        #expect(compileErrors(["page": #"<style>{{{theme_css}}}</style><script>{{{runtime_js}}}</script>"#
                                      + #"<script type="application/json">{{{v}}}</script><script src="a.js">{{{v}}}</script><p>{{{v}}}</p>"#]).isEmpty)
        #expect(compileErrors(["page": "<style>{{{v_js}}}</style>"]).count == 1)
    }

    @Test func aRawValueBroughtIntoAScriptByAPartialIsRefusedWhenItRenders() throws {
        let partials = ["inner": "{{{v}}}"]
        #expect(compileErrors(partials.merging(["page": "<script>{{> inner}}</script>"]) { $1 }).isEmpty)
        do {
            _ = try render("<script>\n{{> inner}}</script>", ["v": "alert(1)"], partials: partials)
            Issue.record("rendered a raw value into the template's script")
        } catch let error as MustacheError {
            #expect(error.templateName == "inner" && error.line == 1 && error.column == 1)
            #expect(error.message == #"a raw value ({{{…}}} or {{&…}}) inside the template's own <script> would be trusted as the template's code (its hash goes into the page's policy): write {{…}}, which is escaped for the script, or pass data in a data- attribute or a <script type="application/json"> block (only values named …_js, which sitegen makes, go in raw)"#)
        }
        // Nothing is written when the value is empty, so nothing is refused.
        #expect(try render("<script>{{> inner}}</script>", ["v": ""], partials: partials).text == "<script></script>")
        #expect(try render(#"<script type="application/json">{{{v}}}</script><script>{{{v_js}}}</script>"#, ["v": "{}", "v_js": "go()"]).0
                == #"<script type="application/json">{}</script><script>go()</script>"#)
    }

    @Test func withoutHTMLNothingIsTracked() throws {
        let html = try MustacheTemplates(sources: ["page": "<script>a()</script></body>"]).renderHTML("page", [:])
        #expect(html.scriptBodies.isEmpty && html.bodyEnd == nil)
    }
}
