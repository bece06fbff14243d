import Foundation
import SiteBasics

/// The `file` lines of the manifest a build found, kept as their bytes, sorted by their encoded paths: a path is
/// found by a binary search, its hashes and stamp are read only when asked for, and a line whose file is kept as
/// recorded goes into the next manifest as it is. A large site's manifest has tens of thousands of these lines,
/// and a String, an array and a table entry for each, built and then encoded and sorted again, were most of what
/// a build with one page changed cost. Every line is checked when read, as `OutputManifest.parse` checks it.
struct RecordedFiles: @unchecked Sendable {
    /// The bytes the lines are in (the manifest's own, not copied).
    private let bytes: Data
    /// Where each line starts in `bytes`, and one more: where the last one ends (after its line break).
    private let starts: [Int]
    /// Where each line's path (encoded) ends.
    private let pathEnds: [Int]
    /// Each line's stamp, read when the line was checked: a build with nothing changed compares every one with the
    /// file's, and reading them from the line again cost as much as the check.
    private let stamps: [FileStamp?]

    var count: Int { pathEnds.count }

    init() { bytes = Data(); starts = [0]; pathEnds = []; stamps = [] }

    /// `lines` of `source` (each without its break, one after another, all `file` lines), or nil when they are not
    /// sorted by path with each path once (a killed build's added lines, or a manifest written by hand): then they
    /// are read as a table. `source` is `data`'s bytes; `firstLine` is the line number of the first, for problems.
    init?(lines: ArraySlice<Range<Int>>, of source: UnsafeBufferPointer<UInt8>, in data: Data, firstLine: Int) throws(OutputManifest.Problem) {
        // Checked in parts, on every core; each part's first path is compared with the one before it afterwards.
        let partSize = 4096
        let partStarts = Array(stride(from: lines.startIndex, to: lines.endIndex, by: partSize))
        let buffer = ManifestBytes(source)
        let parts = Concurrently.map(partStarts) { start -> Result<(pathEnds: [Int], stamps: [FileStamp?], sorted: Bool), OutputManifest.Problem> in
            var pathEnds: [Int] = [], stamps: [FileStamp?] = []
            let range = start..<min(start + partSize, lines.endIndex)
            pathEnds.reserveCapacity(range.count)
            stamps.reserveCapacity(range.count)
            var sorted = true
            for index in range {
                let line = lines[index]
                do throws(OutputManifest.Problem) {
                    let parts = try Self.checkFileLine(UnsafeBufferPointer(rebasing: buffer.buffer[line]), line: firstLine + index - lines.startIndex)
                    pathEnds.append(line.lowerBound + parts.path.upperBound)
                    stamps.append(parts.stamp)
                } catch {
                    return .failure(error)
                }
                if index > start, sorted, !Self.precedes(buffer.buffer[(lines[index - 1].lowerBound + 5)..<pathEnds[pathEnds.count - 2]],
                                                        buffer.buffer[(line.lowerBound + 5)..<pathEnds[pathEnds.count - 1]]) {
                    sorted = false
                }
            }
            return .success((pathEnds, stamps, sorted))
        }
        var pathEnds: [Int] = [], stamps: [FileStamp?] = []
        pathEnds.reserveCapacity(lines.count)
        stamps.reserveCapacity(lines.count)
        var sorted = true
        for part in parts {
            switch part {
            case .failure(let problem): throw problem
            case .success(let part):
                if let last = pathEnds.last, let first = part.pathEnds.first {
                    let previousLine = lines[lines.startIndex + pathEnds.count - 1], line = lines[lines.startIndex + pathEnds.count]
                    sorted = sorted && Self.precedes(source[(previousLine.lowerBound + 5)..<last], source[(line.lowerBound + 5)..<first])
                }
                sorted = sorted && part.sorted
                pathEnds += part.pathEnds
                stamps += part.stamps
            }
        }
        guard sorted else { return nil }
        self.bytes = data
        self.starts = lines.map(\.lowerBound) + [(lines.last?.upperBound).map { $0 + 1 } ?? 0]
        self.pathEnds = pathEnds
        self.stamps = stamps
    }

    /// The lines of `files`, sorted.
    init(_ files: [String: OutputManifest.FileEntry]) {
        self.init(entries: files.map { (path: $0.key, entry: $0.value) })
    }

