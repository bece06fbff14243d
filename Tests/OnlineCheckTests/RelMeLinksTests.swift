import HTMLReading
import Testing
@testable import OnlineCheck

@Suite struct RelMeLinksTests {
    typealias Link = RelMeLinks.Link

    @Test(arguments: [
        // Attribute order, quoting and case.
        (#"<a rel="me" href="https://a.example/">x</a>"#, [Link(element: "a", href: "https://a.example/")]),
        (#"<A HREF='https://a.example/' REL='ME'>x</A>"#, [Link(element: "a", href: "https://a.example/")]),
        (#"<link href=https://a.example/ rel=me>"#, [Link(element: "link", href: "https://a.example/")]),
        (#"<link rel=me href=https://a.example/>"#, [Link(element: "link", href: "https://a.example/")]),
        // rel as a token list, with any ASCII whitespace.
        (#"<a class="x" rel="nofollow noopener me" href="https://a.example/">"#, [Link(element: "a", href: "https://a.example/")]),
        ("<a rel=\"noopener\tme\n\" href=\"https://a.example/\">", [Link(element: "a", href: "https://a.example/")]),
        // Not the token me.
        (#"<a rel="meh home" href="https://a.example/">"#, []),
        (#"<a rel="" href="https://a.example/">"#, []),
        // Other elements, and a and link without href or rel.
        (#"<area rel="me" href="https://a.example/"><img rel="me" src="x"><a rel="me">x</a><a href="https://a.example/">"#, []),
        // The first of a repeated attribute counts, as in browsers.
        (#"<a rel="me" href="https://first.example/" href="https://second.example/">"#, [Link(element: "a", href: "https://first.example/")]),
        (#"<a rel="nofollow" rel="me" href="https://a.example/">"#, []),
        // Character references in values.
        (#"<a rel="me" href="https://a.example/?a=1&amp;b=2&#x26;c&#61;3">"#, [Link(element: "a", href: "https://a.example/?a=1&b=2&c=3")]),
        // A '>' inside a quoted value does not end the tag; a self-closing slash is not part of the value.
        (#"<a title="a > b" rel="me" href="https://a.example/">"#, [Link(element: "a", href: "https://a.example/")]),
        (#"<link rel="me" href="https://a.example/"/>"#, [Link(element: "link", href: "https://a.example/")]),
        // Comments, script and style text are not markup.
        (#"<!-- <a rel="me" href="https://c.example/"> --><a rel="me" href="https://a.example/">"#, [Link(element: "a", href: "https://a.example/")]),
        (#"<script>let s = '<a rel="me" href="https://s.example/">'</script><a rel="me" href="https://a.example/">"#, [Link(element: "a", href: "https://a.example/")]),
        (#"<STYLE>a[rel="me"]::after{content:"<a rel=me href=https://s.example/>"}</style ><link rel="me" href="https://a.example/">"#, [Link(element: "link", href: "https://a.example/")]),
        (#"<script>"</scripts> <a rel=me href=https://s.example/>"</script>"#, []),
        // End tags and declarations carry no links.
        (#"<!DOCTYPE html></a rel="me" href="https://e.example/"><?xml x?>"#, []),
        // After `name=`, a quote opens the value, even across tags (found by the relme fuzz harness).
        (#"<html lang="'><a rel="me" href="https://a.example/">"#, []),
        (#"<html lang=x"'><a rel="me" href="https://a.example/">"#, [Link(element: "a", href: "https://a.example/")]),
        // Broken markup ends without a link or a crash.
        (#"<a rel="me" href="https://a.example/"#, [Link(element: "a", href: "https://a.example/")]),
        ("<", []), ("<!--", []), ("<a", []), ("<script>", []), ("a < b and c <3", []),
    ])
    func finds(_ html: String, _ expected: [Link]) {
        #expect(RelMeLinks.scan(html) == expected)
    }

    @Test func findsEveryLinkInOrderOnARealisticPage() {
        let html = """
            <!doctype html><html><head><meta charset="utf-8"><title>Me <a rel="me" href="https://t.example/"></title>
            <link rel="me" href="https://social.coop/@eb">
            <link rel="stylesheet" href="s.css"></head>
            <body><a class="button" href="https://github.com/eb" rel="me noopener">GitHub</a>
            <p>text <a href="https://other.example/">plain</a></p></body></html>
            """
        #expect(RelMeLinks.scan(html).map(\.href) == ["https://social.coop/@eb", "https://github.com/eb"])
    }

    /// A profile field's text, as Mastodon's API gives it: tags gone, character references decoded (libxml2).
    @Test(arguments: [
        ("a&amp;b", "a&b"), ("&lt;&gt;&quot;&apos;", "<>\"'"), ("&#65;&#x42;", "AB"), ("a & b", "a & b"), ("&", "&"), ("", ""),
        (#"<a href="https://eb.example/" rel="nofollow noopener me"><span class="invisible">https://</span><span>eb.example/</span></a>"#, "https://eb.example/"),
        ("<p> <b>two</b> words </p>", "two words"),
    ])
    func profileFieldText(_ html: String, _ expected: String) {
        #expect(OnlineCheck.text(ofHTML: html) == expected)
    }
}
