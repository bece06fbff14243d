import Foundation
@testable import OutputFolder
import SiteBasics
import Testing
@testable import Preview
import SiteGen
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

        /// A watcher of the site as `serve` makes it: content/ and templates/ walked by the build's rule, and site.yml.
        func watcher(kernelEvents: Bool = true, onChange: @escaping @Sendable () -> Void) -> SourceWatcher {
            let boundary = SiteBoundary(BuildOptions(sourceDirectory: folder.path), fileSystem: LocalFileSystem())!
            return SourceWatcher(boundary: boundary, fileSystem: LocalFileSystem(), folders: ["content", "templates"].map { folder.appendingPathComponent($0).path },
                                 files: [folder.appendingPathComponent("site.yml").path], interval: 0.05, kernelEvents: kernelEvents, onChange: onChange)
        }
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
        let watcher = site.watcher(kernelEvents: kernelEvents) { calls.record() }
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
        let watcher = site.watcher { calls.record() }
        watcher.start()
        defer { watcher.stop() }
        for index in 0..<20 {
            try Data("---\ntitle: Page \(index)\n---\n".utf8).write(to: site.content.appendingPathComponent("page\(index).md"))
        }
        #expect(calls.wait(past: 0, timeout: 10) >= 1)
        #expect(calls.wait(past: 1, timeout: 0.5) <= 2)
    }

    /// The watcher reads what the build reads and nothing more: a link the build refuses (to a folder outside the
    /// site, as `content/u -> /usr` once made serve watch 16,646 folders and poll at a third of a core) is neither
    /// watched nor polled, and a save behind it brings no rebuild; a link the build follows (to a folder inside the
    /// site) is watched, also when it is made after the start.
    @Test(arguments: [true, false])
    func onlyWhatTheBuildReadsIsWatched(kernelEvents: Bool) throws {
        let site = try Self.site()
        defer { try? FileManager.default.removeItem(at: site.folder) }
        let outside = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createDirectory(at: outside.appendingPathComponent("deep/er"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: outside.appendingPathComponent("deep/er/file.txt"))
        try FileManager.default.createSymbolicLink(at: site.content.appendingPathComponent("u"), withDestinationURL: outside)
        let calls = Calls()
        let watcher = site.watcher(kernelEvents: kernelEvents) { calls.record() }
        watcher.start()
        defer { watcher.stop() }
        // Polling compares the walk's files: the page and the refusal, nothing behind the link.
        let snapshot = watcher.snapshot()
        #expect(snapshot.files.keys.sorted() == [site.content.appendingPathComponent("index.md").path, site.folder.appendingPathComponent("site.yml").path])
        #expect(snapshot.refused == [site.content.appendingPathComponent("u").path + ": a symbolic link to \(outside.path), outside the site folder: sitegen reads nothing outside the site"])

        try save("changed", to: outside.appendingPathComponent("deep/er/file.txt"))
        #expect(calls.wait(past: 0, timeout: 0.5) == 0)

        // A folder inside the site, linked in after the start: followed, as the build follows it.
        let shared = site.folder.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: site.content.appendingPathComponent("shared"), withDestinationURL: shared)
        // An empty folder changes no file: polling sees nothing, the kernel tells of the link; either is right.
        _ = calls.wait(past: 0, timeout: 0.5)
        let before = calls.current
        try save("---\ntitle: Shared\n---\n", to: shared.appendingPathComponent("page.md"))
        #expect(calls.wait(past: before, timeout: 10) > before)
    }

    /// What is compared between polls is read through the build's file system, not the disk behind its back: a site
    /// in memory is walked, a hidden file left out, and an edit there is a change.
    @Test func theSnapshotReadsThroughTheBuildsFileSystem() throws {
        let memory = InMemoryFileSystem(["site/content/index.md": "# Hi", "site/content/.draft.md": "", "site/site.yml": "title: x"])
        let boundary = try #require(SiteBoundary(BuildOptions(sourceDirectory: "site"), fileSystem: memory))
        let watcher = SourceWatcher(boundary: boundary, fileSystem: memory, folders: ["site/content", "site/templates"],
                                    files: ["site/site.yml"], interval: 1, kernelEvents: false) {}
        let before = watcher.snapshot()
        #expect(before.files.keys.sorted() == ["site/content/index.md", "site/site.yml"] && before.refused.isEmpty)
        try memory.overwriteFile("site/content/about.md", Data("# About".utf8))
        #expect(watcher.snapshot().files.keys.sorted() == ["site/content/about.md", "site/content/index.md", "site/site.yml"])
    }
}
