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
/// that fails part-way leaves the previous output exactly as it was. Files are written as pages are rendered
/// (from several threads at once), so a large site is never held in memory.
public final class SiteWriter: @unchecked Sendable {
    let output: String
    let fileSystem: any FileSystem
    let staging: String
    let retired: String
    /// The highest folder on the way to the output folder that does not exist yet: made by the first write,
    /// removed again if the build fails, so a failed build leaves no trace.
    let firstMissingFolder: String?
    private let lock = NSLock()
    private var stagingMade = false
    /// Folders this build has made: a page's companions go beside it, and asking the disk again costs a system call each.
    private var madeFolders: Set<String> = []

    /// Checks where the site will go; nothing is made on disk until the first file is written.
    public init(output: String, fileSystem: any FileSystem) throws(BuildFailure) {
        self.output = output
        self.fileSystem = fileSystem
        if fileSystem.itemKind(at: output) == .file {
            throw BuildFailure([Diagnostic(path: output, message: "the output path is a file: expected a folder (or nothing) there; move the file or pass --output")])
        }
        let parts = output.split(separator: "/", omittingEmptySubsequences: false)
        let name = String(parts.last ?? "Output")
        let parent = parts.dropLast().joined(separator: "/")
        let folder = parent.isEmpty && output.hasPrefix("/") ? "/" : parent
        let process = ProcessInfo.processInfo.processIdentifier
        staging = joinPath(folder, ".\(name).sitegen-new-\(process)")
        retired = joinPath(folder, ".\(name).sitegen-old-\(process)")
        var missing: String?
        var path = ""
        for part in parts.dropLast() where !part.isEmpty || path.isEmpty {
            path = path.isEmpty ? (part.isEmpty ? "/" : String(part)) : joinPath(path, String(part))
            if path != "/", fileSystem.itemKind(at: path) == .missing { missing = path; break }
        }
        firstMissingFolder = missing
    }

    /// Writes one file into the staging folder. Safe to call from several threads for different files.
    public func write(_ file: OutputFile) throws(BuildFailure) {
        let target = joinPath(staging, file.path)
        let folder = target.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        do {
            try lock.withLock {
                guard !stagingMade else { return }
                if fileSystem.itemKind(at: staging) != .missing { try fileSystem.removeItem(staging) }
                try fileSystem.createDirectory(staging)
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
            throw BuildFailure([Self.failure(error, output: output)])
        }
    }

    /// Swaps the staging folder in for the output folder.
    public func commit() throws(BuildFailure) {
        do {
            if !lock.withLock({ stagingMade }) { try fileSystem.createDirectory(staging) }  // a site of no files
            let hadOutput = fileSystem.itemKind(at: output) == .directory
            if hadOutput { try fileSystem.moveItem(from: output, to: retired) }
            do { try fileSystem.moveItem(from: staging, to: output) } catch {
                if hadOutput { try? fileSystem.moveItem(from: retired, to: output) }
                throw error
            }
            if hadOutput { try? fileSystem.removeItem(retired) }
        } catch {
            discard()
            throw BuildFailure([Self.failure(error, output: output)])
        }
    }

    /// Removes what the build made: the output folder stays as it was.
    public func discard() {
        guard lock.withLock({ stagingMade }) else { return }
        try? fileSystem.removeItem(firstMissingFolder ?? staging)
    }

    private static func failure(_ error: Error, output: String) -> Diagnostic {
        Diagnostic(path: output, message: "cannot write the site: \((error as? FileSystemError)?.description ?? "\(error)")")
    }
}
