import Foundation
import Testing
import SiteBasics
import SiteGenTestSupport

/// One broken site of `Tests/Corpus/bad/`, read from its folder: the site's files and `expected.txt`, which
/// says what `sitegen` must print on standard error and return (Tests/Corpus/README.md describes the format).
struct CorpusCase: Sendable, CustomTestStringConvertible {
    /// A step that prepares what a folder cannot hold: big, unreadable or missing files.
    enum Setup: Sendable, Equatable {
        /// `generate content/big.md 50 MiB`: a page of that many bytes, made at test time (too big to commit).
        case generate(path: String, bytes: Int)
        /// `unreadable content/secret.md`: chmod 000 (meaningless for root, so the case is cancelled there).
        case unreadable(path: String)
        /// `link content/page.md /proc/self/mem`: a symbolic link.
        case link(path: String, target: String)
        /// `remove templates`: a file or folder of the site (or its previous Output) taken away.
        case remove(path: String)
        /// `write Output not a folder`: a file holding the rest of the line.
        case write(path: String, text: String)
        /// `fifo content/pipe`: a named pipe, which a build must refuse rather than read (and hang).
        case fifo(path: String)
    }

    var name: String
    var folder: URL
    /// The header lines of `expected.txt` kept when the file is rewritten: comments, command and setup.
    var header: [String] = []
    var arguments = ["build"]
    var setup: [Setup] = []
    var exitCode: Int32 = -1
    /// Exactly what `sitegen` must print on standard error.
    var standardError = ""
    /// What is wrong with `expected.txt` itself, if anything.
    var problem: String?

    var testDescription: String { name }

    /// Whether the case is about file permissions, which root does not have to respect.
    var needsUnprivilegedUser: Bool { setup.contains { if case .unreadable = $0 { true } else { false } } }

    static let root = Fixtures.packageRoot.appendingPathComponent("Tests/Corpus")

    /// Every case, sorted by name.
    static var all: [CorpusCase] {
        let folder = root.appendingPathComponent("bad")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { load($0, from: folder.appendingPathComponent($0)) }
    }

    static func load(_ name: String, from folder: URL) -> CorpusCase {
        var result = CorpusCase(name: name, folder: folder)
        guard let text = try? String(contentsOf: folder.appendingPathComponent("expected.txt"), encoding: .utf8) else {
            result.problem = "\(name)/expected.txt is missing or not UTF-8"
            return result
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while let line = lines.first {
            lines.removeFirst()
            if line.hasPrefix("exit "), let code = Int32(line.dropFirst("exit ".count)) {
                result.exitCode = code
                result.standardError = lines.joined(separator: "\n")
                return result
            }
            result.header.append(line)
            if line.hasPrefix("#") || line.isEmpty { continue }
            if line.hasPrefix("$ sitegen ") {
                result.arguments = line.dropFirst("$ sitegen ".count).split(separator: " ").map(String.init)
            } else if line.hasPrefix("setup: "), let step = parseSetup(String(line.dropFirst("setup: ".count))) {
                result.setup.append(step)
            } else {
                result.problem = "\(name)/expected.txt: cannot read the line '\(line)': expected '# comment', '$ sitegen ARGUMENTS', 'setup: STEP' or 'exit CODE'"
                return result
            }
        }
        result.problem = "\(name)/expected.txt has no line 'exit CODE' before the expected standard error"
        return result
    }

    static func parseSetup(_ text: String) -> Setup? {
        let words = text.split(separator: " ", maxSplits: 2).map(String.init)
        switch (words.first, words.count) {
        case ("generate", 3):
            let size = words[2].split(separator: " ")
            guard let amount = Int(size[0]) else { return nil }
            let unit = size.count > 1 && size[1] == "MiB" ? 1_048_576 : 1
            return .generate(path: words[1], bytes: amount * unit)
        case ("unreadable", 2): return .unreadable(path: words[1])
        case ("link", 3): return .link(path: words[1], target: words[2])
        case ("remove", 2): return .remove(path: words[1])
        case ("write", 3): return .write(path: unescape(words[1]), text: words[2])
        case ("fifo", 2): return .fifo(path: unescape(words[1]))
        default: return nil
        }
    }

    /// `\n` in a setup path is a line break, so a case can name a folder that holds one.
    static func unescape(_ path: String) -> String {
        path.replacingOccurrences(of: "\\n", with: "\n")
    }
}

/// The bad-input corpus through the real binary: each broken site's exact diagnostics and exit code, and that
/// a failed build leaves the previous `Output/` (and every other file of the site) byte for byte as it was.
@Suite struct BadSiteCorpusTests {
    /// What a folder holds, without following links, so that a before and after can be compared exactly.
    enum Entry: Equatable {
        case folder, file(Data), link(String), unreadable, special
    }

