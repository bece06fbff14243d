import Foundation
import Mustache
import Testing

/// The official Mustache spec, read from `../shared/mustache-spec` next to the package root.
/// CI checkouts may not have that folder: the spec tests are then reported as skipped.
enum MustacheSpec {
    static let folder: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // MustacheTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .deletingLastPathComponent()
        .appendingPathComponent("shared/mustache-spec", isDirectory: true)

    static let coreFiles = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections"]
    static let inheritanceFile = "~inheritance"
    static let expectedCoreCount = 136
    static let expectedInheritanceCount = 27

    static let folderExists: Bool = FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("interpolation.json").path)

    static let coreCases: [SpecCase] = coreFiles.flatMap { load($0) }
    static let inheritanceCases: [SpecCase] = load(inheritanceFile)

    /// The tests of one spec file; empty when the file is absent or unreadable (the count test then fails).
    static func load(_ file: String) -> [SpecCase] {
        let url = folder.appendingPathComponent(file + ".json")
        guard let data = try? Data(contentsOf: url),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let tests = root["tests"] as? [[String: Any]]
        else { return [] }
        return tests.map { test in
            SpecCase(
                file: file,
                name: test["name"] as? String ?? "?",
                template: test["template"] as? String ?? "",
                partials: test["partials"] as? [String: String] ?? [:],
                data: MustacheValue(json: test["data"] ?? NSNull()),
                expected: test["expected"] as? String ?? "")
        }
    }
}

struct SpecCase: Sendable, CustomTestStringConvertible {
    var file: String
    var name: String
    var template: String
    var partials: [String: String]
    var data: MustacheValue
    var expected: String

    var testDescription: String { "\(file): \(name)" }

    func run() throws -> String {
        let main = "__spec_template__"
        var sources = partials
        sources[main] = template
        let templates = try MustacheTemplates(sources: sources, missingPartials: .renderEmpty)
        return try templates.render(main, data)
    }
}

extension MustacheValue {
    /// Converts the output of `JSONSerialization`. On Linux booleans arrive as NSNumber too: they are told
    /// apart by their Objective-C type code `c`.
    init(json object: Any) {
        switch object {
        case is NSNull:
            self = .null
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c", "B": self = .bool(number.boolValue)
            case "d", "f": self = .double(number.doubleValue)
            default: self = .int(number.intValue)
            }
        case let text as String:
            self = .string(text)
        case let items as [Any]:
            self = .array(items.map(MustacheValue.init(json:)))
        case let entries as [String: Any]:
            self = .dictionary(entries.mapValues(MustacheValue.init(json:)))
        default:
            self = .string("\(object)")
        }
    }
}

@Suite("Mustache spec")
struct SpecTests {
    @Test("Spec files hold the expected number of tests", .enabled(if: MustacheSpec.folderExists,
          "../shared/mustache-spec is absent in this checkout"))
    func counts() {
        #expect(MustacheSpec.coreCases.count == MustacheSpec.expectedCoreCount)
        #expect(MustacheSpec.inheritanceCases.count == MustacheSpec.expectedInheritanceCount)
        for file in MustacheSpec.coreFiles {
            #expect(!MustacheSpec.load(file).isEmpty, "no tests read from \(file).json")
        }
    }

    @Test("Core modules", .enabled(if: MustacheSpec.folderExists, "../shared/mustache-spec is absent in this checkout"),
          arguments: MustacheSpec.coreCases)
    func core(_ spec: SpecCase) throws {
        #expect(try spec.run() == spec.expected)
    }

    @Test("Inheritance module", .enabled(if: MustacheSpec.folderExists, "../shared/mustache-spec is absent in this checkout"),
          arguments: MustacheSpec.inheritanceCases)
    func inheritance(_ spec: SpecCase) throws {
        #expect(try spec.run() == spec.expected)
    }

    @Test("JSON booleans and numbers convert to the right cases")
    func jsonConversion() throws {
        let data = Data(#"{"t": true, "f": false, "one": 1, "zero": 0, "d": 1.21, "n": null, "s": "x", "a": [1]}"#.utf8)
        let value = MustacheValue(json: try JSONSerialization.jsonObject(with: data))
        #expect(value == ["t": true, "f": false, "one": 1, "zero": 0, "d": 1.21, "n": .null, "s": "x", "a": [1]])
    }
}
