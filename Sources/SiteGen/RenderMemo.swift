import Companions
import Runtime
import SiteBasics
import SiteSource

/// What one page rendered to: its files and policy, or the problem that stopped it.
public struct RenderedPageFiles: Sendable {
    public var files: [OutputFile]
    public var policy: (path: String, policy: SecurityPolicy)?
    public var diagnostics: [Diagnostic]
    /// Files of the page that an earlier build wrote and that stay as they are (its share card).
    public var kept: [String] = []
    /// The photos it shows (its avatar and background), which the build publishes once for all pages, made from
    /// the files under content/ of the same paths.
    public var photos: [String] = []

    public init(files: [OutputFile], policy: (path: String, policy: SecurityPolicy)?, diagnostics: [Diagnostic], kept: [String] = [], photos: [String] = []) {
        self.files = files
        self.policy = policy
        self.diagnostics = diagnostics
        self.kept = kept
        self.photos = photos
    }

    /// Every file of the page below the output folder: what it wrote, kept, and the photos it shows.
    public var outputs: [String] { files.map(\.path) + kept + photos }
}

/// What every page of a render shares: when any of it changes, no page rendered before still holds.
public struct SharedRenderInputs: Equatable, Sendable {
    public var templates: [TemplateFile]
    public var stylesheets: [String: String]
    public var assets: [String]
    package var siteSettings: SiteSettings?
    /// The runtime the pages inline.
    public var runtime: PageRuntime
}

/// A memory of earlier renders, for a server that renders again on every save (`sitegen serve`'s is in Preview).
/// The pipeline asks it before compiling the templates and before rendering each page, so what it remembers and
/// when it forgets is the memo's business; a build that writes `Output/` has none and renders everything.
public protocol RenderMemo: Sendable {
    /// The templates compiled for `shared`: remembered, or compiled by `compile` when its templates or stylesheets
    /// changed since the last render. Any change to `shared` forgets every page.
    func renderer(for shared: SharedRenderInputs, compile: () -> (PageRenderer?, [Diagnostic])) -> (PageRenderer?, [Diagnostic])
    /// The page at `path` as rendered from `text` showing `icons`: remembered, or rendered by `render` now
    /// (`isNew`). Called for many pages at once.
    func page(_ path: String, text: String, icons: String, render: () -> RenderedPageFiles) -> (page: RenderedPageFiles, isNew: Bool)
    /// The render is over: pages it did not render or reuse (removed, or failed) are forgotten.
    func finish(keeping paths: Set<String>)
}
