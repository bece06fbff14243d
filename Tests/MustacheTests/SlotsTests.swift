import Testing
@testable import Mustache

/// Values by slot render as the same values by key would.
@Suite struct SlotsTests {
    static let sources = [
        "page": "{{title}}|{{#links}}[{{number}} {{label}} {{title}}]{{/links}}|{{^missing}}none{{/missing}}|{{a.b.c}}|{{> part}}",
        "part": "{{#flag}}on{{/flag}}{{{raw}}}",
    ]

    /// The same data as slots (nested ones for `links` and `a.b`) and as dictionaries.
    static func data(_ templates: MustacheTemplates, slots: Bool) -> MustacheValue {
        func object(_ entries: [String: MustacheValue]) -> MustacheValue {
            guard slots else { return .dictionary(entries) }
            var values = templates.makeSlots()
            for (key, value) in entries { values[templates.slot(of: key)!] = value }
            return .slots(values)
        }
        return object([
            "title": "T & U",
            "links": .array([object(["number": 1, "label": "One"]), object(["number": 2, "label": "Two", "title": "inner"])]),
            "a": object(["b": object(["c": "deep"])]),
            "flag": true,
            "raw": "<b>",
        ])
    }

    @Test func slotsRenderAsDictionariesDo() throws {
        let templates = try MustacheTemplates(sources: Self.sources)
        let expected = "T &amp; U|[1 One T &amp; U][2 Two inner]|none|deep|on<b>"
        #expect(try templates.render("page", Self.data(templates, slots: false)) == expected)
        #expect(try templates.render("page", Self.data(templates, slots: true)) == expected)
    }

    @Test func everyNameHasOneSlotAndOthersNone() throws {
        let templates = try MustacheTemplates(sources: Self.sources)
        let names = ["title", "links", "number", "label", "missing", "a", "b", "c", "flag", "raw"]
        let slots = names.compactMap(templates.slot(of:))
        #expect(slots.count == names.count && Set(slots).count == names.count)
        #expect(templates.slot(of: "page") == nil && templates.slot(of: "nothing") == nil)
    }

    /// Slots made for other templates (numbered otherwise) hold nothing here, rather than the wrong values.
    @Test func slotsOfOtherTemplatesHoldNothing() throws {
        let templates = try MustacheTemplates(sources: Self.sources)
        let others = try MustacheTemplates(sources: Self.sources)
        #expect(try templates.render("page", Self.data(others, slots: true)) == "||none||")
    }

    @Test func aHoleIsFoundByItsSlot() throws {
        let templates = try MustacheTemplates(sources: ["page": "<head>{{{csp}}}{{cspx}}</head>"], html: true)
        var values = templates.makeSlots()
        values[templates.slot(of: "cspx")!] = "x"
        let html = try templates.renderHTML("page", .slots(values), hole: "csp")
        #expect(html.holes == [6] && String(decoding: html.bytes, as: UTF8.self) == "<head>x</head>")
    }
}
