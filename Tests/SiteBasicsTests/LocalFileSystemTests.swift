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
}
