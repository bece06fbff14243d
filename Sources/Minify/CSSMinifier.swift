import CSSSyntax
import Mustache

/// Makes a template's CSS smaller without changing what it means, once when templates compile: comments go, runs of
/// whitespace become one space, and that space goes where CSS never needs it (beside `{`, `}`, `;`, `,`, `>` and
/// `~`, and after `:`); the `;` before a `}` goes too. Read as CSSSyntax's tokens, so an escape (`\ `, `\{`) stays
/// one with the name it is part of. Whitespace that can matter stays: before `:` (`a :hover`
/// is not `a:hover`), before `(` (`and (`), and around `+` and `-` (`calc(1rem + 2px)`). Strings and Mustache tags
/// are copied as they are.
package enum CSSMinifier {
    package static func minify(_ text: String) -> String {
        let bytes = Array(text.utf8)
        // A text whose tags do not compile is left as written: compiling it reports where.
        guard let tags = TemplateTags(bytes) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var pendingSpace = false
        // A tag's braces are not CSS's: the space beside a tag stays.
        var lastWasTag = false
        func emit(_ slice: ArraySlice<UInt8>, tag: Bool = false) {
            // `{` and a `{{` tag stay apart, or they would read as `{{{`.
            if pendingSpace, let last = out.last, lastWasTag || !dropsSpaceAfter(last) || (tag && last == slice.first),
               tag || !dropsSpaceBefore(slice.first!) {
                out.append(0x20)
            }
            pendingSpace = false
            lastWasTag = tag
            out.append(contentsOf: slice)
        }
        // A newline ends a string left open, as browsers read it: it stays, or the string would run on.
        var afterOpenString = false
        for token in CSSTokenizer(utf8: bytes, opaque: tags.end(at:)) {
            defer {
                if case .string(_, closed: false) = token.kind { afterOpenString = true } else { afterOpenString = false }
            }
            switch token.kind {
            case .comment:
                pendingSpace = true
            case .whitespace where afterOpenString:
                let newline = token.range.lowerBound
                emit(bytes[newline...newline])
                pendingSpace = token.range.count > 1
            case .whitespace:
                pendingSpace = true
            case .opaque:
                emit(bytes[token.range], tag: true)
            case .delim("}") where out.last == 0x3B && !lastWasTag:  // `;}` -> `}`
                out.removeLast()
                emit(bytes[token.range])
            default:
                emit(bytes[token.range])
            }
        }
        if text.hasSuffix("\n") { out.append(0x0A) }  // the page's next line starts on a line of its own
        return String(decoding: out, as: UTF8.self)
    }

    /// `{`, `}`, `;`, `,`, `>`, `~` and `:` need no space after them.
    private static func dropsSpaceAfter(_ byte: UInt8) -> Bool {
        dropsSpaceBefore(byte) || byte == 0x3A
    }

    /// `{`, `}`, `;`, `,`, `>` and `~` need no space before them (`:` does: `a :hover`).
    private static func dropsSpaceBefore(_ byte: UInt8) -> Bool {
        [0x7B, 0x7D, 0x3B, 0x2C, 0x3E, 0x7E].contains(byte)
    }

}

/// Where the Mustache tags of a template's text end, by where they start, as the template compiler reads them: the
/// minifiers copy tags as they are.
struct TemplateTags {
    private let ends: [Int: Int]

    init?(_ bytes: [UInt8]) {
        guard let ranges = MustacheTemplates.tagRanges(in: bytes) else { return nil }
        ends = Dictionary(uniqueKeysWithValues: ranges.map { ($0.lowerBound, $0.upperBound) })
    }

    /// The index after the tag that starts at `index`, or nil when no tag starts there.
    func end(at index: Int) -> Int? { ends[index] }
}
