import Foundation
import CCrypto

/// sitegen's record of what it wrote in an output folder: each file with the SHA-256 of the bytes written, the
/// folders it made, the staging folders it opened, and for each page what it was rendered from. It is the only
/// proof of ownership: a file is sitegen's while its bytes still match a hash recorded here, whatever it looks
/// like. Anyone who can write the folder can edit the record, so every line is checked (a path must stay inside
/// the folder and out of hidden places) and a bad one stops the build; a forged line gains nothing, since a file
/// is replaced or removed only when its bytes match.
///
/// One line per item, fields split by tabs; in paths `%`, `|`, `=` and control characters are percent-encoded:
///
///     sitegen-manifest 2
///     file    PATH    SHA256[|SHA256…]    SIZE:INODE:MTIME:CTIME (or -)
///     folder  PATH
///     staging TOKEN
///     page    SOURCE  DIGEST  FROM  UNTIL  POLICYPATH  POLICY  OUTPUT|OUTPUT…  ASSET=SHA256|…
public struct OutputManifest: Equatable, Sendable {
    public static let fileName = ".sitegen-manifest"
    /// The next manifest, written whole and then renamed over the manifest, so a killed build leaves one or the other.
    public static let nextFileName = ".sitegen-manifest.next"
    static let stagingPrefix = ".sitegen-staging-"
    static let formatLine = "sitegen-manifest 2"

    public struct FileEntry: Equatable, Sendable {
        /// Every hash the file may still have: one after a finished build; two while a build replaces it.
        public var hashes: [String]
        /// The file as it was when last checked: equal stamps spare reading the file again.
        public var stamp: FileStamp?
    }

    /// What a page was rendered from and to: while its inputs and files are unchanged, it is not rendered again.
    public struct PageRecord: Equatable, Sendable {
        /// SHA-256 of everything the page's render reads but the assets (the page, the site's settings, the
        /// templates, the icon sets, sitegen itself, the build's options).
        public var digest: String
        /// The span of `--now` (seconds) its scheduled links give the same page: [from, until).
        public var validFrom: Int64?
        public var validUntil: Int64?
        public var policy: (path: String, policy: SecurityPolicy)?
        public var outputs: [String]
        /// The files under content/ it uses (stylesheet, avatar, background, icons), with their SHA-256.
        public var assets: [String: String]

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

    /// Reads a manifest; the first bad line is the error (a build then stops, and nothing is removed).
    public static func parse(_ text: String) throws(Problem) -> OutputManifest {
        var manifest = OutputManifest()
        var sawFormat = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            if line.isEmpty || line.hasPrefix("#") { continue }
            if !sawFormat {
                guard line == formatLine else {
                    throw Problem(line: number, message: "expected '\(formatLine)': a manifest of an older sitegen, or not one at all (it records no hashes, so it proves nothing; remove it, and the files here count as yours)")
                }
                sawFormat = true
                continue
            }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            func path(_ field: String, kind: String) throws(Problem) -> String {
                guard let decoded = decode(field) else { throw Problem(line: number, message: "\(kind) path '\(field)' is not percent-encoded correctly") }
                if let reason = pathProblem(decoded) { throw Problem(line: number, message: "\(kind) path '\(field)' \(reason)") }
                return decoded
            }
            switch fields.first {
            case "file":
                guard fields.count == 4 else { throw Problem(line: number, message: "expected 'file', a path, hashes and a stamp, split by tabs") }
                let hashes = fields[2].split(separator: "|").map(String.init)
                guard !hashes.isEmpty, hashes.allSatisfy(isHash) else { throw Problem(line: number, message: "expected SHA-256 hashes (64 hex digits) split by '|'") }
                let stamp: FileStamp?
                if fields[3] == "-" { stamp = nil } else {
                    let parts = fields[3].split(separator: ":")
                    guard parts.count == 4, let size = Int64(parts[0]), let inode = UInt64(parts[1]), let modified = Int64(parts[2]),
                          let changed = Int64(parts[3]) else { throw Problem(line: number, message: "expected a stamp SIZE:INODE:MTIME:CTIME or -") }
                    stamp = FileStamp(size: size, inode: inode, modified: modified, changed: changed)
                }
                manifest.files[try path(fields[1], kind: "file")] = FileEntry(hashes: hashes, stamp: stamp)
            case "folder":
                guard fields.count == 2 else { throw Problem(line: number, message: "expected 'folder' and a path, split by a tab") }
                manifest.folders.insert(try path(fields[1], kind: "folder"))
            case "staging":
                guard fields.count == 2, isToken(fields[1]) else { throw Problem(line: number, message: "expected 'staging' and a token of 32 hex digits") }
                manifest.stagingTokens.append(fields[1])
            case "page":
                guard fields.count == 9 else { throw Problem(line: number, message: "expected 'page' and eight fields, split by tabs") }
                guard let source = decode(fields[1]), pathProblem(source) == nil else { throw Problem(line: number, message: "page source '\(fields[1])' is not a plain path") }
                guard isHash(fields[2]) else { throw Problem(line: number, message: "expected the page's digest, 64 hex digits") }
                func time(_ field: String) throws(Problem) -> Int64? {
                    if field == "-" { return nil }
                    guard let value = Int64(field) else { throw Problem(line: number, message: "expected a time in seconds or -, found '\(field)'") }
                    return value
                }
                var record = PageRecord(digest: fields[2], validFrom: try time(fields[3]), validUntil: try time(fields[4]), policy: nil, outputs: [], assets: [:])
                if fields[5] != "-" {
                    guard let policyPath = decode(fields[5]), let policy = decodePolicy(fields[6]) else {
                        throw Problem(line: number, message: "the page's policy cannot be read")
                    }
                    record.policy = (policyPath, policy)
                }
                for output in fields[7].split(separator: "|") { record.outputs.append(try path(String(output), kind: "page output")) }
                for asset in fields[8].split(separator: "|") {
                    let parts = asset.split(separator: "=")
                    guard parts.count == 2, let assetPath = decode(String(parts[0])), pathProblem(assetPath) == nil, isHash(String(parts[1])) else {
                        throw Problem(line: number, message: "expected the page's assets as PATH=SHA256 split by '|'")
                    }
                    record.assets[assetPath] = String(parts[1])
                }
                manifest.pages[source] = record
            default:
                throw Problem(line: number, message: "expected a line starting with file, folder, staging or page")
            }
        }
        guard sawFormat else { throw Problem(line: 1, message: "expected '\(formatLine)': the manifest is empty") }
        return manifest
    }

