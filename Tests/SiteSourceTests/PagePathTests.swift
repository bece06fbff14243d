@testable import SiteSource
import Testing

/// Which files are pages, and where each is written: an ASCII path is read on its bytes, any other by its characters,
/// with the same answers.
@Suite struct PagePathTests {
    @Test(arguments: [
        ("a.md", "md"), ("a.MD", "MD"), ("notes/b.Markdown", "Markdown"), ("x.y.md", "md"), ("café.md", "md"), ("caf\u{E9}/x.mD", "mD"),
        ("a.md~", nil), ("a.mdx", nil), ("a.m", nil), ("a", nil), ("dir.md/page", nil), ("dir.md/page.txt", nil), ("a.", nil),
        ("caf\u{E9}.txt", nil), ("a.m\u{301}d", nil), ("a.\u{301}md", nil),
    ] as [(String, String?)])
    func aPageIsAFileEndingInMdOrMarkdownInAnyCase(path: String, pageExtension: String?) {
        #expect(PagePath.pageExtension(of: path) == pageExtension)
    }

    @Test func aPageIsWrittenAsIndexHtmlOfItsOwnFolder() {
        #expect(PagePath.outputPath(for: "index.MD") == "index.html")
        #expect(PagePath.outputPath(for: "a/b.markdown") == "a/b/index.html")
        #expect(PagePath.outputPath(for: "a/index.md") == "a/index.html")
        #expect(PagePath.outputPath(for: "caf\u{E9}/b.md") == "caf\u{E9}/b/index.html")
        #expect(PagePath.outputPath(for: "index") == "index.html")
        #expect(PagePath.outputPath(for: "caf\u{E9}/index.Markdown") == "caf\u{E9}/index.html")
        #expect(PagePath.outputPath(for: "myindex.md") == "myindex/index.html")
        #expect(PagePath.outputPath(for: "a/xindex.md") == "a/xindex/index.html")
        #expect(PagePath.outputPath(for: "/index.md") == "/index.html")
        #expect(PagePath.outputPath(for: "a.\u{301}md") == "a.\u{301}md/index.html")
    }
}
