import Companions
import Foundation
import LinkChain
import SiteBasics

/// sitegen's record of what it wrote in an output folder: each file with the SHA-256 of the bytes written, the
/// folders it made, and for each page what it was rendered from. It is the only proof of ownership: a file is
/// sitegen's while its bytes still match a hash recorded here, whatever it looks like. Anyone who can write the
/// folder can edit the record, so the writer believes it only when its last line seals it with the site's key
/// (`ManifestKey`, kept outside the folder), and even then checks every line (a path must stay inside the folder
/// and out of hidden places): a bad one stops the build.
///
/// One line per item, fields split by tabs; in paths `%`, `|`, `=` and control characters are percent-encoded. A build
/// never edits the record in place: each change is a whole new record, renamed over the old one (so a hard-linked copy
/// of the folder keeps its own), once before the first file is renamed into place (listing both versions of the
/// files it replaces) and once at the end:
///
///     sitegen-manifest 4
///     inputs  SHA256   (of what every page shares, for the build that wrote this record)
///     file    PATH    SHA256[|SHA256…]    SIZE:INODE:MTIME:CTIME (or -)   (listed again: either line's hashes)
///     folder  PATH
///     policy  NUMBER  POLICY
///     page    SOURCE  DIGEST  FROM  UNTIL  POLICYPATH  #NUMBER  OUTPUT|OUTPUT…  ASSET=SHA256[@STAMP]|…  SOURCESTAMP (or -)
///     seal    HMAC-SHA256 of every byte before this line, with the site's key
///
/// Files are listed sorted by their encoded paths, byte by byte: the writer looks them up in the lines as they are
/// (`RecordedFiles`); lines in any other order are read too. Formats 2 and 3, sitegen's before, are read by `parse`,
/// but were never sealed, so the writer believes none of them.
package struct OutputManifest: Equatable, Sendable {
    package static let fileName = ".sitegen-manifest"
    /// The next manifest, written whole and then renamed over the manifest, so a killed build leaves one or the other.
    package static let nextFileName = ".sitegen-manifest.next"
    static let stagingPrefix = ".sitegen-staging-"
    static let formatLine = "sitegen-manifest 4"
    static let olderFormatLines = ["sitegen-manifest 3": 3, "sitegen-manifest 2": 2]

    package struct FileEntry: Equatable, Sendable {
        /// Every hash the file may still have: one after a finished build; two while a build replaces it.
        package var hashes: [ContentHash]
        /// The file as it was when last checked: equal stamps spare reading the file again.
        package var stamp: FileStamp?
    }

    /// What a page was rendered from and to: while its inputs and files are unchanged, it is not rendered again.
    package struct PageRecord: Equatable, Sendable {
        /// SHA-256 of everything the page's render reads but the assets (the page, the site's settings, the
        /// templates, the icon sets, sitegen itself, the build's options).
        package var digest: ContentHash
        /// The span of `--now` (seconds) its scheduled links give the same page: [from, until).
        package var validFrom: Int64?
        package var validUntil: Int64?
        package var policy: (path: String, policy: SecurityPolicy)?
        package var outputs: [String]
        /// The files under content/ it uses (stylesheet, avatar, background, icons), with their SHA-256.
        package var assets: [String: ContentHash]
        /// The warnings its render gave, said again whenever the page is kept: a page with a warning is kept like any
        /// other, and the warning is not lost. Paths in them are below the site's folder (`RecordedWarning`).
        package var warnings: [RecordedWarning] = []
        /// The page's file as it was read, when a later change cannot share its stamp (`PageInputs`): while its stamp is
        /// the same, and the manifest's `inputs` are this build's, the page is kept without reading it.
        package var sourceStamp: FileStamp? = nil
        /// The stamps of those assets, taken before they were read, where a later change cannot share them (`AssetHashes`):
        /// while an asset's stamp is the same, its hash is the one recorded and the file is not read.
        package var assetStamps: [String: FileStamp] = [:]
        /// The page line this record was read from, when a manifest of this format was: the writer keeps it only for a
        /// record equal to the one read (`SiteWriter.record`), and the next manifest then copies it as it is. Not
        /// part of what the record says (`==` leaves it out).
        var recordedLine: RecordedPageLine? = nil

        package static func == (a: PageRecord, b: PageRecord) -> Bool {
            a.digest == b.digest && a.validFrom == b.validFrom && a.validUntil == b.validUntil && a.outputs == b.outputs
                && a.assets == b.assets && a.policy?.path == b.policy?.path && a.policy?.policy == b.policy?.policy && a.warnings == b.warnings
                && a.sourceStamp == b.sourceStamp && a.assetStamps == b.assetStamps
        }
    }

    /// A page line as a manifest held it, with its line break, and the number of the policy it names there: copied as
    /// it is while that number stays the policy's (`writeChunks`); a large site's page lines, encoded again, were a
    /// tenth of a build that changed one page. Kept lines that lay together in the manifest read go on as one run.
    struct RecordedPageLine: Sendable {
        let manifest: ReadManifest
        /// Where the line lies in `manifest.data`.
        let range: Range<Int>
        let policyNumber: Int?

        var bytes: Data { manifest.data[range] }
    }

    /// The bytes of a manifest read, shared by what is kept of it as it was (page lines, the folder block), so that
    /// lines that lay together there are known to, and copied together.
    final class ReadManifest: Sendable {
        let data: Data
        init(_ data: Data) { self.data = data }
    }

    /// How the manifest read laid out what does not change in a build that edits a page: its folder lines, when they
    /// lay together, and the pages' sources in the order read. The next manifest reuses them while they are what it
    /// would write (`writeChunks` checks): the folders sorted and encoded again, and the pages sorted by source, were a
    /// fifth of writing a large site's manifest. Not part of what the manifest says (`==` leaves it out).
    struct Layout: Equatable, Sendable {
        var folderLines: (manifest: ReadManifest, range: Range<Int>, count: Int)? = nil
        /// The folders those lines name.
        var folders: Set<String> = []
        var pageOrder: [String] = []

        static func == (a: Layout, b: Layout) -> Bool { true }
    }

    /// A warning as the manifest keeps it: its path below the site's folder when it is there, so that the warning
    /// names the file the way this build's `--source` does; any other path as it was shown.
    package struct RecordedWarning: Equatable, Sendable {
        package var diagnostic: Diagnostic
        package var isBelowSite: Bool

        /// `diagnostic`, whose path shows the site's folder as `sourceDirectory`.
        package init(_ diagnostic: Diagnostic, sourceDirectory: String) {
            let prefix = joinPath(sourceDirectory, "")
            self.diagnostic = diagnostic
            isBelowSite = diagnostic.path.hasPrefix(prefix)
            if isBelowSite { self.diagnostic.path.removeFirst(prefix.count) }
        }

        init(diagnostic: Diagnostic, isBelowSite: Bool) {
            self.diagnostic = diagnostic
            self.isBelowSite = isBelowSite
        }

        /// The warning, naming its file as a build from `sourceDirectory` does.
        package func shown(from sourceDirectory: String) -> Diagnostic {
            var shown = diagnostic
            if isBelowSite { shown.path = joinPath(sourceDirectory, diagnostic.path) }
            return shown
        }
    }

    package var files: [String: FileEntry] = [:]
    package var folders: Set<String> = []
    package var pages: [String: PageRecord] = [:]
    /// The SHA-256 of what every page shared in the build that wrote the pages' records (`PageInputs`).
    package var inputs: ContentHash?
    /// The format read: 4, or 3 or 2 for an older sitegen's manifest.
    package internal(set) var format = 4
    /// The layout of the manifest read, for the next one (`SiteWriter` hands it on).
    var layoutRead = Layout()
    /// Warning lines read before the page they belong to is known (parts of a manifest are read apart), with their lines.
    private var pendingWarnings: [PendingWarning] = []
    /// The page lines a part of a manifest read, in order: put into `pages` once, when the parts are merged, rather
    /// than into a table per part and then again into the whole (a large site's records, hashed and copied twice).
    private var readPages: [ReadPage] = []
    private struct ReadPage: Equatable, Sendable {
        var source: String
        var record: PageRecord
    }
    private struct PendingWarning: Equatable, Sendable {
        var source: String
        var warning: RecordedWarning
        var line: Int
    }

    package init() {}

    // MARK: reading

    package struct Problem: Error, Equatable, Sendable {
        package var line: Int
        package var message: String
    }

    /// Reads a manifest; the first bad line is the error (a build then stops, and nothing is removed).
    package static func parse(_ text: String) throws(Problem) -> OutputManifest {
        try parse(Data(text.utf8))
    }

    /// The same from the file's bytes, as the writer reads them. Lines and fields are read as slices of those bytes,
    /// never as Strings or Characters: a manifest of 10,000 pages has 40,000 lines, and a String for each field cost
    /// more than the rest of a build with nothing to do; only the paths kept become Strings.
    static func parse(_ data: Data) throws(Problem) -> OutputManifest {
        try parse(data, recordingFiles: false).manifest
    }

    /// For the writer: the manifest without its files, which come as `RecordedFiles` (their lines, unparsed, when
    /// they lie together sorted, as a finished build writes them).
    static func parseRecordingFiles(_ data: Data) throws(Problem) -> (manifest: OutputManifest, files: RecordedFiles) {
        let (manifest, files) = try parse(data, recordingFiles: true)
        return (manifest, files!)
    }

    private static func parse(_ data: Data, recordingFiles: Bool) throws(Problem) -> (manifest: OutputManifest, files: RecordedFiles?) {
        let result = data.withUnsafeBytes { raw -> Result<(OutputManifest, RecordedFiles?), Problem> in
            do throws(Problem) { return .success(try parse(bytes: ManifestBytes(raw.bindMemory(to: UInt8.self)), of: data, recordingFiles: recordingFiles)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// `bytes` are `data`'s; with `recordingFiles`, the file lines come as `RecordedFiles`.
    private static func parse(bytes: ManifestBytes, of data: Data, recordingFiles: Bool) throws(Problem) -> (OutputManifest, RecordedFiles?) {
        // A last line without its line break was being added when a build was killed: it never happened.
        let lines = bytes.lines
        let isNote = bytes.isNote, isPolicy = bytes.isPolicy
        guard let formatIndex = lines.firstIndex(where: { !isNote($0) }) else {
            throw Problem(line: 1, message: "expected '\(formatLine)': the manifest is empty")
        }
        let format: Int
        let first = bytes.buffer[lines[formatIndex]]
        if first.elementsEqual(formatLine.utf8) {
            format = 4
        } else if let older = olderFormatLines.first(where: { first.elementsEqual($0.key.utf8) }) {
            format = older.value
        } else {
            throw Problem(line: formatIndex + 1, message: "expected '\(formatLine)': a manifest of an older sitegen, or not one at all (it records no hashes, so it proves nothing; remove it, and the files here count as yours)")
        }
        let held = ReadManifest(data)
        // The few policies first, which pages name by number; then the rest in parts, on every core, merged in order.
        var policies: [Int: SecurityPolicy] = [:]
        var ignored = OutputManifest()
        for index in lines.indices where index > formatIndex && isPolicy(lines[index]) {
            try ignored.read(lines[index], of: bytes, in: held, line: index + 1, format: format, policies: &policies)
        }
        let known = policies
        // The folder lines, when they lie together (as a build writes them): their bytes, for the next manifest.
        let isFolder = bytes.isFolder
        var folderLines: (first: Int, end: Int)? = nil
        if let first = lines.indices.first(where: { $0 > formatIndex && isFolder(lines[$0]) }) {
            let end = lines[first...].firstIndex { !isFolder($0) } ?? lines.count
            if !lines[end...].contains(where: isFolder) { folderLines = (first, end) }
        }
        // The files' lines, when they lie together (as a build writes them), are kept as they are, not read into a table.
        var recorded: RecordedFiles? = nil
        var fileProblem: Problem? = nil
        var skipped = 0..<0
        let isFile = bytes.isFile
        if recordingFiles, let first = lines.indices.first(where: { $0 > formatIndex && isFile(lines[$0]) }) {
            let end = lines[first...].firstIndex { !isFile($0) } ?? lines.count
            if !lines[end...].contains(where: isFile) {
                do throws(Problem) {
                    recorded = try RecordedFiles(lines: lines[first..<end], of: bytes.buffer, in: data, firstLine: first + 1)
                } catch {
                    fileProblem = error
                }
                if recorded != nil || fileProblem != nil { skipped = first..<end }
            }
        }
        let skippedFiles = skipped
        let partSize = 4096
        let starts = Array(stride(from: formatIndex + 1, to: lines.count, by: partSize))
        var parts = Concurrently.map(starts) { start -> Result<OutputManifest, Problem> in
            var part = OutputManifest()
            var policies = known
            let range = start..<min(start + partSize, lines.count)
            // Sized once: a table grown line by line leaves its smaller ones behind, which was most of what reading a
            // large site's manifest added to the build's peak memory.
            part.files.reserveCapacity(range.count { !skippedFiles.contains($0) && isFile(lines[$0]) })
            part.readPages.reserveCapacity(range.count { bytes.starts(lines[$0], with: "page\t") })
            for index in range where !skippedFiles.contains(index) && !isNote(lines[index]) && !isPolicy(lines[index]) {
                do throws(Problem) { try part.read(lines[index], of: bytes, in: held, line: index + 1, format: format, policies: &policies) } catch { return .failure(error) }
            }
            return .success(part)
        }
        var manifest = OutputManifest()
        manifest.format = format
        var fileCount = 0, pageCount = 0
        for case .success(let part) in parts { fileCount += part.files.count; pageCount += part.readPages.count }
        // Sized once: growing a dictionary of tens of thousands of entries part by part left the old tables behind.
        manifest.files.reserveCapacity(fileCount)
        manifest.pages.reserveCapacity(pageCount)
        manifest.layoutRead.pageOrder.reserveCapacity(pageCount)
        // Each part let go once merged, so the parts and the whole are not all held at once.
        for index in parts.indices {
            let part = parts[index]
            parts[index] = .success(OutputManifest())
            switch part {
            case .failure(let problem): throw fileProblem.map { $0.line < problem.line ? $0 : problem } ?? problem
            case .success(let part): manifest.merge(part)
            }
        }
        if let fileProblem { throw fileProblem }
        for pending in manifest.pendingWarnings {
            guard manifest.pages[pending.source] != nil else {
                throw Problem(line: pending.line, message: "a warning of page '\(encode(pending.source))', which no page line records")
            }
            manifest.pages[pending.source]!.warnings.append(pending.warning)
        }
        manifest.pendingWarnings = []
        manifest.layoutRead.folders = manifest.folders
        if let (first, end) = folderLines {
            let start = data.startIndex
            manifest.layoutRead.folderLines = (held, (start + lines[first].lowerBound)..<(start + lines[end - 1].upperBound + 1), end - first)
        }
        if recordingFiles && recorded == nil {
            recorded = RecordedFiles(manifest.files)
            manifest.files = [:]
        }
        return (manifest, recorded)
    }

    /// Adds what a later part of the same manifest read.
    private mutating func merge(_ later: OutputManifest) {
        for (path, entry) in later.files {
            if var known = files[path] {
                known.hashes += entry.hashes.filter { !known.hashes.contains($0) }
                files[path] = known
            } else {
                files[path] = entry
            }
        }
        // The first part's folders taken as they are, not hashed into an empty set again.
        if folders.isEmpty { folders = later.folders } else { folders.formUnion(later.folders) }
        inputs = later.inputs ?? inputs
        // A page listed again: the later line holds.
        for page in later.readPages { pages[page.source] = page.record; layoutRead.pageOrder.append(page.source) }
        pendingWarnings += later.pendingWarnings
    }

    /// One line's fields, into the manifest; `bytes` are `data`'s.
    private mutating func read(_ line: Range<Int>, of bytes: ManifestBytes, in read: ReadManifest, line number: Int, format: Int, policies: inout [Int: SecurityPolicy]) throws(Problem) {
        func path(_ field: ManifestBytes.Field, kind: String) throws(Problem) -> String {
            if let reason = Self.encodedPathProblem(field.bytes) { throw Problem(line: number, message: "\(kind) path '\(field.text)' \(reason)") }
            return field.decoded!
        }
        // A folder line, one of every three of a large site's, is read without an array of its fields.
        if bytes.starts(line, with: "folder\t") {
            let field = ManifestBytes.Field(bytes: bytes.buffer[(line.lowerBound + 7)..<line.upperBound])
            guard !field.bytes.contains(9) else { throw Problem(line: number, message: "expected 'folder' and a path, split by a tab") }
            folders.insert(try path(field, kind: "folder"))
            return
        }
        let fields = bytes.fields(line)
        func hash(_ field: ManifestBytes.Field) -> ContentHash? { ContentHash(hex: field.bytes) }
        func readStamp(_ field: ManifestBytes.Field) throws(Problem) -> FileStamp? {
            if field.isNone { return nil }
            guard let stamp = RecordedFiles.readStamp(field) else { throw Problem(line: number, message: "expected a stamp SIZE:INODE:MTIME:CTIME or -") }
            return stamp
        }
        switch fields.first?.text {
        case "inputs":
            guard fields.count == 2, let digest = hash(fields[1]) else { throw Problem(line: number, message: "expected 'inputs' and a SHA-256 (64 hex digits), split by a tab") }
            inputs = digest
        case "file":
            // The one check of a file line, which the sorted block's lines get too (`RecordedFiles`).
            let line = UnsafeBufferPointer(rebasing: fields[0].bytes.base[fields[0].bytes.startIndex..<fields[fields.count - 1].bytes.endIndex])
            let parts = try RecordedFiles.checkFileLine(line, line: number)
            let hashes = line[parts.hashes].split(separator: UInt8(ascii: "|")).map { ContentHash(hex: $0)! }
            // A file listed again (added while a build replaced it) may have either line's bytes.
            let filePath = Self.decode(String(decoding: line[parts.path], as: UTF8.self))!
            if var known = files[filePath] {
                known.hashes += hashes.filter { !known.hashes.contains($0) }
                files[filePath] = known
            } else {
                files[filePath] = FileEntry(hashes: hashes, stamp: parts.stamp)
            }
        case "folder":
            throw Problem(line: number, message: "expected 'folder' and a path, split by a tab")  // without its tab (read above with it)
        case "policy":
            guard fields.count == 3, let number = fields[1].integer, let policy = Self.decodePolicy(fields[2].text) else {
                throw Problem(line: number, message: "expected 'policy', its number and the policy, split by tabs")
            }
            policies[Int(number)] = policy
        case "staging" where format < 4:
            break  // an older sitegen's record of its staging folder, which this one names by its key instead
        case "page":
            guard fields.count == (format == 2 ? 9 : 10) else {
                throw Problem(line: number, message: "expected 'page' and \(format == 2 ? "eight" : "nine") fields, split by tabs")
            }
            guard Self.encodedPathProblem(fields[1].bytes) == nil, let source = fields[1].decoded else {
                throw Problem(line: number, message: "page source '\(fields[1].text)' is not a plain path")
            }
            guard let digest = hash(fields[2]) else { throw Problem(line: number, message: "expected the page's digest, 64 hex digits") }
            func time(_ field: ManifestBytes.Field) throws(Problem) -> Int64? {
                if field.isNone { return nil }
                guard let value = field.integer else { throw Problem(line: number, message: "expected a time in seconds or -, found '\(field.text)'") }
                return value
            }
            var record = PageRecord(digest: digest, validFrom: try time(fields[3]), validUntil: try time(fields[4]), policy: nil, outputs: [], assets: [:])
            var policyNumber: Int? = nil
            if !fields[5].isNone {
                guard let policyPath = fields[5].decoded, fields[6].bytes.first == UInt8(ascii: "#"),
                      let number = ManifestBytes.Field(bytes: fields[6].bytes.dropFirst()).integer, let policy = policies[Int(number)] else {
                    throw Problem(line: number, message: "the page's policy cannot be read")
                }
                record.policy = (policyPath, policy)
                policyNumber = Int(number)
            }
            let outputs = fields[7].split("|")
            record.outputs.reserveCapacity(outputs.count)
            for output in outputs { record.outputs.append(try path(output, kind: "page output")) }
            for asset in fields[8].split("|") {
                let parts = asset.split("="), hashAndStamp = parts.count == 2 ? parts[1].split("@") : []
                guard parts.count == 2, Self.encodedPathProblem(parts[0].bytes) == nil, let assetPath = parts[0].decoded,
                      (1...2).contains(hashAndStamp.count), let hash = hash(hashAndStamp[0]) else {
                    throw Problem(line: number, message: "expected the page's assets as PATH=SHA256 split by '|'")
                }
                record.assets[assetPath] = hash
                if hashAndStamp.count == 2 {
                    guard let stamp = try readStamp(hashAndStamp[1]) else { throw Problem(line: number, message: "expected an asset's stamp SIZE:INODE:MTIME:CTIME") }
                    record.assetStamps[assetPath] = stamp
                }
            }
            if format > 2 { record.sourceStamp = try readStamp(fields[9]) }
            if format == 4 {
                // The line as it is (in the bytes read), for the next manifest while the page's record stays this one.
                let start = read.data.startIndex + line.lowerBound
                record.recordedLine = RecordedPageLine(manifest: read, range: start..<(start + line.count + 1), policyNumber: policyNumber)
            }
            readPages.append(ReadPage(source: source, record: record))
        case "warning":
            // warning, the page's source, where (r: below the site, a: as shown), path, line, column, caret column,
            // message, source line, hint; a text that may be absent is '-' or '+' and the text.
            guard fields.count == 10, let source = fields[1].decoded, Self.pathProblem(source) == nil,
                  ["r", "a"].contains(fields[2].text), let path = fields[3].decoded,
                  let line = fields[4].integer, let column = fields[5].integer, let message = fields[7].decoded else {
                throw Problem(line: number, message: "expected 'warning', the page's source and eight fields, split by tabs")
            }
            func optional(_ field: ManifestBytes.Field) throws(Problem) -> String? {
                if field.isNone { return nil }
                guard field.bytes.first == UInt8(ascii: "+"), let text = ManifestBytes.Field(bytes: field.bytes.dropFirst()).decoded else {
                    throw Problem(line: number, message: "expected '-' or '+' and a text, found '\(field.text)'")
                }
                return text
            }
            var diagnostic = Diagnostic(.warning, path: path, line: Int(line), column: Int(column), message: message, sourceLine: try optional(fields[8]))
            diagnostic.caretColumn = try optional(fields[6]).map { text throws(Problem) -> Int in
                guard let caret = Int(text) else { throw Problem(line: number, message: "expected a caret column, found '\(text)'") }
                return caret
            }
            diagnostic.hint = try optional(fields[9])
            pendingWarnings.append(PendingWarning(source: source, warning: RecordedWarning(diagnostic: diagnostic, isBelowSite: fields[2].text == "r"), line: number))
        default:
            throw Problem(line: number, message: "expected a line starting with inputs, file, folder, policy, page or warning")
        }
    }

    /// Why a recorded path may not be touched, or nil: it must be relative and normalised, and hidden nowhere but
    /// the `.well-known/` files sitegen writes (so no record reaches `.git`, `.env` or anything above the folder).
    static func pathProblem(_ path: String) -> String? {
        let utf8 = path.utf8
        if utf8.isEmpty { return "is empty" }
        // Read for every path of a manifest (tens of thousands): the scalars are looked at only when a byte is not
        // printable ASCII, and the path's parts are found without splitting it.
        if !utf8.allSatisfy({ (0x20..<0x7F).contains($0) }), path.unicodeScalars.contains(where: ControlCharacters.isControlOrLineSeparator) { return "holds a control character" }
        return utf8.withContiguousStorageIfAvailable(partProblem) ?? Array(utf8).withUnsafeBufferPointer(partProblem)
    }

    /// Why a path as the manifest writes it (percent-encoded) may not be touched, or nil: the one check of a recorded
    /// path of a file, a folder or a page's output. A plain printable ASCII path, as most are, is checked on its bytes,
    /// without a String.
    static func encodedPathProblem(_ encoded: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
        let bytes = UnsafeBufferPointer(rebasing: encoded)
        var isPlain = !bytes.isEmpty
        for byte in bytes where byte == UInt8(ascii: "%") || byte &- 0x20 >= 0x5F { isPlain = false; break }  // one pass: no escape, all printable
        if isPlain { return partProblem(bytes) }
        guard let decoded = ManifestBytes.Field(bytes: encoded).decoded else { return "is not percent-encoded correctly" }
        return pathProblem(decoded)
    }

    /// The problem of the first part of a path (split at `/`) that is empty, `.`, `..` or hidden, or nil.
    static func partProblem(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var start = 0
        var isFirst = true
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
            let part = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if part.isEmpty { return "is not a plain relative path inside the folder" }
            // Only a part starting with a dot is compared with words (asked of every part of tens of thousands of paths).
            if part[0] == UInt8(ascii: ".") {
                if part.count == 1 || (part.count == 2 && part[1] == UInt8(ascii: ".")) { return "is not a plain relative path inside the folder" }
                if !(isFirst && part.elementsEqual(".well-known".utf8)) {
                    return "names a hidden item ('\(String(decoding: part, as: UTF8.self))'), which sitegen never writes"
                }
            }
            isFirst = false
            start = end + 1
        }
        return nil
    }

    // MARK: writing

    /// The manifest as written, without its seal (the writer's, which holds the key): comments, the format, then the
    /// folders, files and pages, sorted.
    package var data: Data {
        var data = Data()
        writeChunks { data.append($0) }
        return data
    }

    package var text: String { String(decoding: data, as: UTF8.self) }

    /// The manifest as written, in chunks of about `chunkSize` bytes, for the writer to put in the file one after
    /// another: a large site's manifest is megabytes, and held whole beside the build it was its largest allocation.
    func writeChunks<Failure: Error>(chunkSize: Int = 256 * 1024, _ take: (Data) throws(Failure) -> Void) throws(Failure) {
        let sorted = RecordedFiles(files)
        try writeChunks(chunkSize: chunkSize, fileLines: { put throws(Failure) in
            for index in 0..<sorted.count { try put(sorted.line(at: index)) }
        }, take)
    }

    /// The same, with the `file` lines put in by `fileLines`, sorted by their encoded paths, in place of `files`'
    /// (the writer's, which copies most of them from the manifest it found), given to `put` a line or more at a time, each with its line break.
    func writeChunks<Failure: Error>(chunkSize: Int = 256 * 1024, fileLines: (_ put: (Data) throws(Failure) -> Void) throws(Failure) -> Void,
                                     _ take: (Data) throws(Failure) -> Void) throws(Failure) {
        try withoutActuallyEscaping(take) { take throws(Failure) in try writeChunks(chunkSize: chunkSize, escapingFileLines: fileLines, take) }
    }

    private func writeChunks<Failure: Error>(chunkSize: Int, escapingFileLines fileLines: (_ put: (Data) throws(Failure) -> Void) throws(Failure) -> Void,
                                             _ take: @escaping (Data) throws(Failure) -> Void) throws(Failure) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(chunkSize + 4096)
        func flush(_ force: Bool) throws(Failure) {
            guard !bytes.isEmpty, force || bytes.count >= chunkSize else { return }
            try take(Data(bytes))
            bytes.removeAll(keepingCapacity: true)
        }
        bytes += Array(("# sitegen's record of the files it wrote here, with the SHA-256 of their bytes: a build replaces or removes\n"
            + "# a file only while its bytes match. Edit nothing; remove this file and every file here counts as yours.\n"
            + Self.formatLine + "\n").utf8)
        if let inputs {
            bytes += "inputs\t".utf8
            inputs.appendHex(to: &bytes)
            bytes.append(10)
        }
        /// Lines as they are: a long run goes as it is, not copied into a chunk first.
        func put(_ lines: Data) throws(Failure) {
            if lines.count >= chunkSize {
                try flush(true)
                try take(lines)
            } else {
                bytes += lines
                try flush(false)
            }
        }
        if let block = layoutRead.folderLines, block.count == folders.count, folders == layoutRead.folders,
           Self.isWrittenOrder(folderLines: block.manifest.data[block.range]) {
            try put(block.manifest.data[block.range])
        } else {
            for path in folders.sorted() { Self.appendFolderLine(path, to: &bytes); try flush(false) }
        }
        try fileLines(put)
        // Most pages share a policy: each is written once, and pages name it by number.
        // Their places in the table, sorted by source: each record is then reached without hashing its source, and
        // without moving records while sorting.
        let sorted = pageOrder()
        var policyNumbers: [SecurityPolicy: Int] = [:]
        // Most pages have the policy of the page before: compared, not hashed again (equal arrays read from one
        // manifest line share their storage, and compare at once).
        var last: (policy: SecurityPolicy, number: Int)? = nil
        func number(of policy: SecurityPolicy) -> Int {
            if let last, last.policy == policy { return last.number }
            let number = policyNumbers[policy]!
            last = (policy, number)
            return number
        }
        // Records read in place (`values[index]`), not copied out of the table with every field retained: most
        // pages need only their policy here and their recorded line below.
        let records = pages.values
        for index in sorted {
            guard let policy = records[index].policy?.policy, last?.policy != policy, policyNumbers[policy] == nil else { continue }
            policyNumbers[policy] = policyNumbers.count
            last = (policy, policyNumbers[policy]!)
            bytes += "policy\t\(policyNumbers[policy]!)\t\(Self.encodePolicy(policy))\n".utf8
            try flush(false)
        }
        /// A page's warning lines, which follow its line.
        func appendWarnings(of source: String, _ record: PageRecord) {
            func tab() { bytes.append(9) }
            for warning in record.warnings {
                let diagnostic = warning.diagnostic
                func optional(_ text: String?) {
                    tab()
                    if let text { bytes.append(UInt8(ascii: "+")); Self.appendEncoded(text, to: &bytes) } else { bytes.append(UInt8(ascii: "-")) }
                }
                bytes += "warning".utf8
                tab(); Self.appendEncoded(source, to: &bytes)
                tab(); bytes.append(UInt8(ascii: warning.isBelowSite ? "r" : "a"))
                tab(); Self.appendEncoded(diagnostic.path, to: &bytes)
                tab(); Self.appendDecimal(Int64(diagnostic.line), to: &bytes)
                tab(); Self.appendDecimal(Int64(diagnostic.column), to: &bytes)
                optional(diagnostic.caretColumn.map(String.init))
                tab(); Self.appendEncoded(diagnostic.message, to: &bytes)
                optional(diagnostic.sourceLine)
                optional(diagnostic.hint)
                bytes.append(10)
            }
        }
        // Kept lines that lay together in the manifest read go on together, as one run of its bytes.
        var run: (manifest: ReadManifest, range: Range<Int>)? = nil
        func putRun() throws(Failure) {
            if let run { try put(run.manifest.data[run.range]) }
            run = nil
        }
        for index in sorted {
            // The line read, while the record is the one read and its policy keeps its number.
            let keptLine = records[index].recordedLine.flatMap { line in
                line.policyNumber == records[index].policy.map({ number(of: $0.policy) }) ? line : nil
            }
            if let line = keptLine, records[index].warnings.isEmpty {
                if let current = run, current.manifest === line.manifest, current.range.upperBound == line.range.lowerBound {
                    run = (current.manifest, current.range.lowerBound..<line.range.upperBound)
                } else {
                    try putRun()
                    run = (line.manifest, line.range)
                }
                continue
            }
            try putRun()
            let (source, record) = pages[index]
            if let line = keptLine {
                bytes += line.bytes
                appendWarnings(of: source, record)
                try flush(false)
                continue
            }
            func tab() { bytes.append(9) }
            func time(_ value: Int64?) { if let value { Self.appendDecimal(value, to: &bytes) } else { bytes.append(UInt8(ascii: "-")) } }
            bytes += "page".utf8
            tab(); Self.appendEncoded(source, to: &bytes)
            tab(); record.digest.appendHex(to: &bytes)
            tab(); time(record.validFrom)
            tab(); time(record.validUntil)
            if let policy = record.policy {
                tab(); Self.appendEncoded(policy.path, to: &bytes)
                tab(); bytes.append(UInt8(ascii: "#")); Self.appendDecimal(Int64(number(of: policy.policy)), to: &bytes)
            } else {
                bytes += "\t-\t-".utf8
            }
            tab()
            for (index, output) in record.outputs.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: "|")) }
                Self.appendEncoded(output, to: &bytes)
            }
            tab()
            for (index, path) in record.assets.keys.sorted().enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: "|")) }
                Self.appendEncoded(path, to: &bytes)
                bytes.append(UInt8(ascii: "="))
                record.assets[path]!.appendHex(to: &bytes)
                if let stamp = record.assetStamps[path] {
                    bytes.append(UInt8(ascii: "@"))
                    Self.appendStamp(stamp, to: &bytes)
                }
            }
            tab(); Self.appendStamp(record.sourceStamp, to: &bytes)
            bytes.append(10)
            appendWarnings(of: source, record)
            try flush(false)
        }
        try putRun()
        try flush(true)
    }

    /// The places of the pages in the table, sorted by source: the order the manifest read gave them in, while it
    /// holds the same sources sorted (as a build that edits pages finds), else sorted again.
    private func pageOrder() -> [Dictionary<String, PageRecord>.Index] {
        let read = layoutRead.pageOrder
        if read.count == pages.count {
            var order: [Dictionary<String, PageRecord>.Index] = []
            order.reserveCapacity(read.count)
            for (number, source) in read.enumerated() {
                guard number == 0 || read[number - 1] < source, let index = pages.index(forKey: source) else { break }
                order.append(index)
            }
            // As many sources, each sorted after the one before and each in the table: the table's sources, sorted.
            if order.count == pages.count { return order }
        }
        return pages.indices.sorted { pages[$0].key < pages[$1].key }
    }

    /// Whether folder lines are the ones `folders.sorted()` writes for the folders they name: sorted by path, each
    /// once, each path encoded as `appendEncoded` encodes it. Lines of printable ASCII paths without an escape (as
    /// most are) are compared as bytes, which sort as those Strings do; any other is decoded and encoded again.
    static func isWrittenOrder(folderLines block: Data) -> Bool {
        block.withUnsafeBytes { raw -> Bool in
            let all = raw.bindMemory(to: UInt8.self)
            let prefix = "folder\t".utf8.count
            var start = 0
            var previous: (path: Range<Int>, isPlain: Bool)? = nil
            while start < all.count {
                guard let found = memchr(all.baseAddress! + start, 10, all.count - start) else { return false }
                let end = all.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let path = (start + prefix)..<end
                let encoded = UnsafeBufferPointer(rebasing: all[path])
                let isPlain = !encoded.contains { isEncodedInPaths($0) || $0 >= 0x7F }
                if !isPlain {
                    guard let decoded = ManifestBytes.Field(bytes: all[path]).decoded else { return false }
                    var again: [UInt8] = []
                    appendEncoded(decoded, to: &again)
                    guard again.elementsEqual(encoded) else { return false }
                }
                if let previous {
                    if previous.isPlain && isPlain {
                        guard RecordedFiles.precedes(all[previous.path], all[path]) else { return false }
                    } else {
                        guard let a = ManifestBytes.Field(bytes: all[previous.path]).decoded, let b = ManifestBytes.Field(bytes: all[path]).decoded, a < b else { return false }
                    }
                }
                previous = (path, isPlain)
                start = end + 1
            }
            return true
        }
    }

    /// A number in decimal, without a String between: the digits last to first (division by a constant, which is a
    /// multiplication), then put in order.
    static func appendDecimal(_ value: UInt64, to bytes: inout [UInt8]) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for UInt64.max's 20 digits, a byte each
        let count = withUnsafeMutableBytes(of: &digits) { room -> Int in
            var rest = value, count = 0
            repeat {
                room[19 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            return count
        }
        withUnsafeBytes(of: &digits) { bytes.append(contentsOf: $0[(20 - count)..<20]) }
    }

    static func appendDecimal(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDecimal(value.magnitude, to: &bytes)
    }

    static func appendFolderLine(_ path: String, to bytes: inout [UInt8]) {
        bytes += "folder\t".utf8
        appendEncoded(path, to: &bytes)
        bytes.append(10)
    }

    static func appendFileLine(_ path: String, _ entry: FileEntry, to bytes: inout [UInt8]) {
        bytes += "file\t".utf8
        appendEncoded(path, to: &bytes)
        bytes.append(9)
        for (index, hash) in entry.hashes.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "|")) }
            hash.appendHex(to: &bytes)
        }
        bytes.append(9)
        appendStamp(entry.stamp, to: &bytes)
        bytes.append(10)
    }

    /// `SIZE:INODE:MTIME:CTIME`, or `-` for none.
    static func appendStamp(_ stamp: FileStamp?, to bytes: inout [UInt8]) {
        guard let stamp else { bytes.append(UInt8(ascii: "-")); return }
        appendDecimal(stamp.size, to: &bytes); bytes.append(UInt8(ascii: ":"))
        appendDecimal(stamp.inode, to: &bytes); bytes.append(UInt8(ascii: ":"))
        appendDecimal(stamp.modified, to: &bytes); bytes.append(UInt8(ascii: ":"))
        appendDecimal(stamp.changed, to: &bytes)
    }

    /// Whether a path's byte is percent-encoded in the manifest.
    @Sendable static func isEncodedInPaths(_ byte: UInt8) -> Bool {
        ControlCharacters.isASCIIControl(byte) || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "|") || byte == UInt8(ascii: "=")
    }

    /// A path with `%`, `|`, `=` and control bytes percent-encoded.
    static func appendEncoded(_ path: String, to bytes: inout [UInt8]) {
        // Most paths need no escape: appended whole (a manifest writes tens of thousands).
        guard path.utf8.contains(where: isEncodedInPaths) else { bytes += path.utf8; return }
        for byte in path.utf8 {
            if isEncodedInPaths(byte) {
                PercentEncoding.appendEscape(byte, to: &bytes)
            } else {
                bytes.append(byte)
            }
        }
    }

    static func encode(_ path: String) -> String {
        var bytes: [UInt8] = []
        appendEncoded(path, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `text` split at an ASCII separator, on bytes (splitting Characters costs several times more).
    static func split(_ text: String, _ separator: Unicode.Scalar, keepingEmpty: Bool = false) -> [String] {
        text.utf8.split(separator: UInt8(separator.value), omittingEmptySubsequences: !keepingEmpty).map { String($0)! }
    }

    static func decode(_ field: String) -> String? {
        guard field.utf8.contains(UInt8(ascii: "%")) else { return field }
        return PercentEncoding.decode(field)
    }

    /// A policy as `S=hash,hash;T=hash;O=origin,origin` (script hashes, style hashes, counting origins).
    static func encodePolicy(_ policy: SecurityPolicy) -> String {
        "S=\(policy.scriptHashes.joined(separator: ","));T=\(policy.styleHashes.joined(separator: ","));O=\(policy.connectOrigins.map(encode).joined(separator: ","))"
    }

    static func decodePolicy(_ field: String) -> SecurityPolicy? {
        let parts = split(field, ";", keepingEmpty: true)
        guard parts.count == 3, parts[0].hasPrefix("S="), parts[1].hasPrefix("T="), parts[2].hasPrefix("O=") else { return nil }
        func list(_ part: String) -> [String] { split(String(part.utf8.dropFirst(2))!, ",") }
        let origins = list(parts[2]).compactMap(decode)
        return SecurityPolicy(scriptHashes: list(parts[0]), styleHashes: list(parts[1]), connectOrigins: origins)
    }
}

/// The SHA-256 of some bytes: how the manifest names what a file held. Kept as four words, not as its 64 hex
/// digits: a large site's manifest holds tens of thousands.
package struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    let words: (UInt64, UInt64, UInt64, UInt64)

    package static func == (a: ContentHash, b: ContentHash) -> Bool { a.words == b.words }
    package func hash(into hasher: inout Hasher) { hasher.combine(words.0); hasher.combine(words.1) }

    init(digest: [UInt8]) {
        func word(_ start: Int) -> UInt64 { digest[start..<(start + 8)].reduce(0) { $0 << 8 | UInt64($1) } }
        words = (word(0), word(8), word(16), word(24))
    }

    /// From its 64 lower-case hex digits, as the manifest writes it; nil for anything else.
    init?(hex: String) { self.init(hex: hex.utf8) }

    init?<Digits: Collection>(hex digits: Digits) where Digits.Element == UInt8 {
        guard digits.count == 64 else { return nil }
        // In place, where the digits lie together (as a manifest's, read as a slice of its bytes, do).
        if let read = digits.withContiguousStorageIfAvailable({ Self.words(hex: $0.baseAddress!) }) {
            guard let read else { return nil }
            words = read
            return
        }
        // Sixteen digits a word, by index: tens of thousands are read per build.
        var index = digits.startIndex
        func word() -> UInt64? {
            var value: UInt64 = 0
            for _ in 0..<16 {
                guard let digit = Self.hexValue(digits[index]) else { return nil }
                value = value << 4 | UInt64(digit)
                digits.formIndex(after: &index)
            }
            return value
        }
        guard let first = word(), let second = word(), let third = word(), let fourth = word() else { return nil }
        words = (first, second, third, fourth)
    }

    /// The four words of the 64 lower-case hex digits at `digits`, or nil for anything else: every digit read, and
    /// checked once at the end (a manifest of 10,000 pages reads tens of thousands of hashes).
    private static func words(hex digits: UnsafePointer<UInt8>) -> (UInt64, UInt64, UInt64, UInt64)? {
        var isHex = true
        let words = (word(hex: digits, &isHex), word(hex: digits + 16, &isHex), word(hex: digits + 32, &isHex), word(hex: digits + 48, &isHex))
        return isHex ? words : nil
    }

    /// The word of the 16 hex digits at `digits`; `isHex` turns false if one is not a lower-case hex digit.
    private static func word(hex digits: UnsafePointer<UInt8>, _ isHex: inout Bool) -> UInt64 {
        var value: UInt64 = 0, allHex = true
        for offset in 0..<16 {
            let digit = digits[offset], number = digit &- UInt8(ascii: "0"), letter = digit &- UInt8(ascii: "a")
            allHex = allHex && (number < 10 || letter < 6)
            value = value << 4 | UInt64(number < 10 ? number : letter &+ 10)
        }
        isHex = isHex && allHex
        return value
    }

    /// Whether a byte is one of the lower-case hex digits a hash is written in.
    package static func isHexDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 || byte &- UInt8(ascii: "a") < 6 }

    static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    package var description: String {
        var bytes: [UInt8] = []
        appendHex(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Its 64 lower-case hex digits, added to `bytes`.
    func appendHex(to bytes: inout [UInt8]) {
        // Written into room made once: the manifest writes tens of thousands of hashes.
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: 64))
        let hexDigits = HexDigits.lowercase
        bytes.withUnsafeMutableBufferPointer { room in
            func put(_ word: UInt64, at offset: Int) {
                for digit in 0..<16 { room[offset + digit] = hexDigits[Int(truncatingIfNeeded: word >> UInt64(60 - digit * 4) & 15)] }
            }
            put(words.0, at: start); put(words.1, at: start + 16); put(words.2, at: start + 32); put(words.3, at: start + 48)
        }
    }

    static func of(_ data: Data) -> ContentHash {
        ContentHash(digest: SHA256Digest.of(data))
    }

    static func of(_ text: String) -> ContentHash { of(Data(text.utf8)) }
}

