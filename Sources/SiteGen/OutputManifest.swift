import Foundation
import CCrypto

/// sitegen's record of what it wrote in an output folder: each file with the SHA-256 of the bytes written, the
/// folders it made, the staging folders it opened, and for each page what it was rendered from. It is the only
/// proof of ownership: a file is sitegen's while its bytes still match a hash recorded here, whatever it looks
/// like. Anyone who can write the folder can edit the record, so every line is checked (a path must stay inside
/// the folder and out of hidden places) and a bad one stops the build; a forged line gains nothing, since a file
/// is replaced or removed only when its bytes match.
///
/// One line per item, fields split by tabs; in paths `%`, `|`, `=` and control characters are percent-encoded. A build
/// adds lines at the end while it works (its staging folder, the files it is about to replace) and writes the whole
/// record anew when it is done; a last line without its line break is one a killed build was adding, and is ignored:
///
///     sitegen-manifest 2
///     file    PATH    SHA256[|SHA256…]    SIZE:INODE:MTIME:CTIME (or -)   (listed again: either line's hashes)
///     folder  PATH
///     staging TOKEN
///     policy  NUMBER  POLICY
///     page    SOURCE  DIGEST  FROM  UNTIL  POLICYPATH  #NUMBER  OUTPUT|OUTPUT…  ASSET=SHA256|…
public struct OutputManifest: Equatable, Sendable {
    public static let fileName = ".sitegen-manifest"
    /// The next manifest, written whole and then renamed over the manifest, so a killed build leaves one or the other.
    public static let nextFileName = ".sitegen-manifest.next"
    static let stagingPrefix = ".sitegen-staging-"
    static let formatLine = "sitegen-manifest 2"

    public struct FileEntry: Equatable, Sendable {
        /// Every hash the file may still have: one after a finished build; two while a build replaces it.
        public var hashes: [ContentHash]
        /// The file as it was when last checked: equal stamps spare reading the file again.
        public var stamp: FileStamp?
    }

    /// What a page was rendered from and to: while its inputs and files are unchanged, it is not rendered again.
    public struct PageRecord: Equatable, Sendable {
        /// SHA-256 of everything the page's render reads but the assets (the page, the site's settings, the
        /// templates, the icon sets, sitegen itself, the build's options).
        public var digest: ContentHash
        /// The span of `--now` (seconds) its scheduled links give the same page: [from, until).
        public var validFrom: Int64?
        public var validUntil: Int64?
        public var policy: (path: String, policy: SecurityPolicy)?
        public var outputs: [String]
        /// The files under content/ it uses (stylesheet, avatar, background, icons), with their SHA-256.
        public var assets: [String: ContentHash]

        public static func == (a: PageRecord, b: PageRecord) -> Bool {
            a.digest == b.digest && a.validFrom == b.validFrom && a.validUntil == b.validUntil && a.outputs == b.outputs
                && a.assets == b.assets && a.policy?.path == b.policy?.path && a.policy?.policy == b.policy?.policy
        }
    }

    public var files: [String: FileEntry] = [:]
    public var folders: Set<String> = []
    public var stagingTokens: [String] = []
    public var pages: [String: PageRecord] = [:]

    public init() {}

    // MARK: reading

    public struct Problem: Error, Equatable, Sendable {
        public var line: Int
        public var message: String
    }

    /// Reads a manifest; the first bad line is the error (a build then stops, and nothing is removed). Lines and
    /// fields are split on bytes: a manifest of 10,000 pages has 40,000 lines, and splitting Characters cost more
    /// than the rest of a build with nothing to do.
    public static func parse(_ text: String) throws(Problem) -> OutputManifest {
        try parse(bytes: Array(text.utf8))
    }

