import Testing
@testable import LinkChain

private func webError(_ value: String, _ reason: String) -> String {
    "\"\(value)\" is not an https web address: expected an https:// URL, like https://example.org/contact. \(reason)"
}

@Suite("Web")
struct WebTests {
    let service = WebService()

    @Test("normalises valid URLs", arguments: [
        ("https://example.org", "https://example.org"),
        ("https://example.org/", "https://example.org/"),
        ("  https://example.org/contact \n", "https://example.org/contact"),
        ("HTTPS://Example.ORG/Path/To", "https://example.org/Path/To"),
        ("https://example.org:443/x", "https://example.org/x"),
        ("https://example.org:8443/x", "https://example.org:8443/x"),
        ("https://example.org./x", "https://example.org/x"),
        ("https://localhost/", "https://localhost/"),
        ("https://192.0.2.1/status", "https://192.0.2.1/status"),
        ("https://[2001:DB8::1]:8443/", "https://[2001:db8::1]:8443/"),
        // IDN hosts become A-labels.
        ("https://bücher.example/", "https://xn--bcher-kva.example/"),
        ("https://MAÑANA.com", "https://xn--maana-pta.com"),
        // Spaces and non-ASCII are percent-encoded as UTF-8, per component.
        ("https://example.org/über uns?q=ä b#teil 2", "https://example.org/%C3%BCber%20uns?q=%C3%A4%20b#teil%202"),
        ("https://example.org/a|b<c>", "https://example.org/a%7Cb%3Cc%3E"),
        // Existing escapes are not encoded twice; stray % signs are.
        ("https://example.org/a%20b?x=%C3%A4&y=%2f", "https://example.org/a%20b?x=%C3%A4&y=%2f"),
        ("https://example.org/100%", "https://example.org/100%25"),
        ("https://example.org/a%2", "https://example.org/a%252"),
        ("https://example.org/%zz", "https://example.org/%25zz"),
        // Query delimiters, sub-delims and slashes stay as they are.
        ("https://example.org/p;v=1/x?a=1&b=2+3&c=d/e?f", "https://example.org/p;v=1/x?a=1&b=2+3&c=d/e?f"),
        ("https://example.org/@eb:x", "https://example.org/@eb:x"),
        // A second # inside the fragment is data.
        ("https://example.org/#a#b", "https://example.org/#a%23b"),
        ("https://example.org?q", "https://example.org?q"),
    ])
    func normalises(_ input: String, _ expected: String) throws {
        let chain = try service.chain(handle: input)
        #expect(chain.fallback == expected)
        #expect(chain.candidates.isEmpty)
        #expect(chain.serviceID == "web")
    }

    @Test func handleShowsTheUnicodeForm() throws {
        let chain = try service.chain(handle: "https://Bücher.example/über uns")
        #expect(chain.handle == "https://bücher.example/über uns")
        #expect(chain.fallback == "https://xn--bcher-kva.example/%C3%BCber%20uns")
    }

    @Test func normalisingTwiceChangesNothing() throws {
        let once = try service.chain(handle: "https://bücher.example/über uns?q=100%#x y").fallback
        let twice = try service.chain(handle: once).fallback
        #expect(once == "https://xn--bcher-kva.example/%C3%BCber%20uns?q=100%25#x%20y")
        #expect(twice == once)
    }