/// A manifest's bytes while it is read, and its fields as slices of them. Only read while the manifest's Data is
/// held (`OutputManifest.parse`), by every core at once: nothing writes it.
struct ManifestBytes: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<UInt8>
    init(_ buffer: UnsafeBufferPointer<UInt8>) { self.buffer = buffer }

    struct Field {
        let bytes: Slice<UnsafeBufferPointer<UInt8>>

        var text: String { String(decoding: bytes, as: UTF8.self) }

        /// `-`, which stands for no value (no stamp, no time, no policy).
        var isNone: Bool { bytes.count == 1 && bytes.first == UInt8(ascii: "-") }

        /// Percent-decoded; nil when an escape is broken.
        var decoded: String? {
            guard bytes.contains(UInt8(ascii: "%")) else { return text }
            return PercentEncoding.decode(text)
        }

        /// A decimal number, optionally negative; nil for anything else or one that overflows.
        var integer: Int64? {
            if bytes.first == UInt8(ascii: "-") {
                return Field(bytes: bytes.dropFirst()).unsigned.flatMap { $0 <= UInt64(Int64.max) ? -Int64($0) : nil }
            }
            return unsigned.flatMap { $0 <= UInt64(Int64.max) ? Int64($0) : nil }
        }

        /// A decimal number without a sign (an inode may use all 64 bits); nil for anything else or one that overflows.
        var unsigned: UInt64? {
            guard !bytes.isEmpty, bytes.count <= 20 else { return nil }
            // Up to 19 digits cannot overflow (10^19 - 1 < 2^64): checked only for 20, as few are (four numbers a
            // file line's stamp, tens of thousands of lines a manifest).
            if bytes.count < 20 {
                var value: UInt64 = 0
                for byte in bytes {
                    let digit = byte &- 48
                    guard digit < 10 else { return nil }
                    value = value &* 10 &+ UInt64(digit)
                }
                return value
            }
            var value: UInt64 = 0
            for byte in bytes {
                guard (48...57).contains(byte) else { return nil }
                let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflowSum) = times.addingReportingOverflow(UInt64(byte - 48))
                guard !overflowTimes, !overflowSum else { return nil }
                value = sum
            }
            return value
        }

        /// The parts between `separator`s, leaving out empty ones. Found by memchr, not by `split`, whose closures and
        /// growing array cost more than the rest of reading a page line.
        func split(_ separator: Unicode.Scalar) -> [Field] {
            var parts: [Field] = []
            guard let base = bytes.base.baseAddress, !bytes.isEmpty else { return parts }
            parts.reserveCapacity(4)  // a page's outputs: the page, its card, its vCard and its QR code
            var start = bytes.startIndex
            while start < bytes.endIndex {
                let end = memchr(base + start, Int32(separator.value), bytes.endIndex - start).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? bytes.endIndex
                if end > start { parts.append(Field(bytes: bytes.base[start..<end])) }
                start = end + 1
            }
            return parts
        }
    }

    /// The lines that end in a line break (a last line without one was being added when a build was killed).
    var lines: [Range<Int>] {
        var lines: [Range<Int>] = []
        guard let base = buffer.baseAddress else { return lines }
        var start = 0
        // memchr finds each line break many bytes at a time.
        while start < buffer.count, let found = memchr(base + start, 10, buffer.count - start) {
            let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            lines.append(start..<index)
            start = index + 1
        }
        return lines
    }

    /// An empty line, a comment, or the seal (checked by the writer before the manifest is read).
    @Sendable func isNote(_ line: Range<Int>) -> Bool { line.isEmpty || buffer[line.lowerBound] == UInt8(ascii: "#") || starts(line, with: "seal\t") }

    @Sendable func isPolicy(_ line: Range<Int>) -> Bool { starts(line, with: "policy\t") }

    @Sendable func isFile(_ line: Range<Int>) -> Bool { starts(line, with: "file\t") }

    @Sendable func isFolder(_ line: Range<Int>) -> Bool { starts(line, with: "folder\t") }

    /// Whether a line starts with an ASCII word (compared as bytes: every line is asked this several times).
    func starts(_ line: Range<Int>, with word: StaticString) -> Bool {
        line.count >= word.utf8CodeUnitCount && memcmp(buffer.baseAddress! + line.lowerBound, word.utf8Start, word.utf8CodeUnitCount) == 0
    }

    /// A line's fields, split by tabs (empty ones kept, so a missing field is seen).
    func fields(_ line: Range<Int>) -> [Field] {
        // The tabs found by memchr, into an array sized for a page line's ten fields: `split` cost 4,500 instructions a line.
        var fields: [Field] = []
        fields.reserveCapacity(10)
        let base = buffer.baseAddress!
        var start = line.lowerBound
        while true {
            let end = memchr(base + start, 9, line.upperBound - start).map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? line.upperBound
            fields.append(Field(bytes: buffer[start..<end]))
            guard end < line.upperBound else { return fields }
            start = end + 1
        }
    }
}
