#if canImport(HTMLReading)
import HTMLReading  // CharacterReferences; the fuzz harness compiles its file into one module with this one
#endif

/// The `rel="me"` links of an HTML document, found the way Mastodon's link verification finds them: `<a>` and
/// `<link>` elements whose `rel` holds the token `me` (`rel="me"`, `rel="nofollow me"`, any case), with their
/// `href` as written. A tokenizer, not a full parser: it skips comments, doctype and processing instructions, and
/// the raw text of `<script>`, `<style>`, `<textarea>`, `<title>` and the like, where a tag is only text; it reads
/// attributes in any order, double-, single- or unquoted, and keeps the first of a repeated attribute, as browsers do.
enum RelMeLinks {
    struct Link: Equatable, Sendable {
        /// `a` or `link`.
        var element: String
        var href: String
    }

    /// Elements whose content is text up to their end tag.
    private static let rawTextElements: Set<String> = ["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "plaintext"]

    static func scan(_ html: String) -> [Link] {
        var scanner = Scanner(bytes: Array(html.utf8))
        var links: [Link] = []
        while let tag = scanner.nextStartTag() {
            if tag.name == "a" || tag.name == "link", let rel = tag.attributes["rel"], let href = tag.attributes["href"],
               relTokens(rel).contains("me") {
                links.append(Link(element: tag.name, href: href))
            }
            if rawTextElements.contains(tag.name) { scanner.skipRawText(until: tag.name) }
        }
        return links
    }

    /// A `rel` value's tokens, lowercased: split on ASCII whitespace, as HTML splits token lists.
    static func relTokens(_ value: String) -> [String] {
        value.lowercased().split(whereSeparator: { " \t\n\r\u{0C}".contains($0) }).map(String.init)
    }

    struct Tag {
        var name: String
        var attributes: [String: String]
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        private static let lessThan = UInt8(ascii: "<"), greaterThan = UInt8(ascii: ">"), slash = UInt8(ascii: "/")
        private static let equals = UInt8(ascii: "="), bang = UInt8(ascii: "!"), question = UInt8(ascii: "?")

        static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D }
        static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }

        /// The next start tag, past any end tags, comments and declarations; nil at the end.
        mutating func nextStartTag() -> Tag? {
            while index < bytes.count {
                guard bytes[index] == Self.lessThan, index + 1 < bytes.count else { index += 1; continue }
                let next = bytes[index + 1]
                if next == Self.bang, starts(with: "<!--", at: index) {
                    index = (find("-->", from: index + 4) ?? bytes.count - 3) + 3
                } else if next == Self.bang || next == Self.question || next == Self.slash {
                    // Declarations, processing instructions and end tags: nothing in them is a link.
                    index = (firstIndex(of: Self.greaterThan, from: index + 2) ?? bytes.count - 1) + 1
                } else if Self.isLetter(next) {
                    index += 1
                    return readTag()
                } else {
                    index += 1
                }
            }
            return nil
        }

        /// Moves past `</name`, compared without case: what a raw-text element's content ends at.
        mutating func skipRawText(until name: String) {
            let end = Array(("</" + name).utf8)
            while index < bytes.count {
                guard let found = find("</", from: index) else { index = bytes.count; return }
                index = found + 2
                if found + end.count <= bytes.count,
                   zip(bytes[found..<(found + end.count)], end).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) {
                    let after = found + end.count
                    if after == bytes.count || Self.isSpace(bytes[after]) || bytes[after] == Self.slash || bytes[after] == Self.greaterThan {
                        index = found
                        return
                    }
                }
            }
        }

        /// The tag whose name starts at `index`, up to and past its `>`.
        private mutating func readTag() -> Tag {
            let name = readWhile { !Self.isSpace($0) && $0 != Self.slash && $0 != Self.greaterThan }.lowercased()
            var attributes: [String: String] = [:]
            while index < bytes.count {
                let byte = bytes[index]
                if byte == Self.greaterThan { index += 1; break }
                if Self.isSpace(byte) || byte == Self.slash { index += 1; continue }
                // The first character may be '=' (an odd but valid attribute name).
                let first = index
                index += 1
                while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != Self.slash, bytes[index] != Self.greaterThan,
                      bytes[index] != Self.equals { index += 1 }
                let attributeName = String(decoding: bytes[first..<index], as: UTF8.self).lowercased()
                skipSpaces()
                var value = ""
                if index < bytes.count, bytes[index] == Self.equals {
                    index += 1
                    skipSpaces()
                    value = CharacterReferences.decode(readValue())
                }
                if attributes[attributeName] == nil { attributes[attributeName] = value }
            }
            return Tag(name: name, attributes: attributes)
        }

        private mutating func readValue() -> String {
            guard index < bytes.count else { return "" }
            let quote = bytes[index]
            if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                index += 1
                let value = readWhile { $0 != quote }
                if index < bytes.count { index += 1 }
                return value
            }
            return readWhile { !Self.isSpace($0) && $0 != Self.greaterThan }
        }

        private mutating func readWhile(_ keep: (UInt8) -> Bool) -> String {
            let start = index
            while index < bytes.count, keep(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        private mutating func skipSpaces() {
            while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
        }

        private func starts(with text: String, at position: Int) -> Bool {
            var position = position
            for byte in text.utf8 {
                guard position < bytes.count, bytes[position] == byte else { return false }
                position += 1
            }
            return true
        }

        private func find(_ text: String, from start: Int) -> Int? {
            let first = text.utf8.first!
            var position = start
            while let candidate = firstIndex(of: first, from: position) {
                if starts(with: text, at: candidate) { return candidate }
                position = candidate + 1
            }
            return nil
        }

        private func firstIndex(of byte: UInt8, from start: Int) -> Int? {
            guard start < bytes.count else { return nil }
            return bytes[start...].firstIndex(of: byte)
        }
    }
}
