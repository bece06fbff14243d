@testable import Companions
import Foundation
import Testing

/// `_headers` on its own (SiteGenTests: the file of built sites).
@Suite struct HeadersFileTests {
    /// Pages whose policies alternate (each policy's lines are made once and reused) each get their own policy, in
    /// the order of their paths, and a file larger than the writer's buffer comes out whole.
    @Test func pagesWithAlternatingPoliciesEachGetTheirOwnInPathOrder() {
        let policies = [SecurityPolicy(scriptHashes: ["a="], styleHashes: []), SecurityPolicy(scriptHashes: [], styleHashes: ["b="]),
                        SecurityPolicy(scriptHashes: ["a="], styleHashes: [], connectOrigins: ["https://count.example"])]
        // Listed from the last path to the first, the policies cycling, so no page has its neighbour's.
        let pages = (0..<3000).reversed().map { (path: "/p\(String(format: "%04d", $0))/", policy: policies[$0 % 3]) }
        let text = String(decoding: HeadersFile.data(pages), as: UTF8.self)
        #expect(text.utf8.count > 300_000)
        var expected = ""
        for number in 0..<3000 {
            expected += "\n/p\(String(format: "%04d", number))/\n  Content-Security-Policy: \(policies[number % 3].directives); frame-ancestors 'none'\n"
                + "  Cache-Control: public, max-age=0, must-revalidate\n"
        }
        #expect(text.hasSuffix(expected))
        #expect(text.hasPrefix("/*\n  Referrer-Policy: strict-origin-when-cross-origin\n"))
    }
}
