import Foundation
import OutputFolder
import SiteBasics
import SiteGen
#if canImport(Glibc)
import Glibc
#endif

/// Calls back when what the build reads changes: the site's folders as `SiteBoundary` walks them (so a link the
/// build refuses, such as `content/u -> /usr`, is never watched or polled), and files beside them (`site.yml`).
/// On Linux the kernel tells it (inotify): each folder the walk reads is watched, and after any entry comes or goes
/// the folders are walked again, so a folder made later is watched as it appears and one the walk no longer reads
/// is let go; a save reaches the callback within a few milliseconds. Where inotify is unavailable (not Linux;
/// `inotify_init1` fails, as in a sandbox without it; or `inotify_add_watch` fails, when
/// `fs.inotify.max_user_watches` is used up) it polls the walk's files every `interval` instead. Hidden files
/// (editors' swap files) are ignored, as builds ignore them.
final class SourceWatcher: @unchecked Sendable {
    /// What the polling compares: every file the walk found with its stamp, and every refusal (a link fixed or
    /// made is a change the build reports).
    struct Snapshot: Equatable {
        var files: [String: FileStamp?] = [:]
        var refused: [String] = []
    }

    /// How the watcher learns of changes.
    enum Mechanism: Equatable, Sendable { case kernelEvents, polling }

    /// The site's rule for what is read.
    private let boundary: SiteBoundary
    /// What the walks and stamps read: the build's own file system.
    private let fileSystem: any FileReading
    /// Folders walked by the boundary's rule, and single files; a missing one is watched for its appearance.
    private let folders: [String]
    private let files: [String]
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
    init(boundary: SiteBoundary, fileSystem: any FileReading, folders: [String], files: [String], interval: TimeInterval,
         kernelEvents: Bool = true, onChange: @escaping @Sendable () -> Void) {
        self.boundary = boundary
        self.fileSystem = fileSystem
        self.folders = folders
        self.files = files
        self.interval = interval
        self.allowsKernelEvents = kernelEvents
        self.onChange = onChange
    }

