/// Which files under `content/` are pages, and where each is published: the one rule the load (finding pages), the
/// parse (a page's output path), links between pages and `_headers` ask.
package enum PagePath {
    /// `md` or `markdown` (any case) for a Markdown page, nil for any other file.
    package static func pageExtension(of path: String) -> String? {
        // An ASCII path, as most are, on its bytes alone (each byte is a character there): every page asks this thrice,
        // and a search by characters cost 2,000 instructions a time.
        let utf8 = path.utf8
        if utf8.allSatisfy({ $0 < 0x80 }) {
            guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")), !utf8[dot...].contains(UInt8(ascii: "/")) else { return nil }
            let pathExtension = utf8[utf8.index(after: dot)...]
            func isPageExtension(_ name: StaticString) -> Bool {
                pathExtension.count == name.utf8CodeUnitCount
                    && zip(pathExtension, UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)).allSatisfy { $0 | 0x20 == $1 }
            }
            return isPageExtension("md") || isPageExtension("markdown") ? String(Substring(pathExtension)) : nil
        }
        // A byte search: `contains` with a string argument is Foundation's search.
        guard let dot = path.lastIndex(of: "."), !path[dot...].utf8.contains(UInt8(ascii: "/")) else { return nil }
        let pathExtension = path[path.index(after: dot)...]
        // An ASCII extension compared byte by byte: lowercasing a String per page cost more than the rest of this.
        if pathExtension.utf8.allSatisfy({ $0 < 0x80 }) {
            func isPageExtension(_ name: StaticString) -> Bool {
                pathExtension.utf8.count == name.utf8CodeUnitCount
                    && zip(pathExtension.utf8, UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)).allSatisfy { $0 | 0x20 == $1 }
            }
            return isPageExtension("md") || isPageExtension("markdown") ? String(pathExtension) : nil
        }
        return ["md", "markdown"].contains(pathExtension.lowercased()) ? String(pathExtension) : nil
    }

    /// Where the page is written below the output folder: `index.md` -> `index.html`, `a/b.md` -> `a/b/index.html`.
    package static func outputPath(for contentPath: String) -> String {
        let stem = pageExtension(of: contentPath).map { String(contentPath.dropLast($0.count + 1)) } ?? contentPath
        if stem == "index" { return "index.html" }
        if stem.hasSuffix("/index") { return stem + ".html" }
        return stem + "/index.html"
    }
}