    /// Whether `path` is new in `after` and a resource cache's: `cache/`, a kind's folder, or an entry
    /// `cache/KIND/KEY-SHA.EXT` whose bytes' SHA-256 begins with SHA.
    static func isNewCacheEntry(_ path: String, before: [String: Entry], after: [String: Entry]) -> Bool {
        guard before[path] == nil, let entry = after[path] else { return false }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.first == "cache" else { return false }
        switch (parts.count, entry) {
        case (1, .folder), (2, .folder): return true
        case (3, .file(let data)):
            let name = parts[2].split(separator: ".").first.map(String.init) ?? ""
            let halves = name.split(separator: "-")
            return halves.count == 2 && SHA256Digest.hex(data).hasPrefix(halves[1])
        default: return false
        }
    }

    static func snapshot(_ folder: URL) -> [String: Entry] {
        var entries: [String: Entry] = [:]
        func visit(_ url: URL, _ relative: String) {
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
            switch attributes?[.type] as? FileAttributeType {
            case .typeDirectory?:
                if !relative.isEmpty { entries[relative] = .folder }
                for name in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] {
                    visit(url.appendingPathComponent(name), relative.isEmpty ? name : relative + "/" + name)
                }
            case .typeSymbolicLink?:
                entries[relative] = .link((try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? "")
            case .typeRegular?, nil:
                entries[relative] = (try? Data(contentsOf: url)).map(Entry.file) ?? .unreadable
            default:  // a FIFO or socket: reading one would hang the test
                entries[relative] = .special
            }
        }
        visit(folder, "")
        return entries
    }

    /// Copies the files of `source` into `destination`, replacing those of the same name.
    static func overlay(_ source: URL, onto destination: URL) throws {
        let fileManager = FileManager.default
        guard let enumerator = fileManager.enumerator(at: source, includingPropertiesForKeys: [.isDirectoryKey]) else { return }
        for case let url as URL in enumerator {
            let relative = String(url.standardizedFileURL.path.dropFirst(source.standardizedFileURL.path.count + 1))
            let target = destination.appendingPathComponent(relative)
            if (try url.resourceValues(forKeys: [.isDirectoryKey])).isDirectory == true {
                try fileManager.createDirectory(at: target, withIntermediateDirectories: true)
            } else {
                try? fileManager.removeItem(at: target)
                try fileManager.copyItem(at: url, to: target)
            }
        }
    }

    /// `sitegen` with a fixed environment: no icon sets, so no output depends on what the machine has installed.
    static func run(_ arguments: [String], in folder: URL, executable: URL? = nil) throws -> (code: Int32, output: String, errors: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["SITEGEN_ICON_PATH"] = ""
        return try SitegenBinary.run(arguments, in: folder, environment: environment, executable: executable)
    }

    /// A page of exactly `bytes` bytes: valid front matter, then lines of text.
    static func generatePage(at url: URL, bytes: Int) throws {
        let head = Data("---\ntitle: A very long page\n---\n".utf8)
        _ = FileManager.default.createFile(atPath: url.path, contents: head)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        let line = Data((String(repeating: "All work and no play. ", count: 3) + "\n").utf8)
        let chunk = Data((0..<(1_048_576 / line.count)).flatMap { _ in line })
        var left = bytes - head.count
        while left > 0 {
            try handle.write(contentsOf: chunk.prefix(left))
            left -= min(left, chunk.count)
        }
    }

    static func prepare(_ step: CorpusCase.Setup, in site: URL) throws {
        let fileManager = FileManager.default
        switch step {
        case .generate(let path, let bytes): try generatePage(at: site.appendingPathComponent(path), bytes: bytes)
        case .unreadable(let path):
            try fileManager.setAttributes([.posixPermissions: 0], ofItemAtPath: site.appendingPathComponent(path).path)
        case .link(let path, let target):
            try fileManager.createSymbolicLink(atPath: site.appendingPathComponent(path).path, withDestinationPath: target)
        case .remove(let path): try fileManager.removeItem(at: site.appendingPathComponent(path))
        case .write(let path, let text):
            let url = site.appendingPathComponent(path)
            try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((text + "\n").utf8).write(to: url)
        case .fifo(let path):
            guard mkfifo(site.appendingPathComponent(path).path, 0o644) == 0 else { throw CocoaError(.fileWriteUnknown) }
        }
    }

