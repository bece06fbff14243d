import SiteBasics
import Testing
@testable import SiteGen
@testable import SiteSource
import SiteGenTestSupport

/// Inputs that the fuzzing harnesses (Tests/Fuzz, run by bench/fuzz.sh) found to break the front matter
/// reader, and what it does with them now.
@Suite("Fuzz regressions")
struct SiteGenFuzzRegressionTests {
    /// Seconds a few hundred kilobytes of front matter may take to read, even in a debug build on a busy machine;
    /// the inputs below took minutes when reading was quadratic.
    static let readingBudget = Duration.seconds(20)

    /// The frontmatter harness on long inputs: every item added to a YAML list or mapping copied the items
    /// before it, and every key was compared with every earlier one, so 40,000 links or keys took minutes.
    @Test func longListsAndMappingsAreReadInLinearTime() throws {
        let count = 40_000
        let links = "links:\n" + String(repeating: "  - github: octocat\n", count: count)
        let keys = (0..<count).map { "k\($0): v\n" }.joined()
        var nodes: [YAMLNode] = []
        let elapsed = try ContinuousClock().measure {
            nodes = [try YAMLReader.parse(links), try YAMLReader.parse(keys)]
        }
        #expect(elapsed < Self.readingBudget, "reading took \(elapsed)")
        guard case .mapping(let top, _) = nodes[0], case .sequence(let items, _) = top[0].value,
              case .mapping(let pairs, _) = nodes[1] else {
            Issue.record("unexpected shape: \(nodes.map(\.kindDescription))")
            return
        }
        #expect(items.count == count && pairs.count == count)
        #expect(throws: YAMLError(position: .init(line: count + 1, column: 1), message: "duplicate key 'k7' (first given at line 8)")) {
            try YAMLReader.parse(keys + "k7: again\n")
        }
    }

    /// Each diagnostic looked its line up by scanning the file (20,000 unknown keys took 9 s), and each link's
    /// column was counted from its line's start (20,000 links in one paragraph took 7 s). Both are linear now.
    /// (bench/linear-check.sh times 100,000 of each through the release binary.)
    @Test func manyUnknownKeysAndManyLinksOnOneLineAreLinear() throws {
        let count = 40_000
        let keys = (0..<count).map { "k\($0): v\n" }.joined()
        var warnings: [Diagnostic] = []
        var elapsed = try ContinuousClock().measure {
            warnings = try Fixtures.builder(Fixtures.site("---\ntitle: T\n" + keys + "---\n")).render().warnings
        }
        #expect(elapsed < Self.readingBudget, "\(count) unknown keys took \(elapsed)")
        #expect(warnings.count == count)
        #expect(warnings.last?.description == "site/content/index.md:\(count + 2):1: warning: unknown field 'k\(count - 1)' is ignored\nk\(count - 1): v\n^")

        // A link written after a wide character: columns count characters, not bytes, all along the line.
        let links = "é " + (0..<count).map { "[a](ftp://e.org/\($0))" }.joined(separator: " ")
        var failure: BuildFailure?
        elapsed = ContinuousClock().measure {
            do { _ = try Fixtures.builder(Fixtures.site("---\ntitle: T\n---\n" + links + "\n")).render() } catch { failure = error as? BuildFailure }
        }
        #expect(elapsed < Self.readingBudget, "\(count) links took \(elapsed)")
        let errors = failure?.diagnostics ?? []
        #expect(errors.count == count)
        let lastColumn = links.count - "[a](ftp://e.org/\(count - 1))".count + 1
        #expect(errors.last.map { "\($0.line):\($0.column)" } == "4:\(lastColumn)")
    }
}
