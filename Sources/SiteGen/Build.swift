import Artwork
import Companions
import Foundation
import LinkChain
import OutputFolder
import Runtime
import SiteBasics
import SiteSource

/// What a build produced: the files, and warnings (a failed build throws its errors instead).
public struct BuildResult: Sendable {
    /// The files, in memory, from `render`; empty from `build`, which writes each file as soon as it is rendered.
    public var files: [OutputFile]
    /// The path of every file of the site below the output folder, sorted.
    public var paths: [String]
    public var warnings: [Diagnostic]
    /// The pages rendered by this build (as diagnostics show them); a render reusing a cache skips the others.
    public var renderedPages: [String]
    /// The share cards this build drew (below the output folder); those an earlier build left in place are not.
    public var drawnShareCards: [String] = []
    /// The files under content/ (paths below it) that the build did not publish, since no page uses them; sorted.
    public var leftOut: [String] = []
}

/// The pipeline, top to bottom: load -> compile templates -> (pages kept unchanged; icons) -> parse -> resolve links
/// -> render -> write, then the site's own files (`run` reads as those stages). Pages go through parse, resolve,
/// render and write independently, on every core, and are written as soon as they are rendered, so a large site is
/// never held in memory; all errors are still known before the output folder is touched.
public struct SiteBuilder: Sendable {
    public var options: BuildOptions
    public var fileSystem: any FileSystem
    public var catalog: ServiceCatalog
    /// Where brand icons come from; found on disk by default.
    public var iconSets: IconSets
    /// What `sitegen serve` adds to each page it renders (never set when writing `Output/`).
    public var injection: PageInjection?
    /// Earlier renders to reuse: `sitegen serve` renders again only what changed (never set when writing `Output/`).
    public var memo: (any RenderMemo)?
    /// How long before the build a page's file must have last changed for a build to record its stamp (ns;
    /// `PageInputs.stampMargin`): tests set 0, to see a stamp used without waiting.
    var sourceStampMargin = PageInputs.stampMargin
    /// Whether `render` returns the pages' files; `check` needs only their problems, and a large site's pages are
    /// hundreds of megabytes held until the end.
    public var keepsPageFiles = true
    /// The runtime pages inline; the one embedded in the binary by default.
    public var runtime: PageRuntime = .embedded

    public init(options: BuildOptions, fileSystem: any FileSystem = LocalFileSystem(), catalog: ServiceCatalog = .standard,
                iconSets: IconSets = .discover()) {
        self.options = options
        self.fileSystem = fileSystem
        self.catalog = catalog
        self.iconSets = iconSets
    }

    /// Builds and writes the site. Throws every error found; `Output/` is untouched unless the build succeeds.
    public func build() throws(BuildFailure) -> BuildResult {
        // Before the writer makes the output folder, which would make a missing site folder too.
        if let missing = SiteLoader.missingSourceFolder(options, fileSystem: fileSystem) { throw BuildFailure([missing]) }
        let writer = try SiteWriter(output: options.outputDirectory, siteFolder: options.sourceDirectory, fileSystem: fileSystem,
                                    force: options.replacesForeignFiles)
        do {
            var result = try run(writer: writer)
            result.warnings += try writer.commit()
            return result
        } catch {
            writer.discard()
            throw error
        }
    }

    /// Every stage but writing: what `build` would write, in memory, or every error found. With a `memo`, only
    /// the pages it cannot give back are rendered; parsing and resolving, which find the errors, are redone for
    /// every page.
    public func render() throws(BuildFailure) -> BuildResult {
        try run(writer: nil)
    }

