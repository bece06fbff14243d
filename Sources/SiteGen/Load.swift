import Artwork
import Foundation
import LinkChain
import OutputFolder
import SiteBasics
import SiteSource

/// Where a build reads from and writes to.
public struct BuildOptions: Sendable {
    /// The site's folder, holding `content/` and `templates/`.
    public var sourceDirectory: String
    public var outputDirectory: String
    /// The public URL of the site's root, for pages that do not set `url`.
    public var baseURL: String?
    /// Whether a build may replace files in the output folder that sitegen did not write (`--force`).
    public var replacesForeignFiles: Bool
    /// The build's clock (`--now`), which decides scheduled links; nil reads the system clock once, as a build starts.
    public var now: Date?
    /// `--strict`: a warning fails the build as an error does (for CI), and nothing is written.
    public var failsOnWarnings: Bool

    public init(sourceDirectory: String = ".", outputDirectory: String? = nil, baseURL: String? = nil, replacesForeignFiles: Bool = false,
                now: Date? = nil, failsOnWarnings: Bool = false) {
        self.sourceDirectory = sourceDirectory
        self.outputDirectory = outputDirectory ?? joinPath(sourceDirectory, "Output")
        self.baseURL = baseURL
        self.replacesForeignFiles = replacesForeignFiles
        self.now = now
        self.failsOnWarnings = failsOnWarnings
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
    /// The file's stamp as the load found it (nil where the file system gives none, or through a link).
    public var stamp: FileStamp? = nil
    /// Whether `text` is still to be read (`SiteLoader.load` deferring page texts, as a build that writes does):
    /// the page's job reads it only when the page's last render cannot be kept by its stamp (`SiteLoader.readText`).
    public var isUnread = false
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
    /// Other files under `content/` (images and such), paths below `content/`: published when a page uses one.
    public var assets: [String] = []
    /// The files under `static/`, paths below it: published as they are, at the same paths below the output folder,
    /// whether a page names them or not (as Hugo's and Zola's `static/`).
    public var staticFiles: [String] = []
    /// The text of each `.css` file under `content/`, by path below `content/`, for pages that inline one.
    public var stylesheets: [String: String] = [:]
    /// Each `.svg` file under `content/` as read and parsed for the published-file check, by path below `content/`,
    /// with the icon it makes: the icon stage takes pages' icon files from these rather than reading them again.
    package var svgFiles: [String: LoadedSVGFile] = [:]
    public var templates: [TemplateFile] = []
    /// `site.yml`, when the site has one.
    package var siteSettings: SiteSettings?
    /// Where the pages are written (`PagePath.outputPath`), for links between them: found by the load, which tells
    /// of pages that would share one (nil for sources made otherwise: found when asked).
    package var pageOutputPaths: Set<String>?
}

/// Stage 1: finds and reads the site's files.
public enum SiteLoader {
    /// What a build reads in the site's folder, and so what `serve` watches: the folders, then the settings file.
    public static let sourceEntries = ["content", "templates", staticFolder, SiteSettings.fileName]
    /// The folder whose files are published as they are: a page need not name them.
    public static let staticFolder = "static"

    /// Larger Markdown files are refused rather than read into memory: no contact page is this long.
    public static let maximumPageBytes = 4 * 1024 * 1024