    @Test("refuses other schemes and malformed URLs", arguments: [
        ("http://example.org", webError("http://example.org", "Only https links are allowed; use https://example.org if the site supports it.")),
        ("HTTP://example.org/a", webError("HTTP://example.org/a", "Only https links are allowed; use https://example.org/a if the site supports it.")),
        ("javascript:alert(1)", webError("javascript:alert(1)", "The scheme \"javascript:\" is not allowed; only https links are.")),
        ("JavaScript:alert(1)", webError("JavaScript:alert(1)", "The scheme \"javascript:\" is not allowed; only https links are.")),
        ("data:text/html,hi", webError("data:text/html,hi", "The scheme \"data:\" is not allowed; only https links are.")),
        ("ftp://example.org/file", webError("ftp://example.org/file", "The scheme \"ftp:\" is not allowed; only https links are.")),
        ("mailto:eb@example.org", webError("mailto:eb@example.org", "The scheme \"mailto:\" is not allowed; only https links are.")),
        ("example.org", webError("example.org", "It has no scheme: write it in full, https://example.org.")),
        ("www.grace.example/talks", webError("www.grace.example/talks", "It has no scheme: write it in full, https://www.grace.example/talks.")),
        ("grace", webError("grace", "It has no scheme: write it in full, like https://example.org.")),
        ("//example.org/a:b", webError("//example.org/a:b", "It has no scheme: write it in full, like https://example.org.")),
        ("https:example.org", webError("https:example.org", "The scheme must be followed by //, as in https://example.org.")),
        ("https://", webError("https://", "It has no host.")),
        ("https:///path", webError("https:///path", "It has no host.")),
        ("https://user:pw@example.org/", webError("https://user:pw@example.org/", "It contains a user name or password before the host, which is not allowed.")),
        ("https://example.org:99999/", webError("https://example.org:99999/", "The port \"99999\" is not a number from 1 to 65535.")),
        ("https://example.org:80a/", webError("https://example.org:80a/", "The port \"80a\" is not a number from 1 to 65535.")),
        ("https://exa mple.org/", webError("https://exa mple.org/", "The host \"exa mple.org\" is not valid: the character (U+0020) is not allowed in a domain name.")),
        ("https://-bad-.org/", webError("https://-bad-.org/", "The host \"-bad-.org\" is not valid: the label \"-bad-\" starts or ends with a hyphen.")),
        ("https://300.1.1.1/", webError("https://300.1.1.1/", "\"300.1.1.1\" is not a valid IPv4 address.")),
        ("https://example.org/\u{7}", webError("https://example.org/\u{7}", "It contains the control character (U+0007).")),
        ("", webError("", "It is empty.")),
    ])
    func refuses(_ input: String, _ message: String) {
        #expect(throws: LinkChainError(value: input, expected: "an https:// URL, like https://example.org/contact",
                                       message: message)) {
            try service.chain(handle: input)
        }
    }
}

@Suite struct PlainWebAddressTests {
    /// Addresses built from pieces the plain path reads and pieces it must leave to the full reading: where it
    /// answers, the full reading gives the same address, the text as written; and it answers for the usual links.
    @Test func thePlainPathAgreesWithTheFullReading() {
        let starts = ["https://", "HTTPS://", "http://", "https:/", " https://", "https://user@"]
        let plainHosts = ["example.org", "a.b-c.example", "localhost"]
        let hosts = plainHosts + ["1.2.3.4", "999.1.1.1", "x.123", "Example.org", "bücher.de", "xn--bcher-kva.de", "a--b.org", "-a.org",
                                  "a..org", "[::1]", "example.org:443", "example.org:8080", "", "a.org."]
        let plainPaths = ["", "/", "/people/1", "/a_b~c.d-e/", "//double", "/a/../b"]
        let paths = plainPaths + ["/%41", "/a b", "/a?b=c", "/a#top", "/@eb", "/a:b", "/a\\b", "/ä", "/(x)", "\n"]
        var plain = 0
        for start in starts {
            for host in hosts {
                for path in paths {
                    let text = start + host + path
                    if let fast = WebAddress.plain(text) {
                        plain += 1
                        #expect(fast == (try? WebAddress.parseFully(text)) && fast.url == text && fast.display == text, "\(text)")
                    }
                }
            }
        }
        #expect(plain >= plainHosts.count * plainPaths.count)
        for host in plainHosts {
            for path in plainPaths { #expect(WebAddress.plain("https://" + host + path) != nil, "\(host + path)") }
        }
    }
}
