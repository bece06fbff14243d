import CCmark
import Foundation
import Artwork
import SiteBasics

/// A page's Markdown body as a value: its text and where it starts, and the links it holds (found by libcmark when
/// the page is parsed, for the link checks and the resolver). Rendering takes the tree parsed then (or, the second
/// time, parses again) and changes it before libcmark writes it: chain links and protected addresses are written
/// where their nodes are, so nothing reads the HTML back. Nothing a later stage does changes a page that was handed over.
package struct MarkdownBody: Equatable, Sendable {
    package let text: String
    /// File line of the body's first line.
    package let firstLine: Int
    package let allowRawHTML: Bool
    /// Every link and image, in document order.
    package let links: [MarkdownDocument.Link]
    /// Where raw HTML starts that the page leaves out (none when `allowRawHTML`), comments not counted: a
    /// comment left out is what its author meant.
    package let omittedRawHTML: [SourcePosition]
    /// The words of the first heading that has any, as `MarkdownDocument.firstHeading` reads them.
    package let firstHeading: String?
    /// The tree the links were read from, kept for the render that follows: parsing is most of the Markdown's cost.
    private let tree: ParsedTree

    package init(_ text: String, firstLine: Int, allowRawHTML: Bool) {
        self.text = text
        self.firstLine = firstLine
        self.allowRawHTML = allowRawHTML
        let document = MarkdownDocument(text, firstLine: firstLine, allowRawHTML: allowRawHTML)
        links = document.links
        omittedRawHTML = allowRawHTML ? [] : document.rawHTMLPositions
        firstHeading = document.firstHeading
        tree = ParsedTree(document)
    }

    /// The same text read the same way; the kept tree is only a saving.
    package static func == (a: MarkdownBody, b: MarkdownBody) -> Bool {
        a.text == b.text && a.firstLine == b.firstLine && a.allowRawHTML == b.allowRawHTML && a.links == b.links
            && a.omittedRawHTML == b.omittedRawHTML
    }

    /// A parsed tree handed out once: a render changes the tree it writes, so a second render parses again.
    private final class ParsedTree: @unchecked Sendable {
        private let lock = NSLock()
        private var document: MarkdownDocument?

        init(_ document: MarkdownDocument) { self.document = document }

        func take() -> MarkdownDocument? {
            lock.withLock {
                defer { document = nil }
                return document
            }
        }
    }

    /// The HTML, with each link whose position `rewrites` names given that opening tag and what follows its `</a>`,
    /// every address `shield` knows written as character references wherever the body writes it, and each image whose
    /// position `imageSizes` names given its `width` and `height`.
    package func renderHTML(rewriting rewrites: [SourcePosition: (openingTag: String, afterLink: String)] = [:],
                    shield: EmailShield? = nil, imageSizes: [SourcePosition: PixelSize] = [:]) -> String {
        let document = tree.take() ?? MarkdownDocument(text, firstLine: firstLine, allowRawHTML: allowRawHTML)
        if !rewrites.isEmpty { document.rewriteLinks { rewrites[$0.position] } }
        if let shield {
            document.protectAddresses(shield, imageSizes: imageSizes)
        } else if !imageSizes.isEmpty {
            document.replaceNodes(imageSizes: imageSizes) { _ in nil }
        }
        return document.renderHTML()
    }

    package func renderHTML() -> String { renderHTML(rewriting: [:]) }
}

