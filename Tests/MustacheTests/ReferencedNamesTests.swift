import Testing
@testable import Mustache

@Suite struct ReferencedNamesTests {
    @Test func namesComeFromSectionsPartialsParentsAndBlocks() throws {
        let templates = try MustacheTemplates(sources: [
            "page": "{{<layout}}{{$main}}{{title}} {{#links}}{{> button}}{{/links}}{{/main}}{{/layout}}",
            "layout": "<title>{{head.title}}</title>{{$main}}{{fallback}}{{/main}}{{^empty}}{{{raw_html}}}{{/empty}}",
            "button": "{{label}} {{> button}}",
            "unused": "{{secret}}",
        ])
        #expect(templates.referencedNames("page") == ["title", "links", "label", "head", "fallback", "empty", "raw_html"])
        #expect(templates.referencedNames("button") == ["label"])
        #expect(templates.referencedNames("nowhere") == [])
    }
}
