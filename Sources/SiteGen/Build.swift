import Foundation
import LinkChain

public enum SiteGenVersion {
    public static let current = "0.1.0"
}

/// What a build produced: the files, and warnings (a failed build throws its errors instead).
public struct BuildResult: Sendable {
    public var files: [OutputFile]
    public var warnings: [Diagnostic]
}

/// The pipeline, top to bottom: load -> parse -> resolve links -> render -> write.
public struct SiteBuilder: Sendable {
    public var options: BuildOptions
    public var fileSystem: any FileSystem
    public var catalog: ServiceCatalog
    /// Where brand icons come from; found on disk by default.
    public var iconSets: IconSets

    public init(options: BuildOptions, fileSystem: any FileSystem = LocalFileSystem(), catalog: ServiceCatalog = .standard,
                iconSets: IconSets = .discover()) {
        self.options = options
        self.fileSystem = fileSystem
        self.catalog = catalog
        self.iconSets = iconSets
    }

    /// The script inlined into every page, embedded in the binary so `sitegen` works when copied alone:
    /// the pure decisions and the page code, in one function so their names stay out of the page's globals.
    public static let runtimeScript = "(function () {\n"
        + String(decoding: PackageResources.chain_decisions_js, as: UTF8.self) + "\n"
        + String(decoding: PackageResources.chain_page_js, as: UTF8.self) + "})();\n"

    /// Builds and writes the site. Throws every error found; `Output/` is untouched unless the build succeeds.
    public func build() throws(BuildFailure) -> BuildResult {
        let result = try render()
        if let failure = SiteWriter.write(result.files, to: options.outputDirectory, fileSystem: fileSystem) {
            throw BuildFailure(result.warnings + [failure])
        }
        return result
    }

    /// Every stage but writing: what `build` would write, or every error found.
    public func render() throws(BuildFailure) -> BuildResult {
        var diagnostics: [Diagnostic] = []
        let (sources, loadDiagnostics) = SiteLoader.load(options, fileSystem: fileSystem)
        diagnostics += loadDiagnostics
        if loadDiagnostics.contains(where: { $0.severity == .error }) && sources.pages.isEmpty && sources.templates.isEmpty {
            throw BuildFailure(diagnostics)
        }

        let (templates, templateDiagnostics) = PageRenderer.compile(sources.templates)
        diagnostics += templateDiagnostics
        let renderer = templates.map {
            PageRenderer(templates: $0, runtimeScript: Self.runtimeScript, version: SiteGenVersion.current, stylesheets: sources.stylesheets)
        }

        let (pages, pageDiagnostics) = resolve(sources)
        diagnostics += pageDiagnostics
        var firstUse: [ButtonIcon: String] = [:]
        for page in pages {
            for link in page.links where firstUse[link.icon] == nil { firstUse[link.icon] = page.parsed.page.displayPath }
        }
        let (icons, iconDiagnostics) = IconSymbols.load(firstUse, sets: iconSets, options: options, fileSystem: fileSystem)
        diagnostics += iconDiagnostics
        var files: [OutputFile] = []
        var policies: [(path: String, policy: SecurityPolicy)] = []
        for page in pages {
            guard let renderer else { break }
            switch renderer.render(page, icons: icons, templateFiles: sources.templates) {
            case .success(let rendered):
                files.append(OutputFile(path: page.parsed.outputPath, contents: .data(Data(rendered.html.utf8))))
                files += rendered.companions
                if let policy = rendered.policy { policies.append(("/" + PageRenderer.folder(of: page), policy)) }
            case .failure(let diagnostic): diagnostics.append(diagnostic)
            }
        }
        if !policies.isEmpty {
            files.append(OutputFile(path: "_headers", contents: .data(Data(HeadersFile.text(policies).utf8))))
        }
        for asset in sources.assets {
            files.append(OutputFile(path: asset, contents: .copy(from: joinPath(options.sourceDirectory, "content/" + asset))))
        }
        if sources.pages.isEmpty && !diagnostics.contains(where: { $0.severity == .error }) {
            diagnostics.append(Diagnostic(path: options.displayPath("content"), message: "no pages found: expected Markdown files such as content/index.md"))
        }
        let sorted = Self.sorted(diagnostics)
        if sorted.contains(where: { $0.severity == .error }) { throw BuildFailure(sorted) }
        return BuildResult(files: files.sorted { $0.path < $1.path }, warnings: sorted)
    }

    /// Stages 2 and 3 for every page: the pages without errors, resolved, and every problem found.
    func resolve(_ sources: SiteSources) -> ([ResolvedPage], [Diagnostic]) {
        let resolver = LinkResolver(catalog: catalog, assets: Set(sources.assets), baseURL: options.baseURL)
        var pages: [ResolvedPage] = []
        var diagnostics: [Diagnostic] = []
        var writtenBy: [String: String] = [:]
        for page in sources.pages {
            let (parsed, parseDiagnostics) = PageParser.parse(page)
            let (resolved, resolveDiagnostics) = resolver.resolve(parsed)
            diagnostics += parseDiagnostics + resolveDiagnostics
            if let other = writtenBy[parsed.outputPath] {
                diagnostics.append(Diagnostic(path: page.displayPath, message: "this page and \(other) would both be written to \(parsed.outputPath); rename one"))
            }
            writtenBy[parsed.outputPath] = page.displayPath
            if !(parseDiagnostics + resolveDiagnostics).contains(where: { $0.severity == .error }) { pages.append(resolved) }
        }
        return (pages, diagnostics)
    }

    /// Every link chain of the site's pages (buttons and Markdown shorthand links), for `sitegen schemes`;
    /// throws every error found.
    public func chains() throws(BuildFailure) -> [Chain] {
        let (sources, loadDiagnostics) = SiteLoader.load(options, fileSystem: fileSystem)
        let (pages, pageDiagnostics) = resolve(sources)
        let diagnostics = Self.sorted(loadDiagnostics + pageDiagnostics)
        if diagnostics.contains(where: { $0.severity == .error }) { throw BuildFailure(diagnostics) }
        return pages.flatMap { page in page.links.map(\.chain) + page.markdownChains }
    }

    /// Diagnostics in a stable order: by file, then line and column. Duplicates (the same template error met
    /// by several pages) are shown once.
    static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var seen = Set<String>()
        return diagnostics.enumerated()
            .sorted { a, b in
                (a.element.path, a.element.line, a.element.column, a.offset) < (b.element.path, b.element.line, b.element.column, b.offset)
            }
            .map(\.element)
            .filter { seen.insert($0.description).inserted }
    }
}
