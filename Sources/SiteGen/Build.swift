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
        /// The icons the page shows, as it shows them: names are given site-wide, so they may change.
        var icons: String
        /// The page and its companions; none when rendering failed.
        var files: [OutputFile]
        var policy: (path: String, policy: SecurityPolicy)?
        var diagnostics: [Diagnostic]
    }

    /// Nil until a first render: no templates are known, so everything is compiled and rendered.
    var templates: [TemplateFile]?
    var stylesheets: [String: String] = [:]
    var renderer: PageRenderer?
    var templateDiagnostics: [Diagnostic] = []
    var assets: [String] = []
    var pages: [String: Page] = [:]

    public init() {}
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
        var cache = RenderCache()
        return try render(reusing: &cache)
    }

    /// `render()`, rendering again only the pages whose text changed since the render that filled `cache`,
    /// or whose icons did, unless what every page shares changed too: templates, stylesheets, the files under `content/`.
    /// Parsing and resolving, which find the errors, are redone for every page. Use one cache with one builder.
    public func render(reusing cache: inout RenderCache) throws(BuildFailure) -> BuildResult {
        var diagnostics: [Diagnostic] = []
        let (sources, loadDiagnostics) = SiteLoader.load(options, fileSystem: fileSystem)
        diagnostics += loadDiagnostics
        if loadDiagnostics.contains(where: { $0.severity == .error }) && sources.pages.isEmpty && sources.templates.isEmpty {
            throw BuildFailure(diagnostics)
        }

        let templatesChanged = cache.templates != sources.templates || cache.stylesheets != sources.stylesheets
        if templatesChanged {
            let (templates, templateDiagnostics) = PageRenderer.compile(sources.templates)
            cache.renderer = templates.map {
                PageRenderer(templates: $0, runtimeScript: Self.runtimeScript, version: SiteGenVersion.current, stylesheets: sources.stylesheets)
            }
            cache.templateDiagnostics = templateDiagnostics
            cache.templates = sources.templates
            cache.stylesheets = sources.stylesheets
        }
        diagnostics += cache.templateDiagnostics

        let (pages, pageDiagnostics) = resolve(sources)
        diagnostics += pageDiagnostics
        var firstUse: [ButtonIcon: String] = [:]
        for page in pages {
            for link in page.links where firstUse[link.icon] == nil { firstUse[link.icon] = page.parsed.page.displayPath }
        }
        let (icons, iconDiagnostics) = IconSymbols.load(firstUse, sets: iconSets, options: options, fileSystem: fileSystem)
        diagnostics += iconDiagnostics
        let sharedChanged = templatesChanged || cache.assets != sources.assets
        cache.assets = sources.assets

        var files: [OutputFile] = []
        var policies: [(path: String, policy: SecurityPolicy)] = []
        var renderedPages: [String] = []
        var renderedByPath: [String: RenderCache.Page] = [:]
        for page in pages {
            guard let renderer = cache.renderer else { break }
            let source = page.parsed.page
            let pageIcons = page.links.map { icons.name(for: $0.icon) }.joined(separator: " ") + icons.html(for: page.links.map(\.icon))
            let rendered: RenderCache.Page
            if !sharedChanged, let cached = cache.pages[source.path], cached.text == source.text, cached.icons == pageIcons {
                rendered = cached
            } else {
                rendered = render(page, renderer: renderer, icons: icons, pageIcons: pageIcons, templateFiles: sources.templates)
                renderedPages.append(source.displayPath)
            }
            renderedByPath[source.path] = rendered
            files += rendered.files
            diagnostics += rendered.diagnostics
            if let policy = rendered.policy { policies.append(policy) }
        }
        cache.pages = renderedByPath
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

    /// Stage 4 for one page: its files and policy, or the template error it met.
    private func render(_ page: ResolvedPage, renderer: PageRenderer, icons: IconSymbols, pageIcons: String,
                        templateFiles: [TemplateFile]) -> RenderCache.Page {
        var result = RenderCache.Page(text: page.parsed.page.text, icons: pageIcons, files: [], policy: nil, diagnostics: [])
        switch renderer.render(page, icons: icons, templateFiles: templateFiles) {
        case .success(let rendered):
            result.files = [OutputFile(path: page.parsed.outputPath, contents: .data(Data(rendered.html.utf8)))] + rendered.companions
            result.policy = rendered.policy.map { ("/" + PageRenderer.folder(of: page), $0) }
        case .failure(let diagnostic): result.diagnostics = [diagnostic]
        }
        return result
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