    /// The pipeline, as its stages: load, compile the templates, the pages (each parsed, resolved, rendered and
    /// written on its own), the site's own files, then the verdict. With a writer, each file is written as soon as
    /// it is made and nothing is kept; without one, the files are returned.
    private func run(writer: SiteWriter?) throws(BuildFailure) -> BuildResult {
        var (sources, diagnostics) = try load(readingManifestOf: writer)
        let (renderer, templateDiagnostics) = compileTemplates(sources)
        diagnostics += templateDiagnostics
        // With errors already known, nothing is written: the build fails whatever the pages hold.
        let failing = diagnostics.contains(where: { $0.severity == .error })
        let writer = failing ? nil : writer
        // A build that writes takes the avatars' pictures, the other photos and the share cards from the site's
        // resource cache, and puts there those it makes. Nor are share cards drawn for a build that fails.
        let avatarCache = writer == nil ? nil : ResourceCache(siteFolder: options.sourceDirectory, kind: .avatars, fileSystem: fileSystem)
        let photoCache = writer == nil ? nil : ResourceCache(siteFolder: options.sourceDirectory, kind: .photos, fileSystem: fileSystem)
        let photos = PhotoLibrary(contentFolder: joinPath(options.sourceDirectory, "content"), fileSystem: fileSystem,
                                  avatarCache: avatarCache.map(AvatarEntry.init), photoCache: photoCache.map(PhotoEntry.init))
        let cache = writer == nil ? nil : ResourceCache(siteFolder: options.sourceDirectory, fileSystem: fileSystem)
        let cards = failing ? nil : ShareCards(keep: writer.map { writer in { @Sendable (path: String) in writer.keep([path]) } },
                                               readKept: writer.map { [fileSystem] writer in { @Sendable (path: String) in try? fileSystem.readFile(joinPath(writer.output, path)) } },
                                               cache: cache)
        let pages = renderPages(&sources, renderer: renderer, photos: photos, cards: cards, writer: writer)
        diagnostics += pages.diagnostics
        let site = Self.siteFiles(for: pages, assets: sources.assets, staticFiles: sources.staticFiles, publishedPhotos: photos.publishedFiles,
                                  cleanPicture: photos.cleaned, siteSettings: sources.siteSettings, options: options)
        diagnostics += site.diagnostics
        // An SVG file no page uses is not published, so what it holds cannot run anywhere.
        let unpublished = Set(site.leftOut.map { options.displayPath("content/" + $0) })
        diagnostics.removeAll { $0.kind == .unsafePublishedSVG && unpublished.contains($0.path) }
        // A file of content/ a page uses is copied only when its hash, proven by its stamp where it can be, is not the one in place.
        let files = try Self.write(site.files, to: writer, knownHash: { path in pages.usedFiles.contains(path) ? pages.assetHashes?.hash(of: path) : nil })
        let iconDiagnostics = pages.icons.diagnostics
        // Icon warnings are the build's, not a page's: they are told again only if the pages are rendered again.
        if !iconDiagnostics.isEmpty { writer?.forgetPages() }
        let warnings = try Self.verdict(diagnostics, iconDiagnostics: iconDiagnostics, hasPages: pages.count > 0, options: options)
        // A build that rendered every page, and passed, knows every picture the site has: the cache keeps those alone.
        // A failed build removes nothing from it (it may have added what it drew, each entry named by its hash).
        if let cache, pages.rendered.count == pages.count {
            cache.prune()
            avatarCache?.prune()
            photoCache?.prune()
        }
        return BuildResult(files: (pages.files + files).sorted { $0.path < $1.path }, paths: (pages.paths + site.paths).sorted(),
                           warnings: warnings, renderedPages: pages.rendered, drawnShareCards: cards?.drawn ?? [], leftOut: site.leftOut)
    }

    /// Load: the site's sources, and the problems found reading them. The output folder's manifest is read on the
    /// other core meanwhile: for a large site both take a while. Throws when nothing could be loaded to check further.
    func load(readingManifestOf writer: SiteWriter?) throws(BuildFailure) -> (SiteSources, [Diagnostic]) {
        // A build that writes reads each page in its job, and only when the manifest cannot vouch for it unread.
        let ((sources, diagnostics), manifestFailure) = Concurrently.alongside({ SiteLoader.load(options, fileSystem: fileSystem, deferringPageTexts: writer != nil) },
                                                                       { writer?.readManifest() })
        if let manifestFailure { throw manifestFailure }
        if diagnostics.contains(where: { $0.severity == .error }) && sources.pages.isEmpty && sources.templates.isEmpty {
            throw BuildFailure(diagnostics)
        }
        return (sources, diagnostics)
    }

    /// The templates compiled once for every page, into the renderer (nil when a template has errors); the memo's
    /// when it holds one for the same shared inputs.
    func compileTemplates(_ sources: SiteSources) -> (PageRenderer?, [Diagnostic]) {
        let compile = { () -> (PageRenderer?, [Diagnostic]) in
            let (templates, templateDiagnostics) = PageRenderer.compile(sources.templates)
            return (templates.map {
                var renderer = PageRenderer(templates: $0, version: SiteGenVersion.current, runtime: runtime, stylesheets: sources.stylesheets)
                renderer.injection = injection
                return renderer
            }, templateDiagnostics)
        }
        guard let memo else { return compile() }
        let sharedInputs = SharedRenderInputs(templates: sources.templates, stylesheets: sources.stylesheets, assets: sources.assets,
                                              siteSettings: sources.siteSettings, runtime: runtime)
        return memo.renderer(for: sharedInputs, compile: compile)
    }

