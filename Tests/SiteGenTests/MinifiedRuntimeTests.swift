import Foundation
import Testing
@testable import SiteGen

/// Pages ship the minified runtime; it must be made from the readable source as it is today.
@Suite struct MinifiedRuntimeTests {
    static let resources = Fixtures.packageRoot.appendingPathComponent("Sources/SiteGen/Resources")

    /// `sha256sum` lines of scripts/chain-runtime.stamp: file name -> hex digest.
    static func stamp() throws -> [String: String] {
        let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("scripts/chain-runtime.stamp"), encoding: .utf8)
        return Dictionary(text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            return (String(parts[1]), String(parts[0]))
        }, uniquingKeysWith: { $1 })
    }

    static func hexSHA256(_ data: Data) -> String {
        let base64 = SecurityPolicy.sha256Base64(Array(data)[...])
        return Data(base64Encoded: base64)!.map { String(format: "%02x", $0) }.joined()
    }

    @Test(arguments: ["chain-decisions.js", "chain-page.js", "chain-count.js", "chain-runtime.min.js", "chain-runtime-told.min.js", "chain-count.min.js"])
    func theMinifiedRuntimeIsMadeFromTodaysSource(file: String) throws {
        let digest = Self.hexSHA256(try Data(contentsOf: Self.resources.appendingPathComponent(file)))
        #expect(try Self.stamp()[file] == digest, "\(file) changed since the runtime was minified: run python3 scripts/minify-runtime.py")
    }

    @Test func pagesInlineTheMinifiedRuntime() throws {
        let minified = try String(contentsOf: Self.resources.appendingPathComponent("chain-runtime.min.js"), encoding: .utf8)
        #expect(SiteBuilder.runtimeScript == minified)
        #expect(minified.hasPrefix("(function(){") && minified.hasSuffix("})();\n"))
    }

    /// Pages where nothing listens carry the runtime without the lines that tell: no event, and no byte, of it.
    @Test func onlyTheToldRuntimeTells() {
        #expect(!SiteBuilder.runtimeScript.contains("CustomEvent"))
        #expect(SiteBuilder.toldRuntimeScript.contains("new CustomEvent(\"sitegen:\"+"))
        #expect(SiteBuilder.toldRuntimeScript.count > SiteBuilder.runtimeScript.count)
    }
}
