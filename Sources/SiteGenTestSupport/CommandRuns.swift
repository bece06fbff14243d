import Foundation
import SiteBasics
import SiteGenCLI

/// The command through `CommandLineTool`, with output captured.
package final class Captured: @unchecked Sendable {
    package var output: [String] = []
    package var errors: [String] = []

    package init() {}

    package func tool(_ fileSystem: any FileSystem = InMemoryFileSystem()) -> CommandLineTool {
        CommandLineTool(fileSystem: fileSystem, standardOutput: { self.output.append($0) }, standardError: { self.errors.append($0) })
    }
}

/// The `sitegen` executable that `swift test` built beside the test bundle, run as a user runs it.
package enum SitegenBinary {
    package static var url: URL {
        // Linux runs the tests as an executable in the build folder; macOS loads an .xctest bundle from it.
        let folders = [Bundle.main.executableURL?.deletingLastPathComponent()]
            + Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }.map { $0.bundleURL.deletingLastPathComponent() }
        let candidates = folders.compactMap { $0?.appendingPathComponent("sitegen") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
    }

    package static func run(_ arguments: [String], in folder: URL, environment: [String: String]? = nil,
                            executable: URL? = nil) throws -> (code: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = executable ?? url
        process.arguments = arguments
        process.currentDirectoryURL = folder
        if let environment { process.environment = environment }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    }
}

/// A shell command, as tests set up folders and git repositories: `/bin/sh -c`, with git's settings for tests.
package enum Shell {
    /// Git without the machine's settings, with a name for the commits.
    package static let gitEnvironment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        for name in ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"] { environment[name] = nil }
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        for role in ["AUTHOR", "COMMITTER"] {
            environment["GIT_\(role)_NAME"] = "Ada"
            environment["GIT_\(role)_EMAIL"] = "ada@example.org"
        }
        return environment
    }()

    package static func run(_ command: String, in folder: URL) throws -> (code: Int32, output: String, errors: String) {
        try SitegenBinary.run(["-c", command], in: folder, environment: gitEnvironment, executable: URL(fileURLWithPath: "/bin/sh"))
    }
}
