import Foundation
import SiteGen

/// Calls back when files, or files under some folders, change, by polling each file's size, modification time and
/// inode. Polling works alike on every system and sees new folders with no extra work; stat-ing a contact
/// site's few files takes microseconds. Hidden files (editors' swap files) are ignored, as builds ignore them.
final class SourceWatcher: @unchecked Sendable {
    struct Stamp: Equatable {
        var size: Int64
        var modified: Int64
        var inode: UInt64
    }

    /// Folders and files; a missing one is watched for its appearance.
    private let paths: [String]
    private let interval: TimeInterval
    private let onChange: @Sendable () -> Void
    private let condition = NSCondition()
    private var stopping = false
    private var thread: Thread?
    private let finished = DispatchSemaphore(value: 0)

    /// `onChange` runs on the watcher's own thread, once the files have stopped changing for one interval,
    /// so a burst of saves makes one call.
    init(paths: [String], interval: TimeInterval, onChange: @escaping @Sendable () -> Void) {
        self.paths = paths
        self.interval = interval
        self.onChange = onChange
    }

    /// Notes the files as they are now, then watches on a thread of its own.
    func start() {
        let initial = Self.stamps(under: paths)
        let thread = Thread { [self] in
            var last = initial
            var changed = false
            while true {
                let stop = condition.withLock { () -> Bool in
                    if !stopping { _ = condition.wait(until: Date(timeIntervalSinceNow: interval)) }
                    return stopping
                }
                if stop { break }
                let now = Self.stamps(under: paths)
                if now != last {
                    last = now
                    changed = true
                } else if changed {
                    changed = false
                    onChange()
                }
            }
            finished.signal()
        }
        thread.name = "sitegen source watcher"
        self.thread = thread
        thread.start()
    }

    /// Returns once the watcher's thread has ended (after a callback in progress).
    func stop() {
        guard thread != nil else { return }
        condition.withLock {
            stopping = true
            condition.broadcast()
        }
        // Called from a callback (the last owner let go during a rebuild), the thread ends after it returns.
        guard Thread.current != thread else { return }
        finished.wait()
        thread = nil
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
