@testable import Artwork
@testable import Companions
import Foundation
import Runtime
@testable import Paint
import Testing
import LinkChain
@testable import SiteGen
import SiteGenTestSupport

@Suite struct SecurityPolicyTests {
    @Test func inlineScriptsAndStylesOfTheTemplateAreHashedButNotDataBlocksOrExternalScripts() throws {
        let template = #"<head>{{{content_security_policy_html}}}<style>a{}</style><script type="application/ld+json">{}</script><script src="x.js"></script><script>go()</script><scripts>no</scripts><script type="application/json">[]</script><script type="module">m()</script></head>"#
        let fileSystem = Fixtures.site("---\ntitle: A\n---\n", extra: ["templates/page.html": template])
        _ = try Fixtures.builder(fileSystem).build()
        let page = try Fixtures.html(fileSystem)
        let policy = SecurityPolicy(scriptHashes: ["go()", "m()"].map(SecurityPolicy.sha256Base64), styleHashes: [SecurityPolicy.sha256Base64("a{}")])
        #expect(policy.directives == "default-src 'none'; img-src 'self' https: data:; style-src 'sha256-\(SecurityPolicy.sha256Base64("a{}"))'; "
                + "script-src 'sha256-\(SecurityPolicy.sha256Base64("go()"))' 'sha256-\(SecurityPolicy.sha256Base64("m()"))'; connect-src https:; base-uri 'none'; form-action 'none'")
        #expect(page.hasPrefix("<head>" + policy.metaTag + "<style>a{}</style>"))
    }

    /// The placeholder comment that an earlier design searched for is plain CSS text now: the stylesheet keeps it,
    /// and its style is allowed by the hash of what the page really holds.
    @Test func aStylesheetHoldingThePolicyPlaceholderStaysStyled() throws {
        let css = "p{color:red}/*<!--sitegen:content-security-policy-->*/\n"
        let fileSystem = Fixtures.site("---\ntitle: A\nstylesheet: site.css\n---\n", extra: [
            "templates/page.html": "<head>{{{content_security_policy_html}}}<style>{{{stylesheet_css}}}</style></head>",
            "content/site.css": css,
        ])
        _ = try Fixtures.builder(fileSystem).build()
        let page = try Fixtures.html(fileSystem)
        let policy = SecurityPolicy(scriptHashes: [], styleHashes: [SecurityPolicy.sha256Base64(css)])
        #expect(page == "<head>" + policy.metaTag + "<style>\(css)</style></head>")
        #expect(InlineCode.bodies("style", in: page) == [css])
    }

    @Test func theExamplePagePolicyCoversExactlyItsInlineCode() throws {
        let fileSystem = Fixtures.site("---\ntitle: A\nlinks:\n  - email: a@b.org\n---\n", extra: [
            "templates/page.html": "<head>{{{content_security_policy_html}}}<style>p{}</style></head><script>{{{runtime_js}}}</script>",
        ])
        _ = try Fixtures.builder(fileSystem).build()
        let page = String(decoding: try fileSystem.readFile("site/Output/index.html"), as: UTF8.self)
        let runtime = PageRuntime.embedded.script(features: [])
        let policy = SecurityPolicy(scriptHashes: [SecurityPolicy.sha256Base64(runtime)], styleHashes: [SecurityPolicy.sha256Base64("p{}")])
        #expect(page == "<head>" + policy.metaTag + "<style>p{}</style></head><script>\(runtime)</script>")
        #expect(PageReader(page).policy["script-src"] == ["'sha256-\(SecurityPolicy.sha256Base64(runtime))'"])
        let headers = String(decoding: try fileSystem.readFile("site/Output/_headers"), as: UTF8.self)
        #expect(headers == """
            /*
              Referrer-Policy: strict-origin-when-cross-origin
              X-Content-Type-Options: nosniff

            /*.svg
              Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; img-src data:

            /
              Content-Security-Policy: \(policy.directives); frame-ancestors 'none'
              Cache-Control: public, max-age=0, must-revalidate

            """)
    }

    /// A value that brings its own script or style (a triple mustache on plain text, raw HTML in Markdown) is in
    /// the page but not in the policy, so the browser blocks it even though escaping did not.
    @Test func scriptsAndStylesThatValuesInjectAreNotHashed() throws {
        let fileSystem = Fixtures.site("""
            ---
            title: "<script>stolen()</script><style>p{}</style>"
            unsafe_html: true
            ---
            <script>raw()</script><iframe srcdoc="<script>framed()</script>"></iframe>
            """, extra: [
            "templates/page.html": "<head>{{{content_security_policy_html}}}<style>a{}</style></head><h1>{{{title}}}</h1>{{{body_html}}}<script>go()</script>",
        ])
        _ = try Fixtures.builder(fileSystem).build()
        let page = try Fixtures.html(fileSystem)
        let policy = SecurityPolicy(scriptHashes: [SecurityPolicy.sha256Base64("go()")], styleHashes: [SecurityPolicy.sha256Base64("a{}")])
        #expect(page == "<head>" + policy.metaTag + "<style>a{}</style></head><h1><script>stolen()</script><style>p{}</style></h1>"
                + #"<script>raw()</script><iframe srcdoc="<script>framed()</script>"></iframe>"# + "\n<script>go()</script>")
        #expect(!page.unicodeScalars.contains { $0.value == 0xFDD0 || $0.value == 0xFDD1 })
    }
}

@Suite struct VCardTests {
    /// Unfolds and splits a vCard into (name with parameters, value) pairs, as an importer reads it.
    static func parse(_ text: String) -> [(String, String)] {
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every line ends in CRLF")
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        return unfolded.components(separatedBy: "\r\n").filter { !$0.isEmpty }.map { line in
            let parts = line.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }

    @Test func theExampleCardReadsBackToThePagesData() throws {
        let fileSystem = try Fixtures.site("""
            ---
            title: Ann; Bob, and \\ Co
            description: "Line one\\nline two"
            url: https://ann.example/
            avatar: me.png
            links:
              - mastodon: "@ann@social.example"
              - email: ann+news@example.org
              - url: https://ann.example/blog
            ---
            """, extra: ["templates/page.html": #"<a href="{{vcard_href}}">Save</a>"#], pictures: ["content/me.png": Fixtures.picture(.png)])
        _ = try Fixtures.builder(fileSystem).build()
        let card = String(decoding: try fileSystem.readFile("site/Output/contact.vcf"), as: UTF8.self)
        let fields = Self.parse(card)
        #expect(fields.map(\.0) == ["BEGIN", "VERSION", "FN", "N", "NOTE", "PHOTO;ENCODING=b;TYPE=PNG", "EMAIL;TYPE=INTERNET", "URL", "URL",
                                    "item1.URL", "item1.X-ABLabel", "END"])
        let values = Dictionary(fields, uniquingKeysWith: { first, _ in first })
        #expect(values["FN"] == #"Ann\; Bob\, and \\ Co"#)
        #expect(values["N"] == #"Co;Ann\; Bob\, and \\;;;"#, "without name: {given, family}, the title's last word is the family name")
        #expect(values["NOTE"] == #"Line one\nline two"#)
        // The photo travels in the card, small (contact apps fetch no address): the avatar at 240 px, PNG for its transparency.
        let photo = try #require(values["PHOTO;ENCODING=b;TYPE=PNG"].flatMap { Data(base64Encoded: $0) })
        #expect(photo.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(photo.count < 40_000)
        #expect(values["EMAIL;TYPE=INTERNET"] == "ann+news@example.org")
        #expect(values["item1.URL"] == "https://social.example/@ann")
        #expect(values["item1.X-ABLabel"] == "Mastodon")
        #expect(fields.filter { $0.0 == "URL" }.map(\.1) == ["https://ann.example/", "https://ann.example/blog"])
    }

    /// Phone and SMS links are one `TEL` per number with its types, never a `URL`; `name:` fills `N`; an SVG
    /// avatar (which contact apps do not show) gets no `PHOTO`; every profile is written once.
    @Test func phonesProfilesNameAndPhoto() throws {
        let fileSystem = Fixtures.site("""
            ---
            title: Ada Lovelace
            name: {given: Ada, family: "King; Lovelace"}
            url: https://ada.example/
            avatar: me.svg
            links:
              - phone: "+44 20 7946 0000"
              - sms: "+44 20 7946 0000"
                body: Hi
              - sms: "+44 7700 900123"
              - github: ada
              - mastodon: "@ada@social.example"
            ---
            """, extra: ["content/me.svg": "<svg/>", "templates/page.html": #"<a href="{{vcard_href}}">Save</a>"#])
        _ = try Fixtures.builder(fileSystem).build()
        let fields = Self.parse(String(decoding: try fileSystem.readFile("site/Output/contact.vcf"), as: UTF8.self))
        #expect(fields.filter { $0.0.hasPrefix("TEL") }.map { "\($0.0):\($0.1)" } == ["TEL;TYPE=VOICE,MSG:+442079460000", "TEL;TYPE=MSG:+447700900123"])
        #expect(fields.first { $0.0 == "N" }?.1 == #"King\; Lovelace;Ada;;;"#)
        #expect(!fields.contains { $0.0.hasPrefix("PHOTO") })
        #expect(!fields.contains { $0.0.hasPrefix("X-SOCIALPROFILE") || $0.1.hasPrefix("sms:") })
        #expect(fields.filter { $0.0.hasSuffix(".URL") }.map(\.1) == ["https://github.com/ada", "https://social.example/@ada"])
        #expect(fields.filter { $0.0.hasSuffix(".X-ABLabel") }.map(\.1) == ["GitHub", "Mastodon"])
    }

    @Test func aTemplateThatDoesNotLinkTheCardGetsNone() throws {
        let fileSystem = Fixtures.site("---\ntitle: A\nlinks:\n  - email: a@b.org\n---\n")
        _ = try Fixtures.builder(fileSystem, baseURL: "https://a.example").build()
        #expect(fileSystem.resolvedKind(at: "site/Output/contact.vcf") == .missing)
        #expect(fileSystem.resolvedKind(at: "site/Output/qr.svg") == .missing)
    }

    @Test func aPageWithoutLinksHasNoCard() throws {
        let fileSystem = Fixtures.site("---\ntitle: A\n---\n")
        _ = try Fixtures.builder(fileSystem).build()
        #expect(fileSystem.resolvedKind(at: "site/Output/contact.vcf") == .missing)
    }
}

@Suite struct QRCodeTests {
    @Test func pagesWithAnAddressGetOne() throws {
        let template = ["templates/page.html": #"<img src="{{qr_href}}">"#]
        let fileSystem = Fixtures.site("---\ntitle: A\n---\n", extra: template)
        _ = try Fixtures.builder(fileSystem, baseURL: "https://a.example").build()
        let svg = String(decoding: try fileSystem.readFile("site/Output/qr.svg"), as: UTF8.self)
        #expect(PageReader(svg).root.all("title").map(\.ownText) == ["https://a.example/"])
        let noAddress = Fixtures.site("---\ntitle: A\n---\n", extra: template)
        _ = try Fixtures.builder(noAddress).build()
        #expect(noAddress.resolvedKind(at: "site/Output/qr.svg") == .missing)
    }
}

@Suite struct PreviewTests {
    @Test func personJSONCannotCloseItsScriptElement() throws {
        let fileSystem = Fixtures.site("---\ntitle: \"</script><script>alert(1)</script>\"\n---\n",
                                       extra: ["templates/page.html": "{{{person_json}}}"])
        _ = try Fixtures.builder(fileSystem).build()
        let json = String(decoding: try fileSystem.readFile("site/Output/index.html"), as: UTF8.self)
        #expect(json == #"{"@context":"https://schema.org","@type":"Person","name":"\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e"}"#)
        let decoded = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(decoded?["name"] as? String == "</script><script>alert(1)</script>")
    }

    @Test func faviconFallsBackToInitials() {
        let icon = Initials.favicon("love your music", fill: Theme.standard.light.ring.css, text: Theme.standard.light.ring.readableText.css)
        #expect(icon.hasPrefix("data:image/svg+xml,"))
        #expect(!icon.contains(" ") && !icon.contains("\""), "a URL holds no spaces or quotes")
        #expect(PageReader(icon.removingPercentEncoding ?? "").root.all("text").map(\.ownText) == ["LM"])
        let ring = Theme.standard.light.ring
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="\#(ring.css)"/>"#
            + #"<text x="32" y="42" font-family="system-ui,sans-serif" font-size="28" font-weight="700" text-anchor="middle" fill="\#(ring.readableText.css)">&amp;</text></svg>"#
        #expect(Initials.favicon("& <", fill: ring.css, text: ring.readableText.css) == "data:image/svg+xml," + DataURL.encoding.encode(svg))
    }

    /// The browser's bar takes the page colour the site's own stylesheet sets (light, and dark as the cascade gives
    /// it), not the theme's; a page without one keeps the theme's.
    @Test func themeColourFollowsTheSitesOwnPageColour() throws {
        let fileSystem = Fixtures.site("---\nstylesheet: my.css\n---\n", extra: [
            "content/plain.md": "---\ntitle: P\n---\n",
            "content/my.css": ":root { --page: #fdf6e3 }\n@media (prefers-color-scheme: dark) { :root { --page: #002b36 } }",
            "templates/page.html": "{{theme_color_light}} {{theme_color_dark}}",
        ])
        _ = try Fixtures.builder(fileSystem).build()
        #expect(try Fixtures.html(fileSystem) == "#fdf6e3 #002b36")
        #expect(try Fixtures.html(fileSystem, "site/Output/plain/index.html") == "\(Theme.standard.light.page.css) \(Theme.standard.dark.page.css)")
    }

    @Test func ownStylesheetIsInlinedAndCannotCloseTheStyleElement() throws {
        let fileSystem = Fixtures.site("---\nstylesheet: my.css\n---\n", extra: [
            "content/my.css": "p { color: red } </STYLE><script>x()</script>",
            "templates/page.html": "<style>{{{stylesheet_css}}}</style>",
        ])
        _ = try Fixtures.builder(fileSystem).build()
        #expect(String(decoding: try fileSystem.readFile("site/Output/index.html"), as: UTF8.self)
                == #"<style>p { color: red } <\/style><script>x()</script></style>"#)
    }
}

@Suite struct LinkKindTests {
    @Test(arguments: [
        ("mailto:ann@example.org", LinkKind.email), ("tel:+15551234567", .phone), ("sms:+15551234567", .sms),
        ("https://example.org/", .web), ("mastodon:@eb@social.coop", .profile), ("signal:+15551234567", .profile),
    ])
    func eachChainHasOneKind(shorthand: String, kind: LinkKind) throws {
        #expect(try ServiceCatalog.standard.chain(shorthand: shorthand).kind == kind)
    }

    /// An SMS link is a number to keep, not a social profile.
    @Test func phoneAndSMSLinksAreTelephoneNumbersInTheCard() throws {
        let fileSystem = Fixtures.site("---\ntitle: A\nlinks:\n  - sms: \"+1 555 123 4567\"\n    body: Hi\n  - phone: \"+1 555 765 4321\"\n---\n", extra: [
            "templates/page.html": "{{#links}}<a class=\"{{h_card_class}}\" href=\"{{href}}\"></a>{{/links}}{{vcard_href}}",
        ])
        _ = try Fixtures.builder(fileSystem).build()
        let card = String(decoding: try fileSystem.readFile("site/Output/contact.vcf"), as: UTF8.self)
        let properties = VCardTests.parse(card)
        #expect(properties.map(\.0) == ["BEGIN", "VERSION", "FN", "N", "TEL;TYPE=MSG", "TEL;TYPE=VOICE", "END"])
        #expect(properties.filter { $0.0.hasPrefix("TEL") }.map { "\($0.0):\($0.1)" } == ["TEL;TYPE=MSG:+15551234567", "TEL;TYPE=VOICE:+15557654321"])
        #expect(try Fixtures.html(fileSystem).components(separatedBy: #"class="p-tel""#).count == 3)
    }
}
