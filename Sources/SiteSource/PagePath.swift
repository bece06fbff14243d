/// Which files under `content/` are pages, and where each is published: the one rule the load (finding pages), the
/// parse (a page's output path), links between pages and `_headers` ask.
package enum PagePath {
    /// `md` or `markdown` (any case) for a Markdown page, nil for any other file.
    package static func pageExtension(of path: String) -> String? {
        // An ASCII path, as most are, on its bytes alone (each byte is a character there): every page asks this thrice.
        // Read from the String's own buffer: a search through its UTF-8 view, a byte at a time, cost 1,400 instructions.
        if let answer = path.utf8.withContiguousStorageIfAvailable({ bytes -> String?? in
            guard isASCII(bytes) else { return .none }
            return .some(asciiPageExtensionStart(bytes).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0...]), as: UTF8.self) })
        }), let answer { return answer }
        // A byte search: `contains` with a string argument is Foundation's search.
        guard let dot = path.lastIndex(of: "."), !path[dot...].utf8.contains(UInt8(ascii: "/")) else { return nil }
        let pathExtension = path[path.index(after: dot)...]
        // An ASCII extension compared byte by byte: lowercasing a String per page cost more than the rest of this.
        if pathExtension.utf8.allSatisfy({ $0 < 0x80 }) { return isPageExtension(pathExtension.utf8) ? String(pathExtension) : nil }
        return ["md", "markdown"].contains(pathExtension.lowercased()) ? String(pathExtension) : nil
    }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool { bytes.allSatisfy { $0 < 0x80 } }

    /// Where an ASCII path's page extension (`md` or `markdown`, any case) starts, after its last dot; nil when it has none.
    private static func asciiPageExtensionStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), !bytes[dot...].contains(UInt8(ascii: "/")) else { return nil }
        return isPageExtension(bytes[(dot + 1)...]) ? dot + 1 : nil
    }

    /// Whether ASCII bytes after a dot are `md` or `markdown`, in any case.
    private static func isPageExtension(_ pathExtension: some Collection<UInt8>) -> Bool {
        func isName(_ name: StaticString) -> Bool {
            pathExtension.count == name.utf8CodeUnitCount
                && zip(pathExtension, UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)).allSatisfy { $0 | 0x20 == $1 }
        }
        return isName("md") || isName("markdown")
    }

    /// Where the page is written below the output folder: `index.md` -> `index.html`, `a/b.md` -> `a/b/index.html`.
    package static func outputPath(for contentPath: String) -> String {
        // An ASCII path on its bytes, made in one go: a build asks this of every page twice (shared outputs, links
        // between pages), and Characters dropped and compared cost 3,400 instructions a time.
        if let made = contentPath.utf8.withContiguousStorageIfAvailable({ bytes -> String? in
            guard isASCII(bytes) else { return nil }
            let stem = UnsafeBufferPointer(rebasing: bytes[..<(asciiPageExtensionStart(bytes).map { $0 - 1 } ?? bytes.count)])
            let index = "index", folderIndex = "/index"
            let suffix = stem.elementsEqual(index.utf8) ? ".html"
                : stem.count >= folderIndex.utf8.count && stem[(stem.count - folderIndex.utf8.count)...].elementsEqual(folderIndex.utf8) ? ".html"
                : "/index.html"
            return String(unsafeUninitializedCapacity: stem.count + suffix.utf8.count) { room in
                _ = room.initialize(fromContentsOf: stem)
                _ = room[stem.count...].initialize(fromContentsOf: suffix.utf8)
                return stem.count + suffix.utf8.count
            }
        }), let made { return made }
        let stem = pageExtension(of: contentPath).map { String(contentPath.dropLast($0.count + 1)) } ?? contentPath
        if stem == "index" { return "index.html" }
        if stem.hasSuffix("/index") { return stem + ".html" }
        return stem + "/index.html"
    }
}
