import Foundation
import LinkChain

public enum SiteGenVersion {
    public static let current = "0.1.0"
}

/// What a build produced: the files, and warnings (a failed build throws its errors instead).
public struct BuildResult: Sendable {
    public var files: [OutputFile]
    public var warnings: [Diagnostic]
    /// The pages rendered by this build (as diagnostics show them); a render reusing a cache skips the others.
    public var renderedPages: [String]
}

/// What a render produced, so that the next render of the same site redoes only what changed.
public struct RenderCache: Sendable {
    struct Page: Sendable {
        var text: String
        var outputPath: String
        /// The page and its companions; none when the page has errors.
        var files: [OutputFile]
        var policy: (path: String, policy: SecurityPolicy)?
        var diagnostics: [Diagnostic]
    }

    /// Nil until a first render: no templates are known, so everything is compiled and rendered.
    var templates: [TemplateFile]?
    var assets: [String] = []
    var stylesheets: [String: String] = [:]
    var renderer: PageRenderer?
    var templateDiagnostics: [Diagnostic] = []
    var pages: [String: Page] = [:]

    public init() {}
}

/// The pipeline, top to bottom: load -> parse -> resolve links -> render -> write.
public struct SiteBuilder: Sendable {
    public var options: BuildOptions
    public var fileSystem: any FileSystem
    public var catalog: ServiceCatalog

    public init(options: BuildOptions, fileSystem: any FileSystem = LocalFileSystem(), catalog: ServiceCatalog = .standard) {
        self.options = options
        self.fileSystem = fileSystem
        self.catalog = catalog
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
        var cache = RenderCache()
        return try render(reusing: &cache)
    }

    /// `render()`, re-rendering only the pages whose text changed since the render that filled `cache`,
    /// unless the templates or the other files under `content/` changed too. Use one cache with one builder.
    public func render(reusing cache: inout RenderCache) throws(BuildFailure) -> BuildResult {
        var diagnostics: [Diagnostic] = []
        let (sources, loadDiagnostics) = SiteLoader.load(options, fileSystem: fileSystem)
        diagnostics += loadDiagnostics
        if loadDiagnostics.contains(where: { $0.severity == .error }) && sources.pages.isEmpty && sources.templates.isEmpty {
            throw BuildFailure(diagnostics)
        }

        let dependenciesChanged = cache.templates != sources.templates || cache.assets != sources.assets
            || cache.stylesheets != sources.stylesheets
        if dependenciesChanged {
            let (templates, templateDiagnostics) = PageRenderer.compile(sources.templates)
            cache.renderer = templates.map {
                PageRenderer(templates: $0, runtimeScript: Self.runtimeScript, version: SiteGenVersion.current, stylesheets: sources.stylesheets)
            }
            cache.templateDiagnostics = templateDiagnostics
            cache.templates = sources.templates
            cache.assets = sources.assets
            cache.stylesheets = sources.stylesheets
        }
        diagnostics += cache.templateDiagnostics

        let resolver = LinkResolver(catalog: catalog, assets: Set(sources.assets), baseURL: options.baseURL)
        var files: [OutputFile] = []
        var policies: [(path: String, policy: SecurityPolicy)] = []
        var renderedPages: [String] = []
        var pages: [String: RenderCache.Page] = [:]
        var writtenBy: [String: String] = [:]
        for page in sources.pages {
            let rendered: RenderCache.Page
            if !dependenciesChanged, let cached = cache.pages[page.path], cached.text == page.text {
                rendered = cached
            } else {
                rendered = render(page, resolver: resolver, renderer: cache.renderer, templateFiles: sources.templates)
                renderedPages.append(page.displayPath)
            }
            pages[page.path] = rendered
            diagnostics += rendered.diagnostics
            if let other = writtenBy[rendered.outputPath] {
                diagnostics.append(Diagnostic(path: page.displayPath, message: "this page and \(other) would both be written to \(rendered.outputPath); rename one"))
            }
            writtenBy[rendered.outputPath] = page.displayPath
            files += rendered.files
            if let policy = rendered.policy { policies.append(policy) }
        }
        cache.pages = pages
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
        return BuildResult(files: files.sorted { $0.path < $1.path }, warnings: sorted, renderedPages: renderedPages)
    }

    /// One page through parse, resolve and render; no files when it has errors or the templates do not compile.
    private func render(_ page: ContentPage, resolver: LinkResolver, renderer: PageRenderer?, templateFiles: [TemplateFile]) -> RenderCache.Page {
        let (parsed, parseDiagnostics) = PageParser.parse(page)
        let (resolved, resolveDiagnostics) = resolver.resolve(parsed)
        var result = RenderCache.Page(text: page.text, outputPath: parsed.outputPath, files: [], policy: nil,
                                      diagnostics: parseDiagnostics + resolveDiagnostics)
        guard let renderer, !result.diagnostics.contains(where: { $0.severity == .error }) else { return result }
        switch renderer.render(resolved, templateFiles: templateFiles) {
        case .success(let rendered):
            result.files = [OutputFile(path: parsed.outputPath, contents: .data(Data(rendered.html.utf8)))] + rendered.companions
            result.policy = rendered.policy.map { ("/" + PageRenderer.folder(of: resolved), $0) }
        case .failure(let diagnostic): result.diagnostics.append(diagnostic)
        }
        return result
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
