import Foundation

/// Where a build reads from and writes to.
public struct BuildOptions: Sendable {
    /// The site's folder, holding `content/` and `templates/`.
    public var sourceDirectory: String
    public var outputDirectory: String
    /// The public URL of the site's root, for pages that do not set `url`.
    public var baseURL: String?

    public init(sourceDirectory: String = ".", outputDirectory: String? = nil, baseURL: String? = nil) {
        self.sourceDirectory = sourceDirectory
        self.outputDirectory = outputDirectory ?? joinPath(sourceDirectory, "Output")
        self.baseURL = baseURL
    }

    /// A path under the source folder, as diagnostics show it.
    func displayPath(_ relative: String) -> String { joinPath(sourceDirectory, relative) }
}

/// A Markdown page under `content/`.
public struct ContentPage: Equatable, Sendable {
    /// Path below `content/`, e.g. `a/b.md`.
    public var path: String
    /// Path as diagnostics show it, e.g. `content/a/b.md`.
    public var displayPath: String
    public var text: String
}

/// A template file under `templates/`, named by its path without the extension (`page.html` is `page`).
public struct TemplateFile: Equatable, Sendable {
    public var name: String
    public var displayPath: String
    public var text: String
}

/// Everything a build reads, before any of it is parsed.
public struct SiteSources: Equatable, Sendable {
    public var pages: [ContentPage] = []
    /// Other files under `content/` (images and such), copied as they are; paths below `content/`.
    public var assets: [String] = []
    /// The text of each `.css` file under `content/`, by path below `content/`, for pages that inline one.
    public var stylesheets: [String: String] = [:]
    public var templates: [TemplateFile] = []
}

/// Stage 1: finds and reads the site's files.
public enum SiteLoader {
    /// Larger Markdown files are refused rather than read into memory: no contact page is this long.
    public static let maximumPageBytes = 4 * 1024 * 1024

    public static func load(_ options: BuildOptions, fileSystem: any FileSystem) -> (SiteSources, [Diagnostic]) {
        var sources = SiteSources()
        var diagnostics: [Diagnostic] = []
        let source = options.sourceDirectory
        guard fileSystem.itemKind(at: source) == .directory else {
            return (sources, [Diagnostic(path: source, message: "the source folder does not exist: expected a folder holding content/ and templates/")])
        }
        for folder in ["content", "templates"] where fileSystem.itemKind(at: joinPath(source, folder)) != .directory {
            diagnostics.append(Diagnostic(path: options.displayPath(folder), message: "folder not found: a site needs content/ and templates/ (sitegen new creates both)"))
        }
        if let overlap = outputOverlap(options) {
            diagnostics.append(Diagnostic(path: options.outputDirectory, message: overlap))
        }
        guard diagnostics.isEmpty else { return (sources, diagnostics) }

        func readText(_ relative: String) -> String? {
            let displayPath = options.displayPath(relative)
            func tooBig(_ size: Int) -> Diagnostic {
                Diagnostic(path: displayPath, message: "the file has \(size) bytes: expected at most \(maximumPageBytes / 1_048_576) MiB (\(maximumPageBytes) bytes), the most sitegen reads")
            }
            if let size = fileSystem.fileSize(joinPath(source, relative)), size > maximumPageBytes {
                diagnostics.append(tooBig(size))
                return nil
            }
            let data: Data
            do { data = try fileSystem.readFile(joinPath(source, relative)) }
            catch { diagnostics.append(Diagnostic(path: displayPath, message: "the file \(reason(error))")); return nil }
            guard data.count <= maximumPageBytes else {
                diagnostics.append(tooBig(data.count))
                return nil
            }
            switch SourceText.decode(data) {
            case .success(let text): return text
            case .failure(let error):
                diagnostics.append(Diagnostic(path: displayPath, line: error.position.line, column: error.position.column, message: error.message))
                return nil
            }
        }

        do {
            for path in try fileSystem.listFiles(under: joinPath(source, "content")) {
                if path.hasSuffix(".md") {
                    if let text = readText("content/" + path) {
                        sources.pages.append(ContentPage(path: path, displayPath: options.displayPath("content/" + path), text: text))
                    }
                } else {
                    sources.assets.append(path)
                    if path.hasSuffix(".css"), let text = readText("content/" + path) { sources.stylesheets[path] = text }
                }
            }
            var namedBy: [String: String] = [:]
            for path in try fileSystem.listFiles(under: joinPath(source, "templates")) {
                let name = templateName(path)
                let displayPath = options.displayPath("templates/" + path)
                if let other = namedBy[name] {
                    diagnostics.append(Diagnostic(path: displayPath, message: "two templates are named '\(name)': this one and \(other); rename one"))
                    continue
                }
                namedBy[name] = displayPath
                if let text = readText("templates/" + path) {
                    sources.templates.append(TemplateFile(name: name, displayPath: displayPath, text: text))
                }
            }
        } catch {
            diagnostics.append(Diagnostic(path: source, message: reason(error)))
        }
        return (sources, diagnostics)
    }

    /// Why the output folder may not be where it is: a build replaces the whole output folder, so it must
    /// neither hold the site nor be inside the folders the build reads; nil when it is elsewhere.
    static func outputOverlap(_ options: BuildOptions) -> String? {
        func components(_ path: String) -> [String] {
            URL(fileURLWithPath: path).standardizedFileURL.path.split(separator: "/").map(String.init)
        }
        let output = components(options.outputDirectory), source = components(options.sourceDirectory)
        let expected = "expected a folder outside content/ and templates/, such as Output in the site's folder (the default)"
        if source.starts(with: output) {
            return "the output folder holds the site's sources, which the build would replace: " + expected
        }
        for folder in ["content", "templates"] where output.starts(with: source + [folder]) {
            return "the output folder is \(folder)/ or a folder in it, which the build reads and would replace: " + expected
        }
        return nil
    }

    /// `page.html` -> `page`, `partials/button.html` -> `partials/button`.
    static func templateName(_ path: String) -> String {
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return path }
        return String(path.dropLast(fileName.distance(from: dot, to: fileName.endIndex)))
    }

    private static func reason(_ error: Error) -> String {
        (error as? FileSystemError)?.reason ?? "\(error)"
    }
}
