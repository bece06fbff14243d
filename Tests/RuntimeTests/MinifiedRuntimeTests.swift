@testable import Companions
import Foundation
import Runtime
import Testing

/// Pages ship the minified runtime, one module per feature; it must be made from the readable source as it is today
/// (PageRuntimeTests, with the pipeline, test what pages inline).
@Suite struct MinifiedRuntimeTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let resources = packageRoot.appendingPathComponent("Sources/Runtime/Resources")

    /// `sha256sum` lines of scripts/chain-runtime.stamp: path under Resources -> hex digest.
    static func stamp() throws -> [String: String] {
        let text = try String(contentsOf: packageRoot.appendingPathComponent("scripts/chain-runtime.stamp"), encoding: .utf8)
        return Dictionary(text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            return (String(parts[1]), String(parts[0]))
        }, uniquingKeysWith: { $1 })
    }

    static func hexSHA256(_ data: Data) -> String {
        let base64 = SecurityPolicy.sha256Base64(Array(data)[...])
        return Data(base64Encoded: base64)!.map { String(format: "%02x", $0) }.joined()
    }

    /// Every file under these folders of Resources, as a path under Resources.
    static func files(under folders: [String]) -> [String] {
        folders.flatMap { folder in
            let root = resources.appendingPathComponent(folder)
            let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
            return paths.filter { !$0.hasPrefix(".") && !isFolder(root.appendingPathComponent($0)) }.map { folder + "/" + $0 }
        }.sorted()
    }

    static func isFolder(_ url: URL) -> Bool {
        (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true
    }

    /// The readable runtime and what scripts/minify-runtime.py made of it.
    static let runtimeFiles = files(under: ["runtime", "minified"])

    /// A source changed since the last minify (or a minified file edited by hand) fails here.
    @Test(arguments: runtimeFiles)
    func theMinifiedRuntimeIsMadeFromTodaysSource(file: String) throws {
        let digest = Self.hexSHA256(try Data(contentsOf: Self.resources.appendingPathComponent(file)))
        #expect(try Self.stamp()[file] == digest, "\(file) changed since the runtime was minified: run python3 scripts/minify-runtime.py")
    }

    @Test func theStampNamesNoFileThatIsGone() throws {
        #expect(try Self.stamp().keys.sorted() == Self.runtimeFiles)
    }

    /// A feature is a module and a case of RuntimeFeature, in the order of the modules' names; minified, one file each.
    @Test func everyFeatureIsOneModule() {
        let names = RuntimeFeature.allCases.map(\.rawValue)
        #expect(Self.files(under: ["runtime/features"]) == names.map { "runtime/features/\($0).js" })
        #expect(Self.files(under: ["minified"]) == (names.map { "minified/\($0).min.js" } + ["minified/count.min.js", "minified/runtime.min.js"]).sorted())
        for feature in RuntimeFeature.allCases {
            #expect(PageRuntime.embedded.modules[feature]?.isEmpty == false, "\(feature)")
        }
    }
}
