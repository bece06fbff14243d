import LinkChain
@testable import Paint
import SiteBasics
import Testing
@testable import SiteGen
@testable import SiteSource
import SiteGenTestSupport

@Suite struct FrontMatterTests {
    func read(_ text: String) -> (FrontMatter, [Diagnostic]) { Fixtures.frontMatter(text) }

    @Test func splitsYAMLFromTheBodyAndKnowsWhereTheBodyStarts() {
        var sink = DiagnosticSink(path: "x.md", text: "")
        let split = FrontMatterReader.split("---\ntitle: A\n---\nHello\n", sink: &sink)
        #expect(split == .init(yaml: "title: A", yamlFirstLine: 2, body: "Hello\n", bodyFirstLine: 4))
        #expect(sink.diagnostics.isEmpty)
    }

    @Test func aFileWithoutFrontMatterIsAllBody() {
        var sink = DiagnosticSink(path: "x.md", text: "")
        let split = FrontMatterReader.split("# Hi\n", sink: &sink)
        #expect(split.yaml == nil && split.body == "# Hi\n" && split.bodyFirstLine == 1)
    }

    @Test func unclosedFrontMatterIsAnError() {
        let (_, diagnostics) = read("---\ntitle: A\n")
        #expect(diagnostics.map(\.description) == ["content/index.md:1:1: error: front matter is not closed: expected a line '---' after the YAML\n---\n^"])
    }

    @Test func readsEveryField() {
        let (matter, diagnostics) = read("""
            ---
            title: Love Your Music
            description: An app
            url: https://example.org/
            lang: pt-BR
            avatar: me.png
            theme: midnight
            color_scheme: dark
            stylesheet: me.css
            unsafe_html: true
            links:
              - mastodon: "@eb@social.coop"
                label: Follow
                color: "#563acc"
                icon: chat
              - email: a@b.org
                subject: Hi & bye
            ---
            """)
        #expect(diagnostics.isEmpty)
        #expect(matter.title == "Love Your Music")
        #expect(matter.description == "An app")
        #expect(matter.url == Located("https://example.org/", at: .init(line: 4, column: 6)))
        #expect(matter.lang == "pt-BR")
        #expect(matter.avatar?.value == "me.png")
        #expect(matter.theme.name == "midnight")
        #expect(matter.colorScheme == .dark)
        #expect(matter.stylesheet?.value == "me.css")
        #expect(matter.unsafeHTML)
        #expect(matter.links.count == 2)
        #expect(matter.links[0].service == Located("mastodon", at: .init(line: 12, column: 5)))
        #expect(matter.links[0].handle == Located("@eb@social.coop", at: .init(line: 12, column: 15)))
        #expect(matter.links[0].label == "Follow")
        #expect(matter.links[0].color?.value == "#563acc")
        #expect(matter.links[0].icon?.value == "chat")
        #expect(matter.links[1].options.map(\.name.value) == ["subject"])
        #expect(matter.links[1].options.map(\.value) == ["Hi & bye"])
    }

