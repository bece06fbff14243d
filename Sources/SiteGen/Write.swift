import Foundation

/// A file of the built site.
public struct OutputFile: Equatable, Sendable {
    public enum Contents: Equatable, Sendable {
        case data(Data)
        /// A file copied as it is, by its path on the file system.
        case copy(from: String)
    }
    /// Path below the output folder.
    public var path: String
    public var contents: Contents
}

/// Stage 5: writes the site into a fresh folder beside the output folder, then swaps it in, so a build
/// that fails part-way leaves the previous output exactly as it was, and readers see the old site or the new
/// one, never a mix. Files are written as pages are rendered (from several threads at once), so a large site is
/// never held in memory.
///
/// The output folder is shared with its owner: a manifest (`.sitegen-manifest`) lists what sitegen wrote, and
/// a build replaces or removes only those files. Anything else there (a `.git`, a `CNAME`, notes) is carried
/// into the new site as it is; a file sitegen did not write that the new site would replace stops the build,
/// unless `force` is set (and even then a hidden entry such as `.git` is never touched: no build writes one; the
/// only hidden files sitegen writes are its own `.well-known/` identity files, beside which the owner's stay).
/// A folder sitegen did not make but writes into (the owner's `.well-known/`) is opened: only its files count.
public final class SiteWriter: @unchecked Sendable {
    static let manifestName = ".sitegen-manifest"
    /// Marks a staging folder: a folder beside the output that has it holds only what a build wrote.
    static let stagingMarker = ".sitegen-staging"

    /// The output folder as the user named it, for messages.
    let displayOutput: String
    /// The output folder with symbolic links resolved: the folder that is replaced.
    let output: String
    let fileSystem: any FileSystem
    let force: Bool
    /// The folder the output lives in: staging folders go there, so that swapping is one rename.
    let parent: String
    let name: String
    let staging: String
    /// The output folder is a mount point (a Docker volume): the staging folder is inside it and its
    /// entries are swapped one by one, the best such a folder allows.
    let swapsContents: Bool
    /// The highest folder on the way to the output folder that does not exist yet: made by the first write,
    /// removed again if the build fails, so a failed build leaves no trace.
    let firstMissingFolder: String?
    /// Held from the start of the build to its end: two builds into one folder would undo each other.
    private let folderLock: FolderLock
    private let lock = NSLock()
    private var stagingMade = false
    private var written: Set<String> = []
    /// Folders this build has made: a page's companions go beside it, and asking the disk again costs a system call each.
    private var madeFolders: Set<String> = []

    /// Checks where the site will go and takes the lock; nothing is made on disk until the first file is written.
    public init(output: String, fileSystem: any FileSystem, force: Bool = false) throws(BuildFailure) {
        displayOutput = output
        self.fileSystem = fileSystem
        self.force = force
        func refuse(_ message: String) -> BuildFailure { BuildFailure([Diagnostic(path: output, message: message)]) }
        guard !output.isEmpty else { throw refuse("the output path is empty: expected a folder such as Output") }
        if fileSystem.entryKind(at: output) == .symbolicLink, fileSystem.realPath(output) == nil {
            throw refuse("the output path is a symbolic link that leads nowhere: expected a folder (or nothing) there; remove the link or pass --output")
        }
        guard let resolved = SiteBoundary.resolve(output, fileSystem: fileSystem) else {
            throw refuse("the output path cannot be resolved: expected a folder (or nothing) there")
        }
        if fileSystem.itemKind(at: resolved) == .file {
            throw refuse("the output path is a file: expected a folder (or nothing) there; move the file or pass --output")
        }
        guard resolved != "/" else { throw refuse("the output path is the root folder: expected a folder of its own, such as Output") }
        self.output = resolved
        var parts = resolved.split(separator: "/").map(String.init)
        name = parts.removeLast()
        parent = "/" + parts.joined(separator: "/")
        // The lock is on the nearest folder that exists on the way: the same for every build into this output.
        var existing = parent
        while fileSystem.itemKind(at: existing) != .directory, existing != "/" {
            existing = "/" + existing.split(separator: "/").dropLast().joined(separator: "/")
        }
        var missing: String?
        var path = ""
        for part in parts {
            path += "/" + part
            if fileSystem.itemKind(at: path) == .missing { missing = path; break }
        }
        firstMissingFolder = missing
        let held: FolderLock?
        do { held = try fileSystem.lockFolder(existing) } catch { throw BuildFailure([Self.failure(error, output: output)]) }
        guard let held else {
            throw refuse("another sitegen build is writing into this folder: wait for it to finish, then build again")
        }
        folderLock = held
        let outputDevice = fileSystem.deviceID(of: resolved)
        swapsContents = outputDevice != nil && fileSystem.itemKind(at: resolved) == .directory && outputDevice != fileSystem.deviceID(of: parent)
        let unique = "\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))"
        staging = swapsContents ? joinPath(resolved, ".sitegen-staging-\(unique)") : joinPath(parent, ".\(name).sitegen-staging-\(unique)")
    }

