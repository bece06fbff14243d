import Foundation
import SiteBasics

/// The one rule for what `build`, `check` and `serve` read: regular files and folders inside the site's folder,
/// found through their real paths. A symbolic link that leads outside the site (to `/etc`, `~/.ssh`,
/// `/proc/self/environ`), to a hidden file or folder (`.git/config`, `.env`, in the site or out of it), into
/// the output folder, nowhere, or back to a folder that holds it is refused at its path, and so are FIFOs,
/// sockets and devices, which would hang a build or never end.
package struct SiteBoundary: Sendable {
    /// The site folder's real path.
    package let root: String
    /// The output folder's real path (of the part that exists, the rest appended): never read as content.
    package let output: String?

    package init(root: String, output: String?) {
        self.root = root
        self.output = output
    }

    /// The boundary of the site in `sourceDirectory` building into `outputDirectory`, or nil when its folder does
    /// not exist.
    package init?(sourceDirectory: String, outputDirectory: String, fileSystem: any FileReading) {
        guard let root = fileSystem.realPath(sourceDirectory) else { return nil }
        self.init(root: root, output: Self.resolve(outputDirectory, fileSystem: fileSystem))
    }

    /// What a walk found: files (paths below the folder walked, sorted) and what was refused, with why.
    package struct Walk: Equatable, Sendable {
        package var files: [String] = []
        package var refused: [Refusal] = []
        /// The stamps of the files found as regular files (not through a link), by their paths in `files`.
        package var stamps: [String: FileStamp] = [:]
        /// The real paths of the folders read, the one walked first: all that `serve` watches, so that it
        /// watches what the build reads and nothing more (not `/usr` behind a link the build refuses).
        package var folders: [String] = []
    }

    package struct Refusal: Equatable, Sendable {
        /// Below the folder walked.
        package var path: String
        package var reason: String
    }

    /// Whether `path` is `folder` or lies in it; both real paths.
    package static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// Whether a path names a hidden file or folder on its way (`../.git/config`, `/home/ann/.ssh`); `.` and `..` are steps.
    package static func hasHiddenComponent(_ path: String) -> Bool {
        path.split(separator: "/").contains { $0.hasPrefix(".") && $0 != "." && $0 != ".." }
    }

    /// Whether a file is one sitegen skips: hidden (`.git`, `.DS_Store`) or an editor's backup (`index.md~`).
    package static func isIgnored(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~")
    }

    /// An absolute path with every symbolic link of its existing part resolved; the missing rest is appended
    /// as written, so an output folder not made yet still compares correctly.
    package static func resolve(_ path: String, fileSystem: any FileReading) -> String? {
        var missing: [String] = []
        var current = path.isEmpty ? "." : path
        while true {
            if let real = fileSystem.realPath(current) {
                return missing.reversed().reduce(real) { joinPath($0, $1) }
            }
            var parts = current.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            guard parts.count > 1 || !current.hasPrefix("/") else { return nil }
            let last = parts.removeLast()
            if last != "" && last != "." { missing.append(last) }
            if last == ".." { return nil }  // `..` past a missing folder: nothing to resolve against
            current = parts.joined(separator: "/")
            if current.isEmpty { current = path.hasPrefix("/") ? "/" : "." }
        }
    }

    /// Every file below `folder` (itself inside the site), walked through real paths.
    package func walk(_ folder: String, fileSystem: any FileReading) throws -> Walk {
        var walk = Walk()
        guard let real = fileSystem.realPath(folder) else {
            throw FileSystemError(path: folder, reason: "cannot be listed (no such folder)")
        }
        if let reason = refusal(target: real, written: fileSystem.linkDestination(folder), isFolder: true, holders: []) {
            walk.refused.append(Refusal(path: "", reason: reason))
            return walk
        }
        try visit(folder, relative: "", real: real, holders: [real], into: &walk, fileSystem: fileSystem)
        walk.files.sort()
        return walk
    }

    /// Why the file at `path`, directly in the site's folder (`site.yml`), may not be read, by the walk's rules;
    /// nil when it may.
    package func refusalOfFile(at path: String, fileSystem: any FileReading) -> String? {
        switch fileSystem.kind(at: path) {
        case .file, .missing: return nil
        case .folder: return "a folder: expected a file"
        case .special(let kind): return "\(kind): expected a file (reading one could hang the build)"
        case .symbolicLink:
            let written = fileSystem.linkDestination(path) ?? "?"
            guard let target = fileSystem.realPath(path) else {
                return "a symbolic link that leads nowhere (its target is missing, or the link loops)"
            }
            switch fileSystem.kind(at: target) {
            case .file: return refusal(target: target, written: written, isFolder: false, holders: [])
            case .folder: return "a symbolic link to a folder: expected a file"
            case .special(let kind): return "a symbolic link to \(kind): expected a file (reading one could hang the build)"
            case .missing, .symbolicLink: return "a symbolic link that leads nowhere (its target is missing, or the link loops)"
            }
        }
    }

    /// A file the walk found, looked at again where it is read long after the walk (`serve` reads a copied file at
    /// each request, and a link may have been made or changed since): by the walk's rules, its real path, or why not.
    package enum Recheck: Equatable, Sendable {
        case file(realPath: String)
        case missing
        case refused(reason: String)
    }

    package func recheck(_ path: String, fileSystem: any FileReading) -> Recheck {
        guard let real = fileSystem.realPath(path) else { return .missing }
        let written = fileSystem.kind(at: path) == .symbolicLink ? fileSystem.linkDestination(path) : nil
        if let reason = refusal(target: real, written: written, isFolder: false, holders: []) { return .refused(reason: reason) }
        guard fileSystem.kind(at: real) == .file else { return .refused(reason: "not a regular file: expected a file") }
        return .file(realPath: real)
    }

    private func visit(_ folder: String, relative: String, real: String, holders: [String], into walk: inout Walk, fileSystem: any FileReading) throws {
        walk.folders.append(real)
        for name in try fileSystem.names(in: folder).sorted() where !Self.isIgnored(name) {
            let path = joinPath(folder, name)
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            let (kind, stamp) = fileSystem.kindAndStamp(at: path)
            switch kind {
            case .missing: continue  // removed while the folder was read
            case .file:
                walk.files.append(relativePath)
                if let stamp { walk.stamps[relativePath] = stamp }
            case .folder:
                try visit(path, relative: relativePath, real: joinPath(real, name), holders: holders + [joinPath(real, name)], into: &walk, fileSystem: fileSystem)
            case .special(let kind):
                walk.refused.append(Refusal(path: relativePath, reason: "\(kind): expected a file or a folder (reading one could hang the build)"))
            case .symbolicLink:
                let written = fileSystem.linkDestination(path) ?? "?"
                guard let target = fileSystem.realPath(path) else {
                    walk.refused.append(Refusal(path: relativePath, reason: "a symbolic link that leads nowhere (its target is missing, or the link loops)"))
                    continue
                }
                switch fileSystem.kind(at: target) {
                case .file:
                    if let reason = refusal(target: target, written: written, isFolder: false, holders: holders) {
                        walk.refused.append(Refusal(path: relativePath, reason: reason))
                    } else {
                        walk.files.append(relativePath)
                    }
                case .folder:
                    if let reason = refusal(target: target, written: written, isFolder: true, holders: holders) {
                        walk.refused.append(Refusal(path: relativePath, reason: reason))
                    } else {
                        try visit(path, relative: relativePath, real: target, holders: holders + [target], into: &walk, fileSystem: fileSystem)
                    }
                case .special(let kind):
                    walk.refused.append(Refusal(path: relativePath, reason: "a symbolic link to \(kind): expected a file or a folder (reading one could hang the build)"))
                case .missing, .symbolicLink:
                    walk.refused.append(Refusal(path: relativePath, reason: "a symbolic link that leads nowhere (its target is missing, or the link loops)"))
                }
            }
        }
    }

    /// Why a link's real target may not be read, or nil. `written` is the link's destination as written (nil
    /// for a path that is no link itself, but may pass through one); `holders` are the real paths of the folders
    /// that hold the link: a folder that holds itself would be walked forever.
    private func refusal(target: String, written: String?, isFolder: Bool, holders: [String]) -> String? {
        let link = written.map { "a symbolic link to \($0)" } ?? "a path through a symbolic link to \(target)"
        // Hidden first: `~/.ssh/id_rsa` is outside the site too, but hidden is what makes it a secret. Only the
        // part below the root counts: a site may itself live in a hidden folder.
        let hidden = "a hidden file or folder: sitegen reads nothing hidden (.git, .env, .ssh)"
        if let written, Self.hasHiddenComponent(written) {
            return "\(link), \(hidden)"
        }
        if Self.isInside(target, root), Self.hasHiddenComponent(String(target.dropFirst(root.count))) {
            return "\(link), which leads to \(target.dropFirst(root.count + (root.hasSuffix("/") ? 0 : 1))), \(hidden)"
        }
        if !Self.isInside(target, root) {
            return "\(link), outside the site folder: sitegen reads nothing outside the site"
        }
        if isFolder, holders.contains(where: { Self.isInside($0, target) }) {
            return "\(link), a folder that holds it: following it would never end"
        }
        if let output, Self.isInside(target, output) || (isFolder && Self.isInside(output, target)) {
            return "\(link), which leads into the output folder: it is never read as content"
        }
        return nil
    }
}
