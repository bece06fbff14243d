import Foundation
@testable import Paint
@testable import SiteBasics
import Testing
@testable import SiteGen
@testable import SiteSource
import SiteGenTestSupport

/// Sections, backgrounds and the person's name: what issue 12's page design reads and writes (PaintTests: the
/// buttons' colours).
@Suite struct SectionsAndBackgroundTests {
    func read(_ text: String) -> (FrontMatter, [String]) {
        let (matter, diagnostics) = Fixtures.frontMatter(text)
        return (matter, diagnostics.map { "\($0.line):\($0.column) \($0.message)" })
    }

    @Test func sectionsSitBetweenLinks() {
        let (matter, problems) = read("---\nlinks:\n  - section: Listen\n  - spotify: \"artist:1\"\n  - section: Talk\n  - email: a@b.org\n  - github: a\n---\n")
        #expect(problems.isEmpty)
        #expect(matter.links.map(\.service.value) == ["spotify", "email", "github"])
        #expect(matter.sections.map { "\($0.title)@\($0.beforeLink)" } == ["Listen@0", "Talk@1"])
        #expect(matter.sections[1].position == SourcePosition(line: 5, column: 14))
    }

    @Test func aSectionWithoutLinksIsAWarningAndLeftOut() throws {
        let (_, problems) = read("---\nlinks:\n  - section: Empty\n  - section: Code\n  - github: a\n  - section: Last\n---\n")
        #expect(problems == ["3:14 section 'Empty' has no links under it, so it is left out", "6:14 section 'Last' has no links under it, so it is left out"])
        let fileSystem = Fixtures.site("---\ntitle: A\nlinks:\n  - section: Empty\n  - github: a\n  - section: Last\n---\n",
                                       extra: ["templates/page.html": "{{#link_groups}}[{{heading}}:{{#links}}{{service}}{{/links}}]{{/link_groups}}"])
        _ = try Fixtures.builder(fileSystem).build()
        #expect(try Fixtures.html(fileSystem) == "[Empty:github]")
    }

    @Test func backgroundIsAnImageOrAGradientAndNameHasParts() {
        #expect(read("---\nbackground: sky.jpg\n---\n").0.background == .image(Located("sky.jpg", at: SourcePosition(line: 2, column: 13))))
        #expect(read("---\nbackground: [\"#f00\", \"#00f\"]\n---\n").0.background == .gradient([HexColor("#f00")!, HexColor("#00f")!]))
        #expect(read("---\nname: {given: Ada, family: Lovelace}\n---\n").0.name == .init(given: "Ada", family: "Lovelace"))
    }

