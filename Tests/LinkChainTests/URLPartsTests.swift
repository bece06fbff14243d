import LinkChain
import Testing

/// `URLParts` splits an absolute URL as RFC 3986 does (the reader OnlineCheck uses to compare addresses, see a
/// host and send a request): the parts as written, the path, query and fragment percent-encoded as a browser sends them.
@Suite struct URLPartsTests {
    static func parts(_ scheme: String, user: String? = nil, _ host: String, port: Int? = nil, _ path: String,
                      query: String? = nil, fragment: String? = nil) -> URLParts {
        var parts = URLParts("x://h")!
        parts.scheme = scheme; parts.userInfo = user; parts.host = host; parts.port = port
        parts.path = path; parts.query = query; parts.fragment = fragment
        return parts
    }

    @Test(arguments: [
        ("https://example.org", parts("https", "example.org", "")),
        ("HTTPS://Example.ORG:443/a/b?x=1#f", parts("HTTPS", "Example.ORG", port: 443, "/a/b", query: "x=1", fragment: "f")),
        ("http://[::1]:8080/x", parts("http", "[::1]", port: 8080, "/x")),
        ("https://user:pw@host/p", parts("https", user: "user:pw", "host", "/p")),
        ("https://host:/p", parts("https", "host", "/p")),
        ("https://host:0080/", parts("https", "host", port: 80, "/")),
        ("https://host?q", parts("https", "host", "", query: "q")),
        ("https://host#f?g", parts("https", "host", "", fragment: "f?g")),
        ("https://host/p?q#f?g", parts("https", "host", "/p", query: "q", fragment: "f?g")),
        ("ftp://127.0.0.1/", parts("ftp", "127.0.0.1", "/")),
        ("https://bücher.example/", parts("https", "bücher.example", "/")),
        // Encoded as a browser sends them: a space, `\`, `[`, `é`, a lone `%`; an escape already there is kept.
        ("https://h/a b\\[x]/é/%zz/%41", parts("https", "h", "/a%20b%5C%5Bx%5D/%C3%A9/%25zz/%41")),
        ("https://h/?a[b]%#{x}", parts("https", "h", "/", query: "a%5Bb%5D%25", fragment: "%7Bx%7D")),
    ] as [(String, URLParts)])
    func splitsAnAbsoluteURL(text: String, expected: URLParts) {
        #expect(URLParts(text) == expected)
    }

    /// No scheme, no `//`, no host, a port that is no number, an unclosed `[`, or a host no URL can hold.
    @Test(arguments: ["//host/p", "1http://h/", " https://h/", "mailto:a@b.org", "https:host", "https:///path", "https://h@/",
                      "https://h:8a/", "https://h:-1/", "https://[::1/", "https://[::1]x/", "https://ho st/", "https://h{x}/",
                      "https://h\u{7}/", "example.org/p"])
    func refusesWhatIsNoAbsoluteURLWithAHost(text: String) {
        #expect(URLParts(text) == nil)
    }

    /// Put together again from its parts: what OnlineCheck's loopback seam sends, the host and port swapped.
    @Test func writesTheURLAgainFromItsParts() throws {
        var parts = try #require(URLParts("https://user@Example.org/a b?q#f"))
        #expect(parts.text == "https://user@Example.org/a%20b?q#f")
        parts.scheme = "http"; parts.host = "127.0.0.1"; parts.port = 8080
        #expect(parts.text == "http://user@127.0.0.1:8080/a%20b?q#f")
        parts.host = "::1"
        #expect(parts.text == "http://user@[::1]:8080/a%20b?q#f")
        parts.host = "[::1]"; parts.userInfo = nil; parts.query = nil; parts.fragment = nil
        #expect(parts.text == "http://[::1]:8080/a%20b")
    }
}
