import Foundation
@testable import OutputFolder
import SiteBasics
import SiteGenTestSupport
import Testing

/// The manifest written again after a build that changed a page: what did not change (the folder lines, the pages'
/// order) is reused as the manifest read laid it out, only while it is what sorting and encoding again would write.
@Suite struct OutputManifestTests {
    /// Folders and pages whose names sort differently as Strings and as their encoded bytes ('|' is written "%7C").
    static func manifest() -> OutputManifest {
        var manifest = OutputManifest()
        for folder in ["z", "a|b", "aab", "caf\u{00E9}", "100%", "a b", "p", "p/q"] { manifest.folders.insert(folder) }
        for source in ["b.md", "a|b.md", "aab.md", "caf\u{00E9}.md", "p/q.md", "100%.md"] {
            manifest.pages[source] = .init(digest: ContentHash.of(source), policy: nil, outputs: [source + "/index.html"], assets: [:])
            manifest.files[source + "/index.html"] = .init(hashes: [ContentHash.of(source + "!")], stamp: nil)
        }
        manifest.inputs = ContentHash.of("inputs")
        return manifest
    }

    /// The chunks a manifest is written in, with a chunk size small enough that a reused block comes as one chunk.
    static func chunks(_ manifest: OutputManifest) -> [Data] {
        var chunks: [Data] = []
        manifest.writeChunks(chunkSize: 64) { chunks.append($0) }
        return chunks
    }

    static func lines(_ text: String, _ kind: String) -> [String] {
        text.split(separator: "\n").filter { $0.hasPrefix(kind + "\t") }.map(String.init)
    }

    @Test func aManifestReadIsWrittenAgainByteForByteReusingItsFolderLinesAndPageLines() throws {
        let text = Self.manifest().text
        let read = try OutputManifest.parse(text)
        #expect(read.text == text)
        // Reused: the folder lines and the page lines (all kept as read) each come as one chunk, as they lay.
        let folderBlock = Self.lines(text, "folder").map { $0 + "\n" }.joined(), pageBlock = Self.lines(text, "page").map { $0 + "\n" }.joined()
        let chunks = Self.chunks(read).map { String(decoding: $0, as: UTF8.self) }
        #expect(chunks.contains(folderBlock) && chunks.contains(pageBlock))
        #expect(chunks.joined() == text)
        // Sorted again without the layout read: the same bytes.
        var fresh = read
        fresh.layoutRead = .init()
        #expect(fresh.text == text && Self.chunks(fresh).reduce(Data(), +) == Data(text.utf8))
    }

    /// A folder or page added or removed since the manifest was read: written as sorting writes it, not as read.
    @Test func aFolderOrPageAddedOrRemovedIsWrittenAsSortingWritesIt() throws {
        let read = try OutputManifest.parse(Self.manifest().text)
        var expected = Self.manifest()
        var changed = read
        changed.folders.insert("m"); expected.folders.insert("m")
        #expect(changed.text == expected.text && Self.lines(changed.text, "folder").contains("folder\tm"))
        changed.folders.remove("a|b"); expected.folders.remove("a|b")
        changed.folders.remove("m"); expected.folders.remove("m")
        #expect(changed.text == expected.text && !Self.lines(changed.text, "folder").contains("folder\ta%7Cb"))
        changed.pages["m.md"] = .init(digest: ContentHash.of("m"), policy: nil, outputs: ["m/index.html"], assets: [:])
        expected.pages["m.md"] = changed.pages["m.md"]
        #expect(changed.text == expected.text)
        changed.pages["aab.md"] = nil; expected.pages["aab.md"] = nil
        #expect(changed.text == expected.text && !changed.text.contains("page\taab.md"))
    }

    /// Folder lines that lie together but are not what sorting writes (out of order, listed twice, an escape written
    /// otherwise) are read, and the next manifest writes the folders sorted and encoded again.
    @Test(arguments: [
        (["folder\tb", "folder\ta"], false),
        (["folder\ta", "folder\ta"], false),
        (["folder\ta%7c", "folder\tb"], false),
        (["folder\t%61", "folder\tb"], false),
        (["folder\ta|", "folder\tb"], false),
        (["folder\ta%7Cb", "folder\taab"], false),  // sorted as bytes, not as the paths are
        (["folder\taab", "folder\ta%7Cb", "folder\tcaf\u{00E9}", "folder\tz"], true),
    ])
    func folderLinesNotAsSortingWritesThemAreWrittenSortedAgain(folderLines: [String], isWrittenOrder: Bool) throws {
        let text = "sitegen-manifest 4\n" + folderLines.joined(separator: "\n") + "\n"
        let read = try OutputManifest.parse(text)
        var fresh = OutputManifest()
        fresh.folders = read.folders
        #expect(read.text == fresh.text)
        #expect(OutputManifest.isWrittenOrder(folderLines: Data((folderLines.joined(separator: "\n") + "\n").utf8)) == isWrittenOrder)
    }

    /// A hash is its 64 lower-case hex digits, read in place from a manifest's bytes; anything else is none.
    @Test func aHashIsReadFromItsSixtyFourLowerCaseHexDigitsOnly() {
        let hash = ContentHash.of("x"), text = hash.description
        #expect(ContentHash(hex: text) == hash && ContentHash(hex: Data(text.utf8)) == hash && ContentHash(hex: Array(text.utf8)[...]) == hash)
        for last in ["g", "G", "`", "/", ":", "@", "F", " "] {
            #expect(ContentHash(hex: String(text.dropLast()) + last) == nil)
            #expect(ContentHash(hex: last + String(text.dropFirst())) == nil)
        }
        #expect(ContentHash(hex: text.uppercased()) == nil && ContentHash(hex: String(text.dropLast())) == nil && ContentHash(hex: text + "0") == nil)
        #expect(ContentHash(hex: String(repeating: "0", count: 64))?.description == String(repeating: "0", count: 64))
        #expect(ContentHash(hex: String(repeating: "f", count: 64))?.description == String(repeating: "f", count: 64))
    }

    /// Through the writer: a page added, edited and removed; each manifest is the one sorting writes for what it records.
    @Test func aBuildWritesTheFoldersAndPagesOfTheNewSite() throws {
        let fileSystem = Fixtures.site("# Home", extra: ["content/a.md": "A", "content/b.md": "B"])
        _ = try SiteWriterTests.build(fileSystem)
        func check(folders: [String], pages: [String]) throws {
            let text = try SiteWriterTests.unsealedManifest(fileSystem)
            #expect(Self.lines(text, "folder") == folders.map { "folder\t" + $0 })
            #expect(Self.lines(text, "page").map { $0.split(separator: "\t")[1] } == pages.map { Substring($0) })
            var fresh = try OutputManifest.parse(text)
            fresh.layoutRead = .init()
            #expect(fresh.text == text)
        }
        try check(folders: ["a", "b"], pages: ["a.md", "b.md", "index.md"])
        try fileSystem.overwriteFile("site/content/c.md", Data("C".utf8))
        _ = try SiteWriterTests.build(fileSystem)
        try check(folders: ["a", "b", "c"], pages: ["a.md", "b.md", "c.md", "index.md"])
        try fileSystem.overwriteFile("site/content/b.md", Data("B, edited".utf8))
        _ = try SiteWriterTests.build(fileSystem)
        try check(folders: ["a", "b", "c"], pages: ["a.md", "b.md", "c.md", "index.md"])
        try fileSystem.removeFile("site/content/a.md")
        _ = try SiteWriterTests.build(fileSystem)
        try check(folders: ["b", "c"], pages: ["b.md", "c.md", "index.md"])
    }
}
