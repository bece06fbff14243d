@testable import Companions
import Foundation
import Testing

/// `_headers` on its own (SiteGenTests: the file of built sites).
@Suite struct HeadersFileTests {
    /// Pages whose policies alternate (each policy's lines are made once and reused) each get their own policy, in
    /// the order of their paths, and a file larger than the writer's buffer comes out whole.
    /// So do pages with more policies than are looked for one by one (`fewPolicies`), the rest from a table, and a
    /// policy equal to another but not sharing its storage.
    @Test(arguments: [3, 20])
    func pagesWithAlternatingPoliciesEachGetTheirOwnInPathOrder(policyCount: Int) {
        let policies = (0..<policyCount).map { number in
            number % 3 == 2 ? SecurityPolicy(scriptHashes: ["a="], styleHashes: [], connectOrigins: ["https://count\(number).example"])
                : SecurityPolicy(scriptHashes: number % 3 == 0 ? ["a\(number)="] : [], styleHashes: number % 3 == 1 ? ["b\(number)="] : [])
        }
        // Equal to the first, in storage of its own.
        let copyOfFirst = SecurityPolicy(scriptHashes: ["a" + "0="], styleHashes: [])
        // Listed from the last path to the first, the policies cycling, so no page has its neighbour's.
        let pages = (0..<3000).reversed().map { (path: "/p\(String(format: "%04d", $0))/", policy: $0 == 2999 ? copyOfFirst : policies[$0 % policyCount]) }
        let text = String(decoding: HeadersFile.data(pages), as: UTF8.self)
        #expect(text.utf8.count > 300_000)
        var expected = ""
        for number in 0..<3000 {
            expected += "\n/p\(String(format: "%04d", number))/\n  Content-Security-Policy: \(policies[number == 2999 ? 0 : number % policyCount].directives); frame-ancestors 'none'\n"
                + "  Cache-Control: public, max-age=0, must-revalidate\n"
        }
        #expect(text.hasSuffix(expected))
        #expect(text.hasPrefix("/*\n  Referrer-Policy: strict-origin-when-cross-origin\n"))
    }
}
