import CCmark
import Foundation

/// A page's Markdown body as a value: its text and where it starts, the links it holds (found by libcmark when
/// the page is parsed, for the link checks), and its HTML, rendered in the same parse with each link's place marked,
/// so rendering the page splices the chain links in instead of parsing again. Nothing a later stage does changes a
/// page that was handed over.
public struct MarkdownBody: Equatable, Sendable {
    public let text: String
    /// File line of the body's first line.
    public let firstLine: Int
    public let allowRawHTML: Bool
    /// Every link and image, in document order.
    public let links: [MarkdownDocument.Link]
    /// Nil in the rare body whose HTML the marks cannot be found in; rendering then parses again.
    private let marked: MarkedHTML?

    /// The body's HTML, and where each link (not image) has its opening tag and its `</a>` ends.
    struct MarkedHTML: Equatable, Sendable {
        struct Anchor: Equatable, Sendable {
            var position: SourcePosition
            var openingTag: Range<Int>
            var end: Int
        }
        var html: [UInt8]
        var anchors: [Anchor]
    }

    public init(_ text: String, firstLine: Int, allowRawHTML: Bool) {
        self.text = text
        self.firstLine = firstLine
        self.allowRawHTML = allowRawHTML
        let document = MarkdownDocument(text, firstLine: firstLine, allowRawHTML: allowRawHTML)
        links = document.links
        marked = document.markedHTML()
    }

    /// Whether rendering splices the links in (false when it parses the body again).
    var isMarked: Bool { marked != nil }

    /// The HTML, with each link whose position `rewrites` names given that opening tag and what follows its `</a>`.
    public func renderHTML(rewriting rewrites: [SourcePosition: (openingTag: String, afterLink: String)] = [:]) -> String {
        guard let marked else {
            let document = MarkdownDocument(text, firstLine: firstLine, allowRawHTML: allowRawHTML)
            if !rewrites.isEmpty { document.rewriteLinks { rewrites[$0.position] } }
            return document.renderHTML()
        }
        guard !rewrites.isEmpty else { return String(decoding: marked.html, as: UTF8.self) }
        var html: [UInt8] = []
        html.reserveCapacity(marked.html.count + rewrites.count * 512)
        var position = 0
        for anchor in marked.anchors {
            guard let (openingTag, afterLink) = rewrites[anchor.position] else { continue }
            html.append(contentsOf: marked.html[position..<anchor.openingTag.lowerBound])
            html.append(contentsOf: openingTag.utf8)
            html.append(contentsOf: marked.html[anchor.openingTag.upperBound..<anchor.end])
            html.append(contentsOf: afterLink.utf8)
            position = anchor.end
        }
        html.append(contentsOf: marked.html[position...])
        return String(decoding: html, as: UTF8.self)
    }
}

/// A Markdown body parsed by libcmark. The tree is owned by this object and freed with it.
///
/// Not thread-safe: one document is used by one task at a time, and lives only inside a stage.
public final class MarkdownDocument {
    private let root: OpaquePointer
    private let options: Int32
    private let body: String
    /// The body's lines, to turn libcmark's byte columns into character columns; found when first needed.
    private lazy var lines = SourceLines(body)
    /// File line of the body's first line.
    private let firstLine: Int
    /// The last column found: links come in document order, so the next one on the same line is counted
    /// from there, which keeps a paragraph of thousands of links linear.
    private var lastColumn: (line: Int, byte: Int, column: Int) = (0, 0, 1)

    /// A link or image as written in the Markdown.
    public struct Link: Equatable, Sendable {
        public var destination: String
        public var isImage: Bool
        public var position: SourcePosition
    }

    /// - Parameter allowRawHTML: when false (the default), raw HTML is left out of the output, as libcmark's safe mode does.
    public init(_ body: String, firstLine: Int, allowRawHTML: Bool) {
        // Smart punctuation is applied while parsing and UNSAFE while rendering; libcmark wants both in both calls.
        let options = CMARK_OPT_SMART | (allowRawHTML ? CMARK_OPT_UNSAFE : 0)
        self.options = options
        // CommonMark reads a NUL as U+FFFD; replaced here, it can neither end the C string early (hiding the rest
        // of the body from the link checks) nor shift libcmark's byte columns away from ours.
        let body = body.containsUTF8Byte(0) ? body.replacingOccurrences(of: "\0", with: "\u{FFFD}") : body
        root = body.withCString { cmark_parse_document($0, body.utf8.count, options) }
        self.body = body
        self.firstLine = firstLine
    }

