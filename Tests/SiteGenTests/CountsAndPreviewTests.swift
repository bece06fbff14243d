@testable import Artwork
@testable import Companions
import Foundation
import Runtime
@testable import SiteBasics
import Testing
@testable import SiteGen
@testable import SiteSource
@testable import Preview
import SiteGenTestSupport

/// `analytics: {endpoint: …}` (issue 15, item 2): the field, the policy, and which runtime a page carries.
@Suite struct AnalyticsTests {
    func read(_ yaml: String) -> (FrontMatter, [String]) {
        let text = "---\n" + yaml + "\n---\n"
        let (matter, diagnostics) = Fixtures.frontMatter(text)
        return (matter, diagnostics.map { "\($0.line):\($0.column): \($0.severity): \($0.message)" })
    }

    /// The endpoint as written, as the page calls it (normalised), and its origin.
    @Test(arguments: [
        ("https://mycode.goatcounter.com/count", "https://mycode.goatcounter.com/count", "https://mycode.goatcounter.com"),
        ("https://Plausible.io/api/event", "https://plausible.io/api/event", "https://plausible.io"),
        ("https://stats.example.org:8443/c", "https://stats.example.org:8443/c", "https://stats.example.org:8443"),
        ("https://stats.example.org:443/c", "https://stats.example.org/c", "https://stats.example.org"),
        ("https://bücher.example/zähler", "https://xn--bcher-kva.example/z%C3%A4hler", "https://xn--bcher-kva.example"),
        ("http://127.0.0.1:8000/count", "http://127.0.0.1:8000/count", "http://127.0.0.1:8000"),
        ("HTTP://127.8.0.1/count", "http://127.8.0.1/count", "http://127.8.0.1"),
        ("http://localhost:9/count", "http://localhost:9/count", "http://localhost:9"),
        ("http://[::1]:9/count", "http://[::1]:9/count", "http://[::1]:9"),
    ])
    func acceptsHTTPSAndLoopbackHTTP(written: String, endpoint: String, origin: String) {
        let (matter, diagnostics) = read("analytics: {endpoint: \"\(written)\"}")
        #expect(diagnostics == [])
        #expect(matter.analytics == FrontMatter.Analytics(endpoint: endpoint, origin: origin))
    }

    @Test(arguments: [
        ("analytics: {endpoint: http://stats.example.org/count}", "1:23: error: analytics endpoint: \"http://stats.example.org/count\" is not an https address: only https addresses are allowed (http only for this machine, such as http://localhost:8000/ or http://127.0.0.1/, for testing)"),
        ("analytics: {endpoint: ftp://a.example/c}", "1:23: error: analytics endpoint: \"ftp://a.example/c\" is not an https web address: expected an https:// URL, like https://example.org/contact. The scheme \"ftp:\" is not allowed; only https links are."),
        ("analytics: {endpoint: goatcounter}", "1:23: error: analytics endpoint: \"goatcounter\" is not an https web address: expected an https:// URL, like https://example.org/contact. It has no scheme: write it in full, like https://example.org."),
        ("analytics: {endpoint: \"https://a.example/c?site=1\"}", "1:23: error: analytics endpoint: \"https://a.example/c?site=1\" has a query or fragment: sitegen adds the query (?p=click/SERVICE/OUTCOME&e=true)"),
        ("analytics: {endpoint: \"https://me:pw@a.example/c\"}", "1:23: error: analytics endpoint: \"https://me:pw@a.example/c\" is not an https web address: expected an https:// URL, like https://example.org/contact. It contains a user name or password before the host, which is not allowed."),
        ("analytics: {endpoint: \"http://127.example/c\"}", "1:23: error: analytics endpoint: \"http://127.example/c\" is not an https address: only https addresses are allowed (http only for this machine, such as http://localhost:8000/ or http://127.0.0.1/, for testing)"),
        ("analytics: {endpoint: \"https://a.example/c#x\"}", "1:23: error: analytics endpoint: \"https://a.example/c#x\" has a query or fragment: sitegen adds the query (?p=click/SERVICE/OUTCOME&e=true)"),
        ("analytics: https://a.example/c", "1:12: error: 'analytics' must be a mapping with an endpoint, such as {endpoint: https://MYCODE.goatcounter.com/count}, found a text value"),
        ("analytics: {}", "1:12: error: 'analytics' must be a mapping with an endpoint, such as {endpoint: https://MYCODE.goatcounter.com/count}"),
        ("analytics: {endpont: https://a.example/c}", "1:13: error: unknown key 'endpont' in 'analytics' (did you mean 'endpoint'?): expected endpoint"),
        ("analytics: {endpoint: [a]}", "1:23: error: 'endpoint' must be text, found a list"),
    ])
    func refusesAnythingElseWhereItIsWritten(yaml: String, error: String) {
        let (matter, diagnostics) = read(yaml)
        #expect(matter.analytics == nil)
        #expect(diagnostics.first.map { $0.replacingOccurrences(of: "2:", with: "1:", options: .anchored) } == error)
    }

    static let page = "---\ntitle: A\nlinks:\n  - email: a@b.org\n%@---\n"
    /// The runtime of that page without `analytics:`: no account to follow, no sealed address, no scheduled link.
    static let plainRuntime = PageRuntime.embedded.script(features: [])
    static let template = ["templates/page.html": "<head>{{{content_security_policy_html}}}</head><script>{{{runtime_js}}}</script>"]

