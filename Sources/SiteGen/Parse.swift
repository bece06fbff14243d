import Foundation
import Markup
import SiteBasics
import SiteSource
/// A page with its front matter read and its Markdown parsed.
public struct ParsedPage: Sendable {
    public var page: ContentPage
    package var frontMatter: FrontMatter
    package var markdown: MarkdownBody
    /// Where the page is written below the output folder: `index.md` -> `index.html`, `a/b.md` -> `a/b/index.html`.
    public var outputPath: String
    /// The site's defaults the front matter was read over, for reporting problems in them.
    package var siteSettings: SiteSettings?
}

/// Stage 2: front matter (libyaml) and Markdown (libcmark).
public enum PageParser {
    package static func parse(_ page: ContentPage, siteSettings: SiteSettings? = nil) -> (ParsedPage, [Diagnostic]) {
        var sink = DiagnosticSink(path: page.displayPath, text: page.text, siteSettings: siteSettings)
        let split = FrontMatterReader.split(page.text, sink: &sink)
        var frontMatter = FrontMatterReader.read(split, siteSettings: siteSettings, sink: &sink)
        if let line = StarterPlaceholder.bodyLine(split.body, firstLine: split.bodyFirstLine) {
            sink.report(.warning, line: line, column: 1, StarterPlaceholder.bodyMessage, kind: .starterPlaceholder)
        }
        let markdown = MarkdownBody(split.body, firstLine: split.bodyFirstLine, allowRawHTML: frontMatter.unsafeHTML)
        if frontMatter.title?.isEmpty ?? true { frontMatter.title = fallbackTitle(markdown, path: page.path) }
        // Once a line: `<b>…</b>` is two pieces of raw HTML, one mistake.
        var warnedLine = 0
        for position in markdown.omittedRawHTML where position.line != warnedLine {
            warnedLine = position.line
            sink.report(.warning, at: position, rawHTMLMessage)
        }
        let parsed = ParsedPage(page: page, frontMatter: frontMatter, markdown: markdown, outputPath: PagePath.outputPath(for: page.path),
                                siteSettings: siteSettings)
        return (parsed, sink.diagnostics)
    }

    /// Why raw HTML in a page's Markdown is left out, and how to let it through.
    static let rawHTMLMessage = "raw HTML is left out of the page, since HTML in a page can run script or load from other hosts: write it in Markdown, or set unsafe_html: true in the front matter if you trust it"

    /// A page without a `title` is named by its first Markdown heading (as libcmark read it), else by its file
    /// (`about.md` is "about", `team/index.md` is "team", the root's index is "Home"): never an empty <title>.
    static func fallbackTitle(_ markdown: MarkdownBody, path: String) -> String {
        if let heading = markdown.firstHeading { return heading }
        var parts = PagePath.outputPath(for: path).split(separator: "/").dropLast()
        return parts.popLast().map(String.init) ?? "Home"
    }
}