    /// Writes one file into the staging folder. Safe to call from several threads for different files.
    public func write(_ file: OutputFile) throws(BuildFailure) {
        let target = joinPath(staging, file.path)
        let folder = String(target[..<(target.lastIndex(of: "/") ?? target.startIndex)])
        do {
            try lock.withLock {
                written.insert(file.path)
                guard !stagingMade else { return }
                try fileSystem.createDirectory(staging)
                try fileSystem.writeFile(joinPath(staging, Self.stagingMarker), Data())
                stagingMade = true
            }
            if !lock.withLock({ madeFolders.contains(folder) }) {
                try fileSystem.createDirectory(folder)
                lock.withLock { _ = madeFolders.insert(folder) }
            }
            switch file.contents {
            case .data(let data): try fileSystem.writeFile(target, data)
            case .copy(let source): try fileSystem.writeFile(target, fileSystem.readFile(source))
            }
        } catch {
            throw BuildFailure([Self.failure(error, output: displayOutput)])
        }
    }

    /// Swaps the staging folder in for the output folder, keeps what sitegen did not write, and tidies up
    /// what killed builds left. Returns warnings (a leftover that could not be tidied).
    @discardableResult
    public func commit() throws(BuildFailure) -> [Diagnostic] {
        defer { folderLock.release() }
        let paths: Set<String> = lock.withLock { written }
        var warnings: [Diagnostic] = []
        do {
            if !lock.withLock({ stagingMade }) {  // a site of no files
                try fileSystem.createDirectory(staging)
                try fileSystem.writeFile(joinPath(staging, Self.stagingMarker), Data())
            }
            let hadOutput = fileSystem.itemKind(at: output) == .directory
            let foreign = hadOutput ? try Self.foreignEntries(in: output, fileSystem: fileSystem, opening: paths) : []
            let conflicts = foreign.filter { entry in
                paths.contains { $0 == entry || $0.hasPrefix(entry + "/") || entry.hasPrefix($0 + "/") }
            }
            if !conflicts.isEmpty && !force {
                throw BuildFailure(conflicts.prefix(5).map { entry in
                    Diagnostic(path: joinPath(displayOutput, entry), message: "sitegen did not write this, and the new site has a file there: move it away, or pass --force to replace what sitegen did not write")
                })
            }
            let manifest = "# Written by sitegen: a build replaces or removes only the files listed here.\n"
                + paths.sorted().joined(separator: "\n") + "\n"
            try fileSystem.writeFile(joinPath(staging, Self.manifestName), Data(manifest.utf8))

            var oldTree: String?
            if !hadOutput {
                try fileSystem.moveItem(from: staging, to: output)
            } else if swapsContents {
                try swapContents(paths: paths)
                oldTree = staging
            } else {
                do {
                    try fileSystem.exchangeItems(staging, output)
                } catch let error as FileSystemError where error.code == EBUSY {
                    // A mount point on the same device (a bind mount): its entries can still be swapped.
                    try swapContents(paths: paths)
                } catch let error as FileSystemError where error.code == ENOSYS || error.code == EINVAL {
                    // No exchange here: two renames, with a moment without the folder.
                    let retired = staging + "-old"
                    try fileSystem.moveItem(from: output, to: retired)
                    do { try fileSystem.moveItem(from: staging, to: output) } catch {
                        try? fileSystem.moveItem(from: retired, to: output)
                        throw error
                    }
                    oldTree = retired
                }
                oldTree = oldTree ?? staging
            }
            try? fileSystem.removeItem(joinPath(output, Self.stagingMarker))
            if let oldTree {
                let carried = carry(foreign.filter { force ? !conflicts.contains($0) : true }, from: oldTree)
                if carried { try? fileSystem.removeItem(oldTree) } else {
                    warnings.append(Diagnostic(.warning, path: oldTree, message: "holds files sitegen did not write that could not be moved back into \(displayOutput): move them by hand"))
                }
            }
            warnings += tidyLeftovers()
        } catch let failure as BuildFailure {
            discard()
            throw failure
        } catch {
            discard()
            throw BuildFailure([Self.failure(error, output: displayOutput)])
        }
        return warnings
    }

    /// Removes what the build made: the output folder stays as it was.
    public func discard() {
        defer { folderLock.release() }
        guard lock.withLock({ stagingMade }) || fileSystem.itemKind(at: staging) != .missing else { return }
        try? fileSystem.removeItem(firstMissingFolder ?? staging)
    }

    /// The mount-point swap: each top-level entry of the new site is exchanged with the old one of its name
    /// (or moved in), and old entries the new site lacks move out into the staging folder.
    private func swapContents(paths: Set<String>) throws {
        let owned = Self.manifest(in: output, fileSystem: fileSystem) ?? []
        for entry in try fileSystem.entries(in: staging) where entry != Self.stagingMarker {
            let target = joinPath(output, entry)
            if fileSystem.entryKind(at: target) == .missing {
                try fileSystem.moveItem(from: joinPath(staging, entry), to: target)
            } else {
                try fileSystem.exchangeItems(joinPath(staging, entry), target)
            }
        }
        let newTop = Set(paths.compactMap { $0.split(separator: "/").first.map(String.init) })
        let oldTop = Set(owned.compactMap { $0.split(separator: "/").first.map(String.init) })
        for entry in oldTop.subtracting(newTop).sorted() where fileSystem.entryKind(at: joinPath(output, entry)) != .missing {
            try fileSystem.moveItem(from: joinPath(output, entry), to: joinPath(staging, entry))
        }
    }

