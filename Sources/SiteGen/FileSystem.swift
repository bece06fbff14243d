import Foundation

/// The seam between the pipeline and the disk, so stages can be tested without touching files.
/// Paths are plain strings joined with `/`.
public protocol FileSystem: Sendable {
    func readFile(_ path: String) throws -> Data
    /// Every regular file below `directory`, as paths relative to it, sorted; hidden files and folders are skipped.
    func listFiles(under directory: String) throws -> [String]
    func itemKind(at path: String) -> FileItemKind
    func createDirectory(_ path: String) throws
    func writeFile(_ path: String, _ data: Data) throws
    func removeItem(_ path: String) throws
    func moveItem(from source: String, to destination: String) throws
    /// The size of a file in bytes, when known without reading it (nil otherwise), so big files are refused unread.
    func fileSize(_ path: String) -> Int?
}

extension FileSystem {
    public func fileSize(_ path: String) -> Int? { nil }
}

public enum FileItemKind: Sendable, Equatable { case missing, file, directory }

public struct FileSystemError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String
    public init(path: String, reason: String) { self.path = path; self.reason = reason }
    public var description: String { "\(path): \(reason)" }
}

/// `folder/name`, where an empty or `.` folder means the name alone.
func joinPath(_ folder: String, _ name: String) -> String {
    if folder.isEmpty || folder == "." { return name }
    return folder.hasSuffix("/") ? folder + name : folder + "/" + name
}

/// The real disk, through FileManager.
public struct LocalFileSystem: FileSystem {
    public init() {}

    public func readFile(_ path: String) throws -> Data {
        func failure(_ code: Int32) -> FileSystemError {
            FileSystemError(path: path, reason: "cannot be read (\(String(cString: strerror(code))))")
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(errno) }
        defer { close(descriptor) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 { if errno == EINTR { continue }; throw failure(errno) }
            if count == 0 { return data }
            data.append(contentsOf: chunk[0..<count])
        }
    }

    public func listFiles(under directory: String) throws -> [String] {
        let root = URL(fileURLWithPath: directory)
        var found: [String] = []
        try collect(root, prefix: "", into: &found)
        return found.sorted()
    }

    private func collect(_ folder: URL, prefix: String, into found: inout [String]) throws {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: folder.path) }
        catch { throw FileSystemError(path: folder.path, reason: "cannot be listed (\(Self.reason(error)))") }
        for name in names where !name.hasPrefix(".") {
            let url = folder.appendingPathComponent(name)
            let relative = prefix.isEmpty ? name : prefix + "/" + name
            switch itemKind(at: url.path) {
            case .directory: try collect(url, prefix: relative, into: &found)
            case .file: found.append(relative)
            case .missing: continue
            }
        }
    }

    public func fileSize(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.size].flatMap { ($0 as? NSNumber)?.intValue }
    }

    public func itemKind(at path: String) -> FileItemKind {
        var status = stat()
        guard stat(path, &status) == 0 else { return .missing }
        return (status.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
    }

    // Folders and files are made with plain system calls: a build makes thousands, and Foundation's versions
    // add a dozen checks and an fsync to each (the build's durability comes from swapping the folder in whole).

    public func createDirectory(_ path: String) throws {
        if mkdir(path, 0o755) == 0 || (errno == EEXIST && itemKind(at: path) == .directory) { return }
        guard errno == ENOENT else {
            throw FileSystemError(path: path, reason: "cannot create folder (\(String(cString: strerror(errno))))")
        }
        let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        guard !parent.isEmpty, parent != path else {
            throw FileSystemError(path: path, reason: "cannot create folder (\(String(cString: strerror(ENOENT))))")
        }
        try createDirectory(parent)
        if mkdir(path, 0o755) == 0 || (errno == EEXIST && itemKind(at: path) == .directory) { return }
        throw FileSystemError(path: path, reason: "cannot create folder (\(String(cString: strerror(errno))))")
    }

    public func writeFile(_ path: String, _ data: Data) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileSystemError(path: path, reason: "cannot be written (\(String(cString: strerror(errno))))") }
        defer { close(descriptor) }
        let failure: Int32? = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 { if errno == EINTR { continue }; return errno }
                offset += written
            }
            return nil
        }
        if let failure { throw FileSystemError(path: path, reason: "cannot be written (\(String(cString: strerror(failure))))") }
    }

    public func removeItem(_ path: String) throws {
        do { try FileManager.default.removeItem(atPath: path) }
        catch { throw FileSystemError(path: path, reason: "cannot be removed (\(Self.reason(error)))") }
    }

    public func moveItem(from source: String, to destination: String) throws {
        do { try FileManager.default.moveItem(atPath: source, toPath: destination) }
        catch { throw FileSystemError(path: source, reason: "cannot be moved to \(destination) (\(Self.reason(error)))") }
    }

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        // Linux's Foundation stores the underlying error as a Swift POSIXError, which `as? NSError` does not match.
        if let underlying = (nsError.userInfo[NSUnderlyingErrorKey] as? any Error).map({ $0 as NSError }),
           let posix = POSIXErrorCode(rawValue: Int32(underlying.code)), underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(posix.rawValue))
        }
        return nsError.localizedDescription
    }
}