    /// What the pages stage hands on: every page's outcome gathered, its files written already when writing.
    struct RenderedPages {
        /// How many pages the site has (rendered or not).
        var count = 0
        var diagnostics: [Diagnostic] = []
        /// The pages' files, when not writing.
        var files: [OutputFile] = []
        /// Every file of the pages below the output folder, photos left out (the site's files publish those).
        var paths: [String] = []
        /// Each rendered page's folder and Content-Security-Policy, for `_headers`.
        var policies: [(path: String, policy: SecurityPolicy)] = []
        /// The pages this build rendered, as diagnostics show them.
        var rendered: [String] = []
        /// Files under content/ that pages show as photos: published made (resized, without metadata), never copied.
        var photoPaths: Set<String> = []
        /// Files under content/ that pages use (photos, stylesheets, icons, files the text links to or shows): the
        /// only ones of content/ the build publishes.
        var usedFiles: Set<String> = []
        /// Which page generates each output path that a file of content/ has too (index.html beside index.md).
        var generatedAssetPaths: [String: String] = [:]
        /// The pages that set `identity:`, each with its identity.
        var identities: [(page: ContentPage, identity: SiteIdentity)] = []
        /// What the icons of the pages made have to say.
        var icons = IconReport()
        /// The hashes of the files under content/ the pages use, when writing.
        var assetHashes: AssetHashes?
    }

    /// The pages stage, on every core. First each page whose last render still holds is kept (`settle`: known by its
    /// stamp unread, or by its bytes); then, when any page is left to make, the icon stage (`loadIcons`) stands ready
    /// to make the icons they show, and each page left is parsed, resolved, rendered and written (`PageJob`). Only the
    /// brands of the pages made are read from the icon sets: a build that keeps every page reads none. Each page's text is let go once its page is done (a large site's texts are
    /// megabytes); a page with `identity:` keeps its text for the messages about the site's identity.
    func renderPages(_ sources: inout SiteSources, renderer: PageRenderer?, photos: PhotoLibrary, cards: ShareCards?,
                     writer: SiteWriter?) -> RenderedPages {
        let inputs = writer.map { PageInputs(sources, options: options, iconSets: iconSets, fileSystem: fileSystem, writer: $0, stampMargin: sourceStampMargin) }
        let resolver = resolver(for: sources)  // before the pages are taken out of `sources`: links may name any of them
        var pages = sources.pages
        sources.pages = []
        // A file of content/ may not silently replace one the build generates: the few assets are looked up among the
        // many generated paths, which need no map of their own.
        let assetPaths = Set(sources.assets)
        var result = RenderedPages(count: pages.count)
        result.assetHashes = inputs?.assetHashes
        var kept: Set<String> = []
        // Gathered as each step ends, so the first step's outcomes are let go before any page renders. Which step a
        // page ends in changes no order that shows: diagnostics and policies are sorted, and only the second renders.
        func gather(_ outcome: PageJob.Outcome, of page: ContentPage) {
            if let identity = outcome.identity { result.identities.append((page, identity)) }
            result.diagnostics += outcome.diagnostics
            result.icons.add(outcome.icons, shownBy: page.displayPath)
            result.photoPaths.formUnion(outcome.photos)
            result.usedFiles.formUnion(outcome.usedFiles)
            if !assetPaths.isEmpty {
                for path in outcome.paths where assetPaths.contains(path) && !outcome.photos.contains(path) { result.generatedAssetPaths[path] = page.displayPath }
            }
            guard let rendered = outcome.page else { return }
            if outcome.isNew { result.rendered.append(page.displayPath) }
            if memo != nil { kept.insert(page.path) }
            result.files += rendered.files
            // Each page's few sorted here, in place: pages come in the order of their sources, so the site's paths are
            // then runs in order, which the final sort takes as they are (10,000 pages' paths in runs of one or two
            // were 44 M instructions to sort).
            let start = result.paths.count
            result.paths += outcome.photos.isEmpty ? outcome.paths : outcome.paths.filter { !outcome.photos.contains($0) }
            result.paths[start...].sort()
            if let policy = rendered.policy { result.policies.append(policy) }
        }
        var making = pages
        // When what every page shares changed (a template edited), no page can be kept: the first step is skipped.
        if let inputs, inputs.sharedInputsHold {
            // A text read to compare is kept only for a page still to make. The manifest's records are read without a
            // lock, and let go before the kept pages are recorded, all at once.
            var settled = { [previous = inputs.writer.previousPageRecords] in
                Self.concurrentMap(releasingTextOf: &pages, keepingTextWhere: { $0.outcome == nil }) { page in
                    settle(&page, inputs: inputs, previous: previous[page.path])
                }
            }()
            inputs.writer.record(kept: settled.compactMap { $0.kept })
            making = []
            // Each outcome moved out, not copied: a kept page's is a dozen references, retained and released again.
            for index in pages.indices {
                var outcome: PageJob.Outcome? = nil
                swap(&outcome, &settled[index].outcome)
                if let outcome { gather(outcome, of: pages[index]) } else { making.append(pages[index]) }
            }
        }
        pages = []  // the pages left to make hold the only copies of their texts, let go as each is made
        if !making.isEmpty {
            let job = PageJob(resolver: resolver, renderer: renderer, icons: loadIcons(sources), photos: photos, cards: cards,
                              templateFiles: sources.templates, siteSettings: sources.siteSettings, writer: writer, memo: writer == nil ? memo : nil,
                              inputs: inputs, options: options, fileSystem: fileSystem, keepsFiles: keepsPageFiles)
            let made = Self.concurrentMap(releasingTextOf: &making, keepingTextWhere: { $0.identity != nil }) { page in job.run(&page) }
            for (page, outcome) in zip(making, made) { gather(outcome, of: page) }
        }
        memo?.finish(keeping: kept)
        return result
    }

