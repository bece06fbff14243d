import Foundation
import Testing
import SiteGenTestSupport

/// Every relative link and anchor in README.md and docs/*.md leads somewhere: the file exists in the repository,
/// and an anchor names a heading of that file as GitHub makes its id. Links to other sites are not fetched.
@Suite struct DocumentationLinksTests {
    static let root = Fixtures.packageRoot

    /// README.md and the Markdown files of docs/, as paths below the repository's root.
    static func documents() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md"] + docs
    }

    /// The document's lines outside fenced code blocks, with inline code spans blanked out: a link written
    /// as code is an example, not a link.
    static func prose(_ text: String) -> [String] {
        var lines: [String] = [], fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { fenced.toggle(); continue }
            guard !fenced else { continue }
            lines.append(line.replacingOccurrences(of: "`[^`]*`", with: "``", options: .regularExpression))
        }
        return lines
    }

    /// The ids GitHub gives the document's headings: lower case, punctuation but `-` and `_` dropped, spaces as
    /// `-`, and `-1`, `-2`, … after a repeated one.
    static func anchors(_ text: String) -> Set<String> {
        var ids: Set<String> = [], seen: [String: Int] = [:]
        for line in prose(text) where line.hasPrefix("#") {
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            guard line.prefix(while: { $0 == "#" }).count <= 6, !title.isEmpty else { continue }
            let slug = String(title.lowercased().unicodeScalars.filter {
                CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" || $0 == " "
            }.map(Character.init)).replacingOccurrences(of: " ", with: "-")
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            ids.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return ids
    }

    /// Each relative target of a Markdown link or image, or an HTML `src` or `href`, with its line.
    static func targets(_ text: String) -> [(line: Int, target: String)] {
        let pattern = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)(?:\s+"[^"]*")?\)|(?:src|href)="([^"]+)""#)
        var found: [(Int, String)] = []
        for (index, line) in prose(text).enumerated() {
            let range = NSRange(line.startIndex..., in: line)
            for match in pattern.matches(in: line, range: range) {
                let group = match.range(at: 1).location != NSNotFound ? 1 : 2
                guard let target = Range(match.range(at: group), in: line).map({ String(line[$0]) }) else { continue }
                // Addresses with a scheme (https:, mailto:) lead elsewhere.
                if target.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil { continue }
                found.append((index + 1, target))
            }
        }
        return found
    }

    @Test func everyRelativeLinkAndAnchorResolves() throws {
        var problems: [String] = []
        var checked = 0
        for document in try Self.documents() {
            let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
            let folder = (document as NSString).deletingLastPathComponent
            for (line, target) in Self.targets(text) {
                checked += 1
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let path = parts[0].removingPercentEncoding ?? parts[0]
                let file = path.isEmpty ? document : ((folder as NSString).appendingPathComponent(path) as NSString).standardizingPath
                var isFolder: ObjCBool = false
                guard !file.hasPrefix(".."), FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(file).path, isDirectory: &isFolder) else {
                    problems.append("\(document):\(line): '\(target)': no file \(file)")
                    continue
                }
                guard parts.count == 2 else { continue }
                guard !isFolder.boolValue, file.hasSuffix(".md"),
                      Self.anchors(try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)).contains(parts[1]) else {
                    problems.append("\(document):\(line): '\(target)': no heading #\(parts[1]) in \(file)")
                    continue
                }
            }
        }
        #expect(problems == [])
        #expect(checked > 20, "too few links found: the scan itself is broken")
    }

    /// The checker itself: GitHub's ids, and links that do not resolve are found.
    @Test func theCheckerFindsWhatIsBroken() {
        #expect(Self.anchors("# site.yml\n## What a tap does\n## Errors and warnings\n## Errors and warnings\n```\n# not a heading\n```\n")
            == ["siteyml", "what-a-tap-does", "errors-and-warnings", "errors-and-warnings-1"])
        let found = Self.targets("[a](docs/x.md#y) `[b](c.md)` ![p](docs/p.png) [w](https://example.org/) <img src=\"docs/q.png\">\n```\n[d](e.md)\n```\n")
        #expect(found.map(\.target) == ["docs/x.md#y", "docs/p.png", "docs/q.png"])
    }
}
