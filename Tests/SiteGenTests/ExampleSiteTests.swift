import Foundation
import Testing
@testable import SiteGen
import SiteBasics
import SiteGenTestSupport

/// The example site in content/ and templates/, built on disk by the real binary.
@Suite struct ExampleSiteTests {
    @Test func matchesTheGoldenOutput() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Fixtures.copyExample(to: folder)
        let result = try SitegenBinary.run(["build"], in: folder)
        #expect(result.code == 0, "\(result.errors)")
        let built = try Fixtures.snapshot(folder.appendingPathComponent("Output"))
        let golden = Fixtures.packageRoot.appendingPathComponent("Tests/SiteGenTests/Golden/example")
        if ProcessInfo.processInfo.environment["SITEGEN_UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.removeItem(at: golden)
            try FileManager.default.copyItem(at: folder.appendingPathComponent("Output"), to: golden)
            try? FileManager.default.removeItem(at: golden.appendingPathComponent(".sitegen-manifest"))  // not compared
        }
        let expected = try Fixtures.snapshot(golden)
        #expect(built.keys.sorted() == expected.keys.sorted())
        for (path, data) in expected {
            #expect(built[path] == data, "Output/\(path) differs from Tests/SiteGenTests/Golden/example/\(path); rerun with SITEGEN_UPDATE_GOLDEN=1 if the change is intended")
        }
    }

    @Test func twoBuildsAreByteIdentical() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Fixtures.copyExample(to: folder)
        #expect(try SitegenBinary.run(["build", "--output", "first"], in: folder).code == 0)
        #expect(try SitegenBinary.run(["build", "--output", "second"], in: folder).code == 0)
        let first = try Fixtures.snapshot(folder.appendingPathComponent("first"))
        #expect(!first.isEmpty)
        #expect(first == (try Fixtures.snapshot(folder.appendingPathComponent("second"))))
    }

    @Test func brokenYAMLFailsWithItsPositionAndLeavesOutputUntouched() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Fixtures.copyExample(to: folder)
        #expect(try SitegenBinary.run(["build"], in: folder).code == 0)
        let before = try Fixtures.snapshot(folder.appendingPathComponent("Output"))

        let page = folder.appendingPathComponent("content/index.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        try text.replacingOccurrences(of: "title: Love Your Music", with: "title: [Love Your Music").write(to: page, atomically: true, encoding: .utf8)
        let result = try SitegenBinary.run(["build"], in: folder)
        #expect(result.code == 1)
        let lines = result.errors.split(separator: "\n")
        #expect(lines.first == "content/index.md:3:12: error: did not find expected ',' or ']' while parsing a flow sequence that starts at line 2, column 8", "\(result.errors)")
        #expect(lines.last == "Build failed with 1 error; Output/ was left as it was.")
        #expect(try Fixtures.snapshot(folder.appendingPathComponent("Output")) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [".sitegen-key", "Output", "cache", "content", "templates"])
    }

    @Test func versionAndUsageExitCodesFromTheBinary() throws {
        let folder = FileManager.default.temporaryDirectory
        #expect(try SitegenBinary.run(["--version"], in: folder) == (0, "sitegen \(SiteGenVersion.current)\n", ""))
        #expect(try SitegenBinary.run(["nonsense"], in: folder).code == 64)
    }
}

/// Pages render on every core: the output must not depend on which thread finished first.
@Suite struct ParallelDeterminismTests {
    @Test func aLargeSiteBuildsByteIdenticallyTwice() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Fixtures.packageRoot.appendingPathComponent("templates"), to: folder.appendingPathComponent("templates"))
        let content = folder.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content.appendingPathComponent("team"), withIntermediateDirectories: true)
        for number in 1...60 {
            let page = """
                ---
                title: Person \(number)
                links:
                  - mastodon: "@p\(number)@social.example"
                  - email: p\(number)@example.org
                  - github: p\(number)
                ---
                Hello from [page \(number)](mailto:p\(number)@example.org).
                """
            try page.write(to: content.appendingPathComponent(number % 2 == 0 ? "team/p\(number).md" : "p\(number).md"), atomically: true, encoding: .utf8)
        }
        #expect(try SitegenBinary.run(["build", "--output", "first", "--base-url", "https://people.example/"], in: folder).code == 0)
        #expect(try SitegenBinary.run(["build", "--output", "second", "--base-url", "https://people.example/"], in: folder).code == 0)
        let first = try Fixtures.snapshot(folder.appendingPathComponent("first"))
        #expect(first.keys.filter { $0.hasSuffix("index.html") }.count == 60)
        #expect(first == (try Fixtures.snapshot(folder.appendingPathComponent("second"))))
    }
}