    /// The icon stage: every icon the pages can show: the catalog's brands from the installed icon sets (each brand's
    /// files read when a page first shows it, so a build that makes one page reads that page's few) and the SVG files
    /// the load read and parsed.
    func loadIcons(_ sources: SiteSources) -> IconAssets {
        IconAssets.load(sets: iconSets, brands: catalog.services.map(\.icon), sourceDirectory: options.sourceDirectory, files: sources.svgFiles)
    }

    /// A page's last render kept, when it still holds: known by the page's stamp unread, or else by its bytes, read
    /// now (into `source`) only when a kept render is possible at all (`previous`, the page's record in the manifest
    /// found). No outcome for a page to make; a page that cannot be read is done, with its problem. A kept page is
    /// recorded by the caller, with the others (`SiteWriter.record(kept:)`).
    private func settle(_ source: inout ContentPage, inputs: PageInputs, previous: OutputManifest.PageRecord?)
        -> (outcome: PageJob.Outcome?, kept: SiteWriter.KeptPage?) {
        guard let previous else { return (nil, nil) }
        func kept(_ kept: SiteWriter.KeptPage) -> (PageJob.Outcome?, SiteWriter.KeptPage?) {
            let record = kept.record ?? previous
            // Its photos are the outputs at the paths of files under content/ it reads (any other output there is an error).
            return (PageJob.Outcome(diagnostics: record.warnings.map { $0.shown(from: inputs.sourceDirectory) },
                                    page: RenderedPageFiles(files: [], policy: record.policy, diagnostics: []), paths: record.outputs,
                                    photos: record.assets.isEmpty ? [] : record.outputs.filter { record.assets[$0] != nil },
                                    usedFiles: Array(record.assets.keys)), kept)
        }
        if source.isUnread, let found = inputs.kept(unread: source, previous: previous) { return kept(found) }
        if let problem = SiteLoader.readText(of: &source, options: options, fileSystem: fileSystem) { return (PageJob.Outcome(diagnostics: [problem]), nil) }
        if let found = inputs.kept(source, digest: inputs.digest(of: source), previous: previous) { return kept(found) }
        return (nil, nil)
    }

    /// What the site-files stage makes: the files of the site as a whole, and the problems found making them.
    struct SiteFiles {
        /// The identity files, `_headers`, the published photos, the files copied from content/ and from static/, in
        /// that order.
        var files: [OutputFile] = []
        /// Every path of the site's files below the output folder, with the photos an earlier build made that no
        /// page made again.
        var paths: [String] = []
        var diagnostics: [Diagnostic] = []
        /// The files under content/ that no page uses, left out.
        var leftOut: [String] = []
    }

