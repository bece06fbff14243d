import Foundation

/// The reading seam between the pipeline and the disk, so stages can be tested without touching files.
/// Paths are plain strings joined with `/`; a symbolic link is followed where a method's comment says so.
public protocol FileReading: Sendable {
    /// A regular file's bytes (through a link), bounded; a FIFO, device or folder is refused unread.
    func readFile(_ path: String) throws -> Data
    /// The size of a file in bytes, when known without reading it (nil otherwise), so big files are refused unread.
    func fileSize(_ path: String) -> Int?
    /// Every file below `folder` (links followed), as paths relative to it, sorted; hidden files and folders are skipped.
    func visibleFiles(under folder: String) throws -> [String]
    /// The names in one folder, hidden ones included, unsorted.
    func names(in folder: String) throws -> [String]
    /// What is at `path` itself: a symbolic link is reported as one, not followed.
    func kind(at path: String) -> FileKind
    /// What `path` leads to once its links are followed: `.missing`, `.folder`, or `.file` for anything else
    /// (a special file is told apart by `kind(at:)`, or when read).
    func resolvedKind(at path: String) -> FileKind
    /// `path` with every symbolic link resolved, absolute; nil when it does not exist or a link loops.
    func realPath(_ path: String) -> String?
    /// What a symbolic link holds, as written (`../notes`, `/etc/passwd`), for messages.
    func linkDestination(_ path: String) -> String?
    /// What identifies a regular file's current bytes without reading them (lstat: a link is not followed); nil for
    /// anything but a regular file. File systems that cannot tell give nil, and the bytes are read instead.
    func stamp(of path: String) -> FileStamp?
    /// `stamp(of:)` of `relative` below `folder`, whose lock the caller holds: the disk looks it up from the lock's
    /// descriptor (a shorter walk, for the writer, which stats each of a large site's files every build).
    func stamp(of relative: String, below folder: String, locked lock: FolderLock) -> FileStamp?
    /// `kind(at:)` and, for a regular file, `stamp(of:)` at once: one lstat where the file system can (a walk of a
    /// large site's pages asks it of each).
    func kindAndStamp(at path: String) -> (kind: FileKind, stamp: FileStamp?)
    /// The stamp of the sitegen binary that is running (followed through its links), which a new build of sitegen
    /// changes; nil where there is none to stat (in memory).
    func runningProgramStamp() -> FileStamp?
}

/// The writing seam: one step each, never recursive but for `makeFolderAndParents`.
public protocol FileWriting: Sendable {
    /// Makes one folder; throws when anything is there already (the output folder's writer).
    func makeFolder(_ path: String) throws
    /// Makes a folder and the folders on the way to it; a folder already there is fine (`sitegen new`).
    func makeFolderAndParents(_ path: String) throws
    /// Writes a file that must not exist yet: a link or file in its place is an error, never followed or replaced.
    func writeNewFile(_ path: String, _ data: Data) throws
    /// Writes a file, creating it or replacing what it held (through a link, as open(2) does). Only tests and
    /// their fixtures overwrite: sitegen itself writes new files and moves them into place.
    func overwriteFile(_ path: String, _ data: Data) throws
    /// Adds bytes at the end of a file that exists (never through a link), in one write.
    func appendFile(_ path: String, _ data: Data) throws
    /// Makes a file sitegen wrote readable and writable by its owner alone (the manifest key); file systems
    /// without owners (in memory) do nothing.
    func keepPrivate(_ path: String)
    /// rename(2): `source` takes the place of the file at `target` in one step (readers see the old file or the new).
    func replaceFile(_ target: String, with source: String) throws
    /// unlink(2): one file or link, never a folder.
    func removeFile(_ path: String) throws
    /// rmdir(2): a folder only when it is empty.
    func removeEmptyFolder(_ path: String) throws
    /// Holds an exclusive lock on a folder until the returned lock is released; nil when another process
    /// holds it. File systems without other processes (in memory) always grant it.
    func lockFolder(_ path: String) throws -> FolderLock?
}

/// Both seams: what a build, which reads the site and writes its output folder, is given.
public protocol FileSystem: FileReading, FileWriting {}