    /// Why a recorded path may not be touched, or nil: it must be relative and normalised, and hidden nowhere but
    /// the `.well-known/` files sitegen writes (so no record reaches `.git`, `.env` or anything above the folder).
    static func pathProblem(_ path: String) -> String? {
        if path.isEmpty { return "is empty" }
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return "holds a control character" }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) { return "is not a plain relative path inside the folder" }
        for (index, part) in parts.enumerated() where part.hasPrefix(".") && !(index == 0 && part == ".well-known") {
            return "names a hidden item ('\(part)'), which sitegen never writes"
        }
        return nil
    }

    private static func isHash(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    private static func isToken(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    // MARK: writing

    public var text: String {
        var lines = ["# sitegen's record of the files it wrote here, with the SHA-256 of their bytes: a build replaces or removes",
                     "# a file only while its bytes match. Edit nothing; remove this file and every file here counts as yours.",
                     Self.formatLine]
        for path in folders.sorted() { lines.append("folder\t" + Self.encode(path)) }
        for token in stagingTokens { lines.append("staging\t" + token) }
        for (path, entry) in files.sorted(by: { $0.key < $1.key }) {
            let stamp = entry.stamp.map { "\($0.size):\($0.inode):\($0.modified):\($0.changed)" } ?? "-"
            lines.append("file\t\(Self.encode(path))\t\(entry.hashes.joined(separator: "|"))\t\(stamp)")
        }
        for (source, record) in pages.sorted(by: { $0.key < $1.key }) {
            let validFrom: String = record.validFrom.map { String($0) } ?? "-"
            let validUntil: String = record.validUntil.map { String($0) } ?? "-"
            let policyPath: String = record.policy.map { Self.encode($0.path) } ?? "-"
            let policy: String = record.policy.map { Self.encodePolicy($0.policy) } ?? "-"
            let outputs: String = record.outputs.map(Self.encode).joined(separator: "|")
            let assets: String = record.assets.sorted { $0.key < $1.key }.map { Self.encode($0.key) + "=" + $0.value }.joined(separator: "|")
            let fields: [String] = ["page", Self.encode(source), record.digest, validFrom, validUntil, policyPath, policy, outputs, assets]
            lines.append(fields.joined(separator: "\t"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func encode(_ path: String) -> String {
        var result = ""
        for scalar in path.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "%" || scalar == "|" || scalar == "=" || scalar == "\t" {
                result += String(format: "%%%02X", scalar.value)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func decode(_ field: String) -> String? {
        guard field.contains("%") else { return field }
        return field.removingPercentEncoding
    }

    /// A policy as `S=hash,hash;T=hash;O=origin,origin` (script hashes, style hashes, counting origins).
    static func encodePolicy(_ policy: SecurityPolicy) -> String {
        "S=\(policy.scriptHashes.joined(separator: ","));T=\(policy.styleHashes.joined(separator: ","));O=\(policy.connectOrigins.map(encode).joined(separator: ","))"
    }

    static func decodePolicy(_ field: String) -> SecurityPolicy? {
        let parts = field.split(separator: ";", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].hasPrefix("S="), parts[1].hasPrefix("T="), parts[2].hasPrefix("O=") else { return nil }
        func list(_ part: Substring) -> [String] { part.dropFirst(2).split(separator: ",").map(String.init) }
        let origins = list(parts[2]).compactMap(decode)
        return SecurityPolicy(scriptHashes: list(parts[0]), styleHashes: list(parts[1]), connectOrigins: origins)
    }
}

/// SHA-256 in lower-case hex: how the manifest names bytes.
enum ContentHash {
    static func of(_ data: Data) -> String {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        data.withUnsafeBytes { _ = SHA256($0.baseAddress?.assumingMemoryBound(to: UInt8.self), $0.count, &digest) }
        return hex(digest)
    }

    static func of(_ text: String) -> String { of(Data(text.utf8)) }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var result = [UInt8]()
        result.reserveCapacity(bytes.count * 2)
        for byte in bytes { result.append(digits[Int(byte >> 4)]); result.append(digits[Int(byte & 15)]) }
        return String(decoding: result, as: UTF8.self)
    }
}