    /// The site-files stage: the files of the site as a whole, from what the pages stage found: the site's identity and its
    /// `.well-known` files, `_headers` for the pages' policies, the photos `publishedPhotos` holds, every other file
    /// of content/ (`assets`) that a page uses (a picture cleaned by `cleanPicture`, `PhotoLibrary.cleaned`: its
    /// metadata gone, or an error; nil where a page told its problem; any other file copied), and every file of
    /// static/ copied, unless a generated file has its path. A file of content/ that no page uses is left out: publishing is by intent.
    static func siteFiles(for pages: RenderedPages, assets: [String], staticFiles: [String], publishedPhotos: [OutputFile],
                          cleanPicture: (String) -> Result<OutputFile, PhotoProblem>?, siteSettings: SiteSettings?,
                          options: BuildOptions) -> SiteFiles {
        var site = SiteFiles()
        var generatedBy = pages.generatedAssetPaths
        let (identity, identityDiagnostics) = siteIdentity(pages.identities, siteSettings: siteSettings)
        site.diagnostics += identityDiagnostics
        let identityFiles = identity.map(IdentityFiles.files) ?? []
        for file in identityFiles {
            site.files.append(file)
            generatedBy[file.path] = "sitegen (for identity)"
        }
        if !pages.policies.isEmpty || !identityFiles.isEmpty {
            // The SVG files it copies whose names `/*.svg` misses get rules of their own.
            let copiedSVGs = (assets.filter { pages.usedFiles.contains($0) } + staticFiles).filter(SVGServingPolicy.needsOwnRule)
            let headers = HeadersFile.data(pages.policies, files: identityFiles.map(\.path), headers: IdentityFiles.headers,
                                           copied: copiedSVGs.map(PageAddress.encodePath))
            site.files.append(OutputFile(path: "_headers", contents: .data(headers)))
            generatedBy["_headers"] = "sitegen (for the pages' policies)"
        }
        site.files += publishedPhotos
        site.paths += pages.photoPaths.subtracting(publishedPhotos.map(\.path))
        for asset in assets where !pages.photoPaths.contains(asset) {
            guard pages.usedFiles.contains(asset) else {
                site.leftOut.append(asset)
                continue
            }
            if let page = generatedBy[asset] {
                site.diagnostics.append(Diagnostic(path: options.displayPath("content/" + asset), message: "would be written to \(asset), which \(page) generates there: rename or remove this file"))
                continue
            }
            // An SVG is published as it is: the load checked it (CheckedSVG).
            if let format = PictureFormat(fileName: asset), format != .svg {
                switch cleanPicture(asset) {
                case .success(let file)?: site.files.append(file)
                case .failure(let problem)?:
                    site.diagnostics.append(Diagnostic(path: options.displayPath("content/" + asset), message: "the picture cannot be published: \(problem.reason)"))
                case nil: break  // a page showing it reported its problem
                }
                continue
            }
            site.files.append(OutputFile(path: asset, contents: .copy(from: joinPath(options.sourceDirectory, "content/" + asset))))
        }
        if !staticFiles.isEmpty {
            let made = Set(site.files.map(\.path)).union(pages.paths).union(pages.photoPaths)
            for file in staticFiles {
                let path = SiteLoader.staticFolder + "/" + file
                if made.contains(file) {
                    site.diagnostics.append(Diagnostic(path: options.displayPath(path), message: "would be written to \(file), where the build writes a file of its own (a page, a file of content/ a page uses, or one sitegen makes): rename or remove one of them"))
                    continue
                }
                site.files.append(OutputFile(path: file, contents: .copy(from: joinPath(options.sourceDirectory, path))))
            }
        }
        site.paths += site.files.map(\.path)
        return site
    }

    /// The write stage (`SiteWriter`): `files` written, or, without a writer, returned to be kept in memory.
    /// `knownHash`: the hash of a copied file's source, when known without reading it.
    static func write(_ files: [OutputFile], to writer: SiteWriter?, knownHash: (String) -> ContentHash? = { _ in nil }) throws(BuildFailure) -> [OutputFile] {
        guard let writer else { return files }
        for file in files {
            guard case .copy = file.contents else { try writer.write(file); continue }
            try writer.write(file, sourceHash: knownHash(file.path))
        }
        return []
    }

