import LinkChain

/// What rendering an HTML template knows about the page it wrote, without reading the page again: where the
/// `<script>` and `<style>` elements that the *template text* opens and closes have their bodies, and where the
/// template text closes `<body>`. Values never open or close these elements here, whatever they hold: a value's
/// `<script>` is just bytes of the page, so a caller that trusts only the template's own code (a
/// Content-Security-Policy listing their hashes) cannot be tricked into trusting injected code.
public struct RenderedHTML: Sendable {
    /// The page, UTF-8, with nothing at each hole.
    public var bytes: [UInt8]
    /// Bodies of inline scripts that run (not data blocks, not `src=`), as byte ranges of `bytes`, in order.
    public var scriptBodies: [Range<Int>] = []
    /// Bodies of `<style>` elements, as byte ranges of `bytes`, in order.
    public var styleBodies: [Range<Int>] = []
    /// Where the last `</body` of the template text starts; nil when the template text has none.
    public var bodyEnd: Int?
    /// Where each interpolation of the hole's name was, in order: the caller fills them once it knows what goes there.
    public var holes: [Int] = []

    /// `bytes` with `fill` at every hole and `appendix` before `bodyEnd` (or at the end without one).
    public func assembled(fill: [UInt8], appendix: [UInt8] = []) -> [UInt8] {
        var inserts = holes.map { ($0, fill) }
        if !appendix.isEmpty { inserts.append((bodyEnd ?? bytes.count, appendix)) }
        guard !inserts.isEmpty else { return bytes }
        inserts.sort { $0.0 < $1.0 }  // stable: a hole at bodyEnd comes before the appendix
        var page: [UInt8] = []
        page.reserveCapacity(bytes.count + inserts.reduce(0) { $0 + $1.1.count })
        var position = 0
        for (offset, insert) in inserts {
            page.append(contentsOf: bytes[position..<offset])
            page.append(contentsOf: insert)
            position = offset
        }
        page.append(contentsOf: bytes[position...])
        return page
    }
}

/// A tag of the template text that `RenderedHTML` tracks, found when the template compiles.
enum HTMLMark: Sendable, Equatable {
    /// Right after the `>` of `<script …>` or `<style …>`. `runs` is false for data blocks, `src=` scripts and
    /// opening tags whose attributes are not all template text (unknown, so never trusted).
    case open(RawTextElement, runs: Bool)
    /// Right before `</script` or `</style`.
    case close(RawTextElement)
    /// Right before `</body`.
    case bodyClose
}

/// The elements whose content HTML does not parse as markup: code, not text.
package enum RawTextElement: String, Sendable, Equatable, CaseIterable {
    case script, style

    /// The one reading of a `<script>` or `<style>` tag, as a browser's tokenizer reads it: the element whose tag
    /// name stands in `bytes` at `start` (right after `<`, or after `</`) and where that name ends. A tag name is
    /// ASCII case-insensitive and ends at white space, `/` or `>`; `endOpen` takes the end of `bytes` as an end too,
    /// for text whose next bytes are not known (a site's CSS, before the template's `</style>`). What the template
    /// text opens and closes, what a Markdown body's raw HTML does and what a site's CSS may not write all read it.
    package static func named(in bytes: [UInt8], at start: Int, endOpen: Bool = false) -> (element: RawTextElement, nameEnd: Int)? {
        allCases.lazy.compactMap { element in
            tagNameEnd(element.rawValue, in: bytes, at: start, endOpen: endOpen).map { (element, $0) }
        }.first
    }

    /// Where the tag name `name` (lower case) that stands at `start` ends, read as `named` reads one; nil when
    /// another name stands there.
    package static func tagNameEnd(_ name: String, in bytes: [UInt8], at start: Int, endOpen: Bool = false) -> Int? {
        let end = start + name.utf8.count
        guard start >= 0, end <= bytes.count, zip(bytes[start..<end], name.utf8).allSatisfy({ ASCII.lowercased($0) == $1 }) else {
            return nil
        }
        guard end < bytes.count else { return endOpen ? end : nil }
        return [0x09, 0x0A, 0x0C, 0x0D, 0x20, 0x2F, 0x3E].contains(bytes[end]) ? end : nil
    }
}

enum HTMLMarker {
    /// Whether a raw (unescaped) value named `name` may stand in the template's own running `element`: its bytes would
    /// be hashed into the page's policy as the template's code, so only values sitegen makes for that language
    /// (`…_js` in a script, `…_css` in a style) may.
    static func mayWriteRaw(_ name: Name, in element: RawTextElement) -> Bool {
        name.parts.last?.hasSuffix(element == .script ? "_js" : "_css") == true
    }

    /// The refusal of a raw value inside the template's own running script or style, at its tag.
    static func rawValueError(in element: RawTextElement, at place: SourceLocation?) -> MustacheError {
        let how = element == .script
            ? "write {{…}}, which is escaped for the script, or pass data in a data- attribute or a <script type=\"application/json\"> block (only values named …_js, which sitegen makes, go in raw)"
            : "write {{…}}, which is escaped for the style sheet, or set the value in a style= attribute or a class (only values named …_css, which sitegen makes, go in raw)"
        let tag = element == .script ? "<script>" : "<style>"
        return MustacheError(templateName: place?.templateName ?? "", line: place?.line ?? 0, column: place?.column ?? 0,
                             message: "a raw value ({{{…}}} or {{&…}}) inside the template's own \(tag) would be trusted as the template's code (its hash goes into the page's policy): \(how)")
    }

