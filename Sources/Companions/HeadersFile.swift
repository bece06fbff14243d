import Foundation

/// `_headers`, read by Netlify and Cloudflare Pages: the same policy as a real header (which can also forbid
/// framing, unlike the meta tag), and caching. Each header is set by one rule only, since hosts merge the
/// values of every rule that matches a path.
package enum HeadersFile {
    /// `files`: generated files, as paths below the output folder; those that `headers` names (the identity's, from
    /// `IdentityFiles.headers`) get their headers. Every SVG gets `SVGServingPolicy`'s: by one pattern, and by a rule of
    /// its own for each of `copied` (the files copied from content/, percent-encoded) the pattern does not cover. Written as bytes
    /// straight away: a site of 10,000 pages has a 3.5 MB file, which a String and then its copy as Data would hold twice.
    package static func data(_ pages: [(path: String, policy: SecurityPolicy)], files: [String] = [],
                             headers: [String: [(name: String, value: String)]] = [:], copied: [String] = []) -> Data {
        var data = Data()
        data.reserveCapacity(200 + pages.count * 420)
        // Through the string's own bytes: Data's append of a UTF-8 view goes byte by byte, and this file holds every
        // page's policy (3.5 MB for 10,000 pages, made on every build).
        func append(_ text: String) {
            var text = text
            text.withUTF8 { data.append($0) }
        }
        append("/*\n  Referrer-Policy: strict-origin-when-cross-origin\n  X-Content-Type-Options: nosniff\n")
        for path in [SVGServingPolicy.pattern] + copied.filter(SVGServingPolicy.needsOwnRule).sorted().map({ "/" + $0 }) {
            append("\n" + path + "\n" + SVGServingPolicy.headers(for: path).map { "  \($0.name): \($0.value)\n" }.joined())
        }
        // Most pages have the policy of the page before: its directives are made once, not once a page.
        var last: (policy: SecurityPolicy, directives: String)? = nil
        for page in pages.sorted(by: { $0.path < $1.path }) {
            append("\n")
            append(page.path)
            if !page.path.hasSuffix("/") { append("/") }
            append("\n  Content-Security-Policy: ")
            if last?.policy != page.policy { last = (page.policy, page.policy.directives) }
            append(last!.directives)
            append("; frame-ancestors 'none'\n  Cache-Control: public, max-age=0, must-revalidate\n")
        }
        for file in files.sorted() {
            guard let headers = headers[file] else { continue }
            append("\n/" + file + "\n" + headers.map { "  \($0.name): \($0.value)\n" }.joined())
        }
        return data
    }
}