    /// The built page, and `_headers`.
    func built(_ extra: String) throws -> (page: String, headers: String) {
        let fileSystem = Fixtures.site(Self.page.replacingOccurrences(of: "%@", with: extra), extra: Self.template)
        _ = try Fixtures.builder(fileSystem).build()
        return (try Fixtures.html(fileSystem), String(decoding: try fileSystem.readFile("site/Output/_headers"), as: UTF8.self))
    }

    /// The Content-Security-Policy `_headers` gives the page at `/`.
    static func policy(inHeaders headers: String) -> String? {
        let lines = DocumentText.lines(headers)
        guard let page = lines.firstIndex(of: "/"), page + 1 < lines.count else { return nil }
        let line = lines[page + 1]
        let name = "  Content-Security-Policy: "
        return line.hasPrefix(name) ? String(line.dropFirst(name.count)) : nil
    }

    @Test func theEndpointsOriginJoinsConnectSrcAndThePageCarriesTheCounter() throws {
        let (page, headers) = try built("analytics:\n  endpoint: http://127.0.0.1:8123/count\n")
        let script = PageRuntime.embedded.script(features: []) + PageRuntime.embedded.counterScript(endpoint: "http://127.0.0.1:8123/count")
        let policy = SecurityPolicy(scriptHashes: [SecurityPolicy.sha256Base64(script)], styleHashes: [], connectOrigins: ["http://127.0.0.1:8123"])
        #expect(page == "<head>" + policy.metaTag + "</head><script>\(script)</script>")
        #expect(PageReader(page).policy["connect-src"] == ["https:", "http://127.0.0.1:8123"])
        #expect(script.hasSuffix(#"})("http://127.0.0.1:8123/count");"# + "\n") && !script.contains("SITEGEN_COUNT_ENDPOINT"))
        #expect(Self.policy(inHeaders: headers) == policy.directives + "; frame-ancestors 'none'")
    }

    /// Without the field a page's runtime and policy are what they were before counting existed.
    @Test func withoutTheFieldThePageSendsNothingAndItsPolicyIsUnchanged() throws {
        let (page, headers) = try built("")
        let policy = SecurityPolicy(scriptHashes: [SecurityPolicy.sha256Base64(Self.plainRuntime)], styleHashes: [])
        #expect(page == "<head>" + policy.metaTag + "</head><script>\(Self.plainRuntime)</script>")
        #expect(policy.directives == "default-src 'none'; img-src 'self' https: data:; style-src 'none'; script-src 'sha256-\(SecurityPolicy.sha256Base64(Self.plainRuntime))'; connect-src https:; base-uri 'none'; form-action 'none'")
        #expect(Self.policy(inHeaders: headers) == policy.directives + "; frame-ancestors 'none'")
    }

    @Test func connectOriginsComeAfterHTTPSAndBeforeSelf() {
        let policy = SecurityPolicy(scriptHashes: [], styleHashes: [], connectsToOwnServer: true, connectOrigins: ["https://a.example"])
        #expect(policy.directives == "default-src 'none'; img-src 'self' https: data:; style-src 'none'; script-src 'none'; connect-src https: https://a.example 'self'; base-uri 'none'; form-action 'none'")
    }
}

/// `sitegen serve --lan` (issue 15, item 5) on the command line (PreviewTests: its addresses; ArtworkTests: its QR code).
@Suite struct LANPreviewTests {
    @Test func lanListensEverywhereSoItTakesNoHost() {
        let captured = Captured()
        #expect(captured.tool().run(["serve", "--lan", "--host", "192.168.1.20"]) == .usage)
        #expect(captured.errors == ["error: --lan listens on every interface: leave out --host", "see 'sitegen help serve'"])
    }
}

/// serve's preview script: in the head of the pages serve renders, before the runtime, allowed by their policy.
@Suite struct ServePreviewTests {
    @Test func servedPagesCarryThePreviewScriptBuiltPagesDoNot() throws {
        let template = ["templates/page.html": "<head>{{{content_security_policy_html}}}</head><body><script>{{{runtime_js}}}</script></body>"]
        let fileSystem = Fixtures.site("---\ntitle: A\n---\n", extra: template)
        var builder = Fixtures.builder(fileSystem)
        builder.injection = .servePreview
        let served = try builder.render()
        let page = String(decoding: try #require(served.files.first { $0.path == "index.html" }.flatMap {
            if case .data(let data) = $0.contents { return data } else { return nil }
        }), as: UTF8.self)
        let preview = String(decoding: ServePreview.scriptElement, as: UTF8.self)
        let runtime = PageRuntime.embedded.script(features: [])
        let reload = try #require(PageInjection.servePreview.bodyEndScript)
        let servedPolicy = SecurityPolicy(scriptHashes: [SecurityPolicy.sha256Base64(runtime), ServePreview.scriptHash, reload.hash], styleHashes: [],
                                          connectsToOwnServer: true)
        #expect(page == "<head>" + servedPolicy.metaTag + preview + "</head><body><script>\(runtime)</script>" + String(decoding: reload.element, as: UTF8.self) + "</body>")
        _ = try Fixtures.builder(fileSystem).build()
        let builtPolicy = SecurityPolicy(scriptHashes: [SecurityPolicy.sha256Base64(runtime)], styleHashes: [])
        #expect(try Fixtures.html(fileSystem) == "<head>" + builtPolicy.metaTag + "</head><body><script>\(runtime)</script></body>")
    }
}