    @Test func reportsEveryProblemWithItsPosition() {
        let (_, diagnostics) = read("""
            ---
            title: [a, b]
            theme: neon
            lang: "english language"
            titel: typo
            unsafe_html: maybe
            links:
              - label: nothing else
              - just text
            ---
            """)
        #expect(diagnostics.map { "\($0.line):\($0.column) \($0.severity) \($0.message)" } == [
            "2:8 error 'title' must be text, found a list",
            "3:8 error unknown theme 'neon': expected one of classic, midnight, mono, backdrop",
            "4:7 error 'english language' is not a language tag: expected a BCP 47 tag such as en, de or pt-BR",
            "5:1 warning unknown field 'titel' is ignored (did you mean 'title'?)",
            "6:14 error 'unsafe_html' must be true or false",
            "8:5 error this link names no service: start it with a service and handle, such as 'mastodon: \"@user@host\"', 'email: you@example.org' or 'url: https://example.org'",
            "9:5 error a link must be a mapping such as 'mastodon: \"@user@host\"' with an optional label, found a text value",
        ])
    }

    @Test func brokenYAMLPointsIntoTheFile() {
        let (_, diagnostics) = read("---\ntitle: ok\nlinks:\n  - mastodon: \"@eb@social.coop\n---\nbody\n")
        // libyaml's own line numbers, in its message too, are the file's.
        #expect(diagnostics.map { "\($0.line):\($0.column) \($0.severity) \($0.kind) \($0.message)" }
                == ["4:31 error general found unexpected end of stream while scanning a quoted scalar that starts at line 4, column 15"])
    }

    /// The reference's example page sets every field the table of field readers knows but `identity` (which has a
    /// section of its own), reads without an error, and sets no field sitegen does not know.
    @Test func theReferenceExampleSetsEveryKnownField() throws {
        let reference = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("docs/reference.md"), encoding: .utf8)
        let section = try #require(reference.components(separatedBy: "\n## Front matter\n").dropFirst().first)
        let example = try #require(section.components(separatedBy: "```markdown\n").dropFirst().first?.components(separatedBy: "```").first)
        let (_, diagnostics) = read(example)
        #expect(diagnostics.filter { $0.severity == .error } == [])
        var sink = DiagnosticSink(path: "docs/reference.md", text: example)
        let yaml = try #require(FrontMatterReader.split(example, sink: &sink).yaml)
        guard case .mapping(let pairs, _) = try YAMLReader.parse(yaml, lineOffset: 1) else { Issue.record("not a mapping"); return }
        let keys = pairs.compactMap { pair -> String? in if case .scalar(let key, _, _) = pair.key { key } else { nil } }
        #expect(Set(keys).subtracting(FrontMatter.knownKeys) == [])
        #expect(Set(FrontMatter.knownKeys).subtracting(keys) == ["identity"])
    }

    @Test func quotedTrueIsNotABoolean() {
        let (_, diagnostics) = read("---\nunsafe_html: \"true\"\n---\n")
        #expect(diagnostics.map(\.message) == ["'unsafe_html' must be true or false"])
    }
}

@Suite struct LineEndingTests {
    @Test func windowsLineEndsGiveTheSamePositions() throws {
        let fileSystem = Fixtures.site("---\r\ntitle: A\r\nlinks:\r\n  - mastadon: x\r\n---\r\nHi\r\n")
        do { _ = try Fixtures.builder(fileSystem).render(); Issue.record("expected a failure") } catch {
            #expect(error.diagnostics.map(\.description) == [
                "site/content/index.md:4:5: error: unknown service 'mastadon' (did you mean 'mastodon'?): expected one of the 113 services, such as mastodon, email or web (sitegen services lists them)\n  - mastadon: x\n    ^",
            ])
        }
    }
}

/// "did you mean" for the fields with a fixed set of values: the nearest first, at most three.
@Suite struct DidYouMeanTests {
    @Test func theThreeNearestInOrderOfDistance() {
        let candidates = ["mono", "moon", "noon", "monk", "midnight", "mona"]
        #expect(Spelling.nearest(to: "mone", among: candidates, count: 3) == ["mono", "monk", "mona"])
        #expect(Spelling.hint(for: "mone", among: candidates) == " (did you mean 'mono', 'monk' or 'mona'?)")
        #expect(Spelling.hint(for: "moo", among: ["moon", "mood", "classic"]) == " (did you mean 'moon' or 'mood'?)")
        #expect(Spelling.hint(for: "clasic", among: Theme.all.map(\.name)) == " (did you mean 'classic'?)")
        #expect(Spelling.hint(for: "neon", among: Theme.all.map(\.name)) == "")
    }

    @Test func aTypoInEachEnumeratedFieldIsAnswered() {
        #expect(Fixtures.failure("---\ntheme: midnigt\n---\n").first?.hasPrefix("site/content/index.md:2:8: error: unknown theme 'midnigt' (did you mean 'midnight'?)") == true)
        #expect(Fixtures.failure("---\ncolor_scheme: lihgt\n---\n").first?.hasPrefix("site/content/index.md:2:15: error: unknown color_scheme 'lihgt' (did you mean 'light'?)") == true)
        #expect(Fixtures.failure("---\nemail_protection: entites\n---\n").first?.hasPrefix("site/content/index.md:2:19: error: unknown email_protection 'entites' (did you mean 'entities'?)") == true)
        #expect(Fixtures.failure("---\nfirst_tap: aks\n---\n").first?.hasPrefix("site/content/index.md:2:12: error: unknown first_tap 'aks' (did you mean 'ask'?)") == true)
        #expect(Fixtures.failure("---\ntemplate: pages\n---\n") == ["site/content/index.md:2:11: error: template 'pages' not found (did you mean 'page'?): expected templates/pages.html"])
    }
}
