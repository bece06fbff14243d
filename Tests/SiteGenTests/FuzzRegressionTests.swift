import Testing
@testable import SiteGen

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
}
