import Foundation
import SiteGen
#if canImport(Glibc)
import Glibc
#endif

/// Calls back when files, or files under some folders, change. On Linux the kernel tells it (inotify): each
/// folder under a watched folder is watched, and a folder made later is added as it appears, so a save reaches
/// the callback within a few milliseconds. Where inotify is unavailable (not Linux; `inotify_init1` fails, as
/// in a sandbox without it; or `inotify_add_watch` fails, when `fs.inotify.max_user_watches` is used up) it
/// polls each file's size, modification time and inode every `interval` instead. Hidden files (editors' swap
/// files) are ignored, as builds ignore them.
final class SourceWatcher: @unchecked Sendable {
    struct Stamp: Equatable {
        var size: Int64
        var modified: Int64
        var inode: UInt64
    }

    /// How the watcher learns of changes.
    enum Mechanism: Equatable, Sendable { case kernelEvents, polling }

    /// Folders and files; a missing one is watched for its appearance.
    private let paths: [String]
    private let interval: TimeInterval
    private let onChange: @Sendable () -> Void
    private let allowsKernelEvents: Bool
    /// A byte written here ends the watcher's wait at once: a pipe, which the thread waits on with the events.
    private var stopPipe: [Int32] = [-1, -1]
    private var thread: Thread?
    private let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var chosen: Mechanism?

    /// How changes are learned of, once started: kernel events, or polling where they are unavailable.
    var mechanism: Mechanism? { lock.withLock { chosen } }

    /// How long the sources must stay quiet after a kernel event before the callback: an editor's save is
    /// several events (a temporary file written, renamed over the old one), and each would be a build.
    static let settle: TimeInterval = 0.01
    /// The longest a burst of events may put the callback off.
    static let longestSettle: TimeInterval = 0.5

    /// `onChange` runs on the watcher's own thread once the files have stopped changing (for `settle` with
    /// kernel events, one `interval` when polling), so a burst of saves makes one call. `kernelEvents: false`
    /// polls even where inotify works (for tests of the fallback).
    init(paths: [String], interval: TimeInterval, kernelEvents: Bool = true, onChange: @escaping @Sendable () -> Void) {
        self.paths = paths
        self.interval = interval
        self.allowsKernelEvents = kernelEvents
        self.onChange = onChange
    }

    /// Starts watching, on a thread of its own; changes made after this returns are seen.
    func start() {
        guard pipe(&stopPipe) == 0 else { stopPipe = [-1, -1]; return }
        #if canImport(Glibc)
        let events = allowsKernelEvents ? KernelEvents(paths: paths) : nil
        #else
        let events: KernelEvents? = nil
        #endif
        let initial = events == nil ? Self.stamps(under: paths) : [:]
        lock.withLock { chosen = events == nil ? .polling : .kernelEvents }
        let thread = Thread { [self] in
            if let events { watchEvents(events) } else { pollStamps(from: initial) }
            finished.signal()
        }
        thread.name = "sitegen source watcher"
        self.thread = thread
        thread.start()
    }

    /// Returns once the watcher's thread has ended (after a callback in progress).
    func stop() {
        guard thread != nil else { return }
        var byte: UInt8 = 1
        _ = write(stopPipe[1], &byte, 1)
        // Called from a callback (the last owner let go during a rebuild), the thread ends after it returns.
        guard Thread.current != thread else { return }
        finished.wait()
        thread = nil
        close(stopPipe[0])
        close(stopPipe[1])
    }

    /// Waits until `descriptor` (if any) is readable, `stop` is called, or `timeout` passes; true when stopping.
    private func wait(for descriptor: Int32?, timeout: TimeInterval) -> (stopping: Bool, readable: Bool) {
        var fds = [pollfd(fd: stopPipe[0], events: Int16(POLLIN), revents: 0)]
        if let descriptor { fds.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
        let milliseconds = timeout.isInfinite ? -1 : Int32(max(0, (timeout * 1000).rounded(.up)))
        while poll(&fds, nfds_t(fds.count), milliseconds) < 0 && errno == EINTR {}
        return (fds[0].revents != 0, fds.count > 1 && fds[1].revents != 0)
    }

    private func pollStamps(from initial: [String: Stamp]) {
        var last = initial
        var changed = false
        while !wait(for: nil, timeout: interval).stopping {
            let now = Self.stamps(under: paths)
            if now != last {
                last = now
                changed = true
            } else if changed {
                changed = false
                onChange()
            }
        }
    }

    private func watchEvents(_ events: KernelEvents) {
        #if canImport(Glibc)
        defer { events.close() }
        var firstChange: Date?
        while true {
            let timeout = firstChange.map { min(Self.settle, Self.longestSettle - Date().timeIntervalSince($0)) } ?? .infinity
            let (stopping, readable) = wait(for: events.descriptor, timeout: timeout)
            if stopping { return }
            if readable {
                switch events.read() {
                case .changed: if firstChange == nil { firstChange = Date() }
                case .unchanged: break
                case .failed:
                    // The kernel stopped telling (a new folder past the watch limit): poll from here on.
                    lock.withLock { chosen = .polling }
                    onChange()
                    pollStamps(from: Self.stamps(under: paths))
                    return
                }
                if firstChange.map({ Date().timeIntervalSince($0) < Self.longestSettle }) ?? true { continue }
            }
            guard firstChange != nil else { continue }
            firstChange = nil
            onChange()
        }
        #endif
    }

    /// Every visible file that is or lies under one of `paths`, by path.
    static func stamps(under paths: [String]) -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        var visitedFolders = Set<[UInt64]>()
        func visit(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return }
            if info.st_mode & S_IFMT == S_IFDIR {
                // A symbolic link to a folder above would otherwise be walked forever.
                guard visitedFolders.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else { return }
                for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] where !name.hasPrefix(".") {
                    visit(path + "/" + name)
                }
            } else {
                #if canImport(Darwin)
                let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
                #else
                let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
                #endif
                stamps[path] = Stamp(size: Int64(info.st_size), modified: modified, inode: UInt64(info.st_ino))
            }
        }
        paths.forEach(visit)
        return stamps
    }
}

