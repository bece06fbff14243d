@testable import SiteGen
import Testing

/// A page without a `title` in its front matter is named by the parse stage: by its first Markdown heading as libcmark
/// read it, else by its file.
@Suite struct PageTitleTests {
    @Test(arguments: [
        ("index.md", "---\ntitle: Set\n---\n# Heading\n", "Set"),
        ("index.md", "---\ntitle: \"\"\n---\n# Ann's *links*\n", "Ann’s links"),
        ("index.md", "```\n# code, not a heading\n```\n\nAnn &amp; Bo\n---\n", "Ann & Bo"),
        ("about.md", "No heading here\n", "about"),
        ("team/index.md", "    # indented code\n", "team"),
        ("index.md", "#\n", "Home"),
    ])
    func aPageWithoutATitleIsNamedByItsFirstHeading(path: String, text: String, title: String) {
        let (parsed, _) = PageParser.parse(ContentPage(path: path, displayPath: "content/" + path, text: text))
        #expect(parsed.frontMatter.title == title)
    }
}
