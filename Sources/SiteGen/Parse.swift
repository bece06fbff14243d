/// A page with its front matter read and its Markdown parsed.
public struct ParsedPage {
    public var page: ContentPage
    public var frontMatter: FrontMatter
    public var markdown: MarkdownDocument
    /// Where the page is written below the output folder: `index.md` -> `index.html`, `a/b.md` -> `a/b/index.html`.
    public var outputPath: String
}

/// Stage 2: front matter (libyaml) and Markdown (libcmark).
public enum PageParser {
    public static func parse(_ page: ContentPage) -> (ParsedPage, [Diagnostic]) {
        var sink = DiagnosticSink(path: page.displayPath, text: page.text)
        let split = FrontMatterReader.split(page.text, sink: &sink)
        let frontMatter = FrontMatterReader.read(split, sink: &sink)
        let markdown = MarkdownDocument(split.body, firstLine: split.bodyFirstLine, allowRawHTML: frontMatter.unsafeHTML)
        let parsed = ParsedPage(page: page, frontMatter: frontMatter, markdown: markdown, outputPath: outputPath(for: page.path))
        return (parsed, sink.diagnostics)
    }

    public static func outputPath(for contentPath: String) -> String {
        let stem = String(contentPath.dropLast(".md".count))
        if stem == "index" { return "index.html" }
        if stem.hasSuffix("/index") { return stem + ".html" }
        return stem + "/index.html"
    }
}
