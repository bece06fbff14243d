@testable import Companions
import Foundation
import Runtime
import Testing
@testable import SiteGen
import SiteGenTestSupport

/// The runtime in built pages: the base and the modules of each page's features (RuntimeTests test the files).
@Suite struct PageRuntimeTests {
    static let resources = Fixtures.packageRoot.appendingPathComponent("Sources/Runtime/Resources")

    /// A page's script: the base, then the modules of its features in RuntimeFeature order, in one function; the files
    /// as written, but for the newline that ends each.
    @Test func pagesInlineTheMinifiedModules() throws {
        func minified(_ name: String) throws -> String {
            let text = try String(contentsOf: Self.resources.appendingPathComponent("minified/\(name).min.js"), encoding: .utf8)
            #expect(text.hasSuffix(";\n") || text.hasSuffix("}\n"), "\(name) ends a statement: the next part starts one")
            return String(text.dropLast())
        }
        let runtime = PageRuntime.embedded
        #expect(runtime.script(features: []) == "(function(){" + (try minified("runtime")) + "})();\n")
        #expect(runtime.script(features: [.until, .follow]) == "(function(){" + (try minified("runtime")) + (try minified("follow"))
                    + (try minified("until")) + "})();\n")
        let everyPart = try (["runtime"] + RuntimeFeature.allCases.map(\.rawValue)).map(minified).joined()
        #expect(runtime.script(features: Set(RuntimeFeature.allCases)) == "(function(){" + everyPart + "})();\n")
    }

    /// A page carries the code of the features it has and not of those it lacks: following from the visitor's
    /// server (a fediverse account, buttons or Markdown), sealed addresses, scheduled links, the chooser on a first tap
    /// (first_tap: ask, where a button has apps).
    @Test(arguments: [
        ("  - email: a@b.org\n", "", [RuntimeFeature]()),
        ("  - mastodon: \"@eb@social.coop\"\n", "", [.follow]),
        ("  - email: a@b.org\n", "email_protection: sealed\n", [.sealed]),
        ("  - url: https://example.org/\n    until: 2099-01-01\n", "", [.until]),
        ("  - mastodon: \"@eb@social.coop\"\n", "first_tap: ask\n", [.follow, .ask]),
        ("  - email: a@b.org\n", "first_tap: ask\n", []),  // no app a tap tries: nothing to ask about
        ("  - mastodon: \"@eb@social.coop\"\n  - email: a@b.org\n  - url: https://example.org/\n    until: 2099-01-01\n",
         "email_protection: sealed\nfirst_tap: ask\n", [.follow, .sealed, .until, .ask]),
    ])
    func aPageCarriesTheFeaturesItHas(links: String, matter: String, features: [RuntimeFeature]) throws {
        let fileSystem = Fixtures.site("---\ntitle: A\n\(matter)links:\n\(links)---\n", extra: [
            "templates/page.html": "<script>{{{runtime_js}}}</script>",
        ])
        _ = try Fixtures.builder(fileSystem).build()
        let runtime = PageRuntime.embedded.script(features: Set(features))
        #expect(try Fixtures.html(fileSystem) == "<script>\(runtime)</script>")
        #expect(runtime.contains("/.well-known/webfinger") == features.contains(.follow))
        #expect(runtime.contains("TextDecoder") == features.contains(.sealed))
        #expect(runtime.contains("a[data-until]") == features.contains(.until))
        #expect(runtime.contains("stopImmediatePropagation") == features.contains(.ask))
    }

    @Test func aFediverseAccountInTheBioBringsTheFollowCode() throws {
        let fileSystem = Fixtures.site("---\ntitle: A\n---\n[toot me](mastodon:@eb@social.coop)\n", extra: [
            "templates/page.html": "{{{body_html}}}<script>{{{runtime_js}}}</script>",
        ])
        _ = try Fixtures.builder(fileSystem).build()
        #expect(try PageReader(Fixtures.html(fileSystem)).scripts == [PageRuntime.embedded.script(features: [.follow])])
    }

    /// The renderer inlines the runtime it is given, not one of its own: the script a page carries and the one whose
    /// hash its policy allows are made of exactly the given parts.
    @Test func theRendererInlinesTheRuntimeItIsGiven() throws {
        let runtime = PageRuntime(base: "base();", modules: [.follow: "follow();", .until: "until();"],
                                  counter: "count(SITEGEN_COUNT_ENDPOINT);")
        let template = ["templates/page.html": "<head>{{{content_security_policy_html}}}</head><script>{{{runtime_js}}}</script>"]
        let follow = Fixtures.site("---\ntitle: A\nlinks:\n  - mastodon: \"@eb@social.coop\"\n---\n", extra: template)
        var builder = Fixtures.builder(follow)
        builder.runtime = runtime
        _ = try builder.build()
        let script = "(function(){base();follow();})();\n"
        #expect(try Fixtures.html(follow).hasSuffix("<script>\(script)</script>"))
        #expect(try PageReader(Fixtures.html(follow)).policy["script-src"] == ["'sha256-\(SecurityPolicy.sha256Base64(script))'"])

        let counted = Fixtures.site("---\ntitle: A\nanalytics:\n  endpoint: https://count.example/c\n---\n", extra: template)
        builder = Fixtures.builder(counted)
        builder.runtime = runtime
        _ = try builder.build()
        #expect(try Fixtures.html(counted).hasSuffix(#"<script>(function(){base();})();"# + "\n" + #"count("https://count.example/c");</script>"#))
    }

    /// Every part tells what happens (the click counter and serve's ?debug overlay listen): a page with analytics
    /// carries the same runtime as one without, its features only, and the counter after it.
    @Test func everyPageTellsWhatHappens() throws {
        #expect(PageRuntime.embedded.base.contains("new CustomEvent(\"sitegen:\"+"))
        #expect(PageRuntime.embedded.modules[.ask]!.contains("(\"tap\","))
        #expect(PageRuntime.embedded.modules[.follow]!.contains("(\"follow\","))
        let counted = Fixtures.site("---\ntitle: A\nanalytics:\n  endpoint: https://count.example/c\nlinks:\n  - email: a@b.org\n---\n", extra: [
            "templates/page.html": "<script>{{{runtime_js}}}</script>",
        ])
        _ = try Fixtures.builder(counted).build()
        #expect(try Fixtures.html(counted) == "<script>" + PageRuntime.embedded.script(features: [])
                    + PageRuntime.embedded.counterScript(endpoint: "https://count.example/c") + "</script>")
    }
}