extension FileReading {
    public func fileSize(_ path: String) -> Int? { nil }
    public func linkDestination(_ path: String) -> String? { nil }
    public func runningProgramStamp() -> FileStamp? { nil }
    public func stamp(of relative: String, below folder: String, locked lock: FolderLock) -> FileStamp? {
        stamp(of: joinPath(folder, relative))
    }
    public func kindAndStamp(at path: String) -> (kind: FileKind, stamp: FileStamp?) {
        let kind = kind(at: path)
        return (kind, kind == .file ? stamp(of: path) : nil)
    }
}

extension FileWriting {
    public func keepPrivate(_ path: String) {}
}

/// An exclusive lock on a folder, released by `release()` or when the lock is freed.
public final class FolderLock: @unchecked Sendable {
    private(set) var descriptor: Int32
    init(descriptor: Int32) { self.descriptor = descriptor }
    /// A lock that holds nothing, for file systems without other processes (in memory), which grant every lock.
    public static func unheld() -> FolderLock { FolderLock(descriptor: -1) }
    public func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)  // closing the descriptor releases its flock
        descriptor = -1
    }
    deinit { release() }
}

/// A regular file's size, inode, and modification and change times (ns): equal stamps mean the bytes read earlier
/// are still there, as git's index assumes. The change time cannot be set by hand, so a planted record cannot
/// forge one.
public struct FileStamp: Equatable, Sendable {
    public var size: Int64
    public var inode: UInt64
    public var modified: Int64
    public var changed: Int64
    public init(size: Int64, inode: UInt64, modified: Int64, changed: Int64) {
        self.size = size; self.inode = inode; self.modified = modified; self.changed = changed
    }
}

/// What is at a path: `kind(at:)` tells links and special files apart, `resolvedKind(at:)` follows links.
public enum FileKind: Sendable, Equatable {
    case missing, file, folder, symbolicLink
    /// A FIFO, socket or device: never read, since reading one can block forever or never end.
    case special(String)
}

public struct FileSystemError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String
    /// The system's error number, when one caused this.
    public var code: Int32?
    public init(path: String, reason: String, code: Int32? = nil) { self.path = path; self.reason = reason; self.code = code }
    public var description: String { "\(path): \(reason)" }
}

/// `folder/name`, where an empty or `.` folder means the name alone.
/// Asked and joined on bytes, into one String made once: a build joins a path for every file of a large site, and
/// `hasSuffix` (by Characters) with two concatenations cost 1,800 instructions a time.
public func joinPath(_ folder: String, _ name: String) -> String {
    if folder.utf8.isEmpty || folder == "." { return name }
    var folder = folder, name = name
    return folder.withUTF8 { folder in
        name.withUTF8 { name in
            let slash = folder.last == UInt8(ascii: "/") ? 0 : 1
            return String(unsafeUninitializedCapacity: folder.count + slash + name.count) { room in
                _ = UnsafeMutableRawBufferPointer(room).copyMemory(from: UnsafeRawBufferPointer(folder))
                if slash == 1 { room[folder.count] = UInt8(ascii: "/") }
                _ = UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(room)[(folder.count + slash)...]).copyMemory(from: UnsafeRawBufferPointer(name))
                return folder.count + slash + name.count
            }
        }
    }
}

/// The real disk, through system calls (FileManager only to list a folder and read a link).
public struct LocalFileSystem: FileSystem {
    public init() {}

    /// The largest file sitegen reads or copies: no contact page needs more, and a limit keeps a device or a
    /// runaway file from filling memory.
    public static let maximumFileBytes = 64 * 1024 * 1024