    /// Every problem of the build in order, or the failure when one is an error (or, with `--strict`, any is): the
    /// icon checks' problems joined, and a site without pages told so.
    static func verdict(_ diagnostics: [Diagnostic], iconDiagnostics: [Diagnostic], hasPages: Bool, options: BuildOptions) throws(BuildFailure) -> [Diagnostic] {
        var diagnostics = diagnostics + iconDiagnostics
        // An icon file that the icon check refused is not reported a second time as a published file.
        let refusedIcons = Set(iconDiagnostics.filter { $0.severity == .error }.map(\.path))
        diagnostics.removeAll { $0.kind == .unsafePublishedSVG && refusedIcons.contains($0.path) }
        // The site's own errors first: a site with errors is not written, so the folder's cannot matter yet.
        if diagnostics.contains(where: { $0.severity == .error && $0.kind != .outputWrite }) { diagnostics.removeAll { $0.kind == .outputWrite } }
        if !hasPages && !diagnostics.contains(where: { $0.severity == .error }) {
            diagnostics.append(Diagnostic(path: options.displayPath("content"), message: "no pages found: expected Markdown files such as content/index.md"))
        }
        let sorted = sorted(diagnostics)
        if sorted.contains(where: { $0.severity == .error }) || (options.failsOnWarnings && !sorted.isEmpty) { throw BuildFailure(sorted) }
        return sorted
    }

    /// One page through parse, resolve, render and write; safe to run for many pages at once.
    private struct PageJob: Sendable {
        let resolver: LinkResolver
        let renderer: PageRenderer?
        let icons: IconAssets
        let photos: PhotoLibrary
        let cards: ShareCards?
        let templateFiles: [TemplateFile]
        let siteSettings: SiteSettings?
        let writer: SiteWriter?
        let memo: (any RenderMemo)?
        /// What decides whether a page written before still holds (only when writing).
        let inputs: PageInputs?
        /// Where an unread page is read from.
        let options: BuildOptions
        let fileSystem: any FileSystem
        /// Whether a page's files are kept when not writing.
        let keepsFiles: Bool

        struct Outcome: Sendable {
            var diagnostics: [Diagnostic]
            /// The rendered page (or the remembered one); nil when it has errors.
            var page: RenderedPageFiles?
            var paths: [String] = []
            /// The photos among `paths`: files under content/ of the same paths, published made.
            var photos: [String] = []
            /// The files under content/ the page uses (`PageInputs.assets(of:)`): what the build publishes of content/.
            var usedFiles: [String] = []
            var isNew = false
            /// The page's `identity:`, which the site's `.well-known` files are made from.
            var identity: SiteIdentity? {
                get { identityHeld?.value }
                set { identityHeld = newValue.map(Held.init) }
            }
            /// Held by reference: few pages have one, and inline its five located strings made every page's outcome,
            /// all held until the pages stage ends, 200 bytes larger (2 MB of a 10,000-page build's peak).
            private var identityHeld: Held<SiteIdentity>?
            /// What making the page's icons found: the build's to tell, not the page's (a kept page does not repeat them).
            var icons = IconFindings()

            init(diagnostics: [Diagnostic], page: RenderedPageFiles? = nil, paths: [String] = [], photos: [String] = [], usedFiles: [String] = [],
                 identity: SiteIdentity? = nil, icons: IconFindings = IconFindings()) {
                self.diagnostics = diagnostics
                self.page = page
                self.paths = paths
                self.photos = photos
                self.usedFiles = usedFiles
                self.identity = identity
                self.icons = icons
            }
        }

        /// A value held by reference.
        final class Held<Value: Sendable>: Sendable {
            let value: Value
            init(_ value: Value) { self.value = value }
        }

