import Companions
import Foundation

/// What a browser hashes for a page's Content-Security-Policy, found the way a reader of the finished page would:
/// an oracle for tests, independent of how sitegen finds the template's own code while it renders.
package enum InlineCode {
    /// The body of each `<name …>…</name>` element that runs: no `src`, no data block (a `type` other than JavaScript's).
    package static func bodies(_ name: String, in html: String) -> [String] {
        var bodies: [String] = []
        var rest = html[...]
        while let open = rest.range(of: "<\(name)") {
            guard let tagEnd = rest[open.upperBound...].firstIndex(of: ">"),
                  let close = rest[tagEnd...].range(of: "</\(name)>") else { break }
            let attributes = rest[open.upperBound..<tagEnd]
            let isElement = attributes.first.map { $0 == " " || $0 == "\n" || $0 == "\t" } ?? true
            let isDataBlock = attributes.contains("type=") && !attributes.contains(#"type="module""#)
                && !attributes.contains(#"type="text/javascript""#)
            if isElement && !attributes.contains("src=") && !isDataBlock {
                bodies.append(String(rest[rest.index(after: tagEnd)..<close.lowerBound]))
            }
            rest = rest[close.upperBound...]
        }
        return bodies
    }

    /// The escaped `content` of the page's Content-Security-Policy `<meta>`; nil without one.
    package static func policy(of html: String) -> String? {
        let prefix = #"<meta http-equiv="Content-Security-Policy" content=""#
        guard let start = html.range(of: prefix)?.upperBound, let end = html[start...].firstIndex(of: "\"") else { return nil }
        return String(html[start..<end])
    }

    package static func scriptHashes(in html: String) -> [String] { bodies("script", in: html).map(SecurityPolicy.sha256Base64) }
    package static func styleHashes(in html: String) -> [String] { bodies("style", in: html).map(SecurityPolicy.sha256Base64) }
}