/// A Markdown body parsed by libcmark. The tree is owned by this object and freed with it.
///
/// Not thread-safe: one document is used by one task at a time, and lives only inside a stage.
package final class MarkdownDocument {
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
    package struct Link: Equatable, Sendable {
        package var destination: String
        package var isImage: Bool
        package var position: SourcePosition
    }

    /// - Parameter allowRawHTML: when false (the default), raw HTML is left out of the output, as libcmark's safe mode does.
    package init(_ body: String, firstLine: Int, allowRawHTML: Bool) {
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
    package var links: [Link] { linkNodes().map(\.link) }

    /// Where each piece of raw HTML (a block or an inline tag) starts, in document order, HTML comments left out.
    package var rawHTMLPositions: [SourcePosition] {
        var found: [SourcePosition] = []
        guard let iterator = cmark_iter_new(root) else { return found }
        defer { cmark_iter_free(iterator) }
        // An image's raw HTML is part of its alt text, written escaped, not left out.
        var insideImage = 0
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_IMAGE { insideImage += event == CMARK_EVENT_ENTER ? 1 : -1 }
            guard event == CMARK_EVENT_ENTER, insideImage == 0, type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE else { continue }
            if MarkdownHTML.isComment(MarkdownHTML.literal(node)) { continue }
            found.append(position(of: node))
        }
        return found
    }

    /// The words of the first heading that has any: its text and code, a space for each line break, trimmed (emphasis
    /// marks and raw HTML are Markdown, not words; smart punctuation is applied, as the page shows it). Nil when no
    /// heading has words: a page without a `title` is named by it.
    package var firstHeading: String? {
        guard let iterator = cmark_iter_new(root) else { return nil }
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_HEADING else {
                continue
            }
            let words = String(decoding: MarkdownHTML.plainText(node, rawHTML: false), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if !words.isEmpty { return words }
        }
        return nil
    }

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
    package func rewriteLinks(_ rewrite: (Link) -> (openingTag: String, afterLink: String)?) {
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

    package func renderHTML() -> String {
        guard let html = cmark_render_html(root, options) else { return "" }
        defer { free(html) }
        return String(cString: html)
    }

    /// Writes every address `shield` knows as character references, where the tree holds it: text, code,
    /// raw HTML (not a `<script>` or `<style>` element's), a link's address and title, an image's. Each node that
    /// holds one is replaced by a custom node that writes, protected, the bytes libcmark would have written; nodes
    /// without one stay as they are. Call after `rewriteLinks`: a chain link's opening tag is protected already
    /// (`ChainMarkup.attributes`), its text is protected here.
    func protectAddresses(_ shield: EmailShield, imageSizes: [SourcePosition: PixelSize] = [:]) {
        // Adjacent text nodes as one: smart punctuation splits "ann@example.org" at its dots.
        cmark_consolidate_text_nodes(root)
        replaceNodes(imageSizes: imageSizes) { shield.protected($0) }
    }

    /// Replaces each node whose HTML `replace` changes (returns non-nil for) by a custom node writing that HTML;
    /// a link's children stay in the tree. What `replace` is given is what libcmark writes for the node (for a link,
    /// its opening tag): `MarkdownHTML` says it the same way, node by node. An image whose position `imageSizes`
    /// names is written with its `width` and `height`, whether `replace` changes it or not.
    func replaceNodes(imageSizes: [SourcePosition: PixelSize] = [:], _ replace: ([UInt8]) -> [UInt8]?) {
        var replacements: [(node: OpaquePointer, html: [UInt8], isBlock: Bool)] = []
        guard let iterator = cmark_iter_new(root) else { return }
        let rawHTMLAllowed = allowsRawHTML
        var insideImage = 0
        // Inside a `<script>` or `<style>` element that raw inline HTML opened: code, not text.
        var insideRawCode = false
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_IMAGE {
                // An image's text is its alt attribute, written from its children as plain text: the image is written whole.
                if event == CMARK_EVENT_ENTER {
                    if insideImage == 0 {
                        let size = imageSizes.isEmpty ? nil : imageSizes[position(of: node)]
                        let image = MarkdownHTML.image(node, unsafe: rawHTMLAllowed, size: size)
                        if let html = replace(image) ?? (size == nil ? nil : image) { replacements.append((node, html, false)) }
                    }
                    insideImage += 1
                } else {
                    insideImage -= 1
                }
                continue
            }
            guard event == CMARK_EVENT_ENTER, insideImage == 0 else { continue }
            let html: [UInt8]?
            switch type {
            case CMARK_NODE_TEXT where !insideRawCode: html = replace(MarkdownHTML.text(node))
            case CMARK_NODE_CODE where !insideRawCode: html = replace(MarkdownHTML.code(node))
            case CMARK_NODE_CODE_BLOCK: html = replace(MarkdownHTML.codeBlock(node))
            case CMARK_NODE_HTML_INLINE, CMARK_NODE_HTML_BLOCK:
                guard rawHTMLAllowed else { continue }
                let literal = MarkdownHTML.literal(node)
                let opensCode = MarkdownHTML.opensRawCodeElement(literal)
                if type == CMARK_NODE_HTML_INLINE, let opensCode { insideRawCode = opensCode }
                html = opensCode == nil && !insideRawCode ? replace(literal) : nil
            case CMARK_NODE_LINK: html = replace(MarkdownHTML.linkOpeningTag(node, unsafe: rawHTMLAllowed))
            default: html = nil
            }
            if let html { replacements.append((node, html, type == CMARK_NODE_CODE_BLOCK || type == CMARK_NODE_HTML_BLOCK)) }
        }
        cmark_iter_free(iterator)
        for (node, html, isBlock) in replacements {
            guard let replacement = cmark_node_new(isBlock ? CMARK_NODE_CUSTOM_BLOCK : CMARK_NODE_CUSTOM_INLINE) else { continue }
            cmark_node_set_on_enter(replacement, String(decoding: html, as: UTF8.self))
            if cmark_node_get_type(node) == CMARK_NODE_LINK {
                cmark_node_set_on_exit(replacement, "</a>")
                while let child = cmark_node_first_child(node) { cmark_node_append_child(replacement, child) }
            }
            cmark_node_insert_before(node, replacement)
            cmark_node_free(node)
        }
    }

    private var allowsRawHTML: Bool { options & CMARK_OPT_UNSAFE != 0 }
}