/// Files held in memory, for tests.
public final class InMemoryFileSystem: FileSystem, @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: Data] = [:]
    private var directories: Set<String> = []

    public init(_ files: [String: String] = [:]) {
        for (path, text) in files { try? writeFile(path, Data(text.utf8)) }
    }

    public var allFiles: [String: Data] { lock.withLock { files } }

    private static func normalize(_ path: String) -> String {
        path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    }

    private func parents(of path: String) -> [String] {
        let parts = path.split(separator: "/")
        return (0..<max(parts.count - 1, 0)).map { parts[0...$0].joined(separator: "/") }
    }

    public func readFile(_ path: String) throws -> Data {
        let key = Self.normalize(path)
        guard let data = lock.withLock({ files[key] }) else { throw FileSystemError(path: path, reason: "cannot be read (no such file)") }
        return data
    }

    public func listFiles(under directory: String) throws -> [String] {
        let root = Self.normalize(directory)
        guard itemKind(at: root) == .directory else { throw FileSystemError(path: directory, reason: "cannot be listed (no such folder)") }
        let prefix = root.isEmpty ? "" : root + "/"
        return lock.withLock {
            files.keys.filter { $0.hasPrefix(prefix) }
                .map { String($0.dropFirst(prefix.count)) }
                .filter { !$0.split(separator: "/").contains { $0.hasPrefix(".") } }
                .sorted()
        }
    }

    public func itemKind(at path: String) -> FileItemKind {
        let key = Self.normalize(path)
        return lock.withLock {
            if files[key] != nil { return .file }
            if key.isEmpty || directories.contains(key) { return .directory }
            return .missing
        }
    }

    public func createDirectory(_ path: String) throws {
        let key = Self.normalize(path)
        try lock.withLock {
            for folder in parents(of: key) + [key] {
                if files[folder] != nil { throw FileSystemError(path: folder, reason: "cannot create folder (a file is in the way)") }
                directories.insert(folder)
            }
        }
    }

    public func writeFile(_ path: String, _ data: Data) throws {
        let key = Self.normalize(path)
        try lock.withLock {
            if directories.contains(key) { throw FileSystemError(path: path, reason: "cannot be written (is a folder)") }
            for folder in parents(of: key) {
                if files[folder] != nil { throw FileSystemError(path: path, reason: "cannot be written (\(folder) is a file)") }
                directories.insert(folder)
            }
            files[key] = data
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
            directories = directories.filter { !$0.hasPrefix(prefix) }
        }
    }

    public func moveItem(from source: String, to destination: String) throws {
        let from = Self.normalize(source), to = Self.normalize(destination)
        try lock.withLock {
            guard files[to] == nil, !directories.contains(to) else {
                throw FileSystemError(path: source, reason: "cannot be moved to \(destination) (it exists)")
            }
            if let data = files.removeValue(forKey: from) { files[to] = data; return }
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
