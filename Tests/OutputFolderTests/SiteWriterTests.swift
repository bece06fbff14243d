@testable import Companions
import Foundation
@testable import OutputFolder
import SiteBasics
import Testing
@testable import SiteGen
import SiteGenTestSupport

/// The output folder's ownership, in memory: a file is sitegen's only while its bytes match what the manifest
/// records, a manifest line is checked before it is believed, and a rebuild renders and writes only what changed.
@Suite struct SiteWriterTests {
    /// A file system that counts the files written, to see that an unchanged file is left alone, and the files
    /// looked at (stat, kind, read), to see that a kept page's are not.
    final class CountingDisk: FileSystem, @unchecked Sendable {
        let disk: any FileSystem
        private let lock = NSLock()
        private var writtenPaths: [String] = []
        private var lookedPaths: [String] = []
        private var readPaths: [String] = []
        init(_ disk: any FileSystem) { self.disk = disk }
        /// The site's files written, without sitegen's manifest.
        var written: [String] { lock.withLock { writtenPaths }.filter { !$0.hasSuffix(OutputManifest.nextFileName) && !$0.hasSuffix(ManifestKey.fileName) } }
        /// The paths looked at since `forget()`, below `folder`.
        func looked(under folder: String) -> [String] { lock.withLock { lookedPaths }.filter { $0.hasPrefix(folder) } }
        /// The files read since `forget()`, below `folder`.
        func read(under folder: String) -> [String] { lock.withLock { readPaths }.filter { $0.hasPrefix(folder) } }
        func forget() { lock.withLock { lookedPaths = []; readPaths = [] } }
        private func look(_ path: String) { lock.withLock { lookedPaths.append(path) } }
        func readFile(_ path: String) throws -> Data {
            lock.withLock { readPaths.append(path) }
            look(path)
            return try disk.readFile(path)
        }
        func visibleFiles(under folder: String) throws -> [String] { try disk.visibleFiles(under: folder) }
        func resolvedKind(at path: String) -> FileKind { look(path); return disk.resolvedKind(at: path) }
        func makeFolderAndParents(_ path: String) throws { try disk.makeFolderAndParents(path) }
        func overwriteFile(_ path: String, _ data: Data) throws { try disk.overwriteFile(path, data) }
        func fileSize(_ path: String) -> Int? { disk.fileSize(path) }
        func names(in folder: String) throws -> [String] { try disk.names(in: folder) }
        func kind(at path: String) -> FileKind { look(path); return disk.kind(at: path) }
        func realPath(_ path: String) -> String? { disk.realPath(path) }
        func linkDestination(_ path: String) -> String? { disk.linkDestination(path) }
        func stamp(of path: String) -> FileStamp? { look(path); return disk.stamp(of: path) }
        func makeFolder(_ path: String) throws { try disk.makeFolder(path) }
        func writeNewFile(_ path: String, _ data: Data) throws {
            try disk.writeNewFile(path, data)
            lock.withLock { writtenPaths.append(path) }
        }
        func appendFile(_ path: String, _ data: Data) throws { try disk.appendFile(path, data) }
        func replaceFile(_ target: String, with source: String) throws { try disk.replaceFile(target, with: source) }
        func removeFile(_ path: String) throws { try disk.removeFile(path) }
        func removeEmptyFolder(_ path: String) throws { try disk.removeEmptyFolder(path) }
        func lockFolder(_ path: String) throws -> FolderLock? { try disk.lockFolder(path) }
    }

    /// A disk that fails as a full one does: an append to the paths `failsAppend` names writes half its bytes and
    /// stops, and a rename onto the paths `failsRename` names is refused (a folder the build may not write in).
    final class FaultyDisk: FileSystem, @unchecked Sendable {
        let disk: InMemoryFileSystem
        var failsAppend: @Sendable (String) -> Bool = { _ in false }
        var failsRename: @Sendable (String) -> Bool = { _ in false }
        init(_ disk: InMemoryFileSystem) { self.disk = disk }
        func readFile(_ path: String) throws -> Data { try disk.readFile(path) }
        func visibleFiles(under folder: String) throws -> [String] { try disk.visibleFiles(under: folder) }
        func resolvedKind(at path: String) -> FileKind { disk.resolvedKind(at: path) }
        func makeFolderAndParents(_ path: String) throws { try disk.makeFolderAndParents(path) }
        func overwriteFile(_ path: String, _ data: Data) throws { try disk.overwriteFile(path, data) }
        func fileSize(_ path: String) -> Int? { disk.fileSize(path) }
        func names(in folder: String) throws -> [String] { try disk.names(in: folder) }
        func kind(at path: String) -> FileKind { disk.kind(at: path) }
        func realPath(_ path: String) -> String? { disk.realPath(path) }
        func linkDestination(_ path: String) -> String? { disk.linkDestination(path) }
        func stamp(of path: String) -> FileStamp? { disk.stamp(of: path) }
        func makeFolder(_ path: String) throws { try disk.makeFolder(path) }
        func writeNewFile(_ path: String, _ data: Data) throws { try disk.writeNewFile(path, data) }
        func appendFile(_ path: String, _ data: Data) throws {
            guard failsAppend(path) else { return try disk.appendFile(path, data) }
            try disk.appendFile(path, data.prefix(data.count / 2))
            throw FileSystemError(path: path, reason: "cannot be written (No space left on device)")
        }
        func replaceFile(_ target: String, with source: String) throws {
            if failsRename(target) { throw FileSystemError(path: target, reason: "cannot be put in place (Permission denied)") }
            try disk.replaceFile(target, with: source)
        }
        func removeFile(_ path: String) throws { try disk.removeFile(path) }
        func removeEmptyFolder(_ path: String) throws { try disk.removeEmptyFolder(path) }
        func lockFolder(_ path: String) throws -> FolderLock? { try disk.lockFolder(path) }
    }

    static func build(_ fileSystem: any FileSystem, force: Bool = false, now: Date? = nil) throws(BuildFailure) -> BuildResult {
        try SiteBuilder(options: BuildOptions(sourceDirectory: "site", replacesForeignFiles: force, now: now), fileSystem: fileSystem, iconSets: .none).build()
    }

    static func output(_ fileSystem: InMemoryFileSystem) -> [String: String] {
        fileSystem.allFiles.filter { $0.key.hasPrefix("site/Output/") && !$0.key.hasSuffix(OutputManifest.fileName) }
            .reduce(into: [:]) { $0[String($1.key.dropFirst("site/Output/".count))] = String(decoding: $1.value, as: UTF8.self) }
    }

    static func manifest(_ fileSystem: InMemoryFileSystem) throws -> OutputManifest {
        try OutputManifest.parse(Fixtures.html(fileSystem, "site/Output/" + OutputManifest.fileName))
    }

    /// The manifest's text without its seal (its last line).
    static func unsealedManifest(_ fileSystem: InMemoryFileSystem) throws -> String {
        unsealed(try Fixtures.html(fileSystem, "site/Output/" + OutputManifest.fileName))
    }