    deinit { cmark_node_free(root) }

    /// Every link and image, in document order.
    public var links: [Link] { linkNodes().map(\.link) }

    private func linkNodes() -> [(node: OpaquePointer, link: Link)] {
        var found: [(OpaquePointer, Link)] = []
        guard let iterator = cmark_iter_new(root) else { return found }
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE else { continue }
            let destination = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            found.append((node, Link(destination: destination, isImage: type == CMARK_NODE_IMAGE, position: position(of: node))))
        }
        return found
    }

    private func position(of node: OpaquePointer) -> SourcePosition {
        let line = Int(cmark_node_get_start_line(node))
        let byteColumn = Int(cmark_node_get_start_column(node))
        var column = byteColumn
        if line >= 1, line <= lines.count {
            let range = lines.ranges[line - 1]
            let byte = range.lowerBound + min(max(byteColumn - 1, 0), range.count)
            var (from, counted) = (range.lowerBound, 1)
            if lastColumn.line == line, lastColumn.byte <= byte { (from, counted) = (lastColumn.byte, lastColumn.column) }
            column = counted + body.utf8Slice(from..<byte).count
            lastColumn = (line, byte, column)
        }
        return SourcePosition(line: line + firstLine - 1, column: column)
    }

    /// Replaces links: `rewrite` returns the opening tag to use instead of the link's own and what follows
    /// `</a>` (its text stays), or nil to keep the link as it is. Called once per link, in document order.
    public func rewriteLinks(_ rewrite: (Link) -> (openingTag: String, afterLink: String)?) {
        for (node, link) in linkNodes() where !link.isImage {
            guard let (openingTag, afterLink) = rewrite(link) else { continue }
            // A custom inline node prints its enter and exit text verbatim even in safe mode,
            // which is what a link whose attributes sitegen has escaped itself needs.
            guard let replacement = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) else { continue }
            cmark_node_set_on_enter(replacement, openingTag)
            cmark_node_set_on_exit(replacement, "</a>" + afterLink)
            while let child = cmark_node_first_child(node) { cmark_node_append_child(replacement, child) }
            cmark_node_insert_before(node, replacement)
            cmark_node_free(node)
        }
    }

    public func renderHTML() -> String {
        guard let html = cmark_render_html(root, options) else { return "" }
        defer { free(html) }
        return String(cString: html)
    }

    /// The HTML with where each link (not image) has its opening tag and its `</a>` ends, found by rendering the
    /// tree with a mark (byte 0x01) before and after each; nil when the marks do not pair up as expected, as when
    /// the text itself renders a 0x01. Adds the marks to the tree: call it last.
    func markedHTML() -> MarkdownBody.MarkedHTML? {
        let anchors = linkNodes().filter { !$0.link.isImage }
        for (node, _) in anchors {
            guard let before = cmark_node_new(CMARK_NODE_CUSTOM_INLINE), let after = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) else { return nil }
            cmark_node_set_on_enter(before, "\u{1}")
            cmark_node_set_on_enter(after, "\u{1}")
            cmark_node_insert_before(node, before)
            cmark_node_insert_after(node, after)
        }
        guard let rendered = cmark_render_html(root, options) else { return nil }
        defer { free(rendered) }
        let bytes = UnsafeRawBufferPointer(start: rendered, count: strlen(rendered))
        var html: [UInt8] = []
        html.reserveCapacity(bytes.count)
        var marked: [MarkdownBody.MarkedHTML.Anchor] = []
        var open: Int?  // where the link after an opening mark starts
        var runStart = 0
        for index in bytes.indices where bytes[index] == 0x01 {
            html.append(contentsOf: bytes[runStart..<index])
            runStart = index + 1
            if let start = open {
                // `<a href="…"…>` up to its first `>` (libcmark writes `>` in attributes as a reference), and `</a>` just before the mark.
                guard marked.count < anchors.count, html[start...].starts(with: Self.anchorStart), html[start...].reversed().starts(with: Self.anchorEnd.reversed()),
                      let tagEnd = html[start...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
                marked.append(.init(position: anchors[marked.count].link.position, openingTag: start..<tagEnd + 1, end: html.count))
                open = nil
            } else {
                open = html.count
            }
        }
        html.append(contentsOf: bytes[runStart...])
        guard open == nil, marked.count == anchors.count else { return nil }
        return MarkdownBody.MarkedHTML(html: html, anchors: marked)
    }

    private static let anchorStart = Array("<a href=\"".utf8)
    private static let anchorEnd = Array("</a>".utf8)
}
