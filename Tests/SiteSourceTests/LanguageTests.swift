import Foundation
import SiteBasics
import Testing
@testable import SiteGen
@testable import SiteSource
import SiteGenTestSupport

/// `lang:` and `words:`: the direction a page is written in, the words its buttons and runtime show, and a site's own.
@Suite struct LanguageTests {
    /// The languages issue 26 asks for, at least.
    static let required = ["en", "es", "pt", "fr", "de", "it", "nl", "ar", "he", "ja", "zh"]

    @Test func everyLanguageHasEveryKeyOfEnglishWithItsPlaceholders() throws {
        let table = WordTable.standard
        #expect(Set(Self.required).isSubset(of: table.languageTags), "\(table.languageTags)")
        #expect(table.problems == [])
        #expect(table.keys.first == "links_label" && table.keys.contains("share") && table.keys.count == Set(table.keys).count)
        // The check finds what a language lacks, adds or words differently.
        let broken = try WordTable(yaml: """
            en: {share: Share, opening: "Opening {app}…"}
            de: {opening: "Öffne…", extra: Zusatz}
            """)
        #expect(broken.problems == ["de: no 'share'", "de: 'opening' has [], English [\"{app}\"]", "de: 'extra' is not a key of English"])
    }

    @Test func theReferenceListsEveryWordWithItsEnglish() throws {
        let reference = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/reference.md"), encoding: .utf8)
        let table = WordTable.standard
        let rows = try table.keys.map { "| `\($0)` | \(try #require(table.text($0, in: WordTable.english))) |" }
        #expect(reference.contains("| key | English |\n|---|---|\n" + rows.joined(separator: "\n") + "\n\n"),
                "docs/reference.md's table of words differs from Resources/words.yml")
    }

    @Test func placeholdersAreNamesInBraces() {
        #expect(WordTable.placeholders(in: "Could not reach {server}. Copy {handle}.") == ["{handle}", "{server}"])
        #expect(WordTable.placeholders(in: "{ } {a b} {} {app}'s") == ["{app}"])
    }

    @Test func rightToLeftByScriptSubtagElseByLanguage() {
        for tag in ["ar", "he", "fa", "ur", "AR", "ar-EG", "he-IL", "az-Arab", "uz-arab-AF", "pa-Arab", "yi", "iw", "ckb", "zh-yue-Hebr"] {
            #expect(LanguageTag.isRightToLeft(tag), "\(tag)")
        }
        for tag in ["en", "de", "ja", "zh-Hant", "ar-Latn", "he-Latn", "es-419", "az", "ku", "arn", "x-ar"] {
            #expect(!LanguageTag.isRightToLeft(tag), "\(tag)")
        }
    }

    @Test func aTagFallsBackToItsLanguage() {
        let table = WordTable.standard
        #expect(LanguageTag.fallbacks("zh-Hant-TW") == ["zh-hant-tw", "zh-hant", "zh"])
        #expect(LanguageTag.fallbacks("en-a-bbb-x-ccc") == ["en-a-bbb-x-ccc", "en-a-bbb", "en"])
        #expect(table.language(for: "pt-BR") == "pt" && table.language(for: "zh-Hant") == "zh" && table.language(for: "DE-at") == "de")
        #expect(table.language(for: "sw") == nil && table.language(for: "ptx") == nil)
    }

    @Test func wordsForATagWithOverrides() {
        let table = WordTable.standard
        let brazil = table.values(for: "pt-BR", overrides: ["share": "Partilhar"])
        #expect(brazil["share"] == "Partilhar" && brazil["close"] == "Fechar" && brazil.count == table.keys.count)
        #expect(table.values(for: "sw")["close"] == "Close")
        #expect(table.values(for: "ar")["save_contact"] == "حفظ جهة الاتصال")
    }

    /// What a page's template reads: its words, and its direction as `dir` and `right_to_left`.
    @Test func aPageGetsTheWordsAndDirectionOfItsLanguage() throws {
        let template = ["templates/page.html": "{{words.share}}|{{words.close}}|{{dir}}|{{#right_to_left}}rtl{{/right_to_left}}"]
        func render(_ frontMatter: String, settings: String? = nil) throws -> (html: String, warnings: [String]) {
            var extra = template
            if let settings { extra["site.yml"] = settings }
            let site = Fixtures.site("---\ntitle: A\n\(frontMatter)---\n", extra: extra)
            let result = try Fixtures.builder(site).build()
            return (try Fixtures.html(site), result.warnings.map(\.description))
        }
        #expect(try render("") == ("Share|Close|ltr|", []))
        #expect(try render("lang: de-AT\n") == ("Teilen|Schließen|ltr|", []))
        #expect(try render("lang: ar\n").html == "مشاركة|إغلاق|rtl|rtl")
        #expect(try render("lang: he\nwords: {close: סגור}\n").html == "שיתוף|סגור|rtl|rtl")
        // site.yml's words, for every page; a page's own replace them whole, as any field does.
        #expect(try render("", settings: "lang: fr\nwords: {share: Envoyer}\n").html == "Envoyer|Fermer|ltr|")
        #expect(try render("words: {close: Zu}\n", settings: "lang: de\nwords: {share: Weitergeben}\n").html == "Teilen|Zu|ltr|")
        #expect(try render("lang: fa\n").html == "اشتراک‌گذاری|بستن|rtl|rtl")
        // No words for Pashto: English, right to left, and a warning at `lang:`.
        let pashto = try render("lang: ps\n")
        #expect(pashto.html == "Share|Close|rtl|rtl")
        #expect(pashto.warnings.count == 1)
        #expect(pashto.warnings.first?.hasPrefix("site/content/index.md:3:7: warning: sitegen has no words for 'ps', so the page's buttons, notices and messages are in English: it has ar, de, en, es, fa, fr, he, it, ja, nl, pt, ur, zh; write your own under 'words:'") == true)
    }

    @Test func anUnknownLanguageIsAWarningThatStrictMakesAnError() throws {
        let site = Fixtures.site("---\ntitle: A\nlang: sw\n---\n")
        let strict = SiteBuilder(options: BuildOptions(sourceDirectory: "site", failsOnWarnings: true), fileSystem: site, iconSets: .none)
        #expect(throws: BuildFailure.self) { try strict.render() }
        #expect(try Fixtures.builder(site).render().warnings.map(\.line) == [3])
        // Every word written under `words:` leaves nothing in English.
        let table = WordTable.standard
        let all = table.keys.map { "  \($0): \"x \(WordTable.placeholders(in: table.text($0, in: "en") ?? "").joined(separator: " "))\"" }.joined(separator: "\n")
        #expect(try Fixtures.builder(Fixtures.site("---\ntitle: A\nlang: sw\nwords:\n\(all)\n---\n")).render().warnings.isEmpty)
    }

    @Test func anUnknownWordIsAnErrorNamingTheKnownOnes() {
        let keys = WordTable.standard.keys.joined(separator: ", ")
        #expect(Fixtures.failure("---\ntitle: A\nwords:\n  shar: Teilen\n  close: Zu\n---\n")
            == ["site/content/index.md:4:3: error: unknown word 'shar' in 'words' (did you mean 'share'?): expected one of \(keys)"])
        #expect(Fixtures.failure("---\ntitle: A\nwords: Teilen\n---\n")
            == ["site/content/index.md:3:8: error: 'words' must be a mapping of words to text, such as {share: Teilen}, found a text value"])
        #expect(Fixtures.failure("---\ntitle: A\n---\n", extra: ["site.yml": "words:\n  sahre: x\n"])
            == ["site/site.yml:2:3: error: unknown word 'sahre' in 'words' (did you mean 'share'?): expected one of \(keys)"])
    }

    @Test func aWordWithoutItsPlaceholdersIsAWarning() throws {
        let site = Fixtures.site("---\ntitle: A\nwords:\n  opening: \"Öffne {apps}\"\n  share: \"{app}\"\n---\n")
        #expect(try Fixtures.builder(site).render().warnings.map(\.description) == [
            "site/content/index.md:4:12: warning: 'opening' takes {app}, which the page fills in, but this text has {apps} (in English: 'Opening {app}…')\n  opening: \"Öffne {apps}\"\n           ^",
            "site/content/index.md:5:10: warning: 'share' takes no placeholder, but this text has {app} (in English: 'Share')\n  share: \"{app}\"\n         ^",
        ])
    }

    /// The default templates: the runtime's words block is JSON that parses to the page's words, whatever they hold,
    /// and the page's own controls say them.
    @Test func theRuntimeGetsItsWordsAsValidJSON() throws {
        var templates: [String: String] = [:]
        for name in ["layout.html", "page.html", "button.html", "runtime-text.json", "style.css"] {
            templates["templates/" + name] = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("templates/" + name), encoding: .utf8)
        }
        let tricky = #"Teile </script><!-- "x" \ {app}"#
        let site = Fixtures.site("---\ntitle: A\nlang: ar\nurl: https://a.example/\nwords: {share: '\(tricky)'}\nlinks:\n  - mastodon: \"@eb@social.coop\"\n---\n",
                                 extra: templates)
        _ = try Fixtures.builder(site).build()
        let html = try Fixtures.html(site)
        #expect(html.hasPrefix("<!doctype html>\n<html lang=\"ar\" dir=\"rtl\">"))
        let start = try #require(html.range(of: #"<script type="application/json" id="sitegen-text">"#)).upperBound
        let end = try #require(html[start...].range(of: "</script>")).lowerBound
        let words = try #require(try JSONSerialization.jsonObject(with: Data(html[start..<end].utf8)) as? [String: String])
        let arabic = WordTable.standard.values(for: "ar")
        #expect(words["share"] == tricky)
        #expect(words["more"] == arabic["more_ways"]?.renderedText && words["unreachable"] == arabic["server_unreachable"]?.renderedText)
        #expect(words["opening"] == "جارٍ فتح {app}…")
        for key in ["save_contact", "qr_code", "qr_scan", "close", "footer", "links_label"] {
            #expect(html.contains(try #require(arabic[key]?.renderedText)), "\(key)")
        }
    }
}
