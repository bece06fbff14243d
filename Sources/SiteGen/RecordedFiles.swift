import Foundation
import SiteBasics

/// The `file` lines of the manifest a build found, kept as their bytes, sorted by their encoded paths: a path is
/// found by a binary search, its hashes and stamp are read only when asked for, and a line whose file is kept as
/// recorded goes into the next manifest as it is. A large site's manifest has tens of thousands of these lines,
/// and a String, an array and a table entry for each, built and then encoded and sorted again, were most of what
/// a build with one page changed cost. Every line is checked when read, as `OutputManifest.parse` checks it.
struct RecordedFiles: @unchecked Sendable {
    /// The lines, each with its line break.
    private let bytes: [UInt8]
    /// Where each line starts in `bytes`, and one more: where the last one ends.
    private let starts: [Int]
    /// Where each line's path (encoded) ends.
    private let pathEnds: [Int]

    var count: Int { pathEnds.count }

    init() { bytes = []; starts = [0]; pathEnds = [] }

    /// `lines` of `source` (each without its break, all `file` lines), or nil when they are not sorted by path with
    /// each path once (a killed build's added lines, or a manifest written by hand): then they are read as a table.
    /// `firstLine` is the line number of the first, for problems.
    init?(lines: ArraySlice<Range<Int>>, of source: UnsafeBufferPointer<UInt8>, firstLine: Int) throws(OutputManifest.Problem) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.reduce(0) { $0 + $1.count + 1 })
        var starts: [Int] = [], pathEnds: [Int] = []
        starts.reserveCapacity(lines.count + 1)
        pathEnds.reserveCapacity(lines.count)
        var previousPath: Range<Int>? = nil
        for (offset, line) in lines.enumerated() {
            let pathRange = try Self.check(UnsafeBufferPointer(rebasing: source[line]), line: firstLine + offset)
            let path = (line.lowerBound + pathRange.lowerBound)..<(line.lowerBound + pathRange.upperBound)
            if let previousPath, !Self.precedes(source[previousPath], source[path]) { return nil }
            previousPath = path
            starts.append(bytes.count)
            pathEnds.append(bytes.count + pathRange.upperBound)
            bytes += source[line]
            bytes.append(10)
        }
        starts.append(bytes.count)
        self.bytes = bytes
        self.starts = starts
        self.pathEnds = pathEnds
    }

    /// The lines of `files`, sorted.
    init(_ files: [String: OutputManifest.FileEntry]) {
        var lines = files.map { path, entry -> [UInt8] in
            var line: [UInt8] = []
            OutputManifest.appendFileLine(path, entry, to: &line)
            return line
        }
        lines.sort { Self.precedes($0[5...].prefix { $0 != 9 }, $1[5...].prefix { $0 != 9 }) }
        var bytes: [UInt8] = [], starts: [Int] = [], pathEnds: [Int] = []
        for line in lines {
            starts.append(bytes.count)
            pathEnds.append(bytes.count + 5 + line[5...].prefix { $0 != 9 }.count)
            bytes += line
        }
        starts.append(bytes.count)
        self.bytes = bytes
        self.starts = starts
        self.pathEnds = pathEnds
    }

    /// Whether encoded path `a` sorts before `b`, byte by byte.
    static func precedes<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Bool {
        a.lexicographicallyPrecedes(b)
    }

    /// Checks a `file` line as `OutputManifest.parse` does; returns where its encoded path lies in it.
    private static func check(_ line: UnsafeBufferPointer<UInt8>, line number: Int) throws(OutputManifest.Problem) -> Range<Int> {
        let fields = ManifestBytes(line).fields(0..<line.count)
        guard fields.count == 4 else { throw OutputManifest.Problem(line: number, message: "expected 'file', a path, hashes and a stamp, split by tabs") }
        let path = fields[1]
        // A plain printable ASCII path needs no String to be checked.
        if !path.bytes.isEmpty, !path.bytes.contains(UInt8(ascii: "%")), path.bytes.allSatisfy({ (0x20..<0x7F).contains($0) }) {
            if let reason = OutputManifest.partProblem(UnsafeBufferPointer(rebasing: path.bytes)) {
                throw OutputManifest.Problem(line: number, message: "file path '\(path.text)' \(reason)")
            }
        } else {
            guard let decoded = path.decoded else { throw OutputManifest.Problem(line: number, message: "file path '\(path.text)' is not percent-encoded correctly") }
            if let reason = OutputManifest.pathProblem(decoded) { throw OutputManifest.Problem(line: number, message: "file path '\(path.text)' \(reason)") }
        }
        let hashFields = fields[2].split("|")
        guard !hashFields.isEmpty, hashFields.allSatisfy({ ContentHash(hex: $0.bytes) != nil }) else {
            throw OutputManifest.Problem(line: number, message: "expected SHA-256 hashes (64 hex digits) split by '|'")
        }
        if readStamp(fields[3]) == nil, !fields[3].bytes.elementsEqual("-".utf8) {
            throw OutputManifest.Problem(line: number, message: "expected a stamp SIZE:INODE:MTIME:CTIME or -")
        }
        return (path.bytes.startIndex - line.startIndex)..<(path.bytes.endIndex - line.startIndex)
    }

    private static func readStamp(_ field: ManifestBytes.Field) -> FileStamp? {
        let parts = field.split(":")
        guard parts.count == 4, let size = parts[0].integer, let inode = parts[1].unsigned,
              let modified = parts[2].integer, let changed = parts[3].integer else { return nil }
        return FileStamp(size: size, inode: inode, modified: modified, changed: changed)
    }

    /// The line of `path`, by its number here, or nil.
    func index(of path: String) -> Int? {
        var encoded: [UInt8] = []
        OutputManifest.appendEncoded(path, to: &encoded)
        return bytes.withUnsafeBufferPointer { all -> Int? in
            var low = 0, high = pathEnds.count
            while low < high {
                let middle = (low + high) / 2
                let recorded = all[(starts[middle] + 5)..<pathEnds[middle]]
                if recorded.elementsEqual(encoded) { return middle }
                if Self.precedes(recorded, encoded) { low = middle + 1 } else { high = middle }
            }
            return nil
        }
    }

    /// The file of line `index`, as recorded.
    func entry(at index: Int) -> OutputManifest.FileEntry {
        bytes.withUnsafeBufferPointer { all in
            let fields = ManifestBytes(all).fields(starts[index]..<(starts[index + 1] - 1))
            return OutputManifest.FileEntry(hashes: fields[2].split("|").map { ContentHash(hex: $0.bytes)! }, stamp: Self.readStamp(fields[3]))
        }
    }

    /// The path of line `index`, decoded.
    func path(at index: Int) -> String {
        let encoded = String(decoding: bytes[(starts[index] + 5)..<pathEnds[index]], as: UTF8.self)
        return OutputManifest.decode(encoded)!
    }

    /// Line `index` as it was read, with its line break.
    func line(at index: Int) -> ArraySlice<UInt8> { bytes[starts[index]..<starts[index + 1]] }

    /// Line `index`'s encoded path.
    func encodedPath(at index: Int) -> ArraySlice<UInt8> { bytes[(starts[index] + 5)..<pathEnds[index]] }

    /// All of them, as a table (for the rare manifest written whole from a table: an older format's).
    var table: [String: OutputManifest.FileEntry] {
        var table: [String: OutputManifest.FileEntry] = [:]
        table.reserveCapacity(count)
        for index in 0..<count { table[path(at: index)] = entry(at: index) }
        return table
    }
}