extension MarkdownDocument: CustomDebugStringConvertible {
    /// The tree as it stands, one node a line under its parent, in swift-markdown's `debugDescription()` style: what a
    /// test of this stage compares, rather than pieces of the HTML libcmark writes from it.
    ///
    ///     Document
    ///     └─ Paragraph
    ///        ├─ Text "Say "
    ///        └─ Link destination: "x:y"
    ///           └─ Emphasis
    ///              └─ Text "hi"
    package var debugDescription: String {
        var lines: [String] = []
        func dump(_ node: OpaquePointer, prefix: String, childPrefix: String) {
            lines.append(prefix + Self.describe(node))
            var child = cmark_node_first_child(node)
            while let current = child {
                let next = cmark_node_next(current)
                dump(current, prefix: childPrefix + (next == nil ? "└─ " : "├─ "), childPrefix: childPrefix + (next == nil ? "   " : "│  "))
                child = next
            }
        }
        dump(root, prefix: "", childPrefix: "")
        return lines.joined(separator: "\n")
    }

    private static func describe(_ node: OpaquePointer) -> String {
        /// In double quotes, escaped as Swift writes a string's `debugDescription`, but for the apostrophe.
        func quoted(_ text: UnsafePointer<CChar>?) -> String {
            (text.map { String(cString: $0) } ?? "").debugDescription.replacingOccurrences(of: #"\'"#, with: "'")
        }
        let literal = quoted(cmark_node_get_literal(node))
        let title = cmark_node_get_title(node).map { $0.pointee == 0 ? "" : " title: " + quoted($0) } ?? ""
        switch cmark_node_get_type(node) {
        case CMARK_NODE_DOCUMENT: return "Document"
        case CMARK_NODE_BLOCK_QUOTE: return "BlockQuote"
        case CMARK_NODE_LIST: return cmark_node_get_list_type(node) == CMARK_ORDERED_LIST ? "OrderedList" : "UnorderedList"
        case CMARK_NODE_ITEM: return "ListItem"
        case CMARK_NODE_CODE_BLOCK:
            let info = cmark_node_get_fence_info(node).map { $0.pointee == 0 ? "" : " language: " + quoted($0) } ?? ""
            return "CodeBlock\(info) " + literal
        case CMARK_NODE_HTML_BLOCK: return "HTMLBlock " + literal
        case CMARK_NODE_PARAGRAPH: return "Paragraph"
        case CMARK_NODE_HEADING: return "Heading level: \(cmark_node_get_heading_level(node))"
        case CMARK_NODE_THEMATIC_BREAK: return "ThematicBreak"
        case CMARK_NODE_TEXT: return "Text " + literal
        case CMARK_NODE_SOFTBREAK: return "SoftBreak"
        case CMARK_NODE_LINEBREAK: return "LineBreak"
        case CMARK_NODE_CODE: return "InlineCode " + literal
        case CMARK_NODE_HTML_INLINE: return "InlineHTML " + literal
        case CMARK_NODE_EMPH: return "Emphasis"
        case CMARK_NODE_STRONG: return "Strong"
        case CMARK_NODE_LINK: return "Link destination: " + quoted(cmark_node_get_url(node)) + title
        case CMARK_NODE_IMAGE: return "Image source: " + quoted(cmark_node_get_url(node)) + title
        case CMARK_NODE_CUSTOM_BLOCK, CMARK_NODE_CUSTOM_INLINE:
            // What sitegen wrote in the node's place: libcmark writes it as it is.
            let kind = cmark_node_get_type(node) == CMARK_NODE_CUSTOM_BLOCK ? "CustomBlock" : "CustomInline"
            let exit = cmark_node_get_on_exit(node).map { $0.pointee == 0 ? "" : " then: " + quoted($0) } ?? ""
            return kind + " " + quoted(cmark_node_get_on_enter(node)) + exit
        default: return String(cString: cmark_node_get_type_string(node))
        }
    }
}