    @Test func badBackgroundsAndNamesAreErrorsAtTheirPlace() {
        #expect(read("---\nbackground: [\"#f00\", red]\n---\n").1 == ["2:22 'red' is not a colour: expected #rgb or #rrggbb, like #563acc"])
        #expect(read("---\nbackground: [\"#f00\"]\n---\n").1 == ["2:13 a background gradient takes 2 to 6 colours, such as [\"#ff7e5f\", \"#feb47b\"]"])
        #expect(read("---\nname: {givn: Ada}\n---\n").1 == ["2:8 unknown key 'givn' in 'name' (did you mean 'given'?): expected given and family",
                                                          "2:7 'name' needs a given or a family name, such as {given: Ada, family: Lovelace}"])
    }

    @Test func groupsFollowTheSections() throws {
        let fileSystem = Fixtures.site("""
            ---
            title: A
            links:
              - email: a@b.org
              - section: Listen & watch
              - spotify: "artist:1"
              - youtube: "@nasa"
              - section: Code
              - github: a
            ---
            """, extra: ["templates/page.html": "{{#link_groups}}[{{heading}}:{{#links}}{{number}}{{service}} {{/links}}]{{/link_groups}}"])
        _ = try Fixtures.builder(fileSystem).build()
        #expect(try Fixtures.html(fileSystem) == "[:1email ][Listen &amp; watch:2spotify 3youtube ][Code:4github ]")
    }

    /// The style's rules for a card, section headings and sealed addresses come only in pages that have them.
    @Test func aPageSaysWhichOptionalRulesItsStyleNeeds() throws {
        let template = ["templates/page.html": "{{#on_card}}card {{/on_card}}{{#has_headings}}headings {{/has_headings}}{{#has_sealed_addresses}}sealed{{/has_sealed_addresses}}|{{#link_groups}}{{/link_groups}}"]
        let plain = Fixtures.site("---\ntitle: A\nlinks:\n  - email: a@b.org\n---\n", extra: template)
        _ = try Fixtures.builder(plain).build()
        #expect(try Fixtures.html(plain) == "|")
        let every = Fixtures.site("---\ntitle: A\ntheme: backdrop\nemail_protection: sealed\nlinks:\n  - github: a\n  - section: Write\n  - email: a@b.org\n---\n", extra: template)
        _ = try Fixtures.builder(every).build()
        #expect(try Fixtures.html(every) == "card headings sealed|")
        let sealedInTheBio = Fixtures.site("---\ntitle: A\nemail_protection: sealed\n---\n[write](email:a@b.org)\n", extra: template)
        _ = try Fixtures.builder(sealedInTheBio).build()
        #expect(try Fixtures.html(sealedInTheBio) == "sealed|")
    }

    /// Every key of a button the README lists reaches a template that reads it (each is computed only when read).
    @Test func aTemplateGetsEveryKeyOfAButtonItReads() throws {
        let keys = LinkKey.allCases.map(\.rawValue)
        let template = ["templates/page.html": "{{#links}}" + keys.map { "\($0)=[{{\($0)}}]" }.joined(separator: "\n") + "{{/links}}"]
        let site = Fixtures.site("---\ntitle: A\nlinks:\n  - mastodon: \"@eb@social.coop\"\n    label: Toot\n    until: 2099-12-24\n---\n", extra: template)
        _ = try Fixtures.builder(site).build()
        let values = Dictionary(uniqueKeysWithValues: try Fixtures.html(site).split(separator: "\n").map { line in
            let parts = line.split(separator: "=", maxSplits: 1)
            return (String(parts[0]), String(parts[1]))
        })
        #expect(values.count == keys.count)
        #expect(values["number"] == "[1]" && values["label"] == "[Toot]" && values["service"] == "[mastodon]")
        #expect(values["service_name"] == "[Mastodon]" && values["handle"] == "[@eb@social.coop]" && values["href"] == "[https://social.coop/@eb]")
        #expect(values["until"] == "[2099-12-25T00:00:00Z]" && values["account_uri"] == "[acct:eb@social.coop]" && values["h_card_class"] == "[u-url]")
        for key in ["icon", "color", "text_color", "edge_light", "edge_dark", "attributes_html"] {
            #expect(values[key].map { $0.count > 2 } == true, "\(key) is empty")
        }
        #expect(values["after_link_html"] == "[]")
    }

    /// The runtime's words (templates/runtime-text.json) are valid JSON either way, and those of following from the
    /// visitor's server come only in pages with a fediverse account, whose runtime has the code that shows them.
    @Test func aPageCarriesTheWordsOfTheFeaturesItHas() throws {
        let words = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("templates/runtime-text.json"), encoding: .utf8)
        let template = ["templates/page.html": "{{> runtime-text}}", "templates/runtime-text.json": words]
        func keys(_ page: String) throws -> Set<String> {
            let fileSystem = Fixtures.site(page, extra: template)
            _ = try Fixtures.builder(fileSystem).build()
            let object = try JSONSerialization.jsonObject(with: try fileSystem.readFile("site/Output/index.html"))
            return Set(try #require(object as? [String: String]).keys)
        }
        let follow: Set<String> = ["follow", "home", "example", "go", "unclear", "asking", "unreachable"]
        let withoutAccount = try keys("---\ntitle: A\nlinks:\n  - email: a@b.org\n---\n")
        #expect(withoutAccount.isDisjoint(with: follow))
        #expect(withoutAccount.sorted() == ["close", "copied", "copy-address", "copy-contact", "copy-handle", "copy-link", "copy-page", "forget", "forgotten",
                                            "in-app", "in-app-how", "leave", "more", "not-copied", "open-address", "open-handle", "open-link", "opening",
                                            "others", "share"])
        let withAccount = try keys("---\ntitle: A\n---\n[toot me](mastodon:@eb@social.coop)\n")
        #expect(withAccount == withoutAccount.union(follow))
    }

    @Test func aBackgroundPutsTheContentOnACard() throws {
        let template = ["templates/page.html": "{{surface}}|{{{backdrop_css}}}"]
        let gradient = Fixtures.site("---\ntitle: A\nbackground: [\"#ff7e5f\", \"#feb47b\"]\n---\n", extra: template)
        _ = try Fixtures.builder(gradient).build()
        #expect(try Fixtures.html(gradient) == "card|:root:root{--backdrop:linear-gradient(160deg,#ff7e5f,#feb47b)}")
        let image = try Fixtures.site("---\ntitle: A\nbackground: img/sky one\".jpg\n---\n", extra: template,
                                      pictures: ["content/img/sky one\".jpg": Fixtures.picture(.jpeg)])
        _ = try Fixtures.builder(image).build()
        #expect(try Fixtures.html(image) == #"card|:root:root{--backdrop:url("img\2f sky one\22 .jpg")}"#)
        let plain = Fixtures.site("---\ntitle: A\n---\n", extra: template)
        _ = try Fixtures.builder(plain).build()
        #expect(try Fixtures.html(plain) == "page|")
        #expect(Fixtures.failure("---\ntitle: A\nbackground: nowhere.jpg\n---\n")
            == ["site/content/index.md:3:13: error: background image 'nowhere.jpg' not found: expected a file under content/ relative to this page"])
    }
}
