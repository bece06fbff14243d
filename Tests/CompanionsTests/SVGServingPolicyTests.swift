@testable import Companions
import Foundation
import Testing

/// Every SVG of the site is served with a policy that forbids script: by `_headers` on the host, by `serve` in the
/// preview (ServedSiteTests), from one owner.
@Suite struct SVGServingPolicyTests {
    static let rule = "  Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; img-src data:\n"

    @Test func headersCoverEverySVGByPatternAndOddCasedNamesByTheirOwnRule() {
        let headers = String(decoding: HeadersFile.data([], copied: ["logo.svg", "a/Logo.SVG", "b.Svg", "me.png", "svg"]), as: UTF8.self)
        #expect(headers == "/*\n  Referrer-Policy: strict-origin-when-cross-origin\n  X-Content-Type-Options: nosniff\n"
            + "\n/*.svg\n" + Self.rule + "\n/a/Logo.SVG\n" + Self.rule + "\n/b.Svg\n" + Self.rule)
    }

    @Test func theRuleIsForSVGFilesAlone() {
        #expect(SVGServingPolicy.headers(for: "icons/logo.svg").map(\.value) == [SVGServingPolicy.directives])
        #expect(SVGServingPolicy.headers(for: "about/qr.SVG").map(\.name) == ["Content-Security-Policy"])
        #expect(SVGServingPolicy.headers(for: "logo.svgz").count == 1)
        #expect(SVGServingPolicy.headers(for: "svg/index.html").isEmpty)
        #expect(SVGServingPolicy.headers(for: "logo.svg.png").isEmpty)
    }
}