    static func unsealed(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 2, lines[lines.count - 2].hasPrefix("seal\t") else { return text }
        lines.remove(at: lines.count - 2)
        return lines.joined(separator: "\n")
    }

    /// Writes `text` as the manifest, sealed with the site's key as a build seals it: what only the key's holder can write.
    static func writeSealed(_ fileSystem: InMemoryFileSystem, _ text: String) throws {
        let key = try ManifestKey.load(siteFolder: "site", fileSystem: fileSystem)
        try fileSystem.overwriteFile("site/Output/" + OutputManifest.fileName, Data(text.utf8) + key.sealLine(for: Data(text.utf8)))
    }

    @Test func withoutAManifestEveryFileIsTheOwnersAndOneWithTheSiteBytesIsTakenOn() throws {
        // As `cp Output/* docs/` leaves a folder: today's index.html with the owner's CNAME and pages beside it.
        let first = Fixtures.site("# Home")
        _ = try Self.build(first)
        let index = try Fixtures.html(first, "site/Output/index.html")
        let fileSystem = Fixtures.site("# Home", extra: ["Output/index.html": index, "Output/CNAME": "ada.example",
                                                         "Output/about.html": "about", "Output/blog/p.html": "post",
                                                         // what sitegen 0.1 would have taken as its own
                                                         "Output/old/index.html": #"<meta name="generator" content="sitegen 0.1.0">"#])
        _ = try Self.build(fileSystem)
        #expect(Self.output(fileSystem) == ["index.html": index, "CNAME": "ada.example", "about.html": "about", "blog/p.html": "post",
                                            "old/index.html": #"<meta name="generator" content="sitegen 0.1.0">"#])
        #expect(try Self.manifest(fileSystem).files.keys.sorted() == ["index.html"])
    }

    @Test func aFileOfTheOwnersWhereTheSiteHasOneStopsTheBuildUnlessForced() throws {
        let fileSystem = Fixtures.site("# Home", extra: ["Output/index.html": "mine"])
        let before = fileSystem.allFiles
        #expect(throws: BuildFailure.self) { try Self.build(fileSystem) }
        do { _ = try Self.build(fileSystem) } catch {
            #expect(error.diagnostics.map(\.description) == ["site/Output/index.html: error: sitegen did not write this, and the new site has a file there: move it away, or pass --force to replace what sitegen did not write"])
        }
        #expect(fileSystem.allFiles == before)
        _ = try Self.build(fileSystem, force: true)
        #expect(try Fixtures.html(fileSystem).hasPrefix("<title>"))
    }

    @Test func aBuildThatFailsAfterStagingLeavesTheFolderAndItsManifestByteForByte() throws {
        // The build stages b's new page before it meets the owner's file where c's page goes: its staging folder
        // goes again, and nothing else changed.
        let fileSystem = Fixtures.site("# Home", extra: ["content/a.md": "A", "content/b.md": "B"])
        _ = try Self.build(fileSystem)
        try fileSystem.overwriteFile("site/content/b.md", Data("B, edited".utf8))
        try fileSystem.overwriteFile("site/content/c.md", Data("C".utf8))
        try fileSystem.overwriteFile("site/Output/c/index.html", Data("mine".utf8))
        let before = fileSystem.allFiles.filter { $0.key.hasPrefix("site/Output/") }
        #expect(throws: BuildFailure.self) { try Self.build(fileSystem) }
        #expect(fileSystem.allFiles.filter { $0.key.hasPrefix("site/Output/") } == before)
    }

    @Test func aFileSitegenWroteThatWasEditedIsTheOwnersFromThen() throws {
        let fileSystem = Fixtures.site("# Home", extra: ["content/a.md": "A", "content/b.md": "B"])
        _ = try Self.build(fileSystem)
        try fileSystem.overwriteFile("site/Output/a/index.html", Data("edited by hand".utf8))
        try fileSystem.overwriteFile("site/Output/b/index.html", Data("edited by hand".utf8))
        // a's page is still in the site: its edited file is in the way.
        #expect(throws: BuildFailure.self) { try Self.build(fileSystem) }
        // b's page leaves the site: its edited file stays, with a warning.
        try fileSystem.removeFile("site/content/a.md")
        try fileSystem.removeFile("site/content/b.md")
        let result = try Self.build(fileSystem)
        #expect(Self.output(fileSystem)["b/index.html"] == "edited by hand")
        #expect(Self.output(fileSystem)["a/index.html"] == "edited by hand")
        #expect(result.warnings.map(\.description).contains("site/Output/b/index.html: warning: sitegen wrote this file and the site no longer has it, but it changed since: kept as yours"))
    }

    @Test(arguments: [
        ("file\t.git/config\t\(String(repeating: "a", count: 64))\t-", "file path '.git/config' names a hidden item ('.git'), which sitegen never writes"),
        ("file\t../site/content/index.md\t\(String(repeating: "a", count: 64))\t-", "file path '../site/content/index.md' is not a plain relative path inside the folder"),
        ("file\t/etc/passwd\t\(String(repeating: "a", count: 64))\t-", "file path '/etc/passwd' is not a plain relative path inside the folder"),
        ("folder\ta/./b", "folder path 'a/./b' is not a plain relative path inside the folder"),
        ("folder\ta/", "folder path 'a/' is not a plain relative path inside the folder"),
        ("folder\ta//b", "folder path 'a//b' is not a plain relative path inside the folder"),
        ("folder\ta/..", "folder path 'a/..' is not a plain relative path inside the folder"),
        ("folder\ta/.well-known", "folder path 'a/.well-known' names a hidden item ('.well-known'), which sitegen never writes"),
        ("file\tp/.env\t\(String(repeating: "a", count: 64))\t-", "file path 'p/.env' names a hidden item ('.env'), which sitegen never writes"),
        ("folder\ta/...", "folder path 'a/...' names a hidden item ('...'), which sitegen never writes"),
        ("folder\t..b", "folder path '..b' names a hidden item ('..b'), which sitegen never writes"),
        ("folder\t.", "folder path '.' is not a plain relative path inside the folder"),
        ("folder\ta%0Ab", "folder path 'a%0Ab' holds a control character"),
        ("folder\tcaf\u{E9}/a\u{2028}b", "folder path 'caf\u{E9}/a\u{2028}b' holds a control character"),
        ("file\tCNAME\tnot-a-hash\t-", "expected SHA-256 hashes (64 hex digits) split by '|'"),
        ("staging\t../../x", "expected a line starting with inputs, file, folder, policy, page or warning"),
        ("rm\t-rf", "expected a line starting with inputs, file, folder, policy, page or warning"),
        ("folder", "expected 'folder' and a path, split by a tab"),
        ("folder\ta\tb", "expected 'folder' and a path, split by a tab"),
        ("page\t../x.md\t\(String(repeating: "a", count: 64))\t-\t-\t-\t-\tx/index.html\t\t-", "page source '../x.md' is not a plain path"),
        ("page\tx.md\t\(String(repeating: "a", count: 64))\t-\t-\t-\t-\tx/.git/config\t\t-", "page output path 'x/.git/config' names a hidden item ('.git'), which sitegen never writes"),
        ("page\tx.md\t\(String(repeating: "a", count: 64))\t-\t-\t-\t-\tx/index.html\ta/../b.png=\(String(repeating: "a", count: 64))\t-", "expected the page's assets as PATH=SHA256 split by '|'"),
        ("inputs\tnone", "expected 'inputs' and a SHA-256 (64 hex digits), split by a tab"),
        ("page\tx.md\t\(String(repeating: "a", count: 64))\t-\t-\t-\t-\tx/index.html\t\t1:2:3", "expected a stamp SIZE:INODE:MTIME:CTIME or -"),
        ("page\tx.md\t\(String(repeating: "a", count: 64))\t-\t-\t-\t-\tx/index.html\t", "expected 'page' and nine fields, split by tabs"),
        ("warning\tnone.md\tr\tcontent/none.md\t1\t1\t-\tm\t-\t-", "a warning of page 'none.md', which no page line records"),
        ("warning\tindex.md\tr\tcontent/index.md\t1\t1\t7\tm\t-\t-", "expected '-' or '+' and a text, found '7'"),
    ])
    func aTamperedManifestLineStopsTheBuildAndChangesNothing(line: String, message: String) throws {
        let fileSystem = Fixtures.site("# Home", extra: ["Output/CNAME": "ada.example", ".git/config": "[core]"])
        _ = try Self.build(fileSystem)
        let manifest = try Self.unsealedManifest(fileSystem)
        try Self.writeSealed(fileSystem, manifest + line + "\n")
        let before = fileSystem.allFiles
        do {
            _ = try Self.build(fileSystem)
            Issue.record("the build went on")
        } catch {
            let lineNumber = manifest.split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(error.diagnostics.map(\.description) == ["site/Output/.sitegen-manifest:\(lineNumber):1: error: \(message); nothing was changed (the manifest is sitegen's record of what it wrote here, and a build trusts no line it cannot check)"])
        }
        #expect(fileSystem.allFiles == before)
    }

    @Test func aForgedLineRemovesNothingWhoseBytesItDoesNotKnow() throws {
        let fileSystem = Fixtures.site("# Home", extra: ["Output/CNAME": "ada.example"])
        _ = try Self.build(fileSystem)
        try Self.writeSealed(fileSystem, try Self.unsealedManifest(fileSystem) + "file\tCNAME\t\(ContentHash.of("other bytes"))\t-\n")
        _ = try Self.build(fileSystem)
        #expect(Self.output(fileSystem)["CNAME"] == "ada.example")
    }

    @Test func anUnchangedFileIsNotWrittenAgainAndAChangedOneIs() throws {
        let disk = Fixtures.site("# Home", extra: ["content/a.md": "A", "content/b.md": "B"])
        let counting = CountingDisk(disk)
        _ = try Self.build(counting)
        #expect(counting.written.count == 3)
        _ = try Self.build(counting)
        #expect(counting.written.count == 3, "a build with nothing changed wrote \(counting.written.dropFirst(3))")
        try disk.overwriteFile("site/content/b.md", Data("B, edited".utf8))
        _ = try Self.build(counting)
        #expect(counting.written.count == 4)
        #expect(Self.output(disk)["b/index.html"]?.contains("B, edited") == true)
        #expect(!disk.allFiles.keys.contains { $0.contains(OutputManifest.stagingPrefix) })
    }

    @Test func foldersSitegenMadeGoWhenEmptiedAndTheOwnersStay() throws {
        let fileSystem = Fixtures.site("# Home", extra: ["content/a/b/c.md": "C", "content/d/e.md": "E"])
        _ = try Self.build(fileSystem)
        try fileSystem.overwriteFile("site/Output/d/notes.txt", Data("mine".utf8))
        try fileSystem.removeFile("site/content/a/b/c.md")
        try fileSystem.removeFile("site/content/d/e.md")
        _ = try Self.build(fileSystem)
        #expect(fileSystem.resolvedKind(at: "site/Output/a") == .missing)
        #expect(Self.output(fileSystem) == ["index.html": try Fixtures.html(fileSystem), "d/notes.txt": "mine"])
    }

    @Test func aFolderSitegenMadeAndTheOwnerRemovedIsMadeAgain() throws {
        let fileSystem = Fixtures.site("# Home", extra: ["content/a/b.md": "B"])
        _ = try Self.build(fileSystem)
        try fileSystem.removeItem("site/Output/a")
        try fileSystem.overwriteFile("site/content/a/b.md", Data("B, edited".utf8))
        _ = try Self.build(fileSystem)
        #expect(Self.output(fileSystem)["a/b/index.html"]?.contains("B, edited") == true)
    }

    /// A stopped build's staging folder is known by its name, made from the site's key; one of any other name stays.
    @Test func aStagingFolderIsRemovedOnlyWhenItsNameIsTheKeys() throws {
        let fileSystem = Fixtures.site("# Home")
        _ = try Self.build(fileSystem)
        let keys = try ManifestKey.load(siteFolder: "site", fileSystem: fileSystem).stagingToken, planted = String(repeating: "2", count: 32)
        #expect(keys.utf8.count == 32 && keys != planted)
        try fileSystem.overwriteFile("site/Output/.sitegen-staging-\(keys)/1", Data("half a page".utf8))
        try fileSystem.overwriteFile("site/Output/.sitegen-staging-\(planted)/index.html", Data("<script>planted</script>".utf8))
        _ = try Self.build(fileSystem)
        #expect(fileSystem.resolvedKind(at: "site/Output/.sitegen-staging-\(keys)") == .missing)
        #expect(try Fixtures.html(fileSystem, "site/Output/.sitegen-staging-\(planted)/index.html") == "<script>planted</script>")
        #expect(try !Fixtures.html(fileSystem).contains("planted"))
        // One that holds something else stays, and says so, while the build stages its files: its own are cleared.
        try fileSystem.overwriteFile("site/Output/.sitegen-staging-\(keys)/1", Data("half a page".utf8))
        try fileSystem.overwriteFile("site/Output/.sitegen-staging-\(keys)/notes.txt", Data("mine".utf8))
        let result = try Self.build(fileSystem)
        #expect(result.warnings.map(\.description) == ["site/Output/.sitegen-staging-\(keys): warning: holds something sitegen did not write, in the folder a stopped build staged its files in: move it away"])
        #expect(fileSystem.resolvedKind(at: "site/Output/.sitegen-staging-\(keys)/1") == .missing)
        try fileSystem.overwriteFile("site/content/index.md", Data("# Home, edited".utf8))
        do {
            _ = try Self.build(fileSystem)
            Issue.record("the build went on")
        } catch {
            #expect(error.diagnostics.map(\.description) == ["site/Output: error: cannot write the site: site/Output/.sitegen-staging-\(keys): holds something sitegen did not write, in the folder a stopped build staged its files in: move it away"])
        }
    }

    /// A build killed between its renames leaves files old and new; the manifest written before the first rename
    /// lists both hashes, so the next build knows either as sitegen's and converges.
    @Test func aBuildKilledMidwayIsFinishedByTheNext() throws {
        let fileSystem = Fixtures.site("# Home", extra: ["content/a.md": "A"])
        _ = try Self.build(fileSystem)
        let oldPage = try Fixtures.html(fileSystem, "site/Output/a/index.html")
        try fileSystem.overwriteFile("site/content/a.md", Data("A, edited".utf8))
        try fileSystem.overwriteFile("site/content/gone.md", Data("G".utf8))
        _ = try Self.build(fileSystem)
        let newPage = try Fixtures.html(fileSystem, "site/Output/a/index.html")
        // As if killed: the page is back to its old bytes, and the manifest records both.
        var manifest = try Self.manifest(fileSystem)
        manifest.files["a/index.html"]?.hashes = [ContentHash.of(oldPage), ContentHash.of(newPage)]
        manifest.pages = [:]
        try Self.writeSealed(fileSystem, manifest.text)
        try fileSystem.overwriteFile("site/Output/a/index.html", Data(oldPage.utf8))
        try fileSystem.removeFile("site/content/gone.md")
        _ = try Self.build(fileSystem)
        #expect(try Fixtures.html(fileSystem, "site/Output/a/index.html") == newPage)
        #expect(fileSystem.resolvedKind(at: "site/Output/gone") == .missing)
        #expect(try Self.manifest(fileSystem).files["a/index.html"]?.hashes == [ContentHash.of(newPage)])
    }

    /// The issue's repro: a file edited by hand, with its manifest line's hash edited to match, is kept and published
    /// (even with --force). Without the key the edited manifest is unsealed: it proves nothing, the file is not
    /// sitegen's, and --force replaces it with the site's bytes.
    @Test func aTamperedFileWithItsHashEditedInTheManifestStaysForeign() throws {
        let fileSystem = Fixtures.site("# Home", extra: ["content/a.md": "A"])
        _ = try Self.build(fileSystem)
        let tampered = try Fixtures.html(fileSystem, "site/Output/a/index.html") + "<script>alert(1)</script>"
        try fileSystem.overwriteFile("site/Output/a/index.html", Data(tampered.utf8))
        let manifest = try Fixtures.html(fileSystem, "site/Output/" + OutputManifest.fileName)
        var lines = manifest.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let line = try #require(lines.firstIndex { $0.hasPrefix("file\ta/index.html\t") })
        lines[line] = "file\ta/index.html\t\(ContentHash.of(tampered))\t-"
        for edited in [lines, lines.filter { !$0.hasPrefix("seal\t") }] {
            try fileSystem.overwriteFile("site/Output/" + OutputManifest.fileName, Data(edited.joined(separator: "\n").utf8))
            do {
                _ = try Self.build(fileSystem)
                Issue.record("the build kept the tampered file")
            } catch {
                #expect(error.diagnostics.map(\.description) == ["site/Output/a/index.html: error: sitegen cannot prove it wrote this, as the manifest here is not sealed with the site's .sitegen-key (it is an older sitegen's, another key's, or edited), and the new site has other bytes there: move it away, or pass --force to replace what sitegen did not write"])
            }
            #expect(try Fixtures.html(fileSystem, "site/Output/a/index.html") == tampered)
        }
        _ = try Self.build(fileSystem, force: true)
        #expect(try !Fixtures.html(fileSystem, "site/Output/a/index.html").contains("alert(1)"))
        // Without the key (a fresh clone), a manifest proves nothing either; files with the site's bytes are taken on.
        try fileSystem.removeFile("site/" + ManifestKey.fileName)
        try fileSystem.overwriteFile("site/Output/a/index.html", Data(tampered.utf8))
        do {
            _ = try Self.build(fileSystem)
            Issue.record("the build kept the tampered file")
        } catch {
            #expect(error.diagnostics.map(\.description) == ["site/Output/a/index.html: error: sitegen cannot prove it wrote this, as the site's folder has no .sitegen-key, the key that sealed the manifest here (a fresh clone, or the key was removed), and the new site has other bytes there: move it away, or pass --force to replace what sitegen did not write"])
        }
        #expect(fileSystem.resolvedKind(at: "site/" + ManifestKey.fileName) == .missing, "a failed build writes no key")
        _ = try Self.build(fileSystem, force: true)
        #expect(fileSystem.resolvedKind(at: "site/" + ManifestKey.fileName) == .file)
    }

    /// The issue's repro: a manifest line cut short by a full disk, then a killed build, stopped every later build.
    /// The manifest is never appended to: each version is written whole beside it and renamed over it, so a full
    /// disk leaves the old one as it was, and what it cut short goes.
    @Test func aManifestWriteCutShortByAFullDiskChangesNothing() throws {
        let disk = Fixtures.site("# Home", extra: ["content/a.md": "A"])
        _ = try Self.build(disk)
        try disk.overwriteFile("site/content/a.md", Data("A, edited".utf8))
        let before = disk.allFiles
        let faulty = FaultyDisk(disk)
        faulty.failsAppend = { $0.hasSuffix(OutputManifest.nextFileName) }
        #expect(throws: BuildFailure.self) { try Self.build(faulty) }
        #expect(disk.allFiles == before)
        // A killed build's half-written next manifest is nothing: the next build removes it and goes on.
        try disk.overwriteFile("site/Output/" + OutputManifest.nextFileName, Data("sitegen-manifest 4\nstag".utf8))
        _ = try Self.build(disk)
        #expect(try Fixtures.html(disk, "site/Output/a/index.html").contains("A, edited"))
        #expect(disk.resolvedKind(at: "site/Output/" + OutputManifest.nextFileName) == .missing)
        #expect(!disk.allFiles.keys.contains { $0.contains(OutputManifest.stagingPrefix) })
    }

    /// The issue's repro: a build that failed while moving files into place left a half-updated site and said the
    /// folder was left as it was. It says what it changed, and the next build finishes the job.
    @Test func aBuildThatFailsPuttingFilesInPlaceSaysWhatChangedAndTheNextFinishes() throws {
        let disk = Fixtures.site("# Home", extra: ["content/p1.md": "1", "content/p2.md": "2", "content/p3.md": "3"])
        _ = try Self.build(disk)
        let template = "<p>v2</p>" + (try Fixtures.html(disk, "site/templates/page.html"))
        try disk.overwriteFile("site/templates/page.html", Data(template.utf8))
        let faulty = FaultyDisk(disk)
        faulty.failsRename = { $0.hasSuffix("/p2/index.html") }
        let captured = Captured()
        let code = captured.tool(faulty).run(["build", "-s", "site"])
        #expect(code == .failure)
        #expect(captured.errors.joined(separator: "\n") == """
            site/Output: error: cannot write the site: /site/Output/p2/index.html: cannot be put in place (Permission denied); the build had changed 2 items already, and the next build finishes the job once that is fixed
                index.html
                p1/index.html
            Build failed with 1 error; site/Output/ was changed in part, as listed.
            """, "\(captured.errors)")
        #expect(!disk.allFiles.keys.contains { $0.contains(OutputManifest.stagingPrefix) })
        _ = try Self.build(disk)
        let manifest = try Self.manifest(disk)
        for page in ["index.html", "p1/index.html", "p2/index.html", "p3/index.html"] {
            #expect(manifest.files[page]?.hashes == [ContentHash.of(try Fixtures.html(disk, "site/Output/" + page))])
        }
        let fresh = Fixtures.site("# Home", extra: ["content/p1.md": "1", "content/p2.md": "2", "content/p3.md": "3", "templates/page.html": template])
        _ = try Self.build(fresh)
        #expect(Self.output(disk) == Self.output(fresh))
    }

    /// The issue's repro: a page's folder that became a file of the same name (or back) blocked builds, though all of
    /// it was sitegen's. It makes way when all it holds is sitegen's, and stops the build when anything is not.
    @Test func aFolderOfSitegensBecomesAFileAndBack() throws {
        let disk = InMemoryFileSystem()
        func write(_ files: [String: String], force: Bool = false) throws(BuildFailure) {
            let writer = try SiteWriter(output: "site/Output", siteFolder: "site", fileSystem: disk, force: force)
            if let failure = writer.readManifest() { throw failure }
            do {
                for (path, text) in files.sorted(by: { $0.key < $1.key }) { try writer.write(OutputFile(path: path, contents: .data(Data(text.utf8)))) }
                try writer.commit()
            } catch {
                writer.discard()
                throw error
            }
        }
        try write(["index.html": "home", "talks/index.html": "talks page", "talks/2024/index.html": "old talks"])
        try write(["index.html": "home", "talks": "talks as one file"])
        #expect(try Fixtures.html(disk, "site/Output/talks") == "talks as one file")
        try write(["index.html": "home", "talks/index.html": "talks page again"])
        #expect(try Fixtures.html(disk, "site/Output/talks/index.html") == "talks page again")
        #expect(try Self.manifest(disk).folders == ["talks"])
        // Something of the owner's inside: the folder stays, and so does everything else.
        try disk.overwriteFile("site/Output/talks/notes.txt", Data("mine".utf8))
        let before = disk.allFiles
        do {
            try write(["index.html": "home", "talks": "talks as one file"], force: true)
            Issue.record("the build went on")
        } catch {
            #expect(error.diagnostics.map(\.description) == ["site/Output/talks: error: cannot be written: a folder sitegen made is where the new site has a file, and it holds talks/notes.txt, which sitegen did not write or which changed since: move it away"])
        }
        #expect(disk.allFiles == before)
    }

    @Test func aManifestReadsBackAsWritten() throws {
        var manifest = OutputManifest()
        manifest.files["a b/%x|y=z\u{00E9}.html"] = .init(hashes: [ContentHash.of("1"), ContentHash.of("2")], stamp: FileStamp(size: 3, inode: 4, modified: 5, changed: -6))
        manifest.files[".well-known/webfinger"] = .init(hashes: [ContentHash.of("3")], stamp: nil)
        manifest.folders = ["a b"]
        manifest.pages["p.md"] = .init(digest: ContentHash.of("p"), validFrom: -1, validUntil: 99, policy: ("/p/", SecurityPolicy(scriptHashes: ["a+/="], styleHashes: [], connectOrigins: ["https://c.example"])),
                                       outputs: ["p/index.html"], assets: ["i|c.svg": ContentHash.of("i")])
        manifest.pages["q.md"] = .init(digest: ContentHash.of("q"), policy: nil, outputs: ["q/index.html"], assets: [:],
                                       sourceStamp: FileStamp(size: 1, inode: 2, modified: 3, changed: 4))
        manifest.inputs = ContentHash.of("inputs")
        var warning = Diagnostic(.warning, path: "/home/ada/site/content/p.md", line: 3, column: 7, message: "tab\there, 100% | a=b\nline",
                                 sourceLine: "- email: \"x\"")
        warning.hint = "+ -"
        warning.caretColumn = 2
        let recorded = OutputManifest.RecordedWarning(warning, sourceDirectory: "/home/ada/site")
        manifest.pages["p.md"]!.warnings = [recorded, OutputManifest.RecordedWarning(Diagnostic(.warning, path: "/usr/share/icons/x.svg", message: "-"), sourceDirectory: "/home/ada/site")]
        #expect(try OutputManifest.parse(manifest.text) == manifest)
        // A warning names its file as the build that says it again names the site's folder; a path outside it stays.
        #expect(recorded.diagnostic.path == "content/p.md")
        #expect(recorded.shown(from: "site").description == warning.description.replacingOccurrences(of: "/home/ada/site/", with: "site/"))
        #expect(manifest.pages["p.md"]!.warnings[1].shown(from: "site").path == "/usr/share/icons/x.svg")
        // A line a killed build was adding (no line break yet) never happened; a file listed again may have either bytes.
        #expect(try OutputManifest.parse(manifest.text + "file\tindex.html\t\(ContentHash.of("4"))") == manifest)
        var added = manifest
        added.files[".well-known/webfinger"]?.hashes.append(ContentHash.of("5"))
        #expect(try OutputManifest.parse(manifest.text + "file\t.well-known/webfinger\t\(ContentHash.of("5"))\t-\n") == added)
        // Format 2, an older sitegen's: no inputs, and page lines without the source's stamp.
        let older = try OutputManifest.parse("sitegen-manifest 2\nfile\tq/index.html\t\(ContentHash.of("r"))\t-\n"
            + "page\tq.md\t\(ContentHash.of("q"))\t-\t-\t-\t-\tq/index.html\t\n")
        #expect(older.format == 2 && older.inputs == nil)
        #expect(older.pages["q.md"] == OutputManifest.PageRecord(digest: ContentHash.of("q"), policy: nil, outputs: ["q/index.html"], assets: [:]))
        #expect(try OutputManifest.parse(manifest.text).format == 4)
    }

    /// The writer keeps the manifest's file lines as their bytes while they lie together, sorted, as a build writes
    /// them (`RecordedFiles`), and its folder lines likewise for the next manifest (`OutputManifest.Layout`): each is
    /// checked when read as any other line is, and a bad one among them is the error, naming it.
    @Test(arguments: [
        ("file\tp/.env\t\(String(repeating: "a", count: 64))\t-", "file path 'p/.env' names a hidden item ('.env'), which sitegen never writes"),
        ("file\tz/../../x\t\(String(repeating: "a", count: 64))\t-", "file path 'z/../../x' is not a plain relative path inside the folder"),
        ("file\tz%2\t\(String(repeating: "a", count: 64))\t-", "file path 'z%2' is not percent-encoded correctly"),
        ("file\tz%0A\t\(String(repeating: "a", count: 64))\t-", "file path 'z%0A' holds a control character"),
        ("file\tz\tnot-a-hash\t-", "expected SHA-256 hashes (64 hex digits) split by '|'"),
        ("file\tz\t\(String(repeating: "a", count: 64))\t1:2:3", "expected a stamp SIZE:INODE:MTIME:CTIME or -"),
        ("file\tz\t\(String(repeating: "a", count: 64))", "expected 'file', a path, hashes and a stamp, split by tabs"),
        ("folder\tp/.git", "folder path 'p/.git' names a hidden item ('.git'), which sitegen never writes"),
        ("folder\tp/../..", "folder path 'p/../..' is not a plain relative path inside the folder"),
        ("folder\tp%2", "folder path 'p%2' is not percent-encoded correctly"),
        ("folder\tp\tq", "expected 'folder' and a path, split by a tab"),
    ])
    func aTamperedLineAmongTheSortedFileLinesStopsTheBuild(line: String, message: String) throws {
        let fileSystem = Fixtures.site("# Home", extra: ["content/a.md": "A", "content/b.md": "B", "Output/CNAME": "ada.example"])
        _ = try Self.build(fileSystem)
        var lines = try Self.unsealedManifest(fileSystem).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let kind = line.prefix { $0 != "\t" } + "\t"
        let last = try #require(lines.lastIndex { $0.hasPrefix(kind) })
        lines.insert(line, at: last + 1)
        try Self.writeSealed(fileSystem, lines.joined(separator: "\n"))
        let before = fileSystem.allFiles
        do {
            _ = try Self.build(fileSystem)
            Issue.record("the build went on")
        } catch {
            #expect(error.diagnostics.map(\.description) == ["site/Output/.sitegen-manifest:\(last + 2):1: error: \(message); nothing was changed (the manifest is sitegen's record of what it wrote here, and a build trusts no line it cannot check)"])
        }
        #expect(fileSystem.allFiles == before)
    }

    /// A file line has one check, whether it lies among the sorted lines or is read into a table (lines out of order):
    /// the same problem, the path's before the hashes' and the stamp's.
    @Test func aFileLineIsCheckedOneWaySortedOrNot() throws {
        var manifest = OutputManifest()
        manifest.files["b.html"] = .init(hashes: [ContentHash.of("b")], stamp: nil)
        manifest.files["c.html"] = .init(hashes: [ContentHash.of("c")], stamp: nil)
        let lines = manifest.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = try #require(lines.firstIndex { $0.hasPrefix("file\t") })
        for (bad, message) in [("file\ta/.git/x\tnot-a-hash\t1:2", "file path 'a/.git/x' names a hidden item ('.git'), which sitegen never writes"),
                               ("file\ta.html\tnot-a-hash\t1:2", "expected SHA-256 hashes (64 hex digits) split by '|'"),
                               ("file\ta.html\t\(ContentHash.of("a"))||\(ContentHash.of("b"))\t1:2", "expected a stamp SIZE:INODE:MTIME:CTIME or -")] {
            var sorted = lines, unsorted = lines
            sorted.insert(bad, at: first)  // 'a' before 'b': the lines stay sorted
            unsorted.insert(bad, at: first + 2)  // after 'c': read as a table
            for text in [sorted, unsorted].map({ $0.joined(separator: "\n") }) {
                #expect(throws: OutputManifest.Problem(line: text == sorted.joined(separator: "\n") ? first + 1 : first + 3, message: message)) {
                    try OutputManifest.parseRecordingFiles(Data(text.utf8))
                }
            }
        }
    }

    /// A stamp is four decimal parts split by colons (empty parts left out), the inode unsigned; anything else is none.
    @Test(arguments: [
        ("1:2:3:4", FileStamp(size: 1, inode: 2, modified: 3, changed: 4)),
        ("1::2:3:4:", FileStamp(size: 1, inode: 2, modified: 3, changed: 4)),
        ("-1:18446744073709551615:-3:4", FileStamp(size: -1, inode: .max, modified: -3, changed: 4)),
        ("1:2:3", nil), ("1:2:3:4:5", nil), ("1:-2:3:4", nil), ("", nil), (":", nil), ("1:2:3:x", nil),
        ("9223372036854775808:2:3:4", nil), ("1:2:3:4 ", nil),
        // Nineteen digits and twenty (the most an inode has), in range or not, and a byte below or above the digits.
        ("9999999999999999999:2:3:4", nil), ("1:9999999999999999999:3:4", FileStamp(size: 1, inode: 9_999_999_999_999_999_999, modified: 3, changed: 4)),
        ("1:18446744073709551616:3:4", nil), ("1:99999999999999999999:3:4", nil), ("1:2:3:4/", nil), ("1:2:3:4;", nil), ("1:2:3:12345678901234567/", nil),
    ] as [(String, FileStamp?)])
    func aStampIsReadAsWritten(text: String, stamp: FileStamp?) {
        #expect(Array(text.utf8).withUnsafeBufferPointer { RecordedFiles.readStamp(ManifestBytes.Field(bytes: $0[...])) } == stamp)
    }

    /// The file lines given to the manifest's writer a line or many at a time (a run of lines kept as they were, longer
    /// than a chunk, goes as it is) make the same manifest.
    @Test func fileLinesWrittenInRunsMakeTheSameManifest() throws {
        var manifest = OutputManifest()
        for number in 0..<40 { manifest.files["p\(number)/index.html"] = .init(hashes: [ContentHash.of("\(number)")], stamp: FileStamp(size: 1, inode: 2, modified: 3, changed: 4)) }
        manifest.folders = ["p1"]
        let read = try OutputManifest.parseRecordingFiles(manifest.data).files
        func written(runs: [Range<Int>]) throws -> [Data] {
            var chunks: [Data] = []
            try manifest.writeChunks(chunkSize: 300, fileLines: { (put: (Data) throws -> Void) throws in for run in runs { try put(read.lines(run)) } },
                                     { (chunk: Data) throws in chunks.append(chunk) })
            return chunks
        }
        let lineByLine = try written(runs: (0..<40).map { $0..<($0 + 1) })
        let inRuns = try written(runs: [0..<3, 3..<30, 30..<31, 31..<40])
        #expect(lineByLine.reduce(Data(), +) == manifest.data && inRuns.reduce(Data(), +) == manifest.data)
        #expect(!inRuns.contains { $0.isEmpty } && inRuns.contains { $0 == read.lines(3..<30) })
    }

    /// File lines kept as lines are found by their paths and read back as written; lines out of order or a file
    /// listed twice (a killed build's added lines) are read as a table, to the same files.
    @Test func theFileLinesAreTheSameFilesKeptAsLinesOrReadAsATable() throws {
        var manifest = OutputManifest()
        manifest.files["b.html"] = .init(hashes: [ContentHash.of("b")], stamp: FileStamp(size: 1, inode: 2, modified: 3, changed: -4))
        manifest.files["a b/%x|y=z\u{00E9}.html"] = .init(hashes: [ContentHash.of("1"), ContentHash.of("2")], stamp: nil)
        manifest.files["c.html"] = .init(hashes: [ContentHash.of("c")], stamp: nil)
        manifest.files["A.html"] = .init(hashes: [ContentHash.of("A")], stamp: nil)
        manifest.folders = ["a b"]
        let text = manifest.text
        let read = try OutputManifest.parseRecordingFiles(Data(text.utf8))
        #expect(read.files.count == 4 && read.manifest.files.isEmpty && read.manifest.folders == ["a b"])
        #expect(read.files.table == manifest.files)
        for path in manifest.files.keys {
            let line = try #require(read.files.index(of: path))
            #expect(read.files.path(at: line) == path && read.files.entry(at: line) == manifest.files[path])
        }
        #expect(read.files.index(of: "d.html") == nil && read.files.index(of: "a") == nil)
        // Given back byte for byte, in the order written: by their encoded paths.
        let fileLines = text.split(separator: "\n").filter { $0.hasPrefix("file\t") }.map { String($0) + "\n" }
        #expect((0..<read.files.count).map { String(decoding: read.files.line(at: $0), as: UTF8.self) } == fileLines)
        #expect(fileLines.map { $0.split(separator: "\t")[1] } == ["A.html", "a b/%25x%7Cy%3Dz\u{00E9}.html", "b.html", "c.html"])
        var swapped = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = try #require(swapped.firstIndex { $0.hasPrefix("file\t") })
        swapped.swapAt(first, first + 1)
        #expect(try OutputManifest.parseRecordingFiles(Data(swapped.joined(separator: "\n").utf8)).files.table == manifest.files)
        var twice = manifest.files
        twice["b.html"]!.hashes.append(ContentHash.of("b2"))
        #expect(try OutputManifest.parseRecordingFiles(Data((text + "file\tb.html\t\(ContentHash.of("b2"))\t-\n").utf8)).files.table == twice)
    }

    /// On a real disk: a build with one page changed copies the other files' lines into the new manifest as they
    /// were, writes that page's anew, and the manifest reads back as written.
    @Test func aOnePageEditCopiesTheOtherFilesLinesAsTheyWere() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try Self.siteOnDisk(in: folder), manifestPath = site + "/Output/" + OutputManifest.fileName
        func build() throws { _ = try SiteBuilder(options: BuildOptions(sourceDirectory: site), fileSystem: LocalFileSystem(), iconSets: .none).build() }
        func fileLines() throws -> [String] {
            try String(decoding: Data(contentsOf: URL(fileURLWithPath: manifestPath)), as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("file\t") }.map(String.init)
        }
        try build()
        let before = try fileLines()
        let pageLinesBefore = try String(decoding: Data(contentsOf: URL(fileURLWithPath: manifestPath)), as: UTF8.self).split(separator: "\n")
        func pageLine(_ source: String, before: Bool) throws -> String? {
            let lines = before ? pageLinesBefore : try String(decoding: Data(contentsOf: URL(fileURLWithPath: manifestPath)), as: UTF8.self).split(separator: "\n")
            return lines.first { $0.hasPrefix("page\t\(source)\t") }.map(String.init)
        }
        #expect(try pageLine("b.md", before: true) != nil)
        try Self.put(site + "/content/a.md", "A, edited")
        try Self.put(site + "/content/c.md", "C")
        try build()
        let after = try fileLines()
        let bLines = before.filter { $0.hasPrefix("file\tb/") }
        #expect(!bLines.isEmpty && bLines == after.filter { $0.hasPrefix("file\tb/") })
        // The kept page's own line too, byte for byte.
        #expect(try pageLine("b.md", before: true) == pageLine("b.md", before: false))
        #expect(before.first { $0.hasPrefix("file\ta/index.html\t") } != after.first { $0.hasPrefix("file\ta/index.html\t") })
        #expect(after.contains { $0.hasPrefix("file\tc/index.html\t") })
        let text = Self.unsealed(String(decoding: try Data(contentsOf: URL(fileURLWithPath: manifestPath)), as: UTF8.self))
        #expect(try OutputManifest.parse(text).text == text)
        // A page that leaves takes its lines along.
        try FileManager.default.removeItem(atPath: site + "/content/c.md")
        try build()
        #expect(try fileLines().filter { $0.hasPrefix("file\tb/") } == bLines)
        #expect(try !fileLines().contains { $0.hasPrefix("file\tc/") })
        // A kept file edited by hand is seen by the next build (stat from the locked folder), which stops.
        try Self.put(site + "/Output/b/index.html", "mine")
        #expect(throws: BuildFailure.self) { try build() }
    }

    /// Writes a file on the real disk, making its folders.
    static func put(_ path: String, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// The site of `Fixtures.site` with pages a.md and b.md, on the real disk in a new temporary folder; the site's path.
    static func siteOnDisk(in folder: URL) throws -> String {
        for (path, data) in Fixtures.site("# Home", extra: ["content/a.md": "A", "content/b.md": "B"]).allFiles {
            try put(folder.path + "/" + path, String(decoding: data, as: UTF8.self))
        }
        return folder.path + "/site"
    }

    /// On a real disk, where files have stamps: the files a finished build recorded for a page that did not change
    /// are looked at but not read while their stamps match; one edited by hand is the owner's (the build stops rather
    /// than write over it), and one removed is written again, by the very next build.
    @Test func aKeptPagesFilesAreStatedNotReadAndHandEditsAreSeenAtOnce() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try Self.siteOnDisk(in: folder), output = site + "/Output"
        func put(_ path: String, _ text: String) throws { try Self.put(path, text) }
        func read(_ path: String) -> String? { (try? Data(contentsOf: URL(fileURLWithPath: output + "/" + path))).map { String(decoding: $0, as: UTF8.self) } }
        let disk = CountingDisk(LocalFileSystem())
        func rendered() throws(BuildFailure) -> [String] {
            try SiteBuilder(options: BuildOptions(sourceDirectory: site), fileSystem: disk, iconSets: .none).build().renderedPages.sorted()
        }
        #expect(try rendered().count == 3)
        try put(site + "/content/a.md", "A, edited")
        disk.forget()
        #expect(try rendered() == [site + "/content/a.md"])
        #expect(!disk.looked(under: output + "/b/").isEmpty && disk.read(under: output + "/b/") == [])
        // A kept page's file removed by hand is written again by the next build.
        try FileManager.default.removeItem(atPath: output + "/b/index.html")
        #expect(try rendered() == [site + "/content/b.md"])
        #expect(read("b/index.html")?.contains("<p>B</p>") == true)
        // One edited by hand is the owner's at once: the build stops rather than write over it.
        try put(output + "/b/index.html", "mine")
        #expect(throws: BuildFailure.self) { try rendered() }
        #expect(read("b/index.html") == "mine")
    }

    /// On a real disk: a page whose file has the stamp recorded (size, inode, modification and change times) is
    /// kept without being read; a file rewritten to the same size with its modification time put back differs in its
    /// change time alone, and is read and rendered again. A stamp is recorded only for a file that last changed some
    /// time before the build (`PageInputs.stampMargin`), so no later write can share it.
    @Test func anUnchangedPageIsNotReadAndAnEditIsSeenByItsChangeTimeAlone() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try Self.siteOnDisk(in: folder), b = site + "/content/b.md"
        let disk = CountingDisk(LocalFileSystem())
        var builder = SiteBuilder(options: BuildOptions(sourceDirectory: site), fileSystem: disk, iconSets: .none)
        func rendered() throws(BuildFailure) -> [String] { try builder.build().renderedPages.sorted() }
        func manifest() throws -> OutputManifest {
            try OutputManifest.parse(Data(contentsOf: URL(fileURLWithPath: site + "/Output/" + OutputManifest.fileName)))
        }
        // Just written: no stamp is recorded, and the next build reads every page again (keeping them all).
        #expect(try rendered().count == 3)
        #expect(try manifest().pages.values.allSatisfy { $0.sourceStamp == nil })
        disk.forget()
        #expect(try rendered() == [])
        #expect(disk.read(under: site + "/content/").count == 3)
        // Stamps recorded (as for files older than the margin): no page is read.
        builder.sourceStampMargin = 0
        #expect(try rendered() == [])
        let recorded = try #require(try manifest().pages["b.md"]?.sourceStamp)
        disk.forget()
        #expect(try rendered() == [])
        #expect(disk.read(under: site + "/content/") == [])
        // b.md rewritten in place to the same size, its modification time put back: only its change time moved.
        var stamp: FileStamp
        repeat {
            try Data("C".utf8).write(to: URL(fileURLWithPath: b))
            var times = [timespec(tv_sec: Int(recorded.modified / 1_000_000_000), tv_nsec: Int(recorded.modified % 1_000_000_000)),
                         timespec(tv_sec: Int(recorded.modified / 1_000_000_000), tv_nsec: Int(recorded.modified % 1_000_000_000))]
            #expect(utimensat(AT_FDCWD, b, &times, 0) == 0)
            stamp = try #require(LocalFileSystem().stamp(of: b))
        } while stamp.changed == recorded.changed  // written within the tick of the recorded change: the margin's case
        #expect(stamp.size == recorded.size && stamp.inode == recorded.inode && stamp.modified == recorded.modified)
        #expect(try rendered() == [b])
        #expect(disk.read(under: site + "/content/") == [b])
    }

    // MARK: rebuilds render what changed

    static func rendered(_ fileSystem: InMemoryFileSystem, now: Date? = nil) throws -> [String] {
        try build(fileSystem, now: now).renderedPages.sorted()
    }

    @Test func aRebuildRendersExactlyThePagesWhoseInputsChanged() throws {
        let fileSystem = try Fixtures.site("---\navatar: me.png\n---\nHome", extra: [
            "content/a.md": "A", "content/b.md": "---\nlinks:\n  - url: https://b.example\n    icon: b.svg\n---\nB",
            "content/b.svg": #"<svg viewBox="0 0 24 24"><path d="M0 0h24v24z"/></svg>"#, "content/other.png": "O",
        ], pictures: ["content/me.png": Fixtures.picture(.png)])
        let all = ["site/content/a.md", "site/content/b.md", "site/content/index.md"]
        #expect(try Self.rendered(fileSystem) == all)
        #expect(try Self.rendered(fileSystem) == [])
        // The page's own text.
        try fileSystem.overwriteFile("site/content/a.md", Data("A, edited".utf8))
        #expect(try Self.rendered(fileSystem) == ["site/content/a.md"])
        // A file under content/ a page uses: its avatar, its icon; one no page uses renders nothing.
        try fileSystem.overwriteFile("site/content/me.png", Fixtures.picture(.png, colour: "#2828c8"))
        #expect(try Self.rendered(fileSystem) == ["site/content/index.md"])
        try fileSystem.overwriteFile("site/content/b.svg", Data(#"<svg viewBox="0 0 24 24"><path d="M0 0h12v24z"/></svg>"#.utf8))
        #expect(try Self.rendered(fileSystem) == ["site/content/b.md"])
        try fileSystem.overwriteFile("site/content/other.png", Data("O2".utf8))
        #expect(try Self.rendered(fileSystem) == [])
        #expect(Self.output(fileSystem)["other.png"] == nil)
        // A new page renders alone; what every page shares renders every page.
        try fileSystem.overwriteFile("site/content/c.md", Data("C".utf8))
        #expect(try Self.rendered(fileSystem) == ["site/content/c.md"])
        try fileSystem.overwriteFile("site/templates/page.html", Data("<h1>{{title}}</h1>{{{body_html}}}".utf8))
        #expect(try Self.rendered(fileSystem) == (all + ["site/content/c.md"]).sorted())
        try fileSystem.overwriteFile("site/site.yml", Data("theme: classic\n".utf8))
        #expect(try Self.rendered(fileSystem) == (all + ["site/content/c.md"]).sorted())
        // A page whose file was edited by hand is not kept as it is: rendering it finds the owner's file in its way.
        try fileSystem.overwriteFile("site/Output/c/index.html", Data("mine".utf8))
        #expect(throws: BuildFailure.self) { try Self.rendered(fileSystem) }
    }

    @Test func aScheduledPageRendersAgainWhenTheClockPassesOneOfItsTimes() throws {
        let fileSystem = Fixtures.site("Home", extra: [
            "content/sale.md": "---\nlinks:\n  - url: https://shop.example\n    from: 2026-12-25\n  - url: https://next.example\n    until: 2026-12-31\n---\nS",
        ])
        func at(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }
        #expect(try Self.rendered(fileSystem, now: at("2026-12-01T00:00:00Z")) == ["site/content/index.md", "site/content/sale.md"])
        #expect(try Self.rendered(fileSystem, now: at("2026-12-24T23:59:59Z")) == [])
        #expect(try Self.rendered(fileSystem, now: at("2026-12-25T00:00:00Z")) == ["site/content/sale.md"])
        #expect(try Self.rendered(fileSystem, now: at("2026-12-31T23:59:59Z")) == [])
        #expect(try Self.rendered(fileSystem, now: at("2026-12-01T00:00:00Z")) == ["site/content/sale.md"])
        // Once its until has passed the page warns; kept from then on like any page, it says the same warning again.
        let passed = try Self.build(fileSystem, now: at("2027-01-01T00:00:00Z"))
        #expect(passed.renderedPages == ["site/content/sale.md"] && passed.warnings.count == 1)
        let kept = try Self.build(fileSystem, now: at("2027-01-01T00:00:00Z"))
        #expect(kept.renderedPages == [])
        #expect(kept.warnings.map(\.description) == passed.warnings.map(\.description))
        #expect(kept.warnings.first?.description.hasPrefix("site/content/sale.md:5:") == true)
        // Fixed, the page renders again and the warning is gone.
        try fileSystem.overwriteFile("site/content/sale.md", Data("---\nlinks:\n  - url: https://shop.example\n---\nS".utf8))
        let fixed = try Self.build(fileSystem, now: at("2027-01-01T00:00:00Z"))
        #expect(fixed.renderedPages == ["site/content/sale.md"] && fixed.warnings.isEmpty)
        #expect(try Self.build(fileSystem, now: at("2027-01-01T00:00:00Z")).warnings.isEmpty)
    }
}
