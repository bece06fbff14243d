import Mustache
import Testing

private func render(_ template: String, _ context: MustacheValue = [:], partials: [String: String] = [:],
                    missing: MustacheTemplates.MissingPartial = .fail) throws -> String {
    var sources = partials
    sources["main"] = template
    return try MustacheTemplates(sources: sources, missingPartials: missing).render("main", context)
}

/// The single syntax error a set of sources produces.
private func syntaxErrors(_ sources: [String: String]) -> [MustacheError] {
    do {
        _ = try MustacheTemplates(sources: sources)
        return []
    } catch {
        return error.errors
    }
}

private func syntaxError(_ template: String) -> MustacheError? {
    let errors = syntaxErrors(["main": template])
    #expect(errors.count == 1, "expected one error, got \(errors)")
    return errors.first
}

@Suite("Interpolation")
struct InterpolationTests {
    @Test func escapesHTMLIncludingApostrophe() throws {
        #expect(try render("{{v}}", ["v": "<a href=\"x\">Tom & Jerry's</a>"])
                == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
        #expect(try render("{{{v}}}|{{& v}}", ["v": "'&'"]) == "'&'|'&'")
        #expect(try render("{{v}}", ["v": "plain ünïcödé 🎉"]) == "plain ünïcödé 🎉")
    }

    @Test func numbersBooleansAndNull() throws {
        let context: MustacheValue = ["i": 85, "d": 1.21, "whole": 1.0, "neg": -0.5, "t": true, "f": false, "n": .null]
        #expect(try render("{{i}} {{d}} {{whole}} {{neg}} {{t}} {{f}} [{{n}}] [{{missing}}]", context)
                == "85 1.21 1 -0.5 true false [] []")
    }

    @Test func dottedNamesAndContextStack() throws {
        let context: MustacheValue = ["site": ["title": "Home"], "pages": [["title": "A"], ["title": "B"]]]
        #expect(try render("{{site.title}}:{{#pages}}{{title}}/{{site.title}};{{/pages}}", context)
                == "Home:A/Home;B/Home;")
    }

    @Test func truthiness() throws {
        let context: MustacheValue = ["empty": "", "zero": 0, "list": [], "dict": [:], "f": false, "n": .null]
        #expect(try render("{{#empty}}e{{/empty}}{{#zero}}z{{/zero}}{{#dict}}d{{/dict}}", context) == "ezd")
        #expect(try render("{{^list}}l{{/list}}{{^f}}f{{/f}}{{^n}}n{{/n}}{{^missing}}m{{/missing}}", context) == "lfnm")
    }
}

@Suite("Syntax errors")
struct SyntaxErrorTests {
    @Test func unclosedTag() throws {
        let error = try #require(syntaxError("line one\nab {{name and more"))
        #expect(error.templateName == "main")
        #expect(error.line == 2)
        #expect(error.column == 4)
        #expect(error.message == "unclosed tag: expected '}}'")
    }

    @Test func unclosedTagBeforeAnotherTag() throws {
        let error = try #require(syntaxError("<p>{{title</p>\n{{body}}"))
        #expect(error.line == 1)
        #expect(error.column == 4)
        #expect(error.message == "unclosed tag: expected '}}' before the next '{{'")
    }

    @Test func unclosedSection() throws {
        let error = try #require(syntaxError("<ul>\n  {{#links}}\n  <li>{{.}}</li>\n</ul>\n"))
        #expect(error.line == 2)
        #expect(error.column == 3)
        #expect(error.message == "unclosed section 'links': expected '{{/links}}'")
    }

    @Test func mismatchedClosingTag() throws {
        let error = try #require(syntaxError("{{#items}}\n x {{/itemz}}\n"))
        #expect(error.line == 2)
        #expect(error.column == 4)
        #expect(error.message == "mismatched closing tag '{{/itemz}}': expected '{{/items}}' to close section 'items' opened at line 1, column 1")
    }

    @Test func forgottenInnerClosingTag() throws {
        let error = try #require(syntaxError("{{#a}}{{#b}}\n{{/a}}"))
        #expect(error.line == 2)
        #expect(error.column == 1)
        #expect(error.message == "mismatched closing tag '{{/a}}': expected '{{/b}}' to close section 'b' opened at line 1, column 7")
    }

    @Test func closingTagWithoutSection() throws {
        let error = try #require(syntaxError("text\n\tend {{/x}}"))
        #expect(error.line == 2)
        #expect(error.column == 6)
        #expect(error.message == "closing tag '{{/x}}' has no open section")
    }

    @Test func invalidSetDelimiter() throws {
        let error = try #require(syntaxError("ok\n  {{=<% =}}"))
        #expect(error.line == 2)
        #expect(error.column == 3)
        #expect(error.message == "invalid set delimiter tag '{{=<% =}}': expected two delimiters without '=' separated by whitespace")
    }

