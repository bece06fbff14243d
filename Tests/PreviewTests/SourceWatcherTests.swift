import Foundation
import Testing
@testable import Preview
import SiteGenTestSupport

/// The watcher `serve` rebuilds on: through inotify on Linux, and through polling (the fallback where inotify is
/// unavailable) when told to, on real folders. Each change must bring one callback; hidden files none.
@Suite(.timeLimit(.minutes(1))) struct SourceWatcherTests {
    /// Counts callbacks and lets a test wait for the next one.
    final class Calls: @unchecked Sendable {
        private let condition = NSCondition()
        private var count = 0

        func record() { condition.withLock { count += 1; condition.broadcast() } }

        /// Waits up to `timeout` for the count to pass `seen`; the count then.
        func wait(past seen: Int, timeout: TimeInterval) -> Int {
            condition.withLock {
                let deadline = Date(timeIntervalSinceNow: timeout)
                while count <= seen, condition.wait(until: deadline) {}
                return count
            }
        }

        var current: Int { condition.withLock { count } }
    }

    struct Site {
        let folder: URL
        var content: URL { folder.appendingPathComponent("content") }
        var paths: [String] { ["content", "templates", "site.yml"].map { folder.appendingPathComponent($0).path } }
    }

    static func site() throws -> Site {
        let folder = try Fixtures.temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("content"), withIntermediateDirectories: true)
        try Data("---\ntitle: Home\n---\n".utf8).write(to: folder.appendingPathComponent("content/index.md"))
        return Site(folder: folder)
    }

    @Test(arguments: [true, false])
    func savesAnywhereUnderTheWatchedFoldersCallBack(kernelEvents: Bool) throws {
        let site = try Self.site()
        defer { try? FileManager.default.removeItem(at: site.folder) }
        let calls = Calls()
        let watcher = SourceWatcher(paths: site.paths, interval: 0.05, kernelEvents: kernelEvents) { calls.record() }
        watcher.start()
        defer { watcher.stop() }
        #if os(Linux)
        #expect(watcher.mechanism == (kernelEvents ? .kernelEvents : .polling))
        #endif

        // An edit saved as editors do: a hidden temporary file renamed over the page.
        try save("---\ntitle: Changed\n---\n", to: site.content.appendingPathComponent("index.md"))
        var seen = calls.wait(past: 0, timeout: 10)
        #expect(seen >= 1)

        // A folder made after the start, and a page in a folder inside it: watched as they come.
        let nested = site.content.appendingPathComponent("talks/2026")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        // Empty folders change no file: polling sees nothing, the kernel tells of them; either is right.
        seen = calls.wait(past: seen, timeout: 0.5)
        try save("---\ntitle: Talk\n---\n", to: nested.appendingPathComponent("lisbon.md"))
        let afterNested = calls.wait(past: seen, timeout: 10)
        #expect(afterNested > seen)
        try save("---\ntitle: Talk, again\n---\n", to: nested.appendingPathComponent("lisbon.md"))
        let afterEdit = calls.wait(past: afterNested, timeout: 10)
        #expect(afterEdit > afterNested)

        // site.yml appearing beside content/, and templates/ made whole.
        try save("theme: midnight\n", to: site.folder.appendingPathComponent("site.yml"))
        let afterSettings = calls.wait(past: afterEdit, timeout: 10)
        #expect(afterSettings > afterEdit)
        try FileManager.default.createDirectory(at: site.folder.appendingPathComponent("templates"), withIntermediateDirectories: true)
        _ = calls.wait(past: afterSettings, timeout: 0.5)
        let beforeTemplate = calls.current
        try save("<p>{{title}}</p>\n", to: site.folder.appendingPathComponent("templates/page.html"))
        #expect(calls.wait(past: beforeTemplate, timeout: 10) > beforeTemplate)

        // A hidden file (an editor's swap file) and a file beside the watched ones (Output/) bring nothing.
        let quiet = calls.current
        try Data("swap".utf8).write(to: site.content.appendingPathComponent(".index.md.swp"))
        try Data("x".utf8).write(to: site.folder.appendingPathComponent("notes.txt"))
        #expect(calls.wait(past: quiet, timeout: 0.5) == quiet)
    }

    /// A burst of saves (an editor writing several files at once) is one callback, not one per file.
    @Test func aBurstOfSavesIsOneCallback() throws {
        let site = try Self.site()
        defer { try? FileManager.default.removeItem(at: site.folder) }
        let calls = Calls()
        let watcher = SourceWatcher(paths: site.paths, interval: 0.05) { calls.record() }
        watcher.start()
        defer { watcher.stop() }
        for index in 0..<20 {
            try Data("---\ntitle: Page \(index)\n---\n".utf8).write(to: site.content.appendingPathComponent("page\(index).md"))
        }
        #expect(calls.wait(past: 0, timeout: 10) >= 1)
        #expect(calls.wait(past: 1, timeout: 0.5) <= 2)
    }
}