    public func readFile(_ path: String) throws -> Data {
        func failure(_ code: Int32) -> FileSystemError {
            FileSystemError(path: path, reason: "cannot be read (\(String(cString: strerror(code))))")
        }
        // Non-blocking, so that a FIFO put in place of a file cannot hang the build; checked to be a regular file
        // of a bounded size before a byte is read (a device such as /dev/zero never ends).
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw failure(errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(errno) }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw FileSystemError(path: path, reason: "cannot be read (\(Self.describe(mode: status.st_mode)), not a regular file)")
        }
        guard Int(status.st_size) <= Self.maximumFileBytes else {
            throw FileSystemError(path: path, reason: "cannot be read (\(status.st_size) bytes, more than the \(Self.maximumFileBytes / 1_048_576) MiB sitegen reads)")
        }
        _ = fcntl(descriptor, F_SETFL, O_RDONLY)
        // Read straight into memory of exactly the size fstat gave (plus a byte, to see the end in one read), which
        // the result then owns: Data(count:) kept a quarter more than asked, 2 MB for a large site's manifest.
        var capacity = Int(status.st_size) + 1
        guard var bytes = malloc(capacity) else { throw failure(ENOMEM) }
        var filled = 0
        while true {
            if filled == capacity {
                capacity = Swift.min(Swift.max(capacity * 2, 4096), Self.maximumFileBytes + 2)
                guard let grown = realloc(bytes, capacity) else { free(bytes); throw failure(ENOMEM) }
                bytes = grown
            }
            let count = read(descriptor, bytes + filled, capacity - filled)
            if count < 0 { if errno == EINTR { continue }; let code = errno; free(bytes); throw failure(code) }
            if count == 0 { return Data(bytesNoCopy: bytes, count: filled, deallocator: .free) }
            filled += count
            // A file that grows while read (or lies about its size, as /proc's do) is cut off at the limit.
            if filled > Self.maximumFileBytes {
                free(bytes)
                throw FileSystemError(path: path, reason: "cannot be read (more than the \(Self.maximumFileBytes / 1_048_576) MiB sitegen reads)")
            }
        }
    }

    public func visibleFiles(under folder: String) throws -> [String] {
        let root = URL(fileURLWithPath: folder)
        var found: [String] = []
        try collect(root, prefix: "", into: &found)
        return found.sorted()
    }

    private func collect(_ folder: URL, prefix: String, into found: inout [String]) throws {
        // readdir(3) itself, whose entry type spares a stat(2) per file: a site of 10,000 pages is listed on
        // every build. A link (or a file system that does not tell the type) is looked up as before, followed.
        guard let stream = opendir(folder.path) else {
            throw FileSystemError(path: folder.path, reason: "cannot be listed (\(String(cString: strerror(errno))))")
        }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            guard !name.hasPrefix(".") else { continue }
            let relative = prefix.isEmpty ? name : prefix + "/" + name
            let type = Int(entry.pointee.d_type)
            let kind: FileKind
            if type == Int(DT_REG) { kind = .file } else if type == Int(DT_DIR) { kind = .folder } else { kind = resolvedKind(at: folder.path + "/" + name) }
            switch kind {
            case .folder: try collect(folder.appendingPathComponent(name), prefix: relative, into: &found)
            case .file: found.append(relative)
            case .missing, .symbolicLink, .special: continue  // resolvedKind gives neither of the last two
            }
        }
    }

    public func fileSize(_ path: String) -> Int? {
        // stat(2) itself: FileManager's attributes dictionary costs more than reading a small page.
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }

    public func resolvedKind(at path: String) -> FileKind {
        var status = stat()
        guard stat(path, &status) == 0 else { return .missing }
        return (status.st_mode & S_IFMT) == S_IFDIR ? .folder : .file
    }

    public func names(in folder: String) throws -> [String] {
        do { return try FileManager.default.contentsOfDirectory(atPath: folder) }
        catch { throw FileSystemError(path: folder, reason: "cannot be listed (\(Self.reason(error)))") }
    }

    public func kind(at path: String) -> FileKind {
        var status = stat()
        guard lstat(path, &status) == 0 else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFLNK: return .symbolicLink
        default: return .special(Self.describe(mode: status.st_mode))
        }
    }

    static func describe(mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a folder"
        default: "a special file"
        }
    }

    public func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    public func linkDestination(_ path: String) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: path)
    }

    public func stamp(of path: String) -> FileStamp? {
        var status = stat()
        guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Self.stamp(status)
    }

    /// From the descriptor of the folder's `lock` where it holds one.
    public func stamp(of relative: String, below folder: String, locked lock: FolderLock) -> FileStamp? {
        guard lock.descriptor >= 0 else { return stamp(of: folder + "/" + relative) }
        var status = stat()
        // In place: passed as it is, the path would be copied into a new array for each of a large site's files.
        guard relative.withCString({ fstatat(lock.descriptor, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Self.stamp(status)
    }

    public func kindAndStamp(at path: String) -> (kind: FileKind, stamp: FileStamp?) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return (.missing, nil) }
        // Folders, links and special files are few: told apart by `kind(at:)`.
        guard (status.st_mode & S_IFMT) == S_IFREG else { return (kind(at: path), nil) }
        return (.file, Self.stamp(status))
    }

    /// Through /proc/self/exe, a link to the binary: the stamp is the binary's own.
    public func runningProgramStamp() -> FileStamp? {
        realPath("/proc/self/exe").flatMap(stamp(of:))
    }

    private static func stamp(_ status: stat) -> FileStamp {
        FileStamp(size: Int64(status.st_size), inode: UInt64(status.st_ino),
                  modified: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec),
                  changed: Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec))
    }

    public func makeFolder(_ path: String) throws {
        guard mkdir(path, 0o755) == 0 else { throw Self.failure(path, "cannot create folder") }
    }

    public func writeNewFile(_ path: String, _ data: Data) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Self.failure(path, "cannot be written") }
        defer { close(descriptor) }
        try Self.write(data, to: descriptor, path: path)
    }

    public func appendFile(_ path: String, _ data: Data) throws {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.failure(path, "cannot be written") }
        defer { close(descriptor) }
        try Self.write(data, to: descriptor, path: path)
    }

    public func keepPrivate(_ path: String) {
        chmod(path, 0o600)
    }

    public func replaceFile(_ target: String, with source: String) throws {
        guard rename(source, target) == 0 else { throw Self.failure(source, "cannot be moved to \(target)") }
    }

    public func removeFile(_ path: String) throws {
        guard unlink(path) == 0 else { throw Self.failure(path, "cannot be removed") }
    }

    public func removeEmptyFolder(_ path: String) throws {
        guard rmdir(path) == 0 else { throw Self.failure(path, "cannot be removed") }
    }

    /// The error for a system call that just failed, with its errno.
    private static func failure(_ path: String, _ what: String) -> FileSystemError {
        let code = errno
        return FileSystemError(path: path, reason: "\(what) (\(String(cString: strerror(code))))", code: code)
    }

    public func lockFolder(_ path: String) throws -> FolderLock? {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FileSystemError(path: path, reason: "cannot be locked (\(String(cString: strerror(errno))))", code: errno)
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            close(descriptor)
            if code == EWOULDBLOCK { return nil }
            throw FileSystemError(path: path, reason: "cannot be locked (\(String(cString: strerror(code))))", code: code)
        }
        return FolderLock(descriptor: descriptor)
    }

    // Folders and files are made with plain system calls: a build makes thousands, and Foundation's versions
    // add a dozen checks and an fsync to each (the build's durability comes from swapping the folder in whole).

    public func makeFolderAndParents(_ path: String) throws {
        if mkdir(path, 0o755) == 0 || (errno == EEXIST && resolvedKind(at: path) == .folder) { return }
        guard errno == ENOENT else {
            throw FileSystemError(path: path, reason: "cannot create folder (\(String(cString: strerror(errno))))")
        }
        let parent = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        guard !parent.isEmpty, parent != path else {
            throw FileSystemError(path: path, reason: "cannot create folder (\(String(cString: strerror(ENOENT))))")
        }
        try makeFolderAndParents(parent)
        if mkdir(path, 0o755) == 0 || (errno == EEXIST && resolvedKind(at: path) == .folder) { return }
        throw FileSystemError(path: path, reason: "cannot create folder (\(String(cString: strerror(errno))))")
    }

    public func overwriteFile(_ path: String, _ data: Data) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Self.failure(path, "cannot be written") }
        defer { close(descriptor) }
        try Self.write(data, to: descriptor, path: path)
    }

    private static func write(_ data: Data, to descriptor: Int32, path: String) throws {
        let failure: Int32? = data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 { if errno == EINTR { continue }; return errno }
                offset += written
            }
            return nil
        }
        if let failure { throw FileSystemError(path: path, reason: "cannot be written (\(String(cString: strerror(failure))))", code: failure) }
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