    @Test(arguments: CorpusCase.all.filter { !$0.needsUnprivilegedUser })
    func brokenSite(_ corpusCase: CorpusCase) throws {
        try check(corpusCase)
    }

    /// `setpriv`, which runs a command as another user, when the tests run as root.
    static let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Cases about file permissions, which do not apply to root: as root, the binary runs as `nobody` through
    /// `setpriv`; without `setpriv`, they are skipped.
    @Test(.disabled(if: getuid() == 0 && setpriv == nil,
                    "running as root, who reads a file whatever its permissions, and setpriv (util-linux) is missing to run sitegen as nobody"),
          arguments: CorpusCase.all.filter(\.needsUnprivilegedUser))
    func brokenSiteAsAnUnprivilegedUser(_ corpusCase: CorpusCase) throws {
        try check(corpusCase, unprivileged: getuid() == 0)
    }

    func check(_ corpusCase: CorpusCase, unprivileged: Bool = false) throws {
        if let problem = corpusCase.problem { Issue.record(Comment(rawValue: problem)); return }
        let site = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: site) }
        // First a good build, so that there is a previous Output/ for the broken build to leave alone.
        try FileManager.default.copyItem(at: CorpusCase.root.appendingPathComponent("templates"), to: site.appendingPathComponent("templates"))
        try FileManager.default.copyItem(at: CorpusCase.root.appendingPathComponent("good"), to: site.appendingPathComponent("content"))
        let good = try Self.run(["build"], in: site)
        try #require(good.code == 0, "the good site does not build: \(good.errors)")

        // Then the broken site in its place.
        try FileManager.default.removeItem(at: site.appendingPathComponent("content"))
        try Self.overlay(corpusCase.folder, onto: site)
        try? FileManager.default.removeItem(at: site.appendingPathComponent("expected.txt"))
        for step in corpusCase.setup { try Self.prepare(step, in: site) }
        if unprivileged {
            // nobody must be able to enter every folder (and, for a build that succeeds, write in it).
            for (path, entry) in Self.snapshot(site) where entry == .folder {
                try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: site.appendingPathComponent(path).path)
            }
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: site.path)
            // The good build's key, which only its owner may read.
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: site.appendingPathComponent(".sitegen-key").path)
        }
        let before = Self.snapshot(site)

        let arguments = unprivileged
            ? ["--reuid=65534", "--regid=65534", "--clear-groups", SitegenBinary.url.path] + corpusCase.arguments
            : corpusCase.arguments
        let result = try Self.run(arguments, in: site, executable: unprivileged ? URL(fileURLWithPath: Self.setpriv!) : nil)
        if ProcessInfo.processInfo.environment["SITEGEN_UPDATE_CORPUS"] == "1" {
            let text = (corpusCase.header + ["exit \(result.code)", result.errors]).joined(separator: "\n")
            try Data(text.utf8).write(to: corpusCase.folder.appendingPathComponent("expected.txt"))
        }
        #expect(result.code == corpusCase.exitCode, "stderr:\n\(result.errors)")
        #expect(result.errors == corpusCase.standardError)

        let after = Self.snapshot(site)
        if result.code == 0 {
            #expect(after.filter { !$0.key.hasPrefix("Output") } == before.filter { !$0.key.hasPrefix("Output") },
                    "a successful build changed files outside Output/")
            #expect(after["Output/index.html"] != nil)
        } else {
            #expect(result.output == "")
            // What it drew before failing may stay in the resource cache (a memo, as a compiler's build folder): new
            // entries each named by the hash of its bytes, and nothing else.
            let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] && !Self.isNewCacheEntry($0, before: before, after: after) }.sorted()
            #expect(changed.isEmpty, "a failed build changed these files: \(changed)")
        }
    }

    @Test func theCorpusHasAtLeastFortyCases() {
        #expect(CorpusCase.all.count >= 40)
    }
}
