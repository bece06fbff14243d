import Artwork
import Foundation
import Companions
@testable import OutputFolder
@testable import SiteGen
@testable import SiteSource
import SiteBasics
import SiteGenTestSupport
import LinkChain
import Testing

/// Each stage of the build called on its own, on values: what a stage hands on is read as the value it is, never
/// searched for in a finished page.
@Suite struct BuildStageTests {
    static let options = BuildOptions(sourceDirectory: "site")

    static func page(_ path: String, _ text: String) -> ContentPage {
        ContentPage(path: path, displayPath: "content/" + path, text: text)
    }

    @Test func theLoaderFindsPagesTemplatesStylesheetsAndAssets() {
        let fileSystem = Fixtures.site("---\ntitle: A\n---\n", extra: [
            "content/about/me.markdown": "about", "content/logo.svg": "<svg/>", "content/site.css": "b{}",
        ])
        let (sources, diagnostics) = SiteLoader.load(Self.options, fileSystem: fileSystem)
        #expect(diagnostics.isEmpty)
        #expect(sources.pages.map { [$0.path, $0.displayPath, $0.text] }.sorted { $0[0] < $1[0] } == [
            ["about/me.markdown", "site/content/about/me.markdown", "about"], ["index.md", "site/content/index.md", "---\ntitle: A\n---\n"],
        ])
        #expect(sources.templates.map(\.name) == ["page"])
        #expect(sources.stylesheets == ["site.css": "b{}"])
        #expect(sources.assets.sorted() == ["logo.svg", "site.css"])
    }

    @Test func theParserReadsFrontMatterAndPlacesThePage() {
        let (parsed, diagnostics) = PageParser.parse(Self.page("a/b.md", "---\ntitle: Eb\nidentity:\n  webfinger: \"@eb@social.coop\"\n---\nHi\n"))
        #expect(diagnostics.isEmpty)
        #expect(parsed.frontMatter.title == "Eb")
        #expect(parsed.frontMatter.identity?.webfinger?.value == "@eb@social.coop")
        #expect(parsed.outputPath == "a/b/index.html")
        let (_, refused) = PageParser.parse(Self.page("index.md", "---\ntitle: [\n---\n"))
        #expect(refused.map(\.severity) == [.error])
        #expect(refused.first?.path == "content/index.md")
    }

    /// `resolve` returns the links as chains, the catalog's own, and the problems with their places.
    @Test func theResolverReturnsLinksNotMarkup() throws {
        let resolver = LinkResolver(assets: [], baseURL: "https://me.example/", now: Date(timeIntervalSince1970: 0))
        let (parsed, _) = PageParser.parse(Self.page("index.md", "---\nlinks:\n  - mastodon: \"@eb@social.coop\"\n  - email: a@example.org\n---\n"))
        let (page, diagnostics) = resolver.resolve(parsed)
        #expect(diagnostics.isEmpty)
        #expect(page.links.map(\.chain) == [
            try ServiceCatalog.standard.chain(shorthand: "mastodon:@eb@social.coop"), try ServiceCatalog.standard.chain(shorthand: "email:a@example.org"),
        ])
        #expect(page.identityLinks == ["https://social.coop/@eb"])
        #expect(page.url == "https://me.example/")

        let (misspelt, _) = PageParser.parse(Self.page("index.md", "---\nlinks:\n  - mastadon: x\n---\n"))
        let (_, problems) = resolver.resolve(misspelt)
        #expect(problems.map { "\($0.path):\($0.line):\($0.column): \($0.severity)" } == ["content/index.md:3:5: error"])
    }

    /// The files under content/ a page's text links to or shows are what the build publishes of content/ for it;
    /// a link to a file static/ publishes is a link that works, and names nothing of content/.
    @Test func theResolverGivesTheFilesOfContentThePageNames() {
        var resolver = LinkResolver(assets: ["cv.pdf", "img/me.jpg", "todo.txt"], baseURL: nil,
                                    pageOutputPaths: ["index.html", "about/index.html"], now: Date(timeIntervalSince1970: 0))
        resolver.staticFiles = ["robots.txt"]
        let body = "[CV](cv.pdf) ![Me](img/me.jpg) [page 2](cv.pdf#page=2) [robots](/robots.txt) [about](about/) [gone](gone.txt)\n"
        let (parsed, _) = PageParser.parse(Self.page("index.md", "---\ntitle: A\n---\n" + body))
        let (page, diagnostics) = resolver.resolve(parsed)
        #expect(page.linkedFiles == ["cv.pdf", "img/me.jpg"])
        #expect(diagnostics.map(\.message) == ["link 'gone.txt' not found: expected content/gone.txt, or a page there"])
        // The picture among them, where it is written: an image's size goes on its own `<img>`.
        #expect(page.textPictures.map { "\($0.path) \($0.isImage) \($0.written.position.column)" } == ["img/me.jpg true 14"])
    }

    /// For sites without a picture no page made: the stage must not ask.
    static func noPictures(_ path: String) -> Result<OutputFile, PhotoProblem>? {
        Issue.record("asked to clean \(path)")
        return .failure(PhotoProblem("unexpected"))
    }

    /// A button names its service and shows the handle under it, unless `label:` says otherwise, the address is
    /// sealed, or the handle is an identifier no one reads.
    @Test func aButtonNamesItsServiceWithTheHandleAsItsDetail() {
        let resolver = LinkResolver(assets: [], baseURL: nil, now: Date(timeIntervalSince1970: 0))
        let page = """
            ---
            links:
              - github: octocat
              - github: octocat
                label: My code
              - spotify: artist:0OdUWJ0sBjDrqHygGUXeCF
              - matrix: "@eb:matrix.org"
              - phone: "+49 30 1234567"
              - web: https://mira.example/
              - web: https://mira.example/blog/
            ---
            """
        let (parsed, _) = PageParser.parse(Self.page("index.md", page))
        let (resolved, diagnostics) = resolver.resolve(parsed)
        #expect(diagnostics.allSatisfy { $0.severity == .warning })  // rel="me" without a url
        #expect(resolved.links.map { "\($0.label) | \($0.detail ?? "-")" } == [
            "GitHub | octocat", "My code | -", "Spotify | -", "Matrix | @eb:matrix.org", "Phone | +49 30 1234567",
            "Web | mira.example", "Web | mira.example/blog/",
        ])
        let (sealedPage, _) = PageParser.parse(Self.page("index.md", "---\nemail_protection: sealed\nlinks:\n  - email: a@example.org\n---\n"))
        #expect(resolver.resolve(sealedPage).0.links.map { "\($0.label) | \($0.detail ?? "-")" } == ["Email | -"])
    }

    static func pages(policies: [String] = [], photos: Set<String> = [], generated: [String: String] = [:],
                      identities: [ContentPage] = [], used: Set<String> = [], paths: [String] = []) -> SiteBuilder.RenderedPages {
        var pages = SiteBuilder.RenderedPages(count: 1)
        pages.usedFiles = used.union(photos)
        pages.paths = paths
        pages.policies = policies.map { ($0, SecurityPolicy(scriptHashes: ["A"], styleHashes: ["B"])) }
        pages.photoPaths = photos
        pages.generatedAssetPaths = generated
        pages.identities = identities.compactMap { page in PageParser.parse(page).0.frontMatter.identity.map { (page, $0) } }
        return pages
    }

    @Test func theSiteFilesStageCopiesTheAssetsPagesUseAndWritesHeadersForThePoliciesItIsGiven() {
        let site = SiteBuilder.siteFiles(for: Self.pages(policies: ["/", "/about"], photos: ["me.jpg", "old.jpg"], used: ["logo.svg"]),
                                         assets: ["logo.svg", "me.jpg", "notes/todo.txt", "old.jpg"], staticFiles: [],
                                         publishedPhotos: [OutputFile(path: "me.jpg", contents: .data(Data([1])))], cleanPicture: Self.noPictures,
                                         siteSettings: nil, options: Self.options)
        #expect(site.diagnostics.isEmpty)
        #expect(site.files.map(\.path) == ["_headers", "me.jpg", "logo.svg"])
        // Published by intent: a file no page uses is left out, and named.
        #expect(site.leftOut == ["notes/todo.txt"])
        #expect(site.files[0].contents == .data(HeadersFile.data(Self.pages(policies: ["/", "/about"]).policies)))
        // Photos are published made, never copied; one no page made again this time is kept, not copied either.
        #expect(site.files[2].contents == .copy(from: "site/content/logo.svg"))
        #expect(site.paths.sorted() == ["_headers", "logo.svg", "me.jpg", "old.jpg"])
    }

    /// Every SVG is served with the policy forbidding script: `/*.svg` covers the usual names, and a copied file whose
    /// extension the pattern's case misses gets a rule naming it, percent-encoded as every `_headers` path is.
    @Test func theSiteFilesStageGivesEverySVGThePolicyForbiddingScript() throws {
        var pages = Self.pages(policies: ["/"])
        pages.usedFiles = ["logo.svg", "icons/My Logo.SVG", "a.png"]
        let site = SiteBuilder.siteFiles(for: pages, assets: ["logo.svg", "icons/My Logo.SVG", "a.png", "Unused.SVG"],
                                         staticFiles: ["b.Svg"], publishedPhotos: [],
                                         cleanPicture: { .success(OutputFile(path: $0, contents: .data(Data()))) }, siteSettings: nil, options: Self.options)
        guard case .data(let data) = try #require(site.files.first { $0.path == "_headers" }).contents else { Issue.record("not generated"); return }
        let headers = String(decoding: data, as: UTF8.self)
        let rule = "  Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; img-src data:\n"
        // No rule for logo.svg (the pattern covers it), a.png, or Unused.SVG (not published).
        #expect(headers == """
            /*
              Referrer-Policy: strict-origin-when-cross-origin
              X-Content-Type-Options: nosniff

            /*.svg
            \(rule)
            /b.Svg
            \(rule)
            /icons/My%20Logo.SVG
            \(rule)
            /
              Content-Security-Policy: default-src 'none'; img-src 'self' https: data:; style-src 'sha256-B'; script-src 'sha256-A'; connect-src https:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'
              Cache-Control: public, max-age=0, must-revalidate

            """)
    }

    @Test func theSiteFilesStageRefusesAnAssetAtAGeneratedPath() {
        let identity = Self.page("index.md", "---\nidentity:\n  webfinger: \"@eb@social.coop\"\n---\n")
        let site = SiteBuilder.siteFiles(for: Self.pages(generated: ["index.html": "content/index.md"], identities: [identity],
                                                         used: ["index.html", ".well-known/webfinger", "_headers"]),
                                         assets: ["index.html", ".well-known/webfinger", "_headers"], staticFiles: [], publishedPhotos: [], cleanPicture: Self.noPictures,
                                         siteSettings: nil, options: Self.options)
        #expect(site.diagnostics.map(\.description) == [
            "site/content/index.html: error: would be written to index.html, which content/index.md generates there: rename or remove this file",
            "site/content/.well-known/webfinger: error: would be written to .well-known/webfinger, which sitegen (for identity) generates there: rename or remove this file",
            "site/content/_headers: error: would be written to _headers, which sitegen (for the pages' policies) generates there: rename or remove this file",
        ])
        #expect(!site.files.contains { if case .copy = $0.contents { true } else { false } })
        #expect(site.files.map(\.path).contains(".well-known/webfinger"))
    }

    /// static/ is published as it is, at the same paths, whether a page names its files or not; never over a file the
    /// build makes.
    @Test func theSiteFilesStageCopiesStaticFilesUnlessTheBuildWritesTheirPaths() {
        let site = SiteBuilder.siteFiles(for: Self.pages(policies: ["/"], used: ["logo.svg"], paths: ["index.html", "about/index.html"]),
                                         assets: ["logo.svg"], staticFiles: ["robots.txt", "about/index.html", "logo.svg", "_headers", "fonts/a.woff2"],
                                         publishedPhotos: [], cleanPicture: Self.noPictures, siteSettings: nil, options: Self.options)
        #expect(site.files.map(\.path) == ["_headers", "logo.svg", "robots.txt", "fonts/a.woff2"])
        #expect(site.files[2].contents == .copy(from: "site/static/robots.txt"))
        #expect(site.diagnostics.map(\.path) == ["site/static/about/index.html", "site/static/logo.svg", "site/static/_headers"])
        #expect(site.leftOut.isEmpty)
    }

    @Test func theSiteFilesStageReportsIdentitiesThatDisagree() {
        let root = Self.page("index.md", "---\nidentity:\n  webfinger: \"@eb@social.coop\"\n---\n")
        let other = Self.page("b.md", "---\nidentity:\n  webfinger: \"@eb@other.example\"\n---\n")
        let site = SiteBuilder.siteFiles(for: Self.pages(identities: [root, other]), assets: [], staticFiles: [], publishedPhotos: [], cleanPicture: Self.noPictures, siteSettings: nil, options: Self.options)
        #expect(site.diagnostics.map { "\($0.path):\($0.line)" } == ["content/b.md:2"])
        #expect(site.files.isEmpty)
    }

    @Test func theVerdictTellsAnEmptySiteAndLetsIconChecksSpeakOnce() throws {
        let warnings = try SiteBuilder.verdict([], iconDiagnostics: [], hasPages: true, options: Self.options)
        #expect(warnings.isEmpty)
        #expect(throws: BuildFailure.self) { try SiteBuilder.verdict([], iconDiagnostics: [], hasPages: false, options: Self.options) }
        do {
            _ = try SiteBuilder.verdict([], iconDiagnostics: [], hasPages: false, options: Self.options)
        } catch {
            #expect(error.diagnostics.map(\.description) == ["site/content: error: no pages found: expected Markdown files such as content/index.md"])
        }
        var published = Diagnostic(path: "content/icons/x.svg", message: "published SVG")
        published.kind = .unsafePublishedSVG
        let refused = Diagnostic(path: "content/icons/x.svg", message: "icon refused")
        do {
            _ = try SiteBuilder.verdict([published], iconDiagnostics: [refused], hasPages: true, options: Self.options)
            Issue.record("an error passed")
        } catch {
            #expect(error.diagnostics.map(\.message) == ["icon refused"])
        }
        var strict = Self.options
        strict.failsOnWarnings = true
        #expect(throws: BuildFailure.self) {
            try SiteBuilder.verdict([Diagnostic(.warning, path: "content/index.md", message: "w")], iconDiagnostics: [], hasPages: true, options: strict)
        }
    }

    /// An icon file is read once, by the load stage, which hands its bytes on: the pages stage reads no icon file.
    @Test func theLoaderReadsAnIconFileOnceAndRenderingReadsNone() throws {
        let fileSystem = Fixtures.site("---\nlinks:\n  - url: https://example.org/\n    icon: icons/logo.svg\n---\n", extra: [
            "content/icons/logo.svg": #"<svg viewBox="0 0 24 24"><path d="M1 1h2"/></svg>"#,
            "templates/page.html": "{{#links}}{{icon}}{{/links}}|{{{icon_symbols_html}}}",
        ])
        let builder = Fixtures.builder(fileSystem)
        var (sources, diagnostics) = SiteLoader.load(builder.options, fileSystem: fileSystem)
        #expect(diagnostics.isEmpty)
        #expect(fileSystem.readCount(of: "site/content/icons/logo.svg") == 1)
        let bytes = Data(#"<svg viewBox="0 0 24 24"><path d="M1 1h2"/></svg>"#.utf8)
        #expect(sources.svgFiles == ["icons/logo.svg": .read(bytes, icon: CheckedSVG(bytes).icon)])
        let (renderer, _) = builder.compileTemplates(sources)
        let pages = builder.renderPages(&sources, renderer: renderer, photos: PhotoLibrary(contentFolder: "site/content", fileSystem: fileSystem),
                                        cards: nil, writer: nil)
        #expect(pages.diagnostics.isEmpty && pages.icons.diagnostics.isEmpty)
        #expect(pages.files.map(\.contents)
            == [.data(Data(#"file-icons-logo|<symbol id="icon-file-icons-logo" viewBox="0 0 24 24"><path d="M1 1h2"/></symbol>"#.utf8))])
        #expect(fileSystem.readCount(of: "site/content/icons/logo.svg") == 1)
    }

    /// A build that writes reads an icon file in its load, and to copy it only when the output folder does not hold
    /// its bytes already: the page's record hashes the load's bytes, on the first build and on the second that keeps
    /// the page, whose copy in place is read to compare (the in-memory disk's stamps do not prove it) and not the source.
    @Test func aWritingBuildReadsAnIconFileOnlyToLoadAndCopyIt() throws {
        let fileSystem = Fixtures.site("---\nlinks:\n  - url: https://example.org/\n    icon: icons/logo.svg\n---\n", extra: [
            "content/icons/logo.svg": #"<svg viewBox="0 0 24 24"><path d="M1 1h2"/></svg>"#,
            "templates/page.html": "{{#links}}{{icon}}{{/links}}|{{{icon_symbols_html}}}",
        ])
        var builder = Fixtures.builder(fileSystem)
        builder.sourceStampMargin = 0
        let first = try builder.build()
        #expect(first.renderedPages == ["site/content/index.md"])
        #expect(fileSystem.readCount(of: "site/content/icons/logo.svg") == 2)
        let second = try builder.build()
        #expect(second.renderedPages.isEmpty)
        #expect(fileSystem.readCount(of: "site/content/icons/logo.svg") == 3)
    }

    /// The icon stage runs only when a page is to be made: a build that keeps every page reads no icon set, and a build
    /// that makes one reads each brand file once, before rendering, however many pages show it.
    @Test func onlyABuildThatMakesAPageReadsTheIconSets() throws {
        let iconFiles = InMemoryFileSystem(["fa/brands/mastodon.svg": #"<svg viewBox="0 0 448 512"><path d="M0 0h9v9H0z"/></svg>"#])
        let page = "---\nlinks:\n  - mastodon: \"@a@social.example\"\n---\n"
        let fileSystem = Fixtures.site(page, extra: ["content/about.md": page, "templates/page.html": "{{{icon_symbols_html}}}"])
        var builder = Fixtures.builder(fileSystem, iconSets: IconSets(fontAwesomeBrands: "fa/brands", files: iconFiles))
        builder.sourceStampMargin = 0
        #expect(try builder.build().renderedPages.count == 2)
        #expect(iconFiles.readCount(of: "fa/brands/mastodon.svg") == 1)
        #expect(try builder.build().renderedPages.isEmpty)
        #expect(iconFiles.readCount(of: "fa/brands/mastodon.svg") == 1)
        try fileSystem.overwriteFile("site/content/about.md", Data((page + "Changed.\n").utf8))
        #expect(try builder.build().renderedPages == ["site/content/about.md"])
        #expect(iconFiles.readCount(of: "fa/brands/mastodon.svg") == 2)
    }

    /// What every page shares holds the icon sets' stamps, read by the file system's stamp reader through links (Debian
    /// installs Fork Awesome's font as one): replacing the file changes the stamp, so every page is made again.
    @Test func anIconSetIsStampedThroughItsLink() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let font = folder.appendingPathComponent("font.svg"), link = folder.appendingPathComponent("link.svg")
        try Data("<svg/>".utf8).write(to: font)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: font)
        let disk = LocalFileSystem()
        let before = try #require(PageInputs.stamp(link.path, in: disk))
        #expect(before == PageInputs.stamp(font.path, in: disk))
        try FileManager.default.removeItem(at: font)
        try Data("<svg></svg>".utf8).write(to: font)  // an upgrade: a new file in its place
        #expect(PageInputs.stamp(link.path, in: disk) != before)
        #expect(PageInputs.stamp(folder.appendingPathComponent("missing.svg").path, in: disk) == nil)
        // The running binary is stamped through the seam too: the disk stats it, memory cannot and says so once per process.
        let binary = try #require(disk.realPath("/proc/self/exe").flatMap(disk.stamp(of:)))
        #expect(PageInputs.toolStamp(in: disk) == "\(binary.size):\(binary.inode):\(binary.modified):\(binary.changed)")
        #expect(PageInputs.toolStamp(in: InMemoryFileSystem()) == PageInputs.toolStamp(in: InMemoryFileSystem()))
        #expect(PageInputs.toolStamp(in: InMemoryFileSystem()) != PageInputs.toolStamp(in: disk))
    }

    /// An icon file the load could not read is told as before, from the reason the load kept, without reading it again.
    @Test func anUnreadableIconFileIsToldFromWhatTheLoadFound() {
        let icons = IconAssets.load(sets: .none, brands: [], sourceDirectory: "site",
                                    files: ["icons/x.svg": .unreadable(reason: "cannot be read (Permission denied)")])
        let shown = icons.shown([.file("icons/x.svg")])
        #expect(shown.symbols.name(for: .file("icons/x.svg")) == "link")
        #expect(shown.findings.problems.map(\.description) == ["site/content/icons/x.svg: error: cannot read the icon: cannot be read (Permission denied)"])
    }

    /// The pages stage without a writer hands on each page's files and policy as values.
    @Test func thePagesStageHandsOnFilesAndPolicies() throws {
        let fileSystem = Fixtures.site("---\ntitle: A\n---\n", extra: [
            "content/about.md": "---\ntitle: B\n---\n", "templates/page.html": "{{{content_security_policy_html}}}<title>{{title}}</title>",
        ])
        let builder = Fixtures.builder(fileSystem)
        var (sources, _) = SiteLoader.load(builder.options, fileSystem: fileSystem)
        let (renderer, templateDiagnostics) = builder.compileTemplates(sources)
        #expect(templateDiagnostics.isEmpty)
        let compiled: PageRenderer = try #require(renderer)
        let pages = builder.renderPages(&sources, renderer: compiled, photos: PhotoLibrary(contentFolder: "site/content", fileSystem: fileSystem),
                                        cards: nil, writer: nil)
        #expect(pages.count == 2)
        #expect(pages.diagnostics.isEmpty)
        #expect(pages.files.map(\.path).sorted() == ["about/index.html", "index.html"])
        #expect(pages.paths.sorted() == ["about/index.html", "index.html"])
        #expect(pages.policies.map(\.path).sorted() == ["/", "/about"])
        #expect(pages.rendered.sorted() == ["site/content/about.md", "site/content/index.md"])
    }
}
