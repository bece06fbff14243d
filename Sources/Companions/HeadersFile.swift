import Foundation

/// `_headers`, read by Netlify and Cloudflare Pages: the same policy as a real header (which can also forbid
/// framing, unlike the meta tag), and caching. Each header is set by one rule only, since hosts merge the
/// values of every rule that matches a path.
package enum HeadersFile {
    private static let flushSize = 64 * 1024
    /// How many policies are looked for one by one before a table holds the rest.
    private static let fewPolicies = 8

    /// `files`: generated files, as paths below the output folder; those that `headers` names (the identity's, from
    /// `IdentityFiles.headers`) get their headers. Every SVG gets `SVGServingPolicy`'s: by one pattern, and by a rule of
    /// its own for each of `copied` (the files copied from content/, percent-encoded) the pattern does not cover. Written as bytes
    /// straight away: a site of 10,000 pages has a 3.5 MB file, which a String and then its copy as Data would hold twice.
    package static func data(_ pages: [(path: String, policy: SecurityPolicy)], files: [String] = [],
                             headers: [String: [(name: String, value: String)]] = [:], copied: [String] = []) -> Data {
        var data = Data()
        data.reserveCapacity(200 + pages.count * 420)
        // Gathered in a small buffer, put into `data` 64 KB at a time: each append to Data costs as much as copying
        // 800 bytes, and this file holds every page's policy, four appends a page (3.5 MB for 10,000 pages, made on
        // every build).
        var pending: [UInt8] = []
        pending.reserveCapacity(Self.flushSize + 4096)
        func flush() {
            pending.withUnsafeBufferPointer { data.append($0) }
            pending.removeAll(keepingCapacity: true)
        }
        func append(_ text: String) {
            pending.append(contentsOf: text.utf8)
            if pending.count >= Self.flushSize { flush() }
        }
        append("/*\n  Referrer-Policy: strict-origin-when-cross-origin\n  X-Content-Type-Options: nosniff\n")
        for path in [SVGServingPolicy.pattern] + copied.filter(SVGServingPolicy.needsOwnRule).sorted().map({ "/" + $0 }) {
            append("\n" + path + "\n" + SVGServingPolicy.headers(for: path).map { "  \($0.name): \($0.value)\n" }.joined())
        }
        // A site's pages share a few policies, in any order (one for each mix of link kinds): each one's directives
        // are made once, not once a page. The few are compared, not hashed: pages kept from the manifest share their
        // policy's storage, which compares at once, and hashing a policy (three arrays of strings) for every page was a
        // quarter of this file's work when they alternated. Past `fewPolicies`, a table.
        var few: [(policy: SecurityPolicy, lines: String)] = []
        var many: [SecurityPolicy: String] = [:]
        func lines(of policy: SecurityPolicy) -> String {
            if let known = few.first(where: { $0.policy == policy }) { return known.lines }
            if let known = many[policy] { return known }
            let made = "\n  Content-Security-Policy: \(policy.directives); frame-ancestors 'none'\n  Cache-Control: public, max-age=0, must-revalidate\n"
            if few.count < Self.fewPolicies { few.append((policy, made)) } else { many[policy] = made }
            return made
        }
        // Sorted by place, not moved: a page's policy is three arrays, retained and released at every move.
        for index in pages.indices.sorted(by: { pages[$0].path < pages[$1].path }) {
            let page = pages[index]
            append("\n")
            append(page.path)
            if !page.path.hasSuffix("/") { append("/") }
            append(lines(of: page.policy))
        }
        for file in files.sorted() {
            guard let headers = headers[file] else { continue }
            append("\n/" + file + "\n" + headers.map { "  \($0.name): \($0.value)\n" }.joined())
        }
        flush()
        return data
    }
}