    /// `deferringPageTexts`: pages come without their texts (`ContentPage.isUnread`), for their jobs to read.
    public static func load(_ options: BuildOptions, fileSystem: any FileReading, deferringPageTexts: Bool = false) -> (SiteSources, [Diagnostic]) {
        var sources = SiteSources()
        var diagnostics: [Diagnostic] = []
        let source = options.sourceDirectory
        if let missing = missingSourceFolder(options, fileSystem: fileSystem) { return (sources, [missing]) }
        for folder in ["content", "templates"] where fileSystem.resolvedKind(at: joinPath(source, folder)) != .folder {
            diagnostics.append(Diagnostic(path: options.displayPath(folder), message: "folder not found: a site needs content/ and templates/ (sitegen new creates both)"))
        }
        guard let boundary = SiteBoundary(options, fileSystem: fileSystem) else {
            return (sources, [Diagnostic(path: source, message: "the source folder cannot be resolved: expected a folder holding content/ and templates/")])
        }
        if let overlap = outputOverlap(options, boundary: boundary, fileSystem: fileSystem) {
            diagnostics.append(Diagnostic(path: options.outputDirectory, message: overlap))
        }
        guard diagnostics.isEmpty else { return (sources, diagnostics) }

        @Sendable func text(_ relative: String) -> Result<String, Diagnostic> { SiteLoader.readText(relative, options: options, fileSystem: fileSystem) }

        func readText(_ relative: String) -> String? {
            switch text(relative) {
            case .success(let text): return text
            case .failure(let problem): diagnostics.append(problem); return nil
            }
        }

        var contentStamps: [String: FileStamp] = [:]
        /// The files of one folder of the site that may be read, after reporting those that may not.
        func files(in folder: String) throws -> [String] {
            let walk = try boundary.walk(joinPath(source, folder), fileSystem: fileSystem)
            if folder == "content" { contentStamps = walk.stamps }
            for refusal in walk.refused {
                diagnostics.append(Diagnostic(path: options.displayPath(joinPath(folder, refusal.path)), message: refusal.reason))
            }
            return walk.files.filter { path in
                // A printable ASCII path, as most are, is seen so on its bytes (a scalar search cost 460 instructions a file).
                if path.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy { (0x20..<0x7F).contains($0) } }) == true { return true }
                guard let scalar = path.unicodeScalars.first(where: ControlCharacters.isControlOrLineSeparator) else { return true }
                diagnostics.append(Diagnostic(path: options.displayPath(folder + "/" + path), message: "the path holds the control character \(UnicodeName.describe(scalar)), which no address or _headers line can carry: rename it"))
                return false
            }
        }

        /// Whether a file to publish is within the size sitegen copies; reported when it is not.
        func fitsSizeLimit(_ relative: String) -> Bool {
            guard let size = fileSystem.fileSize(joinPath(source, relative)), size > maximumAssetBytes else { return true }
            diagnostics.append(Diagnostic(path: options.displayPath(relative), message: "the file has \(size) bytes: expected at most \(maximumAssetBytes / 1_048_576) MiB, the most sitegen copies"))
            return false
        }

        /// An SVG file that may be published as it is, read and parsed once for the published-file rule and for the
        /// icon a button may make of it: nothing in it may run, since a browser opening it runs its scripts as the site.
        func checkSVG(_ relative: String) -> LoadedSVGFile {
            do {
                let data = try fileSystem.readFile(joinPath(source, relative))
                let checked = CheckedSVG(data)
                if let problem = checked.publishingProblem {
                    var sink = DiagnosticSink(path: options.displayPath(relative), text: String(decoding: data, as: UTF8.self))
                    sink.report(line: problem.position.line, column: problem.position.column, problem.message)
                    diagnostics += sink.diagnostics.map { var diagnostic = $0; diagnostic.kind = .unsafePublishedSVG; return diagnostic }
                }
                return .read(data, icon: checked.icon)
            } catch {
                diagnostics.append(Diagnostic(path: options.displayPath(relative), message: "the file \(reason(error))"))
                return .unreadable(reason: reason(error))
            }
        }

        /// A gzipped SVG (`.svgz`) is refused as one that cannot be published: it would go out unread, and hosts
        /// compress an .svg on the way anyway.
        func refuseCompressedSVG(_ relative: String) {
            var refusal = Diagnostic(path: options.displayPath(relative),
                                     message: "a compressed SVG would be published unchecked: save it uncompressed as .svg (web hosts compress it on the way)")
            refusal.kind = .unsafePublishedSVG
            diagnostics.append(refusal)
        }

        let settingsPath = joinPath(source, SiteSettings.fileName)
        // site.yaml is what many tools would call it: read silently as nothing, every page would lose its buttons and theme.
        if fileSystem.kind(at: settingsPath) == .missing, fileSystem.kind(at: joinPath(source, "site.yaml")) != .missing {
            diagnostics.append(Diagnostic(path: options.displayPath("site.yaml"), message: "sitegen reads the site's settings from site.yml, not site.yaml: rename it"))
        }
        if let refusal = boundary.refusalOfFile(at: settingsPath, fileSystem: fileSystem) {
            diagnostics.append(Diagnostic(path: options.displayPath(SiteSettings.fileName), message: refusal))
        } else if fileSystem.kind(at: settingsPath) != .missing, let text = readText(SiteSettings.fileName) {
            let (settings, settingsDiagnostics) = SiteSettings.read(text, displayPath: options.displayPath(SiteSettings.fileName))
            sources.siteSettings = settings
            diagnostics += settingsDiagnostics
        }

