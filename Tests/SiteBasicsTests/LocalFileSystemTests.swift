import Foundation
import SiteBasics
import Testing

/// glibc's size of an allocation (malloc.h, which Swift's Glibc module leaves out).
@_silgen_name("malloc_usable_size") private func mallocUsableSize(_ pointer: UnsafeMutableRawPointer?) -> Int

@Suite struct LocalFileSystemTests {
    /// A file is read into memory of its own size: a large site's manifest (megabytes) was held in a quarter more.
    @Test(arguments: [0, 1, 4095, 1_000_000, 8_200_000])
    func aFileIsReadWhole(intoMemoryOfItsSize size: Int) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-read-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: URL(fileURLWithPath: path))
        let read = try LocalFileSystem().readFile(path)
        #expect(read == bytes)
        // The bytes' allocation: at most the size, the byte that sees the end, and malloc's page rounding.
        // (Asked of large files only: a small Data may keep its bytes inline, in no allocation of their own.)
        if size >= 1_000_000 {
            let held = read.withUnsafeBytes { mallocUsableSize(UnsafeMutableRawPointer(mutating: $0.baseAddress!)) }
            #expect(held <= size + 1 + 8192, "\(held) bytes held for \(size)")
        }
    }

    /// A file that is not a regular file is refused before a byte is read.
    @Test func aFolderIsRefused() {
        #expect(throws: FileSystemError.self) { try LocalFileSystem().readFile(FileManager.default.temporaryDirectory.path) }
    }

    /// Each pair of names says its difference: `kind` sees a link or a FIFO as one, `resolvedKind` what it leads to
    /// (a FIFO counts as a file there, refused when read); `makeFolder` and `writeNewFile` refuse what is there,
    /// `makeFolderAndParents` and `overwriteFile` take it; `visibleFiles` walks down, `names` looks in one folder.
    @Test func eachNameOfTheSeamSaysWhatItDoes() throws {
        let disk = LocalFileSystem()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-seam-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try disk.makeFolderAndParents(folder + "/a/b")
        try disk.makeFolderAndParents(folder + "/a/b")
        #expect(throws: FileSystemError.self) { try disk.makeFolder(folder + "/a") }
        try disk.makeFolder(folder + "/c")
        try disk.writeNewFile(folder + "/a/b/page.md", Data("one".utf8))
        #expect(throws: FileSystemError.self) { try disk.writeNewFile(folder + "/a/b/page.md", Data("two".utf8)) }
        try disk.overwriteFile(folder + "/a/b/page.md", Data("two".utf8))
        #expect(try disk.readFile(folder + "/a/b/page.md") == Data("two".utf8))
        try disk.overwriteFile(folder + "/.hidden", Data())
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: "a")
        #expect(mkfifo(folder + "/fifo", 0o600) == 0)

        #expect(disk.kind(at: folder + "/link") == .symbolicLink && disk.resolvedKind(at: folder + "/link") == .folder)
        #expect(disk.kind(at: folder + "/fifo") == .special("a FIFO (named pipe)") && disk.resolvedKind(at: folder + "/fifo") == .file)
        #expect(disk.kind(at: folder + "/gone") == .missing && disk.resolvedKind(at: folder + "/gone") == .missing)
        #expect(disk.kindAndStamp(at: folder + "/a/b/page.md").kind == .file && disk.kindAndStamp(at: folder + "/a/b/page.md").stamp?.size == 3)
        #expect(try disk.names(in: folder).sorted() == [".hidden", "a", "c", "fifo", "link"])
        #expect(try disk.visibleFiles(under: folder) == ["a/b/page.md", "fifo", "link/b/page.md"])
    }

    /// The manifest key is kept private; the running binary is stamped through its link.
    @Test func aKeptFileIsPrivateAndTheRunningProgramIsStamped() throws {
        let disk = LocalFileSystem()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sitegen-key-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try disk.writeNewFile(path, Data("key".utf8))
        disk.keepPrivate(path)
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o600)
        let binary = try #require(disk.realPath("/proc/self/exe"))
        #expect(disk.runningProgramStamp() == disk.stamp(of: binary) && disk.runningProgramStamp() != nil)
    }
}