    /// Starts watching, on a thread of its own; changes made after this returns are seen.
    func start() {
        guard pipe(&stopPipe) == 0 else { stopPipe = [-1, -1]; return }
        #if canImport(Glibc)
        let events = allowsKernelEvents ? KernelEvents(names: Self.namesByParent(folders + files), fileSystem: fileSystem, folders: { [self] in walkedFolders() }) : nil
        #else
        let events: KernelEvents? = nil
        #endif
        let initial = events == nil ? snapshot() : Snapshot()
        lock.withLock { chosen = events == nil ? .polling : .kernelEvents }
        let thread = Thread { [self] in
            if let events { watchEvents(events) } else { pollSnapshots(from: initial) }
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

    private func pollSnapshots(from initial: Snapshot) {
        var last = initial
        var changed = false
        while !wait(for: nil, timeout: interval).stopping {
            let now = snapshot()
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
                    pollSnapshots(from: snapshot())
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

    /// The walks of the watched folders, by the build's rule; a folder that cannot be walked (missing, refused,
    /// unreadable) gives nothing, and is seen again when its name comes or changes.
    private func walks() -> [(folder: String, walk: SiteBoundary.Walk)] {
        folders.compactMap { folder in
            guard fileSystem.kind(at: folder) != .missing, let walk = try? boundary.walk(folder, fileSystem: fileSystem) else { return nil }
            return (folder, walk)
        }
    }

    /// The real paths of the folders the build reads: what the kernel is asked to watch.
    private func walkedFolders() -> [String] {
        var seen: Set<String> = []
        return walks().flatMap(\.walk.folders).filter { seen.insert($0).inserted }
    }

    /// What polling compares: the walk's files, stamped through their real paths (a link the walk lets through
    /// is stamped as its target), its refusals, and the single files.
    func snapshot() -> Snapshot {
        var snapshot = Snapshot()
        for (folder, walk) in walks() {
            for file in walk.files {
                let path = joinPath(folder, file)
                snapshot.files[path] = walk.stamps[file] ?? fileSystem.realPath(path).flatMap(fileSystem.stamp(of:))
            }
            snapshot.refused += walk.refused.map { joinPath(folder, $0.path) + ": " + $0.reason }
        }
        for file in files {
            snapshot.files[file] = fileSystem.realPath(file).flatMap(fileSystem.stamp(of:))
        }
        return snapshot
    }

    /// Each watched path's folder, with the names in it that matter: `content`, `templates` and `site.yml` in the
    /// site's folder, so that each may come, go or be replaced.
    static func namesByParent(_ paths: [String]) -> [String: Set<String>] {
        var byParent: [String: Set<String>] = [:]
        for path in paths {
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            let parent = parts.count > 1 ? parts.dropLast().joined(separator: "/") : "."
            byParent[parent.isEmpty ? "/" : parent, default: []].insert(String(parts.last!))
        }
        return byParent
    }
}

#if canImport(Glibc)
/// inotify over what the build reads: each watched path's folder, for the path's own name, and every folder the
/// boundary's walk reads, for any visible name. After an entry comes or goes the folders are asked for again, and
/// the watches follow: new folders added, folders the walk no longer reads let go.
/// Used by the watcher's thread alone, once made.
final class KernelEvents: @unchecked Sendable {
    let descriptor: Int32
    /// What each watch is for: the folder's path, and the names in it that matter (nil: every visible one).
    private var watches: [Int32: (folder: String, names: Set<String>?)] = [:]
    /// The watch of each folder watched whole, by its real path.
    private var wholeFolders: [String: Int32] = [:]
    private let names: [String: Set<String>]
    /// Tells a link that came from a file (the kernel's event says only "folder or not").
    private let fileSystem: any FileReading
    private let folders: () -> [String]
    private var buffer = [UInt8](repeating: 0, count: 64 * 1024)

    static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
                             | IN_DELETE_SELF | IN_MOVE_SELF)
    /// An entry came, went or was replaced: when it is a folder or a link, the folders are walked again.
    static let reshaping = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO)

    enum Reading { case changed, unchanged, failed }

    /// The number of folders watched, name-only watches of the paths' parents included.
    var watchCount: Int { watches.count }

    /// nil when inotify is unavailable or a folder cannot be watched: the caller polls instead. `names`: each
    /// parent folder and the names in it to watch; `folders`: the real paths of the folders to watch whole, asked
    /// again whenever an entry comes or goes.
    init?(names: [String: Set<String>], fileSystem: any FileReading, folders: @escaping () -> [String]) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { return nil }
        self.names = names
        self.fileSystem = fileSystem
        self.folders = folders
        for (parent, names) in names.sorted(by: { $0.key < $1.key }) {
            guard watch(parent, names: names) != nil else { close(); return nil }
        }
        guard follow() else { close(); return nil }
    }

    func close() { _ = Glibc.close(descriptor) }

    /// Adds a watch; the kernel gives the same descriptor for a folder watched already, whose names then widen.
    private func watch(_ folder: String, names: Set<String>?) -> Int32? {
        // A real path from the walk: not followed if it has become a link since.
        let watch = inotify_add_watch(descriptor, folder, Self.mask | UInt32(IN_DONT_FOLLOW) | (names == nil ? UInt32(IN_ONLYDIR) : 0))
        guard watch >= 0 else { return nil }
        if let known = watches[watch], known.names == nil || names == nil {
            watches[watch] = (folder, nil)
        } else {
            watches[watch] = (folder, names.map { $0.union(watches[watch]?.names ?? []) })
        }
        return watch
    }

    /// Watches the folders the walk reads now, and lets go of those it no longer reads. A folder that vanished
    /// meanwhile is no failure; a watch the kernel refuses otherwise (the limit) is.
    private func follow() -> Bool {
        let wanted = Set(folders())
        for (folder, watch) in wholeFolders where !wanted.contains(folder) {
            wholeFolders[folder] = nil
            if let parentNames = watches[watch].flatMap({ names[$0.folder] }) {
                // Also a parent of a watched name: watched for those names alone from now on.
                watches[watch] = (folder, parentNames)
            } else {
                inotify_rm_watch(descriptor, watch)
                watches[watch] = nil
            }
        }
        for folder in wanted.sorted() where wholeFolders[folder] == nil {
            if let watch = watch(folder, names: nil) {
                wholeFolders[folder] = watch
            } else if errno != ENOENT && errno != ENOTDIR {
                return false
            }
        }
        return true
    }

    /// Reads the events waiting: whether any was about a watched file, after following the folders that came or went.
    func read() -> Reading {
        var changed = false, reshaped = false
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                guard errno == EAGAIN || errno == EINTR else { return .failed }
                if reshaped, !follow() { return .failed }
                return changed ? .changed : .unchanged
            }
            var offset = 0
            while offset + 16 <= count {
                let (watch, mask, length) = buffer.withUnsafeBytes { bytes in
                    (bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                     bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                offset += 16 + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 { changed = true; reshaped = true; continue }  // events lost: rebuild anyway
                if mask & UInt32(IN_IGNORED) != 0 {
                    if let folder = watches[watch]?.folder, wholeFolders[folder] == watch { wholeFolders[folder] = nil }
                    watches[watch] = nil
                    continue
                }
                guard let (folder, names) = watches[watch] else { continue }
                if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 { changed = true; reshaped = true; continue }
                let name = String(decoding: nameBytes, as: UTF8.self)
                guard !name.isEmpty, !SiteBoundary.isIgnored(name), names?.contains(name) ?? true else { continue }
                changed = true
                // A save (a file written, renamed over another) changes no folder: only folders and links
                // (`content/` itself included) make the walk read other folders.
                if mask & Self.reshaping != 0, names != nil || mask & UInt32(IN_ISDIR) != 0
                    || fileSystem.kind(at: folder == "/" ? "/" + name : folder + "/" + name) == .symbolicLink {
                    reshaped = true
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
