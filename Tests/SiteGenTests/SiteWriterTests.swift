import Foundation
import Testing
@testable import SiteGen
import SiteGenTestSupport

/// The writer's swap and tidying on an in-memory disk, including what a real disk rarely shows: an output
/// folder that is a mount point, and folders left by a build that was killed right after its swap.
@Suite struct SiteWriterTests {
    /// The in-memory disk, but the output folder cannot be renamed as a whole, as a mount point cannot (EBUSY).
    final class MountPointDisk: FileSystem, @unchecked Sendable {
        let disk: InMemoryFileSystem
        let mountPoint: String
        init(_ disk: InMemoryFileSystem, mountPoint: String) { self.disk = disk; self.mountPoint = mountPoint }

        func readFile(_ path: String) throws -> Data { try disk.readFile(path) }
        func listFiles(under directory: String) throws -> [String] { try disk.listFiles(under: directory) }
        func itemKind(at path: String) -> FileItemKind { disk.itemKind(at: path) }
        func createDirectory(_ path: String) throws { try disk.createDirectory(path) }
        func writeFile(_ path: String, _ data: Data) throws { try disk.writeFile(path, data) }
        func removeItem(_ path: String) throws {
            if path == mountPoint { throw FileSystemError(path: path, reason: "busy", code: EBUSY) }
            try disk.removeItem(path)
        }
        func moveItem(from source: String, to destination: String) throws {
            if source == mountPoint || destination == mountPoint { throw FileSystemError(path: source, reason: "busy", code: EBUSY) }
            try disk.moveItem(from: source, to: destination)
        }
        func entries(in folder: String) throws -> [String] { try disk.entries(in: folder) }
        func entryKind(at path: String) -> EntryKind { disk.entryKind(at: path) }
        func realPath(_ path: String) -> String? { disk.realPath(path) }
        func exchangeItems(_ first: String, _ second: String) throws {
            if first == mountPoint || second == mountPoint { throw FileSystemError(path: first, reason: "busy", code: EBUSY) }
            try disk.exchangeItems(first, second)
        }
        func deviceID(of path: String) -> UInt64? { disk.deviceID(of: path) }
        func lockFolder(_ path: String) throws -> FolderLock? { try disk.lockFolder(path) }
    }

    @Test func aMountPointGetsItsEntriesSwappedAndKeepsWhatSitegenDidNotWrite() throws {
        let disk = Fixtures.site("---\ntitle: One\n---\n", extra: ["content/a.md": "A", "content/b.md": "B", "Output/CNAME": "me.example"])
        let mounted = MountPointDisk(disk, mountPoint: "/site/Output")
        func build() throws { _ = try SiteBuilder(options: BuildOptions(sourceDirectory: "site"), fileSystem: mounted, iconSets: .none).build() }
        try build()
        try disk.removeItem("site/content/b.md")
        try disk.writeFile("site/content/c.md", Data("C".utf8))
        try build()
        let output = disk.allFiles.keys.filter { $0.hasPrefix("site/Output/") }.sorted()
        #expect(output == ["site/Output/.sitegen-manifest", "site/Output/CNAME", "site/Output/a/index.html", "site/Output/c/index.html", "site/Output/index.html"])
        #expect(try disk.readFile("site/Output/CNAME") == Data("me.example".utf8))
        #expect(!disk.allFiles.keys.contains { $0.contains("sitegen-staging") })
    }

    @Test func leftoversOfKilledBuildsAreTidiedAndGiveBackWhatIsNotSitegens() throws {
        let disk = Fixtures.site("---\ntitle: One\n---\n", extra: [
            // A staging folder: everything in it is sitegen's.
            ".Output.sitegen-staging-7-1/.sitegen-staging": "", ".Output.sitegen-staging-7-1/index.html": "half",
            // An old output, killed right after the swap: CNAME is the owner's and goes back.
            ".Output.sitegen-staging-8-2/.sitegen-manifest": "# m\nold/index.html\n", ".Output.sitegen-staging-8-2/old/index.html": "old",
            ".Output.sitegen-staging-8-2/CNAME": "me.example",
            // sitegen 0.1's staging folders.
            ".Output.sitegen-new-9/index.html": "x",
        ])
        _ = try Fixtures.builder(disk).build()
        #expect(!disk.allFiles.keys.contains { $0.contains(".Output.sitegen-") })
        #expect(try disk.readFile("site/Output/CNAME") == Data("me.example".utf8))
    }
}