        do {
            var pagePaths: [String] = []
            for path in try files(in: "content") {
                if PagePath.pageExtension(of: path) != nil {
                    if let pattern = headersPattern(inPage: path) {
                        diagnostics.append(Diagnostic(path: options.displayPath("content/" + path), message: pattern))
                        continue
                    }
                    pagePaths.append(path)
                    continue
                }
                guard fitsSizeLimit("content/" + path) else { continue }
                if path.lowercased().hasSuffix(".svg") {
                    // (A refused file stays known, so pages that name it get no second error.)
                    sources.svgFiles[path] = checkSVG("content/" + path)
                } else if path.lowercased().hasSuffix(".svgz") {
                    refuseCompressedSVG("content/" + path)
                }
                sources.assets.append(path)
                if path.hasSuffix(".css"), let text = readText("content/" + path) { sources.stylesheets[path] = text }
            }
            if deferringPageTexts {
                sources.pages = pagePaths.map {
                    ContentPage(path: $0, displayPath: options.displayPath("content/" + $0), text: "", stamp: contentStamps[$0], isUnread: true)
                }
            } else {
                // Pages are read on every core: a site of 10,000 pages spends most of a build with nothing to do here.
                for (path, read) in zip(pagePaths, Concurrently.map(pagePaths) { text("content/" + $0) }) {
                    switch read {
                    case .success(let text):
                        sources.pages.append(ContentPage(path: path, displayPath: options.displayPath("content/" + path), text: text, stamp: contentStamps[path]))
                    case .failure(let problem): diagnostics.append(problem)
                    }
                }
            }
            if fileSystem.resolvedKind(at: joinPath(source, staticFolder)) == .folder {
                for path in try files(in: staticFolder) where fitsSizeLimit(staticFolder + "/" + path) {
                    if path.lowercased().hasSuffix(".svg") { _ = checkSVG(staticFolder + "/" + path) }
                    else if path.lowercased().hasSuffix(".svgz") { refuseCompressedSVG(staticFolder + "/" + path) }
                    sources.staticFiles.append(path)
                }
            }
            // Here rather than after the load: the load runs beside the reading of the output folder's record, which
            // takes longer, and a large site's pages are many.
            let (outputPaths, shared) = pageOutputPaths(sources.pages)
            sources.pageOutputPaths = outputPaths
            diagnostics += shared
            var namedBy: [String: String] = [:]
            for path in try files(in: "templates") {
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

    /// Where each page is written, and an error for each page that would be written where a page before it is.
    static func pageOutputPaths(_ pages: [ContentPage]) -> (Set<String>, [Diagnostic]) {
        var paths = Set<String>(minimumCapacity: pages.count)
        var diagnostics: [Diagnostic] = []
        for (index, page) in pages.enumerated() {
            let outputPath = PagePath.outputPath(for: page.path)
            // The page before it there is looked for only then: rare, and the set holds no pages.
            guard !paths.insert(outputPath).inserted,
                  let other = pages[..<index].last(where: { PagePath.outputPath(for: $0.path) == outputPath }) else { continue }
            diagnostics.append(Diagnostic(path: page.displayPath, message: "this page and \(other.displayPath) would both be written to \(outputPath); rename one"))
        }
        return (paths, diagnostics)
    }

    /// A text file of the site (`relative` to its folder), or the problem that stopped it; safe to call for many
    /// files at once.
    static func readText(_ relative: String, options: BuildOptions, fileSystem: any FileReading) -> Result<String, Diagnostic> {
        let displayPath = options.displayPath(relative)
        let path = joinPath(options.sourceDirectory, relative)
        func tooBig(_ size: Int) -> Diagnostic {
            Diagnostic(path: displayPath, message: "the file has \(size) bytes: expected at most \(maximumPageBytes / 1_048_576) MiB (\(maximumPageBytes) bytes), the most sitegen reads")
        }
        if let size = fileSystem.fileSize(path), size > maximumPageBytes { return .failure(tooBig(size)) }
        let data: Data
        do { data = try fileSystem.readFile(path) }
        catch { return .failure(Diagnostic(path: displayPath, message: "the file \(reason(error))")) }
        guard data.count <= maximumPageBytes else { return .failure(tooBig(data.count)) }
        switch SourceText.decode(data) {
        case .success(let text): return .success(text)
        case .failure(let error):
            return .failure(Diagnostic(path: displayPath, line: error.position.line, column: error.position.column, message: error.message))
        }
    }

    /// Reads the text of a page the load left unread (`deferringPageTexts`) into it; the problem when it cannot be read.
    static func readText(of page: inout ContentPage, options: BuildOptions, fileSystem: any FileReading) -> Diagnostic? {
        guard page.isUnread else { return nil }
        switch readText("content/" + page.path, options: options, fileSystem: fileSystem) {
        case .success(let text): page.text = text
        case .failure(let problem): return problem
        }
        page.isUnread = false
        return nil
    }

    /// Why a page's address cannot be a line of `_headers`, or nil: Netlify and Cloudflare Pages read `*` in a path
    /// there as a splat and a segment starting with `:` as a placeholder (both document `_headers` paths so), and no
    /// escape is read back, so a page at `/*/` or `/:name/` would give its policy to every page that matches.
    static func headersPattern(inPage path: String) -> String? {
        // Most paths hold neither byte: told without making the address (every page of a large site is asked).
        guard path.utf8.contains(where: { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: ":") }) else { return nil }
        let address = PagePath.outputPath(for: path).split(separator: "/").dropLast()
        if let segment = address.first(where: { $0.contains("*") }) {
            return "the page's address holds '*' (in '\(segment)'), which hosts read as a wildcard in _headers, so its security policy would apply to other pages: rename it without '*'"
        }
        if let segment = address.first(where: { $0.hasPrefix(":") }) {
            return "the page's address has a part starting with ':' ('\(segment)'), which hosts read as a placeholder in _headers, so its security policy would apply to other pages: rename it"
        }
        return nil
    }

    /// The error for a source folder that is not there; nil when it is.
    static func missingSourceFolder(_ options: BuildOptions, fileSystem: any FileReading) -> Diagnostic? {
        guard fileSystem.resolvedKind(at: options.sourceDirectory) != .folder else { return nil }
        return Diagnostic(path: options.sourceDirectory, message: "the source folder does not exist: expected a folder holding content/ and templates/")
    }

    /// The largest file under `content/` that is copied: an avatar or a download, never a video library.
    public static let maximumAssetBytes = LocalFileSystem.maximumFileBytes

    /// Why the output folder may not be where it is: a build replaces what it wrote there, so the output folder
    /// must neither hold the site nor be, or lie inside, the folders the build reads, nor hold them. Compared by
    /// real paths, so a symbolic link cannot alias `templates/`; nil when the output folder is elsewhere.
    static func outputOverlap(_ options: BuildOptions, boundary: SiteBoundary, fileSystem: any FileReading) -> String? {
        let expected = "expected a folder outside content/, templates/ and static/, such as Output in the site's folder (the default)"
        guard let output = boundary.output else {
            return "the output folder cannot be resolved: " + expected
        }
        if SiteBoundary.isInside(boundary.root, output) {
            return "the output folder holds the site's sources, which the build would replace: " + expected
        }
        for folder in ["content", "templates", staticFolder] {
            let real = fileSystem.realPath(joinPath(options.sourceDirectory, folder)) ?? joinPath(boundary.root, folder)
            if SiteBoundary.isInside(output, real) {
                return "the output folder is \(folder)/ or a folder in it, which the build reads and would replace: " + expected
            }
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

extension SiteBoundary {
    /// The boundary of the site `options` build, or nil when its folder does not exist.
    public init?(_ options: BuildOptions, fileSystem: any FileReading) {
        self.init(sourceDirectory: options.sourceDirectory, outputDirectory: options.outputDirectory, fileSystem: fileSystem)
    }
}
