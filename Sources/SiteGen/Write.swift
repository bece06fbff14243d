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
/// that fails part-way leaves the previous output exactly as it was.
public enum SiteWriter {
    public static func write(_ files: [OutputFile], to output: String, fileSystem: any FileSystem) -> Diagnostic? {
        if fileSystem.itemKind(at: output) == .file {
            return Diagnostic(path: output, message: "the output path is a file: expected a folder (or nothing) there; move the file or pass --output")
        }
        let parts = output.split(separator: "/", omittingEmptySubsequences: false)
        let name = String(parts.last ?? "Output")
        let parent = parts.dropLast().joined(separator: "/")
        let process = ProcessInfo.processInfo.processIdentifier
        let staging = joinPath(parent.isEmpty && output.hasPrefix("/") ? "/" : parent, ".\(name).sitegen-new-\(process)")
        let retired = joinPath(parent.isEmpty && output.hasPrefix("/") ? "/" : parent, ".\(name).sitegen-old-\(process)")

        func fail(_ error: Error) -> Diagnostic {
            try? fileSystem.removeItem(staging)
            return Diagnostic(path: output, message: "cannot write the site: \((error as? FileSystemError)?.description ?? "\(error)")")
        }
        do {
            if fileSystem.itemKind(at: staging) != .missing { try fileSystem.removeItem(staging) }
            try fileSystem.createDirectory(staging)
            for file in files {
                let target = joinPath(staging, file.path)
                let folder = target.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
                try fileSystem.createDirectory(folder)
                switch file.contents {
                case .data(let data): try fileSystem.writeFile(target, data)
                case .copy(let source): try fileSystem.writeFile(target, fileSystem.readFile(source))
                }
            }
        } catch {
            return fail(error)
        }
        do {
            let hadOutput = fileSystem.itemKind(at: output) == .directory
            if hadOutput { try fileSystem.moveItem(from: output, to: retired) }
            do { try fileSystem.moveItem(from: staging, to: output) } catch {
                if hadOutput { try? fileSystem.moveItem(from: retired, to: output) }
                return fail(error)
            }
            if hadOutput { try? fileSystem.removeItem(retired) }
        } catch {
            return fail(error)
        }
        return nil
    }
}
