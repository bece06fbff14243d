import LinkChain
import Testing

@Suite struct URLSchemeTests {
    @Test(arguments: [
        ("mailto:a@b.org", "mailto"),
        ("HTTPS://example.org/", "https"),
        ("web+mastodon:x", "web+mastodon"),
        ("x-y.z1:rest", "x-y.z1"),
        ("1abc:x", nil),
        ("@eb@social.coop", nil),
        ("notes/a:b", nil),
        ("?q=a:b", nil),
        (":x", nil),
    ] as [(String, String?)])
    func readsTheSchemeAsWritten(text: String, scheme: String?) {
        #expect(URLScheme.of(text) == scheme)
    }

    /// What a browser would open: tabs and line breaks inside are dropped, spaces, controls and format
    /// characters around are trimmed, so none of them hides a scheme.
    @Test(arguments: [
        ("java\tscript:alert(1)", "javascript"),
        ("jav\na\rscript:x", "javascript"),
        ("  JavaScript:x", "javascript"),
        ("\u{1}javascript:x", "javascript"),
        ("\u{200B}javascript:x", "javascript"),
        ("\u{FEFF}data:text/html,x", "data"),
        ("about/page", nil),
        ("./x:y", nil),
    ] as [(String, String?)])
    func readsTheSchemeAsBrowsersDo(text: String, scheme: String?) {
        #expect(URLScheme.asBrowsersRead(text) == scheme)
    }
}