    @Test func emptyTagNameCountsColumnsInCharacters() throws {
        // "e\u{301}" is one Character of two scalars, "🇫🇷" one Character of two scalars (8 UTF-8 bytes).
        let error = try #require(syntaxError("e\u{301}🇫🇷 {{ }}"))
        #expect(error.line == 1)
        #expect(error.column == 4)
        #expect(error.message == "empty tag name in tag '{{ }}'")
        #expect(syntaxErrors(["main": "{{#}}{{/}}"]).map(\.column) == [1, 6])
    }

    @Test func errorsWithCustomDelimitersAndMultilineComments() throws {
        let error = try #require(syntaxError("{{!\n a comment\n}}{{=<% %>=}}\n<%#s%>\n  <%/t%>"))
        #expect(error.line == 5)
        #expect(error.column == 3)
        #expect(error.message == "mismatched closing tag '<%/t%>': expected '<%/s%>' to close section 's' opened at line 4, column 1")
    }

    @Test func allErrorsOfAllTemplatesSorted() {
        let errors = syntaxErrors([
            "b": "{{#x}}\n{{/y}}\n{{}}",
            "a": "ok {{/z}}",
            "c": "fine {{v}}",
        ])
        #expect(errors.map { "\($0.templateName):\($0.line):\($0.column)" } == ["a:1:4", "b:2:1", "b:3:1"])
        #expect(errors.first?.description == "a:1:4: closing tag '{{/z}}' has no open section")
        do {
            _ = try MustacheTemplates(sources: ["a": "{{#x}}", "b": "{{/y}}"])
        } catch {
            #expect(error.description == """
                a:1:1: unclosed section 'x': expected '{{/x}}'
                b:1:1: closing tag '{{/y}}' has no open section
                """)
        }
    }
}

@Suite("Partials and inheritance")
struct PartialTests {
    @Test func missingPartialFailsWithLocation() throws {
        let templates = try MustacheTemplates(sources: ["page": "<body>\n  {{> footer}}\n</body>"])
        #expect(throws: MustacheError(templateName: "page", line: 2, column: 3, message: "missing partial 'footer'")) {
            _ = try templates.render("page", [:])
        }
        #expect(try render("[{{>nope}}]", missing: .renderEmpty) == "[]")
    }

    @Test func missingParentFails() throws {
        let templates = try MustacheTemplates(sources: ["page": "{{<layout}}{{/layout}}"])
        #expect(throws: MustacheError.self) { _ = try templates.render("page", [:]) }
    }

    @Test func unknownTemplate() throws {
        let templates = try MustacheTemplates(sources: ["a": "x"])
        #expect(throws: MustacheError(templateName: "b", line: 0, column: 0, message: "unknown template 'b'")) {
            _ = try templates.render("b", [:])
        }
        #expect(templates.names == ["a"])
    }

    @Test func recursivePartialStopsWithError() throws {
        let templates = try MustacheTemplates(sources: ["loop": "x{{>loop}}", "a": "{{>b}}", "b": "{{<a}}{{/a}}"])
        do {
            _ = try templates.render("loop", [:])
            Issue.record("expected an error")
        } catch {
            #expect(error.templateName == "loop")
            #expect(error.message == "partial 'loop' nested deeper than \(MustacheTemplates.maxNestingDepth) levels (recursive partial?)")
        }
        #expect(throws: MustacheError.self) { _ = try templates.render("a", [:]) }
    }

    @Test func recursivePartialOverDataTerminates() throws {
        let tree: MustacheValue = ["name": "root", "children": [["name": "a", "children": [["name": "b", "children": []]]]]]
        #expect(try render("{{>node}}", tree, partials: ["node": "{{name}}({{#children}}{{>node}}{{/children}})"])
                == "root(a(b()))")
    }

    @Test func blockInsideItsOwnOverrideUsesItsDefault() throws {
        // Override content is rendered with the overrides of the templates outside the one that wrote it,
        // so a block cannot expand itself forever.
        let templates = try MustacheTemplates(sources: [
            "page": "{{<layout}}{{$a}}[{{$a}}inner{{/a}}]{{/a}}{{/layout}}",
            "layout": "<{{$a}}{{/a}}>",
        ])
        #expect(try templates.render("page", [:]) == "<[inner]>")
    }

    static let site: [String: String] = [
        "layout.html": """
            <!doctype html>
            <html>
            <head>
              <title>{{$title}}{{site.name}}{{/title}}</title>
              {{>head.html}}
            </head>
            <body>
              <main>
                {{$content}}
                <p>No content.</p>
                {{/content}}
              </main>
            </body>
            </html>

            """,
        "head.html": """
            <meta charset="utf-8">
            {{$extraHead}}{{/extraHead}}

            """,
        "page.html": """
            {{<layout.html}}
            {{$title}}{{page.title}} – {{site.name}}{{/title}}
            {{$extraHead}}<link rel="stylesheet" href="page.css">{{/extraHead}}
            {{$content}}
            <h1>{{page.title}}</h1>
            <ul>
              {{#page.links}}
              <li><a href="{{url}}">{{text}}</a></li>
              {{/page.links}}
            </ul>
            {{/content}}
            {{/layout.html}}

            """,
    ]

    @Test func layoutWithBlocks() throws {
        let templates = try MustacheTemplates(sources: Self.site)
        let context: MustacheValue = [
            "site": ["name": "Docs"],
            "page": ["title": "Rock & Roll", "links": [["url": "/a", "text": "A"], ["url": "/b?x=1&y=2", "text": "B"]]],
        ]
        #expect(try templates.render("page.html", context) == """
            <!doctype html>
            <html>
            <head>
              <title>Rock &amp; Roll – Docs</title>
              <meta charset="utf-8">
              <link rel="stylesheet" href="page.css">
            </head>
            <body>
              <main>
                <h1>Rock &amp; Roll</h1>
                <ul>
                  <li><a href="/a">A</a></li>
                  <li><a href="/b?x=1&amp;y=2">B</a></li>
                </ul>
              </main>
            </body>
            </html>

            """)
        // The layout on its own renders its defaults.
        #expect(try templates.render("layout.html", ["site": ["name": "Docs"]]) == """
            <!doctype html>
            <html>
            <head>
              <title>Docs</title>
              <meta charset="utf-8">
            \("  ")
            </head>
            <body>
              <main>
                <p>No content.</p>
              </main>
            </body>
            </html>

            """)
    }

    @Test func standalonePartialsNestIndentation() throws {
        let partials = [
            "items": "{{#list}}\n<li>\n  {{>item}}\n</li>\n{{/list}}\n",
            "item": "<b>{{.}}</b>\n",
        ]
        #expect(try render("<ul>\n  {{>items}}\n</ul>\n", ["list": [1, 2]], partials: partials)
                == "<ul>\n  <li>\n    <b>1</b>\n  </li>\n  <li>\n    <b>2</b>\n  </li>\n</ul>\n")
        // Windows line endings are kept and still make tags standalone.
        #expect(try render("a\r\n  {{>item}}\r\n{{#list}}\r\n{{.}}\r\n{{/list}}\r\n", ["list": [1]], partials: partials)
                == "a\r\n  <b></b>\n1\r\n")
    }

    @Test func blockContentIsReindentedAtTheExpansionSite() throws {
        let templates = try MustacheTemplates(sources: [
            "layout": "<main>\n    {{$content}}\n    {{/content}}\n</main>\n",
            "page": "{{<layout}}\n  {{$content}}\n  <h1>Hi</h1>\n  <p>\n    text\n  </p>\n  {{/content}}\n{{/layout}}\n",
        ])
        #expect(try templates.render("page", [:]) == "<main>\n    <h1>Hi</h1>\n    <p>\n      text\n    </p>\n</main>\n")
    }

    @Test func multiLevelLayouts() throws {
        let templates = try MustacheTemplates(sources: [
            "base": "<{{$title}}base{{/title}}>{{$body}}{{/body}}</>",
            "doc": "{{<base}}{{$body}}[doc {{$main}}default{{/main}}]{{/body}}{{/base}}",
            "page": "{{<doc}}{{$title}}page{{/title}}{{$main}}{{text}}{{/main}}{{/doc}}",
        ])
        #expect(try templates.render("page", ["text": "hi"]) == "<page>[doc hi]</>")
        #expect(try templates.render("doc", [:]) == "<base>[doc default]</>")
    }
}

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test func concurrentRendersAreIdentical() async throws {
        let templates = try MustacheTemplates(sources: PartialTests.site)
        let context: MustacheValue = [
            "site": ["name": "Docs"],
            "page": ["title": "T", "links": .array((0..<200).map { ["url": .string("/\($0)"), "text": .int($0)] })],
        ]
        let expected = try templates.render("page.html", context)
        let results = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try (0..<25).map { _ in try templates.render("page.html", context) }
                }
            }
            var all: [String] = []
            for try await batch in group { all += batch }
            return all
        }
        #expect(results.count == 200)
        #expect(results.allSatisfy { $0 == expected })
    }
}



/// A render that fans out without end is stopped, with the chain of partials that did it.
@Suite struct RunawayRenderTests {
    static func fanOut(leaf: String) -> [String: String] {
        var sources = ["e40": leaf]
        for level in 0..<40 { sources["e\(level)"] = String(repeating: "{{> e\(level + 1)}}", count: 4) }
        return sources
    }

    @Test func aPageThatGrowsPastItsCapIsAnErrorNamingThePartials() throws {
        let templates = try MustacheTemplates(sources: Self.fanOut(leaf: String(repeating: "x", count: 1024)))
        #expect(throws: MustacheError.self) { try templates.render("e0", [:]) }
        do { _ = try templates.render("e0", [:]) } catch {
            #expect(error.message.hasPrefix("the page grew past 16 MiB while rendering the partials e1 → e2 → "), "\(error.message)")
        }
    }

    @Test func aRenderThatWritesNothingForeverRunsOutOfSteps() throws {
        var templates = try MustacheTemplates(sources: Self.fanOut(leaf: ""))
        templates.renderStepBudget = 100_000  // the real budget (20 million) takes seconds in a debug build
        do {
            _ = try templates.render("e0", [:])
            Issue.record("the render ended")
        } catch {
            #expect(error.message.hasPrefix("the render took more than 100000 steps while rendering the partials e1 → "), "\(error.message)")
        }
    }
}
