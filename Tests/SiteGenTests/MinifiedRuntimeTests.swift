import Foundation
import Testing
@testable import SiteGen

/// Pages ship the minified runtime; it must be made from the readable source as it is today.
@Suite struct MinifiedRuntimeTests {
    static let resources = Fixtures.packageRoot.appendingPathComponent("Sources/SiteGen/Resources")

    /// `sha256sum` lines of scripts/chain-runtime.stamp: file name -> hex digest.
    static func stamp() throws -> [String: String] {
        let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("scripts/chain-runtime.stamp"), encoding: .utf8)
        return Dictionary(text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            return (String(parts[1]), String(parts[0]))
        }, uniquingKeysWith: { $1 })
    }

    static func hexSHA256(_ data: Data) -> String {
        let base64 = SecurityPolicy.sha256Base64(Array(data)[...])
        return Data(base64Encoded: base64)!.map { String(format: "%02x", $0) }.joined()
    }

    /// One runtime for each mix of the features a page may lack, named by those it keeps.
    static let runtimes = (0..<16).map { bits in
        "chain-runtime" + ["follow", "sealed", "until", "ask"].enumerated().filter { bits >> $0.offset & 1 == 1 }.map { "-" + $0.element }.joined() + ".min.js"
    }

    @Test(arguments: ["chain-decisions.js", "chain-page.js", "chain-count.js", "chain-runtime-told.min.js", "chain-count.min.js"] + runtimes)
    func theMinifiedRuntimeIsMadeFromTodaysSource(file: String) throws {
        let digest = Self.hexSHA256(try Data(contentsOf: Self.resources.appendingPathComponent(file)))
        #expect(try Self.stamp()[file] == digest, "\(file) changed since the runtime was minified: run python3 scripts/minify-runtime.py")
    }

    @Test func pagesInlineTheMinifiedRuntime() throws {
        let minified = try String(contentsOf: Self.resources.appendingPathComponent("chain-runtime-follow-sealed-until-ask.min.js"), encoding: .utf8)
        #expect(SiteBuilder.runtimeScript == minified)
        #expect(minified.hasPrefix("(function(){") && minified.hasSuffix("})();\n"))
    }

    /// A page carries the code of the features it has and not of those it lacks: following from the visitor's
    /// server (a fediverse account, buttons or Markdown), sealed addresses, scheduled links, the chooser on a first tap
    /// (first_tap: ask, where a button has apps).
    @Test(arguments: [
        ("  - email: a@b.org\n", "", false, false, false, false),
        ("  - mastodon: \"@eb@social.coop\"\n", "", true, false, false, false),
        ("  - email: a@b.org\n", "email_protection: sealed\n", false, true, false, false),
        ("  - url: https://example.org/\n    until: 2099-01-01\n", "", false, false, true, false),
        ("  - mastodon: \"@eb@social.coop\"\n", "first_tap: ask\n", true, false, false, true),
        ("  - email: a@b.org\n", "first_tap: ask\n", false, false, false, false),  // no app a tap tries: nothing to ask about
        ("  - mastodon: \"@eb@social.coop\"\n  - email: a@b.org\n  - url: https://example.org/\n    until: 2099-01-01\n", "email_protection: sealed\nfirst_tap: ask\n", true, true, true, true),
    ])
    func aPageCarriesTheFeaturesItHas(links: String, matter: String, follow: Bool, sealed: Bool, until: Bool, ask: Bool) throws {
        let fileSystem = Fixtures.site("---\ntitle: A\n\(matter)links:\n\(links)---\n", extra: [
            "templates/page.html": "<script>{{{runtime_js}}}</script>",
        ])
        _ = try Fixtures.builder(fileSystem).build()
        let runtime = SiteBuilder.runtimeScript(follow: follow, sealed: sealed, until: until, ask: ask)
        #expect(try Fixtures.html(fileSystem) == "<script>\(runtime)</script>")
        #expect(runtime.contains("/.well-known/webfinger") == follow)
        #expect(runtime.contains("TextDecoder") == sealed)
        #expect(runtime.contains("a[data-until]") == until)
        #expect(runtime.contains("stopImmediatePropagation") == ask)
    }

    @Test func aFediverseAccountInTheBioBringsTheFollowCode() throws {
        let fileSystem = Fixtures.site("---\ntitle: A\n---\n[toot me](mastodon:@eb@social.coop)\n", extra: [
            "templates/page.html": "{{{body_html}}}<script>{{{runtime_js}}}</script>",
        ])
        _ = try Fixtures.builder(fileSystem).build()
        #expect(try Fixtures.html(fileSystem).contains(SiteBuilder.runtimeScript(follow: true, sealed: false, until: false)))
    }

    /// The runtime that tells (analytics, serve's preview) keeps every feature.
    @Test func theToldRuntimeHasEveryFeature() {
        for code in ["/.well-known/webfinger", "TextDecoder", "a[data-until]", "stopImmediatePropagation"] { #expect(SiteBuilder.toldRuntimeScript.contains(code)) }
    }

    /// Pages where nothing listens carry the runtime without the lines that tell: no event, and no byte, of it.
    @Test func onlyTheToldRuntimeTells() {
        #expect(!SiteBuilder.runtimeScript.contains("CustomEvent"))
        #expect(SiteBuilder.toldRuntimeScript.contains("new CustomEvent(\"sitegen:\"+"))
        #expect(SiteBuilder.toldRuntimeScript.count > SiteBuilder.runtimeScript.count)
    }
}
