import SiteBasics
import Testing

@Suite struct DiagnosticTests {
    @Test func printsLikeACompilerWithTheLineAndACaret() {
        var sink = DiagnosticSink(path: "content/index.md", text: "---\ntitle: Hi\n\tlinks: x\n---\n")
        sink.report(line: 3, column: 3, "something is wrong")
        #expect(sink.diagnostics[0].description == "content/index.md:3:3: error: something is wrong\n\tlinks: x\n\t ^")
    }

    @Test func fileLevelProblemsHaveNoLineOrColumn() {
        let diagnostic = Diagnostic(.warning, path: "content", message: "no pages found")
        #expect(diagnostic.description == "content: warning: no pages found")
    }

    @Test func caretCountsCharactersNotBytes() {
        var sink = DiagnosticSink(path: "a.md", text: "né: [x\r\n")
        sink.report(line: 1, column: 5, "bad")
        #expect(sink.diagnostics[0].description == "a.md:1:5: error: bad\nné: [x\n    ^")
    }
}
