import Foundation
import SiteBasics
import SiteGen

/// `sitegen serve`'s memory of its renders: a save renders again only the pages whose text or icons changed,
/// unless what every page shares (templates, stylesheets, the files under `content/`, `site.yml`, the runtime) changed too.
/// Safe for the pipeline's threads: the lock guards the memory, never a render.
final class ServeRenderMemo: RenderMemo, @unchecked Sendable {
    private struct Remembered {
        var text: String
        var icons: String
        var page: RenderedPageFiles
    }

    private let lock = NSLock()
    private var shared: SharedRenderInputs?
    private var compiled: (PageRenderer?, [Diagnostic]) = (nil, [])
    private var pages: [String: Remembered] = [:]

    func renderer(for shared: SharedRenderInputs, compile: () -> (PageRenderer?, [Diagnostic])) -> (PageRenderer?, [Diagnostic]) {
        let (last, known) = lock.withLock { (self.shared, compiled) }
        if last == shared { return known }
        // Templates compile again only when they, the stylesheets or the runtime (which the renderer holds) changed;
        // a new image or site.yml needs no compiling, though every page renders again.
        let same = last.map { ($0.templates, $0.stylesheets, $0.runtime) == (shared.templates, shared.stylesheets, shared.runtime) }
        let made = same == true ? known : compile()
        lock.withLock {
            self.shared = shared
            compiled = made
            pages = [:]
        }
        return made
    }

    func page(_ path: String, text: String, icons: String, render: () -> RenderedPageFiles) -> (page: RenderedPageFiles, isNew: Bool) {
        if let known = lock.withLock({ pages[path] }), known.text == text, known.icons == icons { return (known.page, false) }
        let page = render()
        lock.withLock { pages[path] = Remembered(text: text, icons: icons, page: page) }
        return (page, true)
    }

    func finish(keeping paths: Set<String>) {
        lock.withLock { pages = pages.filter { paths.contains($0.key) } }
    }
}