    /// The lines of `entries` (each path once), sorted. Written into one buffer sized once, a line at a time through
    /// one scratch line: a build into an empty folder adds every file of a large site here, and an array per line,
    /// then the buffer grown and copied, were the peak of its memory.
    init(entries: [(path: String, entry: OutputManifest.FileEntry)]) {
        var order = Array(entries.indices)
        var encoded: [[UInt8]?] = entries.map { $0.path.utf8.contains(where: OutputManifest.isEncodedInPaths) ? Self.encoded($0.path) : nil }
        func encodedPath<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            if let bytes = encoded[index] { return bytes.withUnsafeBufferPointer(body) }
            var path = entries[index].path
            return path.withUTF8(body)
        }
        order.sort { a, b in encodedPath(a) { a in encodedPath(b) { b in Self.precedes(a, b) } } }
        // An upper bound of the lines' length: "file", the path, the hashes and a stamp of four 20-digit numbers, with
        // their separators.
        let bound = entries.indices.reduce(0) { total, index in
            total + 5 + encodedPath(index) { $0.count } + 1 + 65 * entries[index].entry.hashes.count + 1 + 4 * 21 + 1
        }
        var bytes = Data(capacity: bound)
        var starts: [Int] = [], pathEnds: [Int] = [], stamps: [FileStamp?] = []
        starts.reserveCapacity(entries.count + 1)
        pathEnds.reserveCapacity(entries.count)
        stamps.reserveCapacity(entries.count)
        var line: [UInt8] = []
        for index in order {
            line.removeAll(keepingCapacity: true)
            OutputManifest.appendFileLine(entries[index].path, entries[index].entry, to: &line)
            starts.append(bytes.count)
            pathEnds.append(bytes.count + 5 + encodedPath(index) { $0.count })
            stamps.append(entries[index].entry.stamp)
            bytes.append(contentsOf: line)
            encoded[index] = nil
        }
        starts.append(bytes.count)
        self.bytes = bytes
        self.starts = starts
        self.pathEnds = pathEnds
        self.stamps = stamps
    }

    private static func encoded(_ path: String) -> [UInt8] {
        var bytes: [UInt8] = []
        OutputManifest.appendEncoded(path, to: &bytes)
        return bytes
    }

    /// Whether encoded path `a` sorts before `b`, byte by byte.
    static func precedes<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Bool {
        a.lexicographicallyPrecedes(b)
    }

    /// The same, by memcmp (asked of every line of the sorted block when it is read).
    static func precedes(_ a: Slice<UnsafeBufferPointer<UInt8>>, _ b: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        let a = UnsafeBufferPointer(rebasing: a), b = UnsafeBufferPointer(rebasing: b)
        let common = min(a.count, b.count)
        let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
        return order < 0 || (order == 0 && a.count < b.count)
    }

    /// A checked `file` line's parts, as positions in the line: its encoded path, its hashes (split by `|`) and its stamp.
    struct FileLineParts {
        let path: Range<Int>
        let hashes: Range<Int>
        let stamp: FileStamp?
    }

    /// The one check of a `file` line (the line without its break), for the sorted block here and for the lines
    /// `OutputManifest.read` reads as a table: four fields split by tabs, then the path, then the hashes, then the
    /// stamp; the first problem found is the error. Read in place, without an array per line or a String for a plain
    /// ASCII path: a large site's manifest has tens of thousands of these lines.
    static func checkFileLine(_ line: UnsafeBufferPointer<UInt8>, line number: Int) throws(OutputManifest.Problem) -> FileLineParts {
        func problem(_ message: String) -> OutputManifest.Problem { OutputManifest.Problem(line: number, message: message) }
        /// The next tab at or after `start`, found by memchr.
        func tab(from start: Int) -> Int? {
            guard start < line.count, let found = memchr(line.baseAddress! + start, 9, line.count - start) else { return nil }
            return line.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        guard let first = tab(from: 0), let second = tab(from: first + 1), let third = tab(from: second + 1), tab(from: third + 1) == nil else {
            throw problem("expected 'file', a path, hashes and a stamp, split by tabs")
        }
        let tabs = (first, second, third)
        let path = (tabs.0 + 1)..<tabs.1, hashes = (tabs.1 + 1)..<tabs.2
        if let reason = OutputManifest.encodedPathProblem(line[path]) {
            throw problem("file path '\(String(decoding: line[path], as: UTF8.self))' \(reason)")
        }
        // Hashes of 64 hex digits split by '|' (empty parts left out), at least one: most lines have one, checked
        // in a loop of its own.
        let hashBytes = UnsafeBufferPointer(rebasing: line[hashes])
        var isOneHash = hashBytes.count == 64
        if isOneHash { for byte in hashBytes where !ContentHash.isHexDigit(byte) { isOneHash = false } }
        var hashCount = isOneHash ? 1 : 0, digits = 0
        if !isOneHash {
            for byte in hashBytes {
                if byte == UInt8(ascii: "|") {
                    guard digits == 0 || digits == 64 else { throw problem("expected SHA-256 hashes (64 hex digits) split by '|'") }
                    if digits == 64 { hashCount += 1 }
                    digits = 0
                } else {
                    guard digits < 64, ContentHash.isHexDigit(byte) else { throw problem("expected SHA-256 hashes (64 hex digits) split by '|'") }
                    digits += 1
                }
            }
        }
        guard digits == 0 || digits == 64, hashCount + (digits == 64 ? 1 : 0) > 0 else { throw problem("expected SHA-256 hashes (64 hex digits) split by '|'") }
        let stampField = ManifestBytes.Field(bytes: line[(tabs.2 + 1)...])
        let stamp = readStamp(stampField)
        if stamp == nil, !stampField.isNone { throw problem("expected a stamp SIZE:INODE:MTIME:CTIME or -") }
        return FileLineParts(path: path, hashes: hashes, stamp: stamp)
    }

    /// A stamp `SIZE:INODE:MTIME:CTIME` (empty parts left out), read in place: every file line's is read when the
    /// manifest is. The one reading of a stamp; `OutputManifest.parse` calls it too.
    static func readStamp(_ field: ManifestBytes.Field) -> FileStamp? {
        let bytes = UnsafeBufferPointer(rebasing: field.bytes)
        guard let base = bytes.baseAddress else { return nil }
        var index = 0
        func integer(_ part: (magnitude: UInt64, isNegative: Bool)?) -> Int64? {
            guard let part, part.magnitude <= UInt64(Int64.max) else { return nil }
            return part.isNegative ? -Int64(part.magnitude) : Int64(part.magnitude)
        }
        guard let size = integer(stampPart(base, bytes.count, &index, signed: true)), let inode = stampPart(base, bytes.count, &index, signed: false)?.magnitude,
              let modified = integer(stampPart(base, bytes.count, &index, signed: true)), let changed = integer(stampPart(base, bytes.count, &index, signed: true))
        else { return nil }
        while index < bytes.count, base[index] == UInt8(ascii: ":") { index += 1 }
        guard index == bytes.count else { return nil }
        return FileStamp(size: size, inode: inode, modified: modified, changed: changed)
    }

    /// A stamp's next part from `index` of the `end` bytes at `base`, between colons: up to 20 decimal digits, after a
    /// `-` where `signed`; nil at the end, or for anything else. Read digit by digit in one pass, unchecked: only a
    /// 20th digit can overflow (10^19 - 1 < 2^64), and a part that long (an inode may be) is read again, checked
    /// (`ManifestBytes.Field.unsigned`). The place goes in and out (`inout`), not captured, which cost a check of
    /// exclusive access per digit.
    private static func stampPart(_ base: UnsafePointer<UInt8>, _ end: Int, _ index: inout Int, signed: Bool) -> (magnitude: UInt64, isNegative: Bool)? {
        let colon = UInt8(ascii: ":")
        var at = index
        defer { index = at }
        while at < end, base[at] == colon { at += 1 }
        guard at < end else { return nil }
        let isNegative = signed && base[at] == UInt8(ascii: "-")
        if isNegative { at += 1 }
        let start = at
        var value: UInt64 = 0
        while at < end {
            let digit = base[at] &- UInt8(ascii: "0")
            if digit >= 10 { break }
            value = value &* 10 &+ UInt64(digit)
            at += 1
        }
        guard at > start, at - start <= 20, at == end || base[at] == colon else { return nil }
        if at - start == 20 {
            guard let checked = ManifestBytes.Field(bytes: UnsafeBufferPointer(start: base, count: end)[start..<at]).unsigned else { return nil }
            value = checked
        }
        return (value, isNegative)
    }

    /// The line of `path`, by its number here, or nil.
    func index(of path: String) -> Int? {
        Self.withEncoded(path) { index(ofEncoded: $0, in: 0..<count) }
    }

    /// `index(of:)`, looked up first among the lines around line `near`: a page's files lie together here (they share
    /// its folder), so the second and later are found in a few comparisons, not a search of every line.
    func index(of path: String, near line: Int) -> Int? {
        Self.withEncoded(path) { encoded in
            index(ofEncoded: encoded, in: max(0, line - 8)..<min(count, line + 9)) ?? index(ofEncoded: encoded, in: 0..<count)
        }
    }

    /// `path`'s bytes as the manifest writes them.
    private static func withEncoded<Result>(_ path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var path = path
        return path.withUTF8 { utf8 in
            if utf8.contains(where: OutputManifest.isEncodedInPaths) {
                var encoded: [UInt8] = []
                OutputManifest.appendEncoded(String(decoding: utf8, as: UTF8.self), to: &encoded)
                return encoded.withUnsafeBufferPointer(body)
            }
            return body(utf8)
        }
    }

    /// The line among `lines` (sorted, as every line here) holding the path `encoded`, or nil.
    private func index(ofEncoded encoded: UnsafeBufferPointer<UInt8>, in lines: Range<Int>) -> Int? {
        bytes.withUnsafeBytes { raw -> Int? in
            let all = raw.bindMemory(to: UInt8.self)
            var low = lines.lowerBound, high = lines.upperBound
            while low < high {
                let middle = (low + high) / 2
                let recorded = UnsafeBufferPointer(rebasing: all[(starts[middle] + 5)..<pathEnds[middle]])
                let common = min(recorded.count, encoded.count)
                var order = common == 0 ? 0 : memcmp(recorded.baseAddress!, encoded.baseAddress!, common)
                if order == 0 { order = recorded.count == encoded.count ? 0 : (recorded.count < encoded.count ? -1 : 1) }
                if order == 0 { return middle }
                if order < 0 { low = middle + 1 } else { high = middle }
            }
            return nil
        }
    }

    /// The file of line `index`, as recorded (a checked line: its hashes and stamp are read without splitting it).
    func entry(at index: Int) -> OutputManifest.FileEntry {
        bytes.withUnsafeBytes { raw in
            let all = raw.bindMemory(to: UInt8.self)
            let hashesStart = pathEnds[index] + 1
            var hashesEnd = hashesStart
            while all[hashesEnd] != 9 { hashesEnd += 1 }
            let hashes = hashesEnd - hashesStart == 64 ? [ContentHash(hex: all[hashesStart..<hashesEnd])!]
                : all[hashesStart..<hashesEnd].split(separator: UInt8(ascii: "|")).map { ContentHash(hex: $0)! }
            return OutputManifest.FileEntry(hashes: hashes, stamp: stamps[index])
        }
    }

    /// Line `index`'s stamp, as recorded.
    func stamp(at index: Int) -> FileStamp? { stamps[index] }

    /// Whether line `index` records one hash (not two: a file a build was replacing when it was killed).
    func recordsOneHash(at index: Int) -> Bool {
        bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in raw[pathEnds[index] + 1 + 64] == 9 }
    }

    /// Line `index`'s one hash, or nil when it records more than one: what keeping a page's files needs, without an
    /// array per file, and only for a file whose stamp is not the one recorded.
    func singleHash(at index: Int) -> ContentHash? {
        guard recordsOneHash(at: index) else { return nil }
        return bytes.withUnsafeBytes { raw in
            let hashStart = pathEnds[index] + 1
            return ContentHash(hex: raw.bindMemory(to: UInt8.self)[hashStart..<(hashStart + 64)])
        }
    }

    /// The path of line `index`, decoded.
    func path(at index: Int) -> String {
        let encoded = String(decoding: bytes[(starts[index] + 5)..<pathEnds[index]], as: UTF8.self)
        return OutputManifest.decode(encoded)!
    }

    /// Line `index` as it was read, with its line break.
    func line(at index: Int) -> Data { bytes[starts[index]..<starts[index + 1]] }

    /// Lines `range`, one after another, as they were read: kept lines lie together, and are copied a run at a time.
    func lines(_ range: Range<Int>) -> Data { bytes[starts[range.lowerBound]..<starts[range.upperBound]] }

    /// Line `index`'s encoded path.
    func encodedPath(at index: Int) -> Data { bytes[(starts[index] + 5)..<pathEnds[index]] }

    /// All of them, as a table (for the rare manifest written whole from a table: an older format's).
    var table: [String: OutputManifest.FileEntry] {
        var table: [String: OutputManifest.FileEntry] = [:]
        table.reserveCapacity(count)
        for index in 0..<count { table[path(at: index)] = entry(at: index) }
        return table
    }
}