    /// Moves `entries` (paths below the output folder) from the old tree into the new output. False when one
    /// could not be moved, so the old tree must stay.
    private func carry(_ entries: [String], from oldTree: String) -> Bool {
        var allMoved = true
        for entry in entries.sorted() {
            let source = joinPath(oldTree, entry)
            guard fileSystem.entryKind(at: source) != .missing else { continue }  // never moved (a mount point's top level)
            let target = joinPath(output, entry)
            do {
                guard fileSystem.entryKind(at: target) == .missing else { allMoved = false; continue }
                try fileSystem.createDirectory(target.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/"))
                try fileSystem.moveItem(from: source, to: target)
            } catch {
                allMoved = false
            }
        }
        return allMoved
    }

    /// Staging folders left beside the output by builds that were killed (this build holds the lock, so no
    /// other is running): a folder marked as staging is removed; one that holds an old output (killed right
    /// after the swap) gives back what sitegen did not write, then goes.
    private func tidyLeftovers() -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        let folders: [String] = {
            let beside = ((try? fileSystem.entries(in: parent)) ?? [])
                .filter { $0.hasPrefix(".\(name).sitegen-staging-") || $0.hasPrefix(".\(name).sitegen-new-") }
                .map { joinPath(parent, $0) }
            let inside = ((try? fileSystem.entries(in: output)) ?? []).filter { $0.hasPrefix(".sitegen-staging-") }.map { joinPath(output, $0) }
            return (beside + inside).sorted()
        }()
        for folder in folders where folder != staging && fileSystem.entryKind(at: folder) == .directory {
            // sitegen 0.1 named its staging folders `-new-` and wrote only its own files into them.
            let isStaging = fileSystem.entryKind(at: joinPath(folder, Self.stagingMarker)) == .file || folder.contains(".sitegen-new-")
            if !isStaging {
                let foreign = (try? Self.foreignEntries(in: folder, fileSystem: fileSystem)) ?? []
                guard carry(foreign, from: folder) else {
                    warnings.append(Diagnostic(.warning, path: folder, message: "left by a build that was stopped, and holds files sitegen did not write: move them by hand"))
                    continue
                }
            }
            try? fileSystem.removeItem(folder)
        }
        return warnings
    }

    /// The files an earlier build listed in a folder's manifest; nil without a manifest.
    static func manifest(in folder: String, fileSystem: any FileSystem) -> Set<String>? {
        guard let data = try? fileSystem.readFile(joinPath(folder, manifestName)) else { return nil }
        return Set(String(decoding: data, as: UTF8.self).split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init))
    }

    /// What sitegen did not write in an output folder, as the topmost such entries (a foreign folder whole).
    /// A folder without a manifest that a sitegen before 0.2 built (its index.html says so) counts as sitegen's,
    /// but for hidden entries. The folders of `opening` (paths the new site writes) are looked into, not taken whole.
    static func foreignEntries(in folder: String, fileSystem: any FileSystem, opening newPaths: Set<String> = []) throws -> [String] {
        var owned = manifest(in: folder, fileSystem: fileSystem) ?? []
        if owned.isEmpty, let index = try? fileSystem.readFile(joinPath(folder, "index.html")),
           String(decoding: index.prefix(64 * 1024), as: UTF8.self).contains("<meta name=\"generator\" content=\"sitegen 0.1") {
            owned = Set(((try? fileSystem.listFiles(under: folder)) ?? []))
        }
        var ownedFolders: Set<String> = []
        for path in owned.union(newPaths) {
            var folder = Substring(path)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                if !ownedFolders.insert(String(folder)).inserted { break }  // and so are the folders above it
            }
        }
        var foreign: [String] = []
        func visit(_ relative: String) throws {
            for entry in try fileSystem.entries(in: joinPath(folder, relative)).sorted() {
                let path = relative.isEmpty ? entry : relative + "/" + entry
                if relative.isEmpty && (entry == manifestName || entry == stagingMarker || entry.hasPrefix(".sitegen-staging-")) { continue }
                let kind = fileSystem.entryKind(at: joinPath(folder, path))
                if kind == .directory && ownedFolders.contains(path) { try visit(path); continue }
                if kind != .directory && owned.contains(path) { continue }
                foreign.append(path)
            }
        }
        try visit("")
        return foreign
    }

    private static func failure(_ error: Error, output: String) -> Diagnostic {
        Diagnostic(path: output, message: "cannot write the site: \((error as? FileSystemError)?.description ?? "\(error)")")
    }
}
