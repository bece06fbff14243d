import SiteBasics
import Testing

/// `joinPath`: one slash between a folder and a name; an empty folder or `.` gives the name alone.
@Suite struct JoinPathTests {
    @Test(arguments: [
        ("", "a", "a"), (".", "a", "a"), ("a", "b", "a/b"), ("a/", "b", "a/b"), ("/", "b", "/b"), ("./", "a", "./a"),
        ("..", "a", "../a"), ("/srv/site", "content/x.md", "/srv/site/content/x.md"), ("caf\u{E9}", "x", "caf\u{E9}/x"),
        ("a", "", "a/"), ("a\u{301}", "b", "a\u{301}/b"),
    ])
    func joinsWithOneSlash(folder: String, name: String, joined: String) {
        #expect(joinPath(folder, name) == joined)
    }
}
