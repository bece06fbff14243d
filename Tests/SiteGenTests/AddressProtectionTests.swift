import Foundation
import HTMLReading
import SiteBasics
import Testing
@testable import Markup
@testable import SiteGen
import SiteGenTestSupport

/// A built page read as a browser reads it (libxml2's HTML parser, character references decoded): what a visitor sees.
/// What a harvester reads is the page's bytes, which the tests below search for addresses.
private func readPage(_ html: String) throws -> HTMLElement {
    try #require(HTMLElement.parse(Data(html.utf8)))
}

/// Each `<a>`'s attributes that say what the link is, in page order.
private func links(_ page: HTMLElement, keys: [String]) -> [[String: String]] {
    page.all("a").map { $0.attributes.filter { keys.contains($0.key) } }
}

@Suite struct ChainLinkPageTests {
    @Test func sealedPagesKeepTheAddressOutOfTheirSource() throws {
        let fileSystem = Fixtures.site("---\nemail_protection: sealed\nlinks:\n  - email: ann@example.org\n---\n[mail](mailto:ann@example.org)\n")
        _ = try Fixtures.builder(fileSystem).build()
        let html = try Fixtures.html(fileSystem)
        // The bytes are what a harvester reads: neither the address nor its references are in them.
        #expect(!html.contains("ann@"))
        #expect(!html.contains(ChainMarkup.characterReferences("ann@example.org")))
        let page = try readPage(html)
        let sealed = page.all("a").filter { $0.attributes["data-sealed"] != nil }
        #expect(sealed.map { [$0.attributes["href"], $0.attributes["data-service"], $0.attributes["data-copy-kind"]] }
                == Array(repeating: ["#", "email", "address"], count: 2))
        // The Markdown link's address written out for readers without JavaScript (this template writes none for buttons).
        #expect(page.all("noscript").map(\.textContent) == [" ann (at) example.org"])
    }

    /// `first_tap: ask` marks the buttons whose chain has apps to ask about; a mail button (no apps) goes to the mail app.
    @Test func firstTapAskMarksButtonsWithApps() throws {
        let fileSystem = Fixtures.site("---\nfirst_tap: ask\nlinks:\n  - mastodon: \"@eb@social.coop\"\n  - email: ann@example.org\n---\n")
        _ = try Fixtures.builder(fileSystem).build()
        let keys = ["data-service", "data-first-tap"]
        #expect(links(try readPage(try Fixtures.html(fileSystem)), keys: keys).filter { $0["data-service"] != nil }
                == [["data-service": "mastodon", "data-first-tap": "ask"], ["data-service": "email"]])
        let plain = Fixtures.site("---\nlinks:\n  - mastodon: \"@eb@social.coop\"\n---\n")
        _ = try Fixtures.builder(plain).build()
        #expect(links(try readPage(try Fixtures.html(plain)), keys: keys).filter { $0["data-service"] != nil } == [["data-service": "mastodon"]])
    }

    @Test func anUnknownFirstTapIsAnErrorAtItsPlace() {
        let fileSystem = Fixtures.site("---\nfirst_tap: never\n---\n")
        #expect(throws: BuildFailure.self) { try Fixtures.builder(fileSystem).build() }
        do { _ = try Fixtures.builder(fileSystem).build() } catch {
            #expect(error.diagnostics.map { $0.description.split(separator: "\n")[0] } == ["site/content/index.md:2:12: error: unknown first_tap 'never': expected one of try, ask"])
        }
    }
}

@Suite struct EmailShieldPageTests {
    @Test func pagesHideAddressesInTitlesLabelsAndTheBody() throws {
        let fileSystem = Fixtures.site("---\ntitle: Ann ann@example.org\nlinks:\n  - email: ann@example.org\n---\nWrite to ann@example.org.\n")
        _ = try Fixtures.builder(fileSystem).build()
        let html = try Fixtures.html(fileSystem)
        #expect(!html.contains("ann@"))
        let page = try readPage(html)
        #expect(page.first("title")?.textContent == "Ann ann@example.org")
        #expect(page.all("p").map(\.textContent).last == "Write to ann@example.org.")
    }
}

/// Every written form of an email address on a page built by the real binary from the starter site, in both
/// protection modes: a button's recipient, cc and bcc, addresses in its subject and body (raw, and percent-encoded by
/// the writer), a Markdown mailto: link's recipient, cc and subject, an autolink, and the same addresses in the text.
@Suite struct EveryAddressFormTests {
    static let names = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy"]

    static let page = """
        links:
          - email: ann@example.org
            cc: bob@example.org
            bcc: cat@example.org
            subject: "Ask dan@example.org"
            body: "or eve%40example.org"
        ---
        Mail [x](mailto:fay@example.org?cc=gus@example.org&subject=hal%40example.org), <ivy@example.org>, bob@example.org or hal@example.org.

        """

    func build(protection: String) throws -> String {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SitegenBinary.run(["new", "site"], in: folder).code == 0)
        try ("---\ntitle: Ann\nemail_protection: \(protection)\n" + Self.page)
            .write(to: folder.appendingPathComponent("site/content/index.md"), atomically: true, encoding: .utf8)
        let result = try SitegenBinary.run(["build", "-q", "-s", "site"], in: folder)
        #expect(result.code == 0, "\(result.errors)")
        return try String(contentsOf: folder.appendingPathComponent("site/Output/index.html"), encoding: .utf8)
    }

    @Test(arguments: ["entities", "sealed"]) func noFormOfAnyAddressIsLeftReadable(protection: String) throws {
        let html = try build(protection: protection)
        // The bytes are what a harvester reads.
        for name in Self.names {
            for at in ["@", "%40", "%2540"] {
                #expect(!html.contains(name + at), "\(protection): \(name)\(at) is readable")
            }
        }
        // What a browser reads is unchanged: the addresses are all there once references are read.
        let page = try readPage(html)
        let text = page.all("p").map(\.textContent).last
        let hrefs = page.all("a").compactMap { $0.attributes["href"] }.filter { $0.hasPrefix("mailto:") }
        if protection == "entities" {
            #expect(text == "Mail x, ivy@example.org, bob@example.org or hal@example.org.")
            #expect(hrefs == [
                "mailto:fay@example.org?cc=gus@example.org&subject=hal@example.org",
                "mailto:ivy@example.org",
                "mailto:ann@example.org?cc=bob@example.org&bcc=cat@example.org&subject=Ask%20dan@example.org&body=or%20eve%2540example.org",
            ])
        } else {
            // Each address written out beside its link, for readers without JavaScript.
            #expect(text == "Mail x fay (at) example.org, ivy@example.org ivy (at) example.org, bob@example.org or hal@example.org.")
            #expect(hrefs == [])
            #expect(page.all("noscript").map(\.textContent) == [" fay (at) example.org", " ivy (at) example.org", " ann (at) example.org"])
        }
    }
}