    /// The same from the file's bytes, as the writer reads them (a large site's manifest is megabytes: no String of it).
    static func parse(bytes: [UInt8]) throws(Problem) -> OutputManifest {
        var bytes = bytes
        // A last line without its line break was being added when a build was killed: it never happened.
        if let end = bytes.lastIndex(of: 10) { bytes.removeSubrange((end + 1)...) } else { bytes = [] }
        let lines = bytes.split(separator: 10, omittingEmptySubsequences: false)
        @Sendable func isNote(_ line: ArraySlice<UInt8>) -> Bool { line.isEmpty || line.first == UInt8(ascii: "#") }
        guard let formatIndex = lines.firstIndex(where: { !isNote($0) }) else {
            throw Problem(line: 1, message: "expected '\(formatLine)': the manifest is empty")
        }
        guard lines[formatIndex].elementsEqual(formatLine.utf8) else {
            throw Problem(line: formatIndex + 1, message: "expected '\(formatLine)': a manifest of an older sitegen, or not one at all (it records no hashes, so it proves nothing; remove it, and the files here count as yours)")
        }
        @Sendable func fields(_ line: ArraySlice<UInt8>) -> [String] {
            line.split(separator: 9, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        }
        // The few policies first, which pages name by number; then the rest in parts, on every core (a large
        // site's manifest has tens of thousands of lines), merged in order.
        var policies: [Int: SecurityPolicy] = [:]
        var ignored = OutputManifest()
        for index in lines.indices where index > formatIndex && lines[index].starts(with: "policy\t".utf8) {
            try ignored.read(fields(lines[index]), line: index + 1, policies: &policies)
        }
        let known = policies
        let partSize = 4096
        let starts = Array(stride(from: formatIndex + 1, to: lines.count, by: partSize))
        let parts = SiteBuilder.concurrentMap(starts) { start -> Result<OutputManifest, Problem> in
            var part = OutputManifest()
            var policies = known
            for index in start..<min(start + partSize, lines.count) where !isNote(lines[index]) && !lines[index].starts(with: "policy\t".utf8) {
                do throws(Problem) { try part.read(fields(lines[index]), line: index + 1, policies: &policies) } catch { return .failure(error) }
            }
            return .success(part)
        }
        var manifest = OutputManifest()
        for part in parts {
            switch part {
            case .failure(let problem): throw problem
            case .success(let part): manifest.merge(part)
            }
        }
        return manifest
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
        folders.formUnion(later.folders)
        stagingTokens += later.stagingTokens
        pages.merge(later.pages) { _, new in new }
    }

    /// One line's fields, into the manifest.
    private mutating func read(_ fields: [String], line number: Int, policies: inout [Int: SecurityPolicy]) throws(Problem) {
        func path(_ field: String, kind: String) throws(Problem) -> String {
            guard let decoded = Self.decode(field) else { throw Problem(line: number, message: "\(kind) path '\(field)' is not percent-encoded correctly") }
            if let reason = Self.pathProblem(decoded) { throw Problem(line: number, message: "\(kind) path '\(field)' \(reason)") }
            return decoded
        }
        switch fields.first {
        case "file":
            guard fields.count == 4 else { throw Problem(line: number, message: "expected 'file', a path, hashes and a stamp, split by tabs") }
            let hashes = Self.split(fields[2], "|").compactMap(ContentHash.init(hex:))
            guard !hashes.isEmpty, hashes.count == Self.split(fields[2], "|").count else { throw Problem(line: number, message: "expected SHA-256 hashes (64 hex digits) split by '|'") }
            let stamp: FileStamp?
            if fields[3] == "-" { stamp = nil } else {
                let parts = Self.split(fields[3], ":")
                guard parts.count == 4, let size = Int64(parts[0]), let inode = UInt64(parts[1]), let modified = Int64(parts[2]),
                      let changed = Int64(parts[3]) else { throw Problem(line: number, message: "expected a stamp SIZE:INODE:MTIME:CTIME or -") }
                stamp = FileStamp(size: size, inode: inode, modified: modified, changed: changed)
            }
            // A file listed again (added while a build replaced it) may have either line's bytes.
            let filePath = try path(fields[1], kind: "file")
            if var known = files[filePath] {
                known.hashes += hashes.filter { !known.hashes.contains($0) }
                files[filePath] = known
            } else {
                files[filePath] = FileEntry(hashes: hashes, stamp: stamp)
            }
        case "folder":
            guard fields.count == 2 else { throw Problem(line: number, message: "expected 'folder' and a path, split by a tab") }
            folders.insert(try path(fields[1], kind: "folder"))
        case "policy":
            guard fields.count == 3, let number = Int(fields[1]), let policy = Self.decodePolicy(fields[2]) else {
                throw Problem(line: number, message: "expected 'policy', its number and the policy, split by tabs")
            }
            policies[number] = policy
        case "staging":
            guard fields.count == 2, Self.isToken(fields[1]) else { throw Problem(line: number, message: "expected 'staging' and a token of 32 hex digits") }
            stagingTokens.append(fields[1])
        case "page":
            guard fields.count == 9 else { throw Problem(line: number, message: "expected 'page' and eight fields, split by tabs") }
            guard let source = Self.decode(fields[1]), Self.pathProblem(source) == nil else { throw Problem(line: number, message: "page source '\(fields[1])' is not a plain path") }
            guard let digest = ContentHash(hex: fields[2]) else { throw Problem(line: number, message: "expected the page's digest, 64 hex digits") }
            func time(_ field: String) throws(Problem) -> Int64? {
                if field == "-" { return nil }
                guard let value = Int64(field) else { throw Problem(line: number, message: "expected a time in seconds or -, found '\(field)'") }
                return value
            }
            var record = PageRecord(digest: digest, validFrom: try time(fields[3]), validUntil: try time(fields[4]), policy: nil, outputs: [], assets: [:])
            if fields[5] != "-" {
                guard let policyPath = Self.decode(fields[5]), fields[6].hasPrefix("#"), let number = Int(fields[6].dropFirst()),
                      let policy = policies[number] else {
                    throw Problem(line: number, message: "the page's policy cannot be read")
                }
                record.policy = (policyPath, policy)
            }
            for output in Self.split(fields[7], "|") { record.outputs.append(try path(output, kind: "page output")) }
            for asset in Self.split(fields[8], "|") {
                let parts = Self.split(asset, "=")
                guard parts.count == 2, let assetPath = Self.decode(parts[0]), Self.pathProblem(assetPath) == nil, let hash = ContentHash(hex: parts[1]) else {
                    throw Problem(line: number, message: "expected the page's assets as PATH=SHA256 split by '|'")
                }
                record.assets[assetPath] = hash
            }
            pages[source] = record
        default:
            throw Problem(line: number, message: "expected a line starting with file, folder, staging, policy or page")
        }
    }

    /// Why a recorded path may not be touched, or nil: it must be relative and normalised, and hidden nowhere but
    /// the `.well-known/` files sitegen writes (so no record reaches `.git`, `.env` or anything above the folder).
    static func pathProblem(_ path: String) -> String? {
        let utf8 = path.utf8
        if utf8.isEmpty { return "is empty" }
        if path.unicodeScalars.contains(where: SiteLoader.isControl) { return "holds a control character" }
        var index = 0
        for part in utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            defer { index += 1 }
            if part.isEmpty || part.elementsEqual(".".utf8) || part.elementsEqual("..".utf8) { return "is not a plain relative path inside the folder" }
            if part.first == UInt8(ascii: "."), !(index == 0 && part.elementsEqual(".well-known".utf8)) {
                return "names a hidden item ('\(String(decoding: part, as: UTF8.self))'), which sitegen never writes"
            }
        }
        return nil
    }

