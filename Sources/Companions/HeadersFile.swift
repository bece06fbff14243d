import Foundation

/// `_headers`, read by Netlify and Cloudflare Pages: the same policy as a real header (which can also forbid
/// framing, unlike the meta tag), and caching. Each header is set by one rule only, since hosts merge the
/// values of every rule that matches a path.
package enum HeadersFile {
    private static let flushSize = 64 * 1024

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
        // are made once, not once a page (two thirds of this file's work when they alternated). The page before's
        // is looked at first: comparing is cheaper than hashing, and pages that share a policy often share its storage.
        var last: (policy: SecurityPolicy, lines: String)? = nil
        // Each policy's lines, from its header's name to the page's last header.
        var policyLines: [SecurityPolicy: String] = [:]
        // Sorted by place, not moved: a page's policy is three arrays, retained and released at every move.
        for index in pages.indices.sorted(by: { pages[$0].path < pages[$1].path }) {
            let page = pages[index]
            append("\n")
            append(page.path)
            if !page.path.hasSuffix("/") { append("/") }
            if last?.policy != page.policy {
                let made = policyLines[page.policy]
                    ?? "\n  Content-Security-Policy: \(page.policy.directives); frame-ancestors 'none'\n  Cache-Control: public, max-age=0, must-revalidate\n"
                policyLines[page.policy] = made
                last = (page.policy, made)
            }
            append(last!.lines)
        }
        for file in files.sorted() {
            guard let headers = headers[file] else { continue }
            append("\n/" + file + "\n" + headers.map { "  \($0.name): \($0.value)\n" }.joined())
        }
        flush()
        return data
    }
}