#if canImport(Glibc)
/// inotify over the watched paths: each path's folder, for the path's own name (so `site.yml` or `content/` may
/// come, go or be replaced), and every folder under a watched folder, for any visible name.
/// Used by the watcher's thread alone, once made.
final class KernelEvents: @unchecked Sendable {
    let descriptor: Int32
    /// What each watch is for: the folder's path, and the names in it that matter (nil: every visible one).
    private var watches: [Int32: (folder: String, names: Set<String>?)] = [:]
    /// Folders already watched whole, by device and inode: a symbolic link to a folder above is not followed again.
    private var visited: Set<[UInt64]> = []
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
                             | IN_DELETE_SELF | IN_MOVE_SELF)

    enum Reading { case changed, unchanged, failed }

    /// nil when inotify is unavailable or a folder cannot be watched: the caller polls instead.
    init?(paths: [String]) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { return nil }
        var byParent: [String: Set<String>] = [:]
        for path in paths {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            let parent = parts.count > 1 ? parts.dropLast().joined(separator: "/") : "."
            byParent[parent.isEmpty ? "/" : parent, default: []].insert(String(parts.last!))
        }
        for (parent, names) in byParent.sorted(by: { $0.key < $1.key }) {
            guard watch(parent, names: names) else { close(); return nil }
        }
        for path in paths where isFolder(path) {
            guard watchTree(path) else { close(); return nil }
        }
    }

    func close() { _ = Glibc.close(descriptor) }

    private func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    private func watch(_ folder: String, names: Set<String>?) -> Bool {
        let watch = inotify_add_watch(descriptor, folder, Self.mask)
        guard watch >= 0 else { return false }
        if let known = watches[watch], known.names == nil || names == nil {
            watches[watch] = (folder, nil)
        } else {
            watches[watch] = (folder, names.map { $0.union(watches[watch]?.names ?? []) })
        }
        return true
    }

    /// Watches `folder` and every visible folder under it. A folder that vanished meanwhile is no failure.
    private func watchTree(_ folder: String) -> Bool {
        var info = stat()
        guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return true }
        guard visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else { return true }
        guard watch(folder, names: nil) else { return !isFolder(folder) }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !name.hasPrefix(".") {
            guard watchTree(folder + "/" + name) else { return false }
        }
        return true
    }

    /// Reads the events waiting: whether any was about a watched file, after watching the folders that came.
    func read() -> Reading {
        var changed = false
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 { return errno == EAGAIN || errno == EINTR ? (changed ? .changed : .unchanged) : .failed }
            var offset = 0
            while offset + 16 <= count {
                let (watch, mask, length) = buffer.withUnsafeBytes { bytes in
                    (bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                     bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                offset += 16 + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 { changed = true; continue }  // events lost: rebuild anyway
                if mask & UInt32(IN_IGNORED) != 0 { watches[watch] = nil; continue }
                guard let (folder, names) = watches[watch] else { continue }
                if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 { changed = true; continue }
                let name = String(decoding: nameBytes, as: UTF8.self)
                guard !name.isEmpty, !name.hasPrefix("."), names?.contains(name) ?? true else { continue }
                changed = true
                let path = folder == "/" ? "/" + name : folder + "/" + name
                if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                    // A folder made or moved in: watched from now on (a rename inside it moved with it).
                    visited.removeAll()
                    guard watchTree(path) else { return .failed }
                }
            }
        }
    }
}
#else
/// No inotify here: the watcher polls.
final class KernelEvents: Sendable {
    enum Reading { case changed, unchanged, failed }
    var descriptor: Int32 { -1 }
    func close() {}
    func read() -> Reading { .failed }
}
#endif