    private static func isToken(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    // MARK: writing

    /// The manifest as written: comments, the format, then the folders, staging tokens, files and pages, sorted.
    public var data: Data {
        // Written a line at a time into the Data itself: a large site's manifest is megabytes, and a second copy
        // of it was the build's largest allocation.
        var data = Data()
        data.reserveCapacity(files.count * 150 + pages.count * 250)
        var bytes: [UInt8] = []
        func flush() { data.append(contentsOf: bytes); bytes.removeAll(keepingCapacity: true) }
        bytes += Array(("# sitegen's record of the files it wrote here, with the SHA-256 of their bytes: a build replaces or removes\n"
            + "# a file only while its bytes match. Edit nothing; remove this file and every file here counts as yours.\n"
            + Self.formatLine + "\n").utf8)
        for path in folders.sorted() { Self.appendFolderLine(path, to: &bytes) }
        for token in stagingTokens { Self.appendStagingLine(token, to: &bytes) }
        for path in files.keys.sorted() { Self.appendFileLine(path, files[path]!, to: &bytes); flush() }
        // Most pages share a policy: each is written once, and pages name it by number.
        var policyNumbers: [SecurityPolicy: Int] = [:]
        for source in pages.keys.sorted() {
            guard let policy = pages[source]!.policy?.policy, policyNumbers[policy] == nil else { continue }
            policyNumbers[policy] = policyNumbers.count
            bytes += "policy\t\(policyNumbers[policy]!)\t\(Self.encodePolicy(policy))\n".utf8
        }
        flush()
        for source in pages.keys.sorted() {
            let record = pages[source]!
            func field(_ text: String) { bytes.append(9); bytes += text.utf8 }
            bytes += "page".utf8
            bytes.append(9); Self.appendEncoded(source, to: &bytes)
            field(record.digest.description)
            field(record.validFrom.map { String($0) } ?? "-")
            field(record.validUntil.map { String($0) } ?? "-")
            if let policy = record.policy {
                bytes.append(9); Self.appendEncoded(policy.path, to: &bytes)
                field("#\(policyNumbers[policy.policy]!)")
            } else {
                field("-"); field("-")
            }
            bytes.append(9)
            for (index, output) in record.outputs.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: "|")) }
                Self.appendEncoded(output, to: &bytes)
            }
            bytes.append(9)
            for (index, path) in record.assets.keys.sorted().enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: "|")) }
                Self.appendEncoded(path, to: &bytes)
                bytes.append(UInt8(ascii: "="))
                bytes += record.assets[path]!.description.utf8
            }
            bytes.append(10)
            flush()
        }
        flush()
        return data
    }

    public var text: String { String(decoding: data, as: UTF8.self) }

    static func appendFolderLine(_ path: String, to bytes: inout [UInt8]) {
        bytes += "folder\t".utf8
        appendEncoded(path, to: &bytes)
        bytes.append(10)
    }

    static func appendStagingLine(_ token: String, to bytes: inout [UInt8]) {
        bytes += "staging\t".utf8
        bytes += token.utf8
        bytes.append(10)
    }

    static func appendFileLine(_ path: String, _ entry: FileEntry, to bytes: inout [UInt8]) {
        bytes += "file\t".utf8
        appendEncoded(path, to: &bytes)
        bytes.append(9)
        for (index, hash) in entry.hashes.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "|")) }
            bytes += hash.description.utf8
        }
        bytes.append(9)
        if let stamp = entry.stamp { bytes += "\(stamp.size):\(stamp.inode):\(stamp.modified):\(stamp.changed)".utf8 } else { bytes.append(UInt8(ascii: "-")) }
        bytes.append(10)
    }

    /// A path with `%`, `|`, `=` and control bytes percent-encoded.
    static func appendEncoded(_ path: String, to bytes: inout [UInt8]) {
        let digits = Array("0123456789ABCDEF".utf8)
        for byte in path.utf8 {
            if byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "|") || byte == UInt8(ascii: "=") {
                bytes += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
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
        return field.removingPercentEncoding
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
public struct ContentHash: Hashable, Sendable, CustomStringConvertible {
    let words: (UInt64, UInt64, UInt64, UInt64)

    public static func == (a: ContentHash, b: ContentHash) -> Bool { a.words == b.words }
    public func hash(into hasher: inout Hasher) { hasher.combine(words.0); hasher.combine(words.1) }

    init(digest: [UInt8]) {
        func word(_ start: Int) -> UInt64 { digest[start..<(start + 8)].reduce(0) { $0 << 8 | UInt64($1) } }
        words = (word(0), word(8), word(16), word(24))
    }

    /// From its 64 lower-case hex digits, as the manifest writes it; nil for anything else.
    init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 64 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 32)
        for index in 0..<32 {
            guard let high = Self.value(digits[2 * index]), let low = Self.value(digits[2 * index + 1]) else { return nil }
            bytes[index] = high << 4 | low
        }
        self.init(digest: bytes)
    }

    private static func value(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    public var description: String {
        Self.hex([words.0, words.1, words.2, words.3].flatMap { word in (0..<8).map { UInt8(truncatingIfNeeded: word >> (56 - 8 * $0)) } })
    }

    static func of(_ data: Data) -> ContentHash {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        data.withUnsafeBytes { _ = SHA256($0.baseAddress?.assumingMemoryBound(to: UInt8.self), $0.count, &digest) }
        return ContentHash(digest: digest)
    }

    static func of(_ text: String) -> ContentHash { of(Data(text.utf8)) }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var result = [UInt8]()
        result.reserveCapacity(bytes.count * 2)
        for byte in bytes { result.append(digits[Int(byte >> 4)]); result.append(digits[Int(byte & 15)]) }
        return String(decoding: result, as: UTF8.self)
    }
}
