import Foundation
import Runtime
import SiteBasics
import Testing
@testable import Preview
@testable import SiteGen
@testable import SiteSource
import SiteGenTestSupport

/// Renders through serve's memo redo only the pages whose sources changed.
@Suite struct RenderMemoTests {
    static func site() -> InMemoryFileSystem {
        Fixtures.site("---\ntitle: Home\n---\n", extra: ["content/about.md": "---\ntitle: About\n---\n", "content/logo.svg": "<svg/>"])
    }

    func page(_ result: BuildResult, _ path: String) -> String? {
        guard case .data(let data)? = result.files.first(where: { $0.path == path })?.contents else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    @Test func aContentChangeRendersThatPageOnly() throws {
        let fileSystem = Self.site()
        var builder = Fixtures.builder(fileSystem)
        builder.memo = ServeRenderMemo()
        #expect(try builder.render().renderedPages == ["site/content/about.md", "site/content/index.md"])
        #expect(try builder.render().renderedPages == [])

        try fileSystem.overwriteFile("site/content/about.md", Data("---\ntitle: About us\n---\n".utf8))
        let result = try builder.render()
        #expect(result.renderedPages == ["site/content/about.md"])
        #expect(page(result, "about/index.html") == "<title>About us</title>\n")
        #expect(page(result, "index.html") == "<title>Home</title>\n")
        #expect(result.files.map(\.path) == (try builder.render()).files.map(\.path))
    }

    /// `serve` runs for days: a link whose window closes meanwhile is left out by the next render, text unchanged.
    @Test func aLinkWindowClosingRendersThatPageAgain() throws {
        let fileSystem = Fixtures.site("---\nlinks:\n  - url: https://a.example/\n  - url: https://b.example/\n    until: 2026-12-24\n---\n",
                                       extra: ["content/about.md": "---\ntitle: About\n---\n"])
        var builder = Fixtures.builder(fileSystem)
        builder.memo = ServeRenderMemo()
        builder.options.now = try ScheduleTime.parse("2026-12-24T23:59:59Z").get().date
        #expect(PageReader(page(try builder.render(), "index.html") ?? "").links.compactMap(\.href) == ["https://a.example/", "https://b.example/"])
        builder.options.now = try ScheduleTime.parse("2026-12-25").get().date
        let result = try builder.render()
        #expect(result.renderedPages == ["site/content/index.md"])
        #expect(PageReader(page(result, "index.html") ?? "").links.compactMap(\.href) == ["https://a.example/"])
    }

    @Test(arguments: [
        ("site/templates/page.html", "<h1>{{title}}</h1>"),
        ("site/content/notes.txt", "notes"),
    ])
    func aTemplateOrAssetChangeRendersEveryPage(path: String, contents: String) throws {
        let fileSystem = Self.site()
        var builder = Fixtures.builder(fileSystem)
        builder.memo = ServeRenderMemo()
        _ = try builder.render()
        try fileSystem.overwriteFile(path, Data(contents.utf8))
        #expect(try builder.render().renderedPages == ["site/content/about.md", "site/content/index.md"])
    }

    /// The runtime is an input of every page like the templates: another one renders every page again, with it.
    @Test func anotherRuntimeRendersEveryPage() throws {
        var builder = Fixtures.builder(Fixtures.site("---\ntitle: Home\n---\n", extra: [
            "content/about.md": "---\ntitle: About\n---\n", "templates/page.html": "<script>{{{runtime_js}}}</script>",
        ]))
        builder.memo = ServeRenderMemo()
        _ = try builder.render()
        builder.runtime = PageRuntime(base: "other();", modules: [:], counter: "")
        let result = try builder.render()
        #expect(result.renderedPages == ["site/content/about.md", "site/content/index.md"])
        #expect(page(result, "index.html") == "<script>(function(){other();})();\n</script>")
    }

    @Test func aChangedIconRendersThePagesThatShowIt() throws {
        let icon = { (path: String) in #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="\#(path)"/></svg>"# }
        let fileSystem = Fixtures.site("---\ntitle: Home\n---\n", extra: [
            "content/about.md": "---\ntitle: About\nlinks:\n  - url: https://example.org/\n    icon: icons/star.svg\n---\n",
            "content/icons/star.svg": icon("M1 1h2"),
            "templates/page.html": "<title>{{title}}</title>{{{icon_symbols_html}}}",
        ])
        var builder = Fixtures.builder(fileSystem)
        builder.memo = ServeRenderMemo()
        _ = try builder.render()
        try fileSystem.overwriteFile("site/content/icons/star.svg", Data(icon("M2 2h4").utf8))
        let result = try builder.render()
        #expect(result.renderedPages == ["site/content/about.md"])
        #expect(page(result, "about/index.html") == #"<title>About</title><symbol id="icon-file-icons-star" viewBox="0 0 24 24"><path d="M2 2h4"/></symbol>"#)
    }

    @Test func errorsOfUnchangedPagesAreStillReported() throws {
        let fileSystem = Self.site()
        var builder = Fixtures.builder(fileSystem)
        builder.memo = ServeRenderMemo()
        try fileSystem.overwriteFile("site/content/about.md", Data("---\ntitle: [About\n---\n".utf8))
        let first = #expect(throws: BuildFailure.self) { try builder.render() }
        try fileSystem.overwriteFile("site/content/index.md", Data("---\ntitle: Home again\n---\n".utf8))
        let second = #expect(throws: BuildFailure.self) { try builder.render() }
        #expect(first?.diagnostics.count == 1)
        #expect(second?.diagnostics == first?.diagnostics)

        try fileSystem.overwriteFile("site/content/about.md", Data("---\ntitle: About\n---\n".utf8))
        let fixed = try builder.render()
        #expect(fixed.renderedPages == ["site/content/about.md"])
        #expect(page(fixed, "index.html") == "<title>Home again</title>\n")
    }

    @Test func aRemovedPageLeavesTheOutput() throws {
        let fileSystem = Self.site()
        var builder = Fixtures.builder(fileSystem)
        builder.memo = ServeRenderMemo()
        _ = try builder.render()
        try fileSystem.removeItem("site/content/about.md")
        let result = try builder.render()
        #expect(result.files.map(\.path) == ["index.html"])
        #expect(result.renderedPages == [])
    }
}
