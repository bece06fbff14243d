import Mustache
import Testing

/// Inputs that the fuzzing harnesses (Tests/Fuzz, run by bench/fuzz.sh) found to break the engine, and what it
/// does with them now.
@Suite("Fuzz regressions")
struct MustacheFuzzRegressionTests {
    /// The mustache harness on a long input: 50,000 nested sections (600 KB) overflowed the stack, rendering
    /// and freeing the node tree recursively. Nesting now stops at 64 levels with an error at the 65th tag.
    @Test func deepNestingIsAnErrorNotAStackOverflow() throws {
        let depth = 50_000
        let deep = String(repeating: "{{#a}}", count: depth) + "x" + String(repeating: "{{/a}}", count: depth)
        #expect(throws: MustacheErrors(errors: [
            MustacheError(templateName: "main", line: 1, column: 64 * "{{#a}}".count + 1,
                          message: "sections, parents and blocks nested more than 64 levels deep"),
        ])) {
            try MustacheTemplates(sources: ["main": deep])
        }
        let allowed = String(repeating: "{{#a}}", count: 64) + "x" + String(repeating: "{{/a}}", count: 64)
        #expect(try MustacheTemplates(sources: ["main": allowed]).render("main", ["a": true]) == "x")
    }
}