        /// The outcome of a page to make (`settle` found no kept render); an unread page is read here (into `source`).
        func run(_ source: inout ContentPage) -> Outcome {
            if let problem = SiteLoader.readText(of: &source, options: options, fileSystem: fileSystem) { return Outcome(diagnostics: [problem]) }
            let digest = inputs?.digest(of: source)
            let (page, found) = SiteBuilder.parseAndResolve(source, siteSettings: siteSettings, resolver: resolver)
            var diagnostics = found
            let parsed = page.parsed
            var photoSink = DiagnosticSink(path: source.displayPath, text: source.text, siteSettings: siteSettings)
            let pagePhotos = diagnostics.contains(where: { $0.severity == .error }) ? PagePhotos.none : photos.photos(for: page, sink: &photoSink)
            diagnostics += photoSink.diagnostics
            guard let renderer, !diagnostics.contains(where: { $0.severity == .error }) else {
                return Outcome(diagnostics: diagnostics, identity: parsed.frontMatter.identity)
            }
            let shown = icons.shown(page.links.map(\.icon))
            let symbols = shown.symbols
            let render = { () -> RenderedPageFiles in
                switch renderer.render(page, icons: symbols, photos: pagePhotos, cards: cards, templateFiles: templateFiles) {
                case .success(let result):
                    return RenderedPageFiles(files: [OutputFile(path: parsed.outputPath, contents: .data(result.html))] + result.companions,
                                             policy: result.policy.map { ("/" + PageAddress.encodePath(PageRenderer.folder(of: page)), $0) },
                                             diagnostics: [], kept: result.kept, photos: pagePhotos.paths)
                case .failure(let diagnostic):
                    return RenderedPageFiles(files: [], policy: nil, diagnostics: [diagnostic])
                }
            }
            var rendered: RenderedPageFiles
            var outcome = Outcome(diagnostics: diagnostics, identity: parsed.frontMatter.identity, icons: shown.findings)
            outcome.usedFiles = PageInputs.assets(of: page)
            if let memo {
                // The page's icons as it shows them decide, with its text, whether a remembered render still holds.
                let pageIcons = page.links.map { symbols.name(for: $0.icon) }.joined(separator: " ") + symbols.html
                (rendered, outcome.isNew) = memo.page(source.path, text: source.text, icons: pageIcons, render: render)
            } else {
                (rendered, outcome.isNew) = (render(), true)
            }
            outcome.diagnostics += rendered.diagnostics
            outcome.paths = rendered.outputs
            outcome.photos = rendered.photos
            if let writer {
                do {
                    for file in rendered.files { try writer.write(file) }
                } catch {
                    outcome.diagnostics += error.diagnostics
                }
                if let inputs, let digest, outcome.diagnostics.allSatisfy({ $0.severity == .warning }), outcome.identity == nil {
                    writer.record(page: source.path, inputs.record(of: page, stamp: source.stamp, digest: digest, rendered: rendered, warnings: outcome.diagnostics))
                }
            }
            if writer != nil || !keepsFiles {
                // Written, or not wanted: only the policy is still needed, not the page's files.
                rendered = RenderedPageFiles(files: [], policy: rendered.policy, diagnostics: [], kept: rendered.kept, photos: rendered.photos)
            }
            outcome.page = rendered
            return outcome
        }
    }

    /// `transform` over `pages` on every core, results in the pages' order; each page's text is let go as soon as
    /// its result is made, unless `keepsText` says the result still needs it. `pages` comes back without those texts.
    static func concurrentMap<Result: Sendable>(releasingTextOf pages: inout [ContentPage], keepingTextWhere keepsText: @Sendable (Result) -> Bool,
                                                _ transform: @Sendable (inout ContentPage) -> Result) -> [Result] {
        let buffer = UnsafeMutableBufferPointer<ContentPage>.allocate(capacity: pages.count)
        _ = buffer.initialize(from: pages)
        pages = []  // the slots hold the only copies now
        defer {
            pages = Array(buffer)
            buffer.deinitialize()
            buffer.deallocate()
        }
        let slots = UnsafeSlots(buffer: buffer)
        // Each iteration touches its own slot only, so the slots need no lock.
        return Concurrently.map(Array(buffer.indices)) { index in
            let result = transform(&slots.buffer[index])
            if !keepsText(result) { slots.buffer[index].text = "" }
            return result
        }
    }


    /// The site's one identity: set by content/index.md (a site-wide setting reaches every page alike). Another page
    /// may repeat the same settings, never set others.
    /// A problem is reported where the identity was written: the page, or `site.yml` for one the page took from there.
    static func siteIdentity(_ identities: [(page: ContentPage, identity: SiteIdentity)], siteSettings: SiteSettings?) -> (SiteIdentity?, [Diagnostic]) {
        guard !identities.isEmpty else { return (nil, []) }
        let root = identities.first { $0.page.path == "index.md" }
        var diagnostics: [Diagnostic] = []
        // Where the root's identity was written: content/index.md, or site.yml, which the root took it from.
        let setter = root?.identity.position.file == .siteSettings ? siteSettings?.displayPath ?? "site.yml" : "content/index.md"
        for (page, identity) in identities where page.path != "index.md" {
            guard root.map({ !$0.identity.sameSettings(as: identity) }) ?? true else { continue }
            var sink = DiagnosticSink(path: page.displayPath, text: page.text, siteSettings: siteSettings)
            sink.report(at: identity.position, root == nil
                ? "only content/index.md (or the site's settings) may set identity: the site has one, at its root; move it there"
                : "identity differs from the one \(setter) sets: the site has one identity; set it once, in \(setter)")
            diagnostics += sink.diagnostics
        }
        return (diagnostics.isEmpty ? root?.identity : nil, diagnostics)
    }

