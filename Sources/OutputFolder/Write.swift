import Foundation
import SiteBasics

/// Stage 5: writes the site into the output folder in place, file by file, so that nothing is ever lost:
///
/// - Ownership is proved, never guessed: the folder's manifest (`OutputManifest`) records the SHA-256 of every file
///   sitegen wrote, sealed with the site's key (`ManifestKey`, outside the folder), and a file is replaced or removed
///   only while its bytes still match. Anything else is the owner's and is kept; a file of the owner's where the new
///   site has one stops the build (`force` replaces it). A manifest not sealed with the key proves nothing. A file
///   that already holds exactly the bytes the site needs there is taken on as it is: nothing is lost.
/// - A new or changed file is written into a staging folder inside the output folder while pages render, then renamed
///   over its old version once every page has rendered without error, so a reader sees the old file or the new one,
///   never a part; an unchanged file is not touched (same inode, same mtime), which rsync and browsers notice.
///   Files that left the site are removed last, after checking their bytes; folders sitegen made and emptied go too.
/// - The output folder itself is never replaced: its mode, owner, group and ACLs stay, and so does a shell inside it.
/// - A build killed at any point leaves every file whole, old or new; the manifest, written before the first rename,
///   lists both versions' hashes, so the next build knows both as sitegen's and converges. The staging folder's
///   name is made from the key, so a killed build's is known by the next; one of any other name is the owner's.
/// - The manifest is never edited in place: each version is written whole and renamed over the last.
/// - A build that fails before its first rename leaves the folder as it was; one that fails after says which files
///   it changed, and the next build finishes the job. Two builds into one folder never run at once (a lock on the
///   folder itself, so builds into sibling folders do).
package final class SiteWriter: @unchecked Sendable {
    /// The output folder as the user named it, for messages.
    let displayOutput: String
    /// The output folder with symbolic links resolved.
    package let output: String
    let fileSystem: any FileSystem
    let force: Bool
    /// The site's folder, which keeps the key.
    let siteFolder: String
    /// What seals the manifest (`ManifestKey`).
    let key: ManifestKey
    /// Why the manifest found proves nothing, when it does not: every file here then counts as the owner's.
    private(set) var unproven: String?
    /// The manifest found, without its seal, when it was sealed with the key and of this format, and the seal over
    /// those bytes: the manifest written before the first rename is these bytes and this build's lines.
    private var previousBody: (bytes: Data, seal: ManifestKey.Seal)?
    /// The manifest the folder held when the build began: what sitegen can prove it wrote.
    /// Read by `readManifest`, before any page is written.
    package private(set) var previous = OutputManifest()
    /// Its files (not in `previous.files`): their lines, looked up as they are, and copied into the next manifest
    /// while kept as recorded.
    private var previousFiles = RecordedFiles()
    /// The manifest's bytes when the build began (nil: none), until `readManifest` has read them.
    private var previousManifestText: Data?
    /// Whether the folder held a manifest of this format: otherwise one is written even when nothing changed.
    private var previousIsCurrent = false
    /// The folders this build made on the way to the output folder, removed again if it fails.
    private let madeOnTheWay: [String]
    private let folderLock: FolderLock

    private let lock = NSLock()
    /// The staging folder's name after its prefix (`ManifestKey.stagingToken`), and whether this build made it.
    private let stagingToken: String
    private var stagingOpened = false
    private var stagedCount = 0
    /// The new site's files that are already in place and that the manifest did not record, as they are.
    private var kept: [String: OutputManifest.FileEntry] = [:]
    /// Whether the file of each line of the manifest is in place in the new site (kept), by line.
    private var keptLines: [Bool] = []
    /// The kept lines' files that are not as their line records them (another stamp, or hashes), as they are now;
    /// a kept line not here goes into the next manifest as it is.
    private var restamped: [Int: OutputManifest.FileEntry] = [:]
    /// The new site's files waiting in the staging folder: their number there (the file's name) and hash.
    private var staged: [String: (number: Int, hash: ContentHash)] = [:]
    /// Files of the owner's where the new site has one (replaced only with `force`).
    private var foreign: Set<String> = []
    /// What no `force` can replace: a folder or a symbolic link on the way to a file of the site.
    private var blocked: [String: String] = [:]
    /// Folders sitegen made where the new site has a file, and files sitegen wrote where it has a folder: each goes
    /// (when all it holds is sitegen's and leaves the site) before the new file or folder takes its place.
    private var foldersBecomingFiles: Set<String> = []
    private var filesBecomingFolders: Set<String> = []
    private var checkedFolders: Set<String> = []
    private var pageRecords: [String: OutputManifest.PageRecord] = [:]
    /// The pages the manifest recorded that this build has not recorded again yet (each is dropped when the page
    /// is, so a large site's records are not held twice), and whether a page's record changed.
    private var previousPages: [String: OutputManifest.PageRecord] = [:]
    private var pagesChanged = false
    /// The pages kept with the record the manifest found (`record(kept:)`), left in `previousPages`.
    private var keptAsRecorded: [String] = []
    /// What every page shares in this build (`PageInputs`), recorded for the next.
    private var currentInputs: ContentHash?
    private var manifestRewritten = false
    /// Set once the manifest that records both versions of every file replaced is in place, right before the first
    /// rename: from then on it stays, whatever happens, and a failure says what changed.
    private var renaming = false

    /// Checks where the site will go, reads the site's key, makes the folder if it is missing, takes its lock and
    /// reads its manifest.
    package init(output: String, siteFolder: String, fileSystem: any FileSystem, force: Bool = false) throws(BuildFailure) {
        displayOutput = output
        self.fileSystem = fileSystem
        self.force = force
        self.siteFolder = siteFolder
        key = try ManifestKey.load(siteFolder: siteFolder, fileSystem: fileSystem)
        stagingToken = key.stagingToken
        func refuse(_ message: String, line: Int = 0) -> BuildFailure { BuildFailure([Diagnostic(path: output, line: line, column: line > 0 ? 1 : 0, message: message)]) }
        guard !output.isEmpty else { throw refuse("the output path is empty: expected a folder such as Output") }
        if fileSystem.kind(at: output) == .symbolicLink, fileSystem.realPath(output) == nil {
            throw refuse("the output path is a symbolic link that leads nowhere: expected a folder (or nothing) there; remove the link or pass --output")
        }
        guard let resolved = SiteBoundary.resolve(output, fileSystem: fileSystem) else {
            throw refuse("the output path cannot be resolved: expected a folder (or nothing) there")
        }
        if fileSystem.resolvedKind(at: resolved) == .file {
            throw refuse("the output path is a file: expected a folder (or nothing) there; move the file or pass --output")
        }
        guard resolved != "/" else { throw refuse("the output path is the root folder: expected a folder of its own, such as Output") }
        self.output = resolved

        var made: [String] = []
        do {
            var path = ""
            for part in resolved.split(separator: "/") {
                path += "/" + part
                if fileSystem.resolvedKind(at: path) == .missing { try fileSystem.makeFolder(path); made.append(path) }
            }
        } catch {
            for folder in made.reversed() { try? fileSystem.removeEmptyFolder(folder) }
            throw BuildFailure([Self.failure(error, output: output)])
        }
        madeOnTheWay = made
        func undoFolders() { for folder in made.reversed() { try? fileSystem.removeEmptyFolder(folder) } }

        let held: FolderLock?
        do { held = try fileSystem.lockFolder(resolved) } catch { undoFolders(); throw BuildFailure([Self.failure(error, output: output)]) }
        guard let held else {
            throw refuse("another sitegen build is writing into this folder: wait for it to finish, then build again")
        }
        folderLock = held

        let manifestPath = joinPath(resolved, OutputManifest.fileName)
        switch fileSystem.kind(at: manifestPath) {
        case .missing:
            break
        case .file:
            do { previousManifestText = try fileSystem.readFile(manifestPath) } catch {
                held.release(); undoFolders()
                throw BuildFailure([Self.failure(error, output: output)])
            }
        default:
            held.release(); undoFolders()
            throw BuildFailure([Diagnostic(path: joinPath(output, OutputManifest.fileName), message: "is not a file: sitegen keeps its record of what it wrote here in this file; move what is there away")])
        }
    }

    /// Reads the manifest the folder held (the build does this beside loading the site: a large site's takes as
    /// long). A line it cannot check is the error: the build stops, and nothing is changed.
    package func readManifest() -> BuildFailure? {
        guard let data = previousManifestText else { return nil }
        previousManifestText = nil
        let body: Data, bodySeal: ManifestKey.Seal?
        if let (verified, seal) = key.verifiedBody(of: data) {
            (body, bodySeal) = (verified, seal)
        } else if key.isNew, (try? OutputManifest.parseRecordingFiles(data))?.0.format ?? 4 < 4 {
            // The first build since an update from a sitegen without keys: the record that sitegen kept is believed
            // once, as it believed it, and sealed from now on; every unchanged page would otherwise count as the
            // owner's. (No key and an older record: an attacker who could plant one then could already before.)
            (body, bodySeal) = (data, nil)
        } else {
            unproven = key.isNew
                ? "the site's folder has no \(ManifestKey.fileName), the key that sealed the manifest here (a fresh clone, or the key was removed)"
                : "the manifest here is not sealed with the site's \(ManifestKey.fileName) (it is an older sitegen's, another key's, or edited)"
            return nil
        }
        do {
            var (parsed, files) = try OutputManifest.parseRecordingFiles(body)
            // The new site's records are about as many as the old one's: sized once, not grown a few entries at a time.
            lock.withLock {
                keptLines = Array(repeating: false, count: files.count)
                pageRecords.reserveCapacity(parsed.pages.count)
            }
            previousFiles = files
            previousPages = parsed.pages
            parsed.pages = [:]
            previous = parsed
            if parsed.format == 4, let bodySeal {
                previousIsCurrent = true
                previousBody = (body, bodySeal)
            }
        } catch {
            return BuildFailure([Diagnostic(path: joinPath(displayOutput, OutputManifest.fileName), line: error.line, column: 1,
                                            message: "\(error.message); nothing was changed (the manifest is sitegen's record of what it wrote here, and a build trusts no line it cannot check)")])
        }
        return nil
    }

    private func stagingFolder(_ token: String) -> String { joinPath(output, OutputManifest.stagingPrefix + token) }

    /// Writes one file of the site, or finds it in place already. Safe to call from several threads for different files.
    /// `sourceHash`: a copy's hash, known without reading its source (`AssetHashes`): the source is read only when the
    /// file in place does not hold those bytes.
    package func write(_ file: OutputFile, sourceHash: ContentHash? = nil) throws(BuildFailure) {
        if let problem = OutputManifest.pathProblem(file.path) {
            throw BuildFailure([Diagnostic(path: joinPath(displayOutput, file.path), message: "cannot be written: the path \(problem)")])
        }
        do {
            // A copy whose hash is known is read only when it must be written: the file in place may already be it.
            func contents() throws -> (data: Data, hash: ContentHash) {
                let data = switch file.contents {
                case .data(let data): data
                case .copy(let source): try fileSystem.readFile(source)
                }
                return (data, ContentHash.of(data))
            }
            var read: (data: Data, hash: ContentHash)?
            let hash: ContentHash
            if case .copy = file.contents, let sourceHash {
                hash = sourceHash
            } else {
                let contents = try contents()
                (read, hash) = (contents, contents.hash)
            }
            if let reason = blockage(onTheWayTo: file.path) {
                lock.withLock { blocked[file.path] = reason }
                return
            }
            let target = joinPath(output, file.path)
            let line = previousFiles.index(of: file.path)
            let old = line.map(previousFiles.entry)
            switch fileSystem.kind(at: target) {
            case .missing:
                break
            case .file:
                if let line, let old, old.hashes == [hash], let stamp = old.stamp, fileSystem.stamp(of: target) == stamp {
                    lock.withLock { noteKept(line: line, restampedAs: nil) }
                    return
                }
                let stampBefore = fileSystem.stamp(of: target)
                let current = ContentHash.of(try fileSystem.readFile(target))
                if current == hash {
                    let entry = OutputManifest.FileEntry(hashes: [hash], stamp: stampBefore)
                    lock.withLock {
                        if let line { noteKept(line: line, restampedAs: entry == old ? nil : entry) } else { kept[file.path] = entry }
                    }
                    return
                }
                if !(old?.hashes.contains(current) ?? false) { lock.withLock { _ = foreign.insert(file.path) } }
            case .symbolicLink, .special:
                lock.withLock { _ = foreign.insert(file.path) }
            case .folder:
                // A page's folder that became a file: sitegen's folder goes, if all it holds is sitegen's (`commit`).
                guard previous.folders.contains(file.path) else {
                    lock.withLock { blocked[file.path] = "a folder is where the new site has a file: move it away" }
                    return
                }
                lock.withLock { _ = foldersBecomingFiles.insert(file.path) }
            }
            let (token, number) = try lock.withLock { () throws -> (String, Int) in
                stagedCount += 1
                return (try openStaging(), stagedCount)
            }
            // Staged with the hash of the bytes written: a copy read only now is hashed as it is read.
            let (data, stagedHash) = try read ?? contents()
            try fileSystem.writeNewFile(joinPath(stagingFolder(token), String(number)), data)
            lock.withLock { staged[file.path] = (number, stagedHash) }
        } catch let failure as BuildFailure {
            throw failure
        } catch {
            throw BuildFailure([Self.failure(error, output: displayOutput)])
        }
    }

    /// Whether the files a page wrote before are still in place with the bytes recorded; when they are, they are
    /// part of the new site as they are (`filesInPlace`, noted at once). Safe to call from several threads.
    package func keep(_ paths: [String]) -> Bool {
        guard let files = filesInPlace(paths) else { return false }
        lock.withLock { note(CollectionOfOne(files)) }
        return true
    }

    /// Files of the new site proven in place at their lines of the manifest found (`filesInPlace`), not yet noted
    /// as kept: `keep` notes them at once, `record(kept:)` a whole step's pages under one lock.
    package struct FilesInPlace: Sendable {
        /// The lines whose files are as recorded.
        fileprivate var lines: [Int] = []
        /// The lines whose files hold the bytes recorded under another stamp, with the stamp now (rare).
        fileprivate var restamped: [(line: Int, entry: OutputManifest.FileEntry)] = []
    }

    /// Whether the files a page wrote before are still in place with the bytes recorded, and at which lines of the
    /// manifest found; nil when one is not. Takes no lock: safe to call from several threads. A file whose stamp is
    /// the one recorded is not read again (a `stat`, not a read, per kept file): one edited or removed by hand is
    /// noticed by the next build, which renders its page again, writes a removed file back and stops rather than
    /// write over an edited one.
    package func filesInPlace(_ paths: [String]) -> FilesInPlace? {
        let recorded = previousFiles
        var files = FilesInPlace()
        files.lines.reserveCapacity(paths.count)
        var last: Int?
        for path in paths {
            // No check of the folders on the way: nothing is written here (removals check them).
            guard let line = last.map({ recorded.index(of: path, near: $0) }) ?? recorded.index(of: path), recorded.recordsOneHash(at: line) else { return nil }
            last = line
            let stamp = fileSystem.stamp(of: path, below: output, locked: folderLock)
            if stamp != nil && stamp == recorded.stamp(at: line) {
                files.lines.append(line)
                continue
            }
            // Not as recorded: kept only while its bytes are the ones recorded.
            let target = joinPath(output, path)
            guard let hash = recorded.singleHash(at: line), fileSystem.kind(at: target) == .file, let data = try? fileSystem.readFile(target),
                  ContentHash.of(data) == hash else { return nil }
            if stamp == recorded.stamp(at: line) { files.lines.append(line) } else { files.restamped.append((line, OutputManifest.FileEntry(hashes: [hash], stamp: stamp))) }
        }
        return files
    }

    /// Notes files proven in place as kept, a page's at a time. Under the lock. (`keptLines` is taken out for the
    /// while: one access to it, not one per file.)
    private func note(_ pages: some Sequence<FilesInPlace>) {
        var lines: [Bool] = []
        swap(&lines, &keptLines)
        defer { swap(&lines, &keptLines) }
        for files in pages {
            for line in files.lines { lines[line] = true }
            // Only a line noted otherwise before has an entry to drop (the table is empty in most builds).
            if !restamped.isEmpty { for line in files.lines { restamped[line] = nil } }
            for (line, entry) in files.restamped {
                lines[line] = true
                restamped[line] = entry
            }
        }
    }

    /// A file of the new site found in place at line `line` of the manifest found: as that line records it (nil), or
    /// as `entry`. Under the lock.
    private func noteKept(line: Int, restampedAs entry: OutputManifest.FileEntry?) {
        keptLines[line] = true
        restamped[line] = entry
    }

    /// What every page of the last build shared, as its manifest recorded it.
    package var previousInputs: ContentHash? { previous.inputs }

    /// What every page of this build shares, recorded with the pages.
    package func use(inputs: ContentHash) {
        lock.withLock { currentInputs = inputs }
    }

    /// Forgets the pages recorded so far: the next build renders them all again.
    package func forgetPages() {
        lock.withLock { pageRecords = [:]; keptAsRecorded = []; pagesChanged = true }
    }

    /// What the manifest recorded of each page's last render, but of those this build recorded again: read without
    /// the lock while the kept pages are settled (`PageInputs.kept`), then let go before they are recorded
    /// (`record(kept:)`), so that the table is not copied when a page is recorded.
    package var previousPageRecords: [String: OutputManifest.PageRecord] { lock.withLock { previousPages } }

    /// Remembers what a page was rendered from, for the next build's `keep`. A record that is the one the manifest
    /// found goes into the next manifest as the line it was read from.
    package func record(page source: String, _ record: OutputManifest.PageRecord) {
        lock.withLock { recordLocked(page: source, record) }
    }

    /// A page whose last render is kept: its files proven in place (`filesInPlace`), and its record when it is not
    /// the one the manifest found (a stamp that may be recorded now: `PageInputs.kept`); nil when it is.
    package struct KeptPage: Sendable {
        package let source: String
        package let files: FilesInPlace
        /// The record, held apart (none, or one): most kept pages have none, and a large site's kept pages are all
        /// held at once, a record's room each (megabytes at 10,000 pages) were it held in place.
        private let changed: [OutputManifest.PageRecord]
        package var record: OutputManifest.PageRecord? { changed.first }
        package init(source: String, files: FilesInPlace, record: OutputManifest.PageRecord?) {
            self.source = source
            self.files = files
            changed = record.map { [$0] } ?? []
        }
    }

    /// Notes the pages kept and their files, under one lock for all (a lock per page was contended on every core). A
    /// page kept with the record found stays in the manifest's table, which goes into the next manifest as it is
    /// (`commitState`): its record is neither copied nor compared.
    package func record(kept pages: [KeptPage]) {
        lock.withLock {
            note(pages.lazy.map(\.files))
            for page in pages {
                if let record = page.record { recordLocked(page: page.source, record) } else { keptAsRecorded.append(page.source) }
            }
        }
    }

    /// `record(page:_:)`, under the lock.
    private func recordLocked(page source: String, _ record: OutputManifest.PageRecord) {
        var record = record
        let previous = previousPages.removeValue(forKey: source)
        if previous == record {
            record.recordedLine = previous?.recordedLine
        } else {
            pagesChanged = true
            record.recordedLine = nil
        }
        // Its table let go once every page is recorded again (a large site's is megabytes, held to the end otherwise).
        if previousPages.isEmpty { previousPages = [:] }
        pageRecords[source] = record
    }

    /// The pages of the next manifest: those recorded again, and those kept with the record found (still in the
    /// manifest's table, which the others left). A recorded page neither kept nor recorded again leaves it. Under
    /// the lock, once.
    private func takePageRecords() -> (pages: [String: OutputManifest.PageRecord], dropped: Bool) {
        var previous = previousPages
        previousPages = [:]
        let dropped = previous.count != keptAsRecorded.count
        if dropped {
            let kept = Set(keptAsRecorded)
            previous = previous.filter { kept.contains($0.key) }
        }
        keptAsRecorded = []
        var recorded = pageRecords
        pageRecords = [:]
        // The smaller table goes into the larger: their pages are distinct.
        if previous.count < recorded.count { swap(&previous, &recorded) }
        for (source, record) in recorded { previous[source] = record }
        return (previous, dropped)
    }

    /// Why a file cannot be written at `path`: something other than a folder on the way (a file, or a symbolic
    /// link, which could lead out of the output folder); nil when the way is clear.
    private func blockage(onTheWayTo path: String) -> String? {
        for folder in Self.folders(above: path) {
            if lock.withLock({ checkedFolders.contains(folder) }) { continue }
            switch fileSystem.kind(at: joinPath(output, folder)) {
            case .missing, .folder: lock.withLock { _ = checkedFolders.insert(folder) }
            case .symbolicLink: return "\(folder) is a symbolic link, and sitegen writes nothing through one: replace it with a folder, or move it away"
            case .file where isSitegens(folder):
                // A file sitegen wrote where the new site has a folder: it goes before the folder is made (`commit`).
                lock.withLock { _ = checkedFolders.insert(folder); _ = filesBecomingFolders.insert(folder) }
            case .file, .special: return "\(folder) is a file where the new site has a folder: move it away"
            }
        }
        return nil
    }

    /// The folders a path below the output folder lies in, outermost first: `a/b/c.html` is in `a` and `a/b`.
    static func folders(above path: String) -> [String] {
        var folders: [String] = []
        for part in path.split(separator: "/").dropLast() { folders.append(folders.last.map { $0 + "/" + part } ?? String(part)) }
        return folders
    }

    /// Whether the file at `path` (below the output folder) is one the manifest records, with bytes it records.
    private func isSitegens(_ path: String) -> Bool {
        guard let line = previousFiles.index(of: path), let data = try? fileSystem.readFile(joinPath(output, path)) else { return false }
        return previousFiles.entry(at: line).hashes.contains(ContentHash.of(data))
    }

    /// The staging folder's token, making the folder the first time (emptied of what a killed build left in it,
    /// which its name, made from the key, proves sitegen's). Under the lock.
    private func openStaging() throws -> String {
        if stagingOpened { return stagingToken }
        let folder = stagingFolder(stagingToken)
        if fileSystem.kind(at: folder) == .folder {
            if let left = emptyStaging(folder) { throw FileSystemError(path: joinPath(displayOutput, OutputManifest.stagingPrefix + stagingToken), reason: left) }
        } else {
            try fileSystem.makeFolder(folder)
        }
        stagingOpened = true
        return stagingToken
    }

    /// Removes the staged files (named by number) a killed build left in the staging folder; why it is not empty
    /// after, or nil.
    private func emptyStaging(_ folder: String) -> String? {
        for name in (try? fileSystem.names(in: folder)) ?? [] where !name.isEmpty && name.utf8.allSatisfy({ (48...57).contains($0) }) {
            if fileSystem.kind(at: joinPath(folder, name)) == .file { try? fileSystem.removeFile(joinPath(folder, name)) }
        }
        return ((try? fileSystem.names(in: folder)) ?? []).isEmpty ? nil
            : "holds something sitegen did not write, in the folder a stopped build staged its files in: move it away"
    }

    /// Writes the manifest whole beside the old one, a chunk at a time, sealed with the key, then renames it over:
    /// one or the other is always there, and the old file is never changed (a hard-linked copy keeps it). The key
    /// is written first when it is new.
    private func writeManifest(_ chunks: ((Data) throws -> Void) throws -> Void) throws {
        let seal = ManifestKey.Seal(key: key)
        try replaceManifest { take in
            // Each chunk hashed and written on a thread of its own while the next is put together: the hash and the
            // write of a large site's manifest took as long as making it.
            try Concurrently.handedOn(chunks) { chunk in seal.update(chunk); try take(chunk) }
            try take(ManifestKey.sealLine(seal.finish()))
        }
        manifestRewritten = true
    }

    private var keyKept = false

    /// Writes `chunks` beside the manifest, then renames them over it.
    private func replaceManifest(_ chunks: (_ take: @escaping @Sendable (Data) throws -> Void) throws -> Void) throws {
        let next = joinPath(output, OutputManifest.nextFileName), fileSystem = fileSystem
        if fileSystem.kind(at: next) != .missing { try fileSystem.removeFile(next) }  // a killed build's; the name is sitegen's
        do {
            try fileSystem.writeNewFile(next, Data())
            try chunks { try fileSystem.appendFile(next, $0) }
        } catch {
            try? fileSystem.removeFile(next)
            throw error
        }
        if !keyKept { key.keep(in: siteFolder, fileSystem: fileSystem); keyKept = true }
        try fileSystem.replaceFile(joinPath(output, OutputManifest.fileName), with: next)
    }

    /// What `commit` works on, taken out of the writer (not copied: the final manifest grows from it, and a large
    /// site's is large) and filled in phase by phase.
    private struct Commit {
        // What the build found and staged (`write`, `keep`, `record`).
        var kept: [String: OutputManifest.FileEntry]
        var keptLines: [Bool]
        var restamped: [Int: OutputManifest.FileEntry]
        var staged: [String: (number: Int, hash: ContentHash)]
        var foreign: Set<String>
        var blocked: [String: String]
        var pageRecords: [String: OutputManifest.PageRecord]
        var pagesChanged: Bool
        var inputs: ContentHash?
        /// The staging folder's token, when this build staged a file.
        let token: String?
        /// The file lines of the manifest found.
        let recorded: RecordedFiles
        // What the phases decide.
        /// What a folder becoming a file takes away: all of it sitegen's, and none of it in the new site.
        var folderContents: [String: (files: [String], folders: [String])] = [:]
        /// The recorded files neither kept nor staged: they leave the site.
        var leaving: [String: OutputManifest.FileEntry] = [:]
        /// The folders sitegen made, and those it makes now (`toMake`, outermost first).
        var folders: Set<String> = []
        var toMake: [String] = []
        /// The files the manifest did not record (as their lines, sorted), and those staged over recorded ones (by
        /// line), as they are now.
        var added = RecordedFiles()
        var replaced: [Int: OutputManifest.FileEntry] = [:]
        var warnings: [Diagnostic] = []
        /// What this build changed in the folder, in order, once it began renaming: told when it fails after all.
        var changed: [String] = []
    }

    /// Puts the new site in place: `commitState` takes what the build found, then, one phase each, `refuseBlocked`
    /// (files in the way), `planChanges` (what leaves, which folders to make), `recordBothVersions` (the manifest
    /// before the first rename), `makeWay` (sitegen's files and folders where the other kind goes, new folders),
    /// `renameStaged`, `removeLeaving` (while its bytes are sitegen's), `tidyFolders` (emptied folders, killed
    /// builds' staging folders) and `writeFinalManifest`. Returns warnings (files kept because they changed since
    /// sitegen wrote them).
    @discardableResult
    package func commit() throws(BuildFailure) -> [Diagnostic] {
        defer { folderLock.release() }
        var state = commitState()
        do {
            try refuseBlocked(&state)
            planChanges(&state)
            try recordBothVersions(state)
            renaming = true
            try makeWay(&state)
            try renameStaged(&state)
            try removeLeaving(&state)
            try tidyFolders(&state)
            try writeFinalManifest(&state)
        } catch let failure as BuildFailure {
            discardStaging()
            throw failure
        } catch {
            discardStaging()
            var diagnostic = Self.failure(error, output: displayOutput)
            let changed = state.changed
            if renaming {
                // Past the first rename nothing is undone: the manifest written before it records both versions of
                // every file, and the next build finishes the job. Said as it is, with what changed.
                diagnostic.kind = .outputChanged
                diagnostic.message += changed.isEmpty ? "; nothing was changed yet, and the next build starts again"
                    : "; the build had changed \(changed.count == 1 ? "1 item" : "\(changed.count) items") already, and the next build finishes the job once that is fixed"
                diagnostic.quoted = changed.count <= 10 ? changed : Array(changed.prefix(10)) + ["and \(changed.count - 10) more"]
            }
            throw BuildFailure([diagnostic])
        }
        return state.warnings
    }

    /// What the build found and staged, taken out of the writer.
    private func commitState() -> Commit {
        lock.withLock {
            defer { self.kept = [:]; self.keptLines = []; self.restamped = [:]; self.staged = [:] }
            let (pages, dropped) = takePageRecords()
            return Commit(kept: self.kept, keptLines: self.keptLines, restamped: self.restamped, staged: self.staged, foreign: self.foreign,
                          blocked: self.blocked, pageRecords: pages, pagesChanged: self.pagesChanged || dropped,
                          inputs: self.currentInputs, token: stagingOpened ? stagingToken : nil, recorded: previousFiles)
        }
    }

    /// Stops the build, before anything changes, when a file of the site cannot be written: something in the way
    /// (a folder of the owner's where a file goes, a link on the way), or a file of the owner's without `force`.
    private func refuseBlocked(_ state: inout Commit) throws(BuildFailure) {
        for path in foldersBecomingFiles.sorted() {
            switch sitegensTree(path, keptLines: state.keptLines, staged: state.staged) {
            case .success(let tree): state.folderContents[path] = tree
            case .failure(let problem): state.blocked[path] = "a folder sitegen made is where the new site has a file, and \(problem.reason): move it away"
            }
        }
        let whyForeign = unproven.map { "sitegen cannot prove it wrote this, as \($0), and the new site has other bytes there" } ?? "sitegen did not write this, and the new site has a file there"
        let refused = state.blocked.sorted { $0.key < $1.key }.map { Diagnostic(path: joinPath(displayOutput, $0.key), message: "cannot be written: \($0.value)") }
            + (force ? [] : state.foreign.sorted().map { path in
                Diagnostic(path: joinPath(displayOutput, path), message: "\(whyForeign): move it away, or pass --force to replace what sitegen did not write")
            })
        if !refused.isEmpty {
            throw BuildFailure(refused.count > 5 ? Array(refused.prefix(5)) + [Diagnostic(path: displayOutput, message: "and \(refused.count - 5) more such files")] : refused)
        }
    }

    /// Which recorded files leave the site (neither kept nor staged), and which folders the staged files need made.
    private func planChanges(_ state: inout Commit) {
        let recorded = state.recorded
        // The staged files the manifest recorded, by their line there.
        var stagedLines: [Int: String] = [:]
        for path in state.staged.keys { if let line = recorded.index(of: path) { stagedLines[line] = path } }
        for line in state.keptLines.indices where !state.keptLines[line] && stagedLines[line] == nil {
            state.leaving[recorded.path(at: line)] = recorded.entry(at: line)
        }
        state.folders = previous.folders
        var looked: Set<String> = []
        for path in state.staged.keys.sorted() {
            // Asked of the disk even when recorded: the owner may have removed a folder sitegen made.
            for folder in Self.folders(above: path) where looked.insert(folder).inserted
                && (filesBecomingFolders.contains(folder) || fileSystem.kind(at: joinPath(output, folder)) == .missing) {
                state.folders.insert(folder)
                state.toMake.append(folder)
            }
        }
    }

    /// Before the first rename: every file either version may have is recorded, so a build killed from here on
    /// leaves nothing the next one cannot prove.
    private func recordBothVersions(_ state: Commit) throws {
        guard !state.staged.isEmpty || !state.leaving.isEmpty else { return }
        let recorded = state.recorded
        if let body = previousBody {
            // The manifest found and these lines, read back as one: a file listed twice may have either line's
            // bytes. Sealed from the seal over the manifest found, which is megabytes not read again.
            var lines: [UInt8] = []
            for folder in state.toMake { OutputManifest.appendFolderLine(folder, to: &lines) }
            for path in state.staged.keys.sorted() {
                OutputManifest.appendFileLine(path, OutputManifest.FileEntry(hashes: [state.staged[path]!.hash], stamp: nil), to: &lines)
            }
            let seal = body.seal.copy()
            seal.update(Data(lines))
            try replaceManifest { take in try take(body.bytes); try take(Data(lines)); try take(ManifestKey.sealLine(seal.finish())) }
            manifestRewritten = true
            return
        }
        // No manifest to extend: one written whole, with each file's recorded hashes and the staged one.
        let entries: [(path: String, entry: OutputManifest.FileEntry)]
        if recorded.count == 0 {
            // A build into a folder without a record (a CI deploy) stages every file of the site: listed as they
            // are, not gathered into a table first. A path is kept or staged, never both.
            entries = state.kept.map { (path: $0.key, entry: $0.value) }
                + state.staged.map { (path: $0.key, entry: OutputManifest.FileEntry(hashes: [$0.value.hash], stamp: nil)) }
        } else {
            let previousTable = recorded.table
            var files = previousTable.merging(state.kept) { _, new in new }
            for (line, entry) in state.restamped { files[recorded.path(at: line)] = entry }
            for (path, file) in state.staged {
                files[path] = OutputManifest.FileEntry(hashes: (previousTable[path]?.hashes ?? []) + [file.hash], stamp: previousTable[path]?.stamp)
            }
            entries = files.map { (path: $0.key, entry: $0.value) }
        }
        let lines = RecordedFiles(entries: entries)
        var meanwhile = OutputManifest()
        meanwhile.folders = state.folders
        try writeManifest { take in
            try meanwhile.writeChunks(fileLines: { put in if lines.count > 0 { try put(lines.lines(0..<lines.count)) } }, take)
        }
    }

    /// Sitegen's file where a folder goes, and sitegen's folder where a file goes, make way (checked again: the
    /// owner may have changed them while pages rendered); then the new folders are made.
    private func makeWay(_ state: inout Commit) throws {
        for path in filesBecomingFolders.sorted() where isSitegens(path) {
            try fileSystem.removeFile(joinPath(output, path))
            state.changed.append(path)
        }
        for (path, tree) in state.folderContents.sorted(by: { $0.key < $1.key }) {
            for file in tree.files where isSitegens(file) {
                try fileSystem.removeFile(joinPath(output, file))
                state.changed.append(file)
            }
            for folder in tree.folders { try fileSystem.removeEmptyFolder(joinPath(output, folder)) }
            state.folders.remove(path)
        }
        for folder in state.toMake {
            try fileSystem.makeFolder(joinPath(output, folder))
            state.changed.append(folder + "/")
        }
    }

    /// The staged files renamed over their old versions, each recorded as it is now.
    private func renameStaged(_ state: inout Commit) throws {
        // The kept and staged tables let go as they are used: a build into an empty folder stages every file of the site.
        var added = state.kept.map { (path: $0.key, entry: $0.value) }
        state.kept = [:]
        added.reserveCapacity(added.count + state.staged.count)
        let staging = state.token.map(stagingFolder) ?? ""
        for path in state.staged.keys.sorted() {
            let target = joinPath(output, path)
            try fileSystem.replaceFile(target, with: joinPath(staging, String(state.staged[path]!.number)))
            state.changed.append(path)
            let entry = OutputManifest.FileEntry(hashes: [state.staged[path]!.hash], stamp: fileSystem.stamp(of: target))
            if let line = state.recorded.index(of: path) { state.replaced[line] = entry } else { added.append((path, entry)) }
        }
        state.staged = [:]
        state.added = RecordedFiles(entries: added)
    }

    /// The files that left the site removed, each only while its bytes are the ones recorded (else kept, with a warning).
    private func removeLeaving(_ state: inout Commit) throws {
        for (path, entry) in state.leaving.sorted(by: { $0.key < $1.key }) {
            let target = joinPath(output, path)
            // Gone, something of the owner's now, or behind a link that could lead out of the folder.
            guard fileSystem.kind(at: target) == .file, blockage(onTheWayTo: path) == nil else { continue }
            guard let data = try? fileSystem.readFile(target), entry.hashes.contains(ContentHash.of(data)) else {
                state.warnings.append(Diagnostic(.warning, path: joinPath(displayOutput, path), message: "sitegen wrote this file and the site no longer has it, but it changed since: kept as yours"))
                continue
            }
            try fileSystem.removeFile(target)
            state.changed.append(path)
        }
    }

    /// The folders emptied of what left the site removed (only a build that removed files can have emptied one),
    /// and this build's or a stopped build's staging folder.
    private func tidyFolders(_ state: inout Commit) throws {
        if !state.leaving.isEmpty {
            var finalPaths: Set<String> = []
            let added = state.added
            fileLines(of: state) { line, index in finalPaths.insert(line.map(state.recorded.path) ?? added.path(at: index!)) }
            state.folders = tidy(state.folders, keepingAncestorsOf: finalPaths)
        }
        if let token = state.token {
            try fileSystem.removeEmptyFolder(stagingFolder(token))
        } else if fileSystem.kind(at: stagingFolder(stagingToken)) == .folder {
            // A stopped build's, known by its name.
            if let left = emptyStaging(stagingFolder(stagingToken)) {
                state.warnings.append(Diagnostic(.warning, path: joinPath(displayOutput, OutputManifest.stagingPrefix + stagingToken), message: left))
            } else {
                try fileSystem.removeEmptyFolder(stagingFolder(stagingToken))
            }
        }
    }

    /// The new manifest's file lines, in order: `take(line, nil)` for a recorded line kept or replaced, `take(nil,
    /// index)` for line `index` of the added files.
    private func fileLines(of state: Commit, _ take: (_ line: Int?, _ added: Int?) throws -> Void) rethrows {
        let addedLines = state.added
        var next = 0
        for line in state.keptLines.indices where state.keptLines[line] || state.replaced[line] != nil {
            while next < addedLines.count, RecordedFiles.precedes(addedLines.encodedPath(at: next), state.recorded.encodedPath(at: line)) {
                try take(nil, next); next += 1
            }
            try take(line, nil)
        }
        while next < addedLines.count { try take(nil, next); next += 1 }
    }

    /// The manifest of the new site, written when anything in it changed: a recorded line kept as recorded is copied
    /// as it is.
    private func writeFinalManifest(_ state: inout Commit) throws {
        var final = OutputManifest()
        final.folders = state.folders
        // What did not change is written as the manifest found laid it out (`OutputManifest.Layout`).
        final.layoutRead = previous.layoutRead
        swap(&final.pages, &state.pageRecords)
        final.inputs = final.pages.isEmpty ? nil : state.inputs
        // The flags first: comparing a large site's file records costs more than all of them.
        let filesChanged = state.added.count > 0 || !state.restamped.isEmpty || !state.replaced.isEmpty || state.keptLines.contains(false)
        let recordChanged = state.pagesChanged || manifestRewritten || !previousIsCurrent || final.inputs != previous.inputs
            || final.folders != previous.folders || filesChanged
        // Not needed any more: let go before the new manifest is written.
        previous = OutputManifest()
        defer { previousFiles = RecordedFiles() }
        guard recordChanged else { return }
        let done = state, recorded = state.recorded, replaced = state.replaced, restamped = state.restamped, addedLines = state.added
        try writeManifest { take in
            try final.writeChunks(fileLines: { put in
                // Lines copied as they are, which lie together in the manifest found, go a run at a time.
                var run = 0..<0
                func putRun() throws { if !run.isEmpty { try put(recorded.lines(run)) }; run = 0..<0 }
                try fileLines(of: done) { line, added in
                    if let line, replaced[line] == nil, restamped[line] == nil {
                        if run.isEmpty || run.upperBound != line { try putRun(); run = line..<line }
                        run = run.lowerBound..<(line + 1)
                        return
                    }
                    try putRun()
                    if let line {
                        var encoded: [UInt8] = []
                        OutputManifest.appendFileLine(recorded.path(at: line), (replaced[line] ?? restamped[line])!, to: &encoded)
                        try put(Data(encoded))
                    } else {
                        try put(addedLines.line(at: added!))
                    }
                }
                try putRun()
            }, take)
        }
    }

    /// The files and folders in sitegen's folder `path` (folders deepest first, `path` last), when all of them are
    /// sitegen's and none is in the new site; else why not.
    private func sitegensTree(_ path: String, keptLines: [Bool], staged: [String: (number: Int, hash: ContentHash)]) -> Result<(files: [String], folders: [String]), TreeProblem> {
        var files: [String] = [], folders: [String] = []
        func visit(_ folder: String) -> TreeProblem? {
            guard let names = try? fileSystem.names(in: joinPath(output, folder)) else { return TreeProblem("it cannot be read") }
            for name in names.sorted() {
                let item = folder + "/" + name
                switch fileSystem.kind(at: joinPath(output, item)) {
                case .folder:
                    guard previous.folders.contains(item) else { return TreeProblem("it holds \(item), a folder sitegen did not make") }
                    if let problem = visit(item) { return problem }
                case .file:
                    guard let line = previousFiles.index(of: item), !keptLines[line], staged[item] == nil, isSitegens(item) else {
                        return TreeProblem("it holds \(item), which sitegen did not write or which changed since")
                    }
                    files.append(item)
                case .missing: continue
                default: return TreeProblem("it holds \(item), which sitegen did not write")
                }
            }
            folders.append(folder)
            return nil
        }
        if let problem = visit(path) { return .failure(problem) }
        return .success((files, folders))
    }

    private struct TreeProblem: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// The recorded folders that still exist, after removing those the site no longer needs that are empty now.
    private func tidy(_ folders: Set<String>, keepingAncestorsOf paths: Set<String>) -> Set<String> {
        var needed: Set<String> = []
        for path in paths {
            // Innermost first: once a folder is known, so are the folders above it.
            for folder in Self.folders(above: path).reversed() where !needed.insert(folder).inserted { break }
        }
        var remaining: Set<String> = []
        // Deepest first, so a folder emptied of its emptied folders goes too.
        let deepestFirst = folders.map { (folder: $0, depth: $0.utf8.count(where: { $0 == UInt8(ascii: "/") })) }
            .sorted { $0.depth != $1.depth ? $0.depth > $1.depth : $0.folder < $1.folder }.map(\.folder)
        for folder in deepestFirst {
            let path = joinPath(output, folder)
            guard fileSystem.kind(at: path) == .folder, blockage(onTheWayTo: folder + "/-") == nil else { continue }
            if needed.contains(folder) { remaining.insert(folder); continue }
            if (try? fileSystem.removeEmptyFolder(path)) == nil { remaining.insert(folder) }  // holds the owner's files
        }
        return remaining
    }

    /// Removes this build's staging folder. The manifest needs nothing: it changes only right before the first
    /// rename, to the one that records both versions, which stays.
    private func discardStaging() {
        if lock.withLock({ stagingOpened }) {
            let folder = stagingFolder(stagingToken)
            for name in (try? fileSystem.names(in: folder)) ?? [] { try? fileSystem.removeFile(joinPath(folder, name)) }
            try? fileSystem.removeEmptyFolder(folder)
        }
    }

    /// A build that failed: the output folder is left as it was (one made for it is removed again).
    package func discard() {
        defer { folderLock.release() }
        discardStaging()
        for folder in madeOnTheWay.reversed() { try? fileSystem.removeEmptyFolder(folder) }
    }

    private static func failure(_ error: Error, output: String) -> Diagnostic {
        var diagnostic = Diagnostic(path: output, message: "cannot write the site: \((error as? FileSystemError)?.description ?? "\(error)")")
        diagnostic.kind = .outputWrite
        return diagnostic
    }
}
