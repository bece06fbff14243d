import Artwork
import CCmark
import Foundation
import LinkChain
import Mustache

/// The HTML libcmark 0.30 writes for one node, said in Swift so that a node can be replaced by a custom node
/// writing the same bytes with something changed (an address as character references). `MarkdownTests` holds it
/// to libcmark's own output, node type by node type.
enum MarkdownHTML {
    /// Text and code: `&`, `<`, `>` and `"` as references, as libcmark's `escape_html` writes them.
    static func text(_ node: OpaquePointer) -> [UInt8] { escaped(literal(node)) }

    static func code(_ node: OpaquePointer) -> [UInt8] { Array("<code>".utf8) + escaped(literal(node)) + Array("</code>".utf8) }

    /// `<pre><code>`, with `class="language-…"` from the info string's first word.
    static func codeBlock(_ node: OpaquePointer) -> [UInt8] {
        let info = cmark_node_get_fence_info(node).map { Array(String(cString: $0).utf8) } ?? []
        var html = Array("<pre><code".utf8)
        if !info.isEmpty {
            html += Array(#" class="language-"#.utf8) + escaped(Array(info.prefix { !isSpace($0) })) + [UInt8(ascii: "\"")]
        }
        return html + [UInt8(ascii: ">")] + escaped(literal(node)) + Array("</code></pre>\n".utf8)
    }

    static func linkOpeningTag(_ node: OpaquePointer, unsafe: Bool) -> [UInt8] {
        var html = Array(#"<a href=""#.utf8) + href(node, unsafe: unsafe)
        let title = attribute(cmark_node_get_title(node))
        if !title.isEmpty { html += Array(#"" title=""#.utf8) + escaped(title) }
        return html + Array(#"">"#.utf8)
    }

    /// `<img src="…" alt="…" title="…" />`, the alt text being the children's text, code and raw HTML, escaped, with
    /// a space for each line break; `width` and `height` after them for a picture sitegen made (libcmark writes none).
    static func image(_ node: OpaquePointer, unsafe: Bool, size: PixelSize? = nil) -> [UInt8] {
        var html = Array(#"<img src=""#.utf8) + href(node, unsafe: unsafe) + Array(#"" alt=""#.utf8)
        html += escaped(plainText(node, rawHTML: true))
        let title = attribute(cmark_node_get_title(node))
        if !title.isEmpty { html += Array(#"" title=""#.utf8) + escaped(title) }
        if let size { html += Array(#"" width="\#(size.width)" height="\#(size.height)"#.utf8) }
        return html + Array(#"" />"#.utf8)
    }

    /// What a node's children say as plain text: their text and code (and, with `rawHTML`, their inline raw HTML as
    /// written), a space for each line break: an image's alt text, a heading's words.
    static func plainText(_ node: OpaquePointer, rawHTML: Bool) -> [UInt8] {
        var text: [UInt8] = []
        guard let iterator = cmark_iter_new(node) else { return text }
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let child = cmark_iter_get_node(iterator), child != node else { continue }
            switch cmark_node_get_type(child) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE: text += literal(child)
            case CMARK_NODE_HTML_INLINE where rawHTML: text += literal(child)
            case CMARK_NODE_LINEBREAK, CMARK_NODE_SOFTBREAK: text.append(UInt8(ascii: " "))
            default: break
            }
        }
        return text
    }

    static func literal(_ node: OpaquePointer) -> [UInt8] { attribute(cmark_node_get_literal(node)) }

    /// Whether raw HTML is a comment and nothing else (`<!-- … -->`, blank space around it).
    static func isComment(_ literal: [UInt8]) -> Bool {
        let trimmed = literal.drop(while: isSpace).reversed().drop(while: isSpace).reversed()
        return trimmed.starts(with: "<!--".utf8) && trimmed.reversed().starts(with: "-->".utf8.reversed()) && trimmed.count >= 7
    }

    /// Whether raw HTML is the tag of a `<script>` or `<style>` element (read as `RawTextElement.named` reads one),
    /// and whether it opens or closes one: what such an element holds is code, not text with addresses.
    /// Nil for any other; true when it opens one.
    static func opensRawCodeElement(_ literal: [UInt8]) -> Bool? {
        guard literal.first == UInt8(ascii: "<") else { return nil }
        let closes = literal.dropFirst().first == UInt8(ascii: "/")
        guard RawTextElement.named(in: literal, at: closes ? 2 : 1) != nil else { return nil }
        return !closes
    }

    private static func attribute(_ text: UnsafePointer<CChar>?) -> [UInt8] {
        text.map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0))) } ?? []
    }

    /// The link's destination as libcmark writes it into `href` or `src`: empty for a `javascript:`, `vbscript:`,
    /// `file:` or non-image `data:` address unless raw HTML is allowed; otherwise escaped as `escape_href` does.
    private static func href(_ node: OpaquePointer, unsafe: Bool) -> [UInt8] {
        let url = attribute(cmark_node_get_url(node))
        if !unsafe, isDangerous(url) { return [] }
        var html: [UInt8] = []
        html.reserveCapacity(url.count)
        for byte in url {
            if hrefSafe[Int(byte)] { html.append(byte); continue }
            switch byte {
            case UInt8(ascii: "&"): html += Array("&amp;".utf8)
            case UInt8(ascii: "'"): html += Array("&#x27;".utf8)
            default: PercentEncoding.appendEscape(byte, to: &html)
            }
        }
        return html
    }

    /// libcmark's dangerous URL rule, ASCII case-insensitive.
    static func isDangerous(_ url: [UInt8]) -> Bool {
        let lowered = url.prefix(16).map(ASCII.lowercased)
        func starts(_ prefix: String) -> Bool { lowered.starts(with: prefix.utf8) }
        if ["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"].contains(where: starts) { return false }
        return ["javascript:", "vbscript:", "file:", "data:"].contains(where: starts)
    }

    /// Bytes `escape_href` writes as they are: ASCII letters and digits and `-_.+!*(),%#@?=;:/$~`.
    private static let hrefSafe: [Bool] = (0..<256).map { byte in
        guard byte < 0x80 else { return false }
        let scalar = Unicode.Scalar(UInt8(byte))
        return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || "-_.+!*(),%#@?=;:/$~".unicodeScalars.contains(scalar)
    }

    private static func isSpace(_ byte: UInt8) -> Bool { [9, 10, 11, 12, 13, 32].contains(byte) }

    static func escaped(_ bytes: [UInt8]) -> [UInt8] {
        var html: [UInt8] = []
        html.reserveCapacity(bytes.count)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): html += Array("&amp;".utf8)
            case UInt8(ascii: "<"): html += Array("&lt;".utf8)
            case UInt8(ascii: ">"): html += Array("&gt;".utf8)
            case UInt8(ascii: "\""): html += Array("&quot;".utf8)
            default: html.append(byte)
            }
        }
        return html
    }
}