    /// The raw values that sit, in the template's own text, inside a script or style it opens and that runs: found
    /// when it compiles, so the template's author hears of it before any page renders. Sections are read in the
    /// order they are written; what a partial or a parent's block brings is checked when it renders, where its
    /// surroundings are known.
    static func rawValuesInOwnCode(_ nodes: [Node]) -> [MustacheError] {
        var open: (element: RawTextElement, runs: Bool)?
        var errors: [MustacheError] = []
        func walk(_ nodes: [Node]) {
            for node in nodes {
                switch node {
                case .mark(.open(let element, let runs)): if open == nil { open = (element, runs) }
                case .mark(.close(let element)): if open?.element == element { open = nil }
                case .mark(.bodyClose), .text, .lineStart, .partial, .parent: continue
                case .variable(let variable):
                    if !variable.escaped, let open, open.runs, !mayWriteRaw(variable.name, in: open.element) {
                        errors.append(rawValueError(in: open.element, at: variable.location))
                    }
                case .section(let section): walk(section.nodes)
                case .block(let block): walk(block.nodes)
                }
            }
        }
        walk(nodes)
        return errors
    }

    /// `nodes` with every text node split around the tracked tags it holds.
    static func mark(_ nodes: [Node]) -> [Node] {
        var marked: [Node] = []
        marked.reserveCapacity(nodes.count)
        for node in nodes {
            switch node {
            case .text(let bytes): marked.append(contentsOf: split(bytes))
            case .lineStart, .variable, .partial, .mark: marked.append(node)
            case .section(let section):
                marked.append(.section(SectionNode(name: section.name, inverted: section.inverted, nodes: mark(section.nodes))))
            case .parent(let parent):
                marked.append(.parent(ParentNode(name: parent.name, indent: parent.indent, location: parent.location,
                                                 overrides: parent.overrides.mapValues(mark))))
            case .block(let block): marked.append(.block(mark(block)))
            }
        }
        return marked
    }

    private static func mark(_ block: BlockNode) -> BlockNode {
        BlockNode(name: block.name, nodes: mark(block.nodes), indent: block.indent, location: block.location)
    }

    /// Text split into text and marks. Matching is ASCII case-insensitive, and a tag name must end in
    /// whitespace, `/` or `>` within the same text, as HTML's tokenizer requires.
    static func split(_ bytes: [UInt8]) -> [Node] {
        var nodes: [Node] = []
        var start = 0
        var index = 0
        func flush(_ end: Int) {
            if end > start { nodes.append(.text(Array(bytes[start..<end]))) }
            start = end
        }
        while index < bytes.count {
            guard bytes[index] == 0x3C else { index += 1; continue }  // '<'
            let closing = index + 1 < bytes.count && bytes[index + 1] == 0x2F
            let nameStart = index + (closing ? 2 : 1)
            guard let (name, nameEnd) = tagName(bytes, at: nameStart, closing: closing) else { index += 1; continue }
            if closing {
                flush(index)
                nodes.append(.mark(name.map { .close($0) } ?? .bodyClose))
                index = nameEnd
                continue
            }
            guard let element = name else { index += 1; continue }
            guard let tagEnd = bytes[nameEnd...].firstIndex(of: 0x3E) else {
                // The tag goes on past this text: its attributes are not all known, so its body is never trusted.
                flush(bytes.count)
                nodes.append(.mark(.open(element, runs: false)))
                return nodes
            }
            flush(tagEnd + 1)
            nodes.append(.mark(.open(element, runs: element == .style || scriptRuns(attributes: Array(bytes[nameEnd..<tagEnd])))))
            index = tagEnd + 1
        }
        flush(bytes.count)
        return nodes
    }

    /// The element named at `start` (nil for `body`, tracked only when closing) and where its name ends.
    private static func tagName(_ bytes: [UInt8], at start: Int, closing: Bool) -> (RawTextElement?, Int)? {
        if let (element, end) = RawTextElement.named(in: bytes, at: start) { return (element, end) }
        guard closing, let end = RawTextElement.tagNameEnd("body", in: bytes, at: start) else { return nil }
        return (nil, end)
    }

    /// A script runs unless it loads a file or its `type` is not JavaScript's (a data block such as JSON).
    private static func scriptRuns(attributes: [UInt8]) -> Bool {
        let text = String(decoding: attributes.map(ASCII.lowercased), as: UTF8.self)
        if text.contains("src=") { return false }
        guard text.contains("type=") else { return true }
        return ["type=\"module\"", "type=\"text/javascript\"", "type='module'", "type='text/javascript'", "type=module ", "type=text/javascript "]
            .contains { (text + " ").contains($0) }
    }
}