    /// The link resolver for what a load found, on the build's clock.
    private func resolver(for sources: SiteSources) -> LinkResolver {
        var resolver = LinkResolver(catalog: catalog, assets: Set(sources.assets), baseURL: options.baseURL,
                                    templateNames: Set(sources.templates.map(\.name)),
                                    pageOutputPaths: sources.pageOutputPaths ?? Set(sources.pages.map { PagePath.outputPath(for: $0.path) }),
                                    now: options.now ?? Date())
        resolver.staticFiles = Set(sources.staticFiles)
        return resolver
    }

    /// Stages 2 and 3 for one page: its front matter read over the site's settings, its links resolved, and the
    /// problems of both.
    static func parseAndResolve(_ page: ContentPage, siteSettings: SiteSettings?, resolver: LinkResolver) -> (ResolvedPage, [Diagnostic]) {
        let (parsed, parseDiagnostics) = PageParser.parse(page, siteSettings: siteSettings)
        let (resolved, resolveDiagnostics) = resolver.resolve(parsed, parseFailed: parseDiagnostics.contains { $0.severity == .error })
        return (resolved, parseDiagnostics + resolveDiagnostics)
    }

    /// Stages 2 and 3 for every page: the pages without errors, resolved, and every problem found.
    func resolve(_ sources: SiteSources) -> ([ResolvedPage], [Diagnostic]) {
        let resolver = resolver(for: sources)
        var pages: [ResolvedPage] = []
        var diagnostics: [Diagnostic] = []
        for page in sources.pages {
            let (resolved, pageDiagnostics) = Self.parseAndResolve(page, siteSettings: sources.siteSettings, resolver: resolver)
            diagnostics += pageDiagnostics
            if !pageDiagnostics.contains(where: { $0.severity == .error }) { pages.append(resolved) }
        }
        return (pages, diagnostics)
    }

    /// Load, parse and resolve: the pages without errors, as values, and every problem found, in order.
    public func pages() -> (pages: [ResolvedPage], diagnostics: [Diagnostic]) {
        let (sources, loadDiagnostics) = SiteLoader.load(options, fileSystem: fileSystem)
        let (pages, pageDiagnostics) = resolve(sources)
        return (pages, Self.sorted(loadDiagnostics + pageDiagnostics))
    }

    /// Every link chain of the site's pages (buttons and Markdown shorthand links), for `sitegen schemes`;
    /// throws every error found.
    public func chains() throws(BuildFailure) -> [Chain] {
        let (pages, diagnostics) = pages()
        if diagnostics.contains(where: { $0.severity == .error }) { throw BuildFailure(diagnostics) }
        return pages.flatMap { page in page.links.map(\.chain) + page.markdownChains }
    }

    /// Diagnostics in a stable order: by file, then line and column. Duplicates (the same template error met
    /// by several pages) are shown once.
    static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let ordered = diagnostics.enumerated()
            .sorted { a, b in
                (a.element.path, a.element.line, a.element.column, a.offset) < (b.element.path, b.element.line, b.element.column, b.offset)
            }
            .map(\.element)
        // A problem told twice is kept once. Its copies share its position, so each is compared only with those at its
        // own position: no text is made, nor hashed, for the many problems that stand alone (100,000 refused links).
        var kept: [Diagnostic] = []
        kept.reserveCapacity(ordered.count)
        var samePosition = 0
        for diagnostic in ordered {
            if let last = kept.last, (last.path, last.line, last.column) != (diagnostic.path, diagnostic.line, diagnostic.column) {
                samePosition = kept.count
            }
            if kept[samePosition...].contains(where: { $0.description == diagnostic.description }) { continue }
            kept.append(diagnostic)
        }
        return kept
    }
}
