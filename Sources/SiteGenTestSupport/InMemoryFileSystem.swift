import Foundation
import SiteBasics
import SiteGen

/// Files held in memory, for tests.
public final class InMemoryFileSystem: FileSystem, @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: Data] = [:]
    private var directories: Set<String> = []
    /// How often each file was read, for tests that a stage reads a file once or not at all.
    private var readCounts: [String: Int] = [:]
    /// How often each path's stamp was asked (a disk's stat), for tests that a stage proves a file by one stat.
    private var stampCounts: [String: Int] = [:]
    /// How often each folder was listed, for tests that a stage lists a folder only when it needs its names.
    private var listCounts: [String: Int] = [:]
    private var tick: Int64?
    private var stamps: [String: FileStamp] = [:]
    private var lastInode: UInt64 = 0

    public init(_ files: [String: String] = [:]) {
        for (path, text) in files { try? overwriteFile(path, Data(text.utf8)) }
    }

    public var allFiles: [String: Data] { lock.withLock { files } }

    /// How many times `path` has been read so far (a failed read counts too).
    package func readCount(of path: String) -> Int {
        let key = Self.normalize(path)
        return lock.withLock { readCounts[key, default: 0] }
    }

    /// How many times `path`'s stamp has been asked so far (a stat on a disk).
    package func stampCount(of path: String) -> Int {
        let key = Self.normalize(path)
        return lock.withLock { stampCounts[key, default: 0] }
    }

    /// How many times the folder at `path` has been listed so far.
    package func listCount(of path: String) -> Int {
        let key = Self.normalize(path)
        return lock.withLock { listCounts[key, default: 0] }
    }

    /// When set, a file written from then on carries a stamp, as on a disk, its times the clock's rounded down to
    /// this many nanoseconds (the disk's clock tick); a file moved keeps its inode and times but its change time, as on a disk. Nil (the default): files in
    /// memory have no stamps, and what compares stamps reads the files instead.
    package var stampTick: Int64? {
        get { lock.withLock { tick } }
        set { lock.withLock { tick = newValue } }
    }

    /// The clock rounded down to the tick, when files carry stamps. Under the lock.
    private func now() -> Int64? {
        guard let tick else { return nil }
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        return (Int64(clock.tv_sec) * 1_000_000_000 + Int64(clock.tv_nsec)) / tick * tick
    }

    /// A stamp after a rename, as a disk changes it: the same inode and times but the change time. Under the lock.
    private func renamed(_ stamp: FileStamp) -> FileStamp {
        FileStamp(size: stamp.size, inode: stamp.inode, modified: stamp.modified, changed: now() ?? stamp.changed)
    }

    /// Moves the times of `path`'s stamp back by `nanoseconds`: a file that last changed that long ago.
    package func backdate(_ path: String, by nanoseconds: Int64) {
        lock.withLock {
            stamps[Self.normalize(path)].map { stamps[Self.normalize(path)] = FileStamp(size: $0.size, inode: $0.inode, modified: $0.modified - nanoseconds, changed: $0.changed - nanoseconds) }
        }
    }

    private static func normalize(_ path: String) -> String {
        path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    }

    private func parents(of path: String) -> [String] {
        let parts = path.split(separator: "/")
        return (0..<max(parts.count - 1, 0)).map { parts[0...$0].joined(separator: "/") }
    }

    public func readFile(_ path: String) throws -> Data {
        let key = Self.normalize(path)
        guard let data = lock.withLock({ readCounts[key, default: 0] += 1; return files[key] }) else { throw FileSystemError(path: path, reason: "cannot be read (no such file)") }
        return data
    }

    public func visibleFiles(under folder: String) throws -> [String] {
        let root = Self.normalize(folder)
        guard resolvedKind(at: root) == .folder else { throw FileSystemError(path: folder, reason: "cannot be listed (no such folder)") }
        let prefix = root.isEmpty ? "" : root + "/"
        return lock.withLock {
            files.keys.filter { $0.hasPrefix(prefix) }
                .map { String($0.dropFirst(prefix.count)) }
                .filter { !$0.split(separator: "/").contains { $0.hasPrefix(".") } }
                .sorted()
        }
    }

    public func resolvedKind(at path: String) -> FileKind {
        let key = Self.normalize(path)
        return lock.withLock {
            if files[key] != nil { return .file }
            if key.isEmpty || directories.contains(key) { return .folder }
            return .missing
        }
    }

    public func makeFolderAndParents(_ path: String) throws {
        let key = Self.normalize(path)
        try lock.withLock {
            for folder in parents(of: key) + [key] {
                if files[folder] != nil { throw FileSystemError(path: folder, reason: "cannot create folder (a file is in the way)") }
                directories.insert(folder)
            }
        }
    }

    public func overwriteFile(_ path: String, _ data: Data) throws {
        let key = Self.normalize(path)
        try lock.withLock {
            if directories.contains(key) { throw FileSystemError(path: path, reason: "cannot be written (is a folder)") }
            for folder in parents(of: key) {
                if files[folder] != nil { throw FileSystemError(path: path, reason: "cannot be written (\(folder) is a file)") }
                directories.insert(folder)
            }
            files[key] = data
            if let time = now() {
                let inode = stamps[key]?.inode ?? { lastInode += 1; return lastInode }()
                stamps[key] = FileStamp(size: Int64(data.count), inode: inode, modified: time, changed: time)
            } else {
                stamps[key] = nil
            }
        }
    }

    public func removeItem(_ path: String) throws {
        let key = Self.normalize(path)
        try lock.withLock {
            let prefix = key + "/"
            let hadFile = files.removeValue(forKey: key) != nil
            let hadFolder = directories.remove(key) != nil
            guard hadFile || hadFolder else { throw FileSystemError(path: path, reason: "cannot be removed (no such item)") }
            files = files.filter { !$0.key.hasPrefix(prefix) }
            stamps = stamps.filter { $0.key != key && !$0.key.hasPrefix(prefix) }
            directories = directories.filter { !$0.hasPrefix(prefix) }
        }
    }

    public func names(in folder: String) throws -> [String] {
        let key = Self.normalize(folder)
        guard resolvedKind(at: key) == .folder else { throw FileSystemError(path: folder, reason: "cannot be listed (no such folder)") }
        let prefix = key.isEmpty ? "" : key + "/"
        return lock.withLock {
            listCounts[key, default: 0] += 1
            let names = (Array(files.keys) + Array(directories)).filter { $0.hasPrefix(prefix) && $0 != key }
                .compactMap { $0.dropFirst(prefix.count).split(separator: "/").first.map(String.init) }
            return Array(Set(names))
        }
    }

    /// Memory holds no links or special files: what is at a path is what it leads to.
    public func kind(at path: String) -> FileKind { resolvedKind(at: path) }

    public func realPath(_ path: String) -> String? {
        resolvedKind(at: path) == .missing ? nil : "/" + Self.normalize(path)
    }

    /// Files in memory have no inode or times unless `stampTick` is set: the writer reads them to compare.
    public func stamp(of path: String) -> FileStamp? {
        let key = Self.normalize(path)
        return lock.withLock {
            stampCounts[key, default: 0] += 1
            return stamps[key]
        }
    }

    public func makeFolder(_ path: String) throws {
        let key = Self.normalize(path)
        guard resolvedKind(at: key) == .missing else { throw FileSystemError(path: path, reason: "cannot create folder (it exists)") }
        guard resolvedKind(at: parents(of: key).last ?? "") == .folder else { throw FileSystemError(path: path, reason: "cannot create folder (no parent)") }
        lock.withLock { _ = directories.insert(key) }
    }

    public func writeNewFile(_ path: String, _ data: Data) throws {
        guard resolvedKind(at: path) == .missing else { throw FileSystemError(path: path, reason: "cannot be written (it exists)") }
        try overwriteFile(path, data)
    }

    public func appendFile(_ path: String, _ data: Data) throws {
        let key = Self.normalize(path)
        try lock.withLock {
            guard files[key] != nil else { throw FileSystemError(path: path, reason: "cannot be written (no such file)") }
            files[key]!.append(data)
            stamps[key] = nil
        }
    }

    public func replaceFile(_ target: String, with source: String) throws {
        let from = Self.normalize(source), to = Self.normalize(target)
        try lock.withLock {
            guard let data = files.removeValue(forKey: from) else { throw FileSystemError(path: source, reason: "cannot be moved (no such file)") }
            guard !directories.contains(to) else { throw FileSystemError(path: source, reason: "cannot be moved to \(target) (a folder)") }
            files[to] = data
            stamps[to] = stamps.removeValue(forKey: from).map(renamed)
        }
    }

    public func removeFile(_ path: String) throws {
        let key = Self.normalize(path)
        try lock.withLock {
            guard files.removeValue(forKey: key) != nil else { throw FileSystemError(path: path, reason: "cannot be removed (no such file)") }
            stamps[key] = nil
        }
    }

    public func removeEmptyFolder(_ path: String) throws {
        let key = Self.normalize(path)
        guard try names(in: key).isEmpty else { throw FileSystemError(path: path, reason: "cannot be removed (not empty)") }
        lock.withLock { _ = directories.remove(key) }
    }

    public func lockFolder(_ path: String) throws -> FolderLock? { FolderLock.unheld() }

    public func moveItem(from source: String, to destination: String) throws {
        let from = Self.normalize(source), to = Self.normalize(destination)
        try lock.withLock {
            guard files[to] == nil, !directories.contains(to) else {
                throw FileSystemError(path: source, reason: "cannot be moved to \(destination) (it exists)")
            }
            if let data = files.removeValue(forKey: from) {
                files[to] = data
                stamps[to] = stamps.removeValue(forKey: from).map(renamed)
                return
            }
            stamps = stamps.filter { !$0.key.hasPrefix(from + "/") }
            guard directories.remove(from) != nil else { throw FileSystemError(path: source, reason: "cannot be moved (no such item)") }
            directories.insert(to)
            for (path, data) in files where path.hasPrefix(from + "/") {
                files.removeValue(forKey: path)
                files[to + path.dropFirst(from.count)] = data
            }
            for folder in directories where folder.hasPrefix(from + "/") {
                directories.remove(folder)
                directories.insert(to + folder.dropFirst(from.count))
            }
        }
    }
}
