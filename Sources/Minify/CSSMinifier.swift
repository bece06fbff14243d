import Mustache

/// Makes a template's CSS smaller without changing what it means, once when templates compile: comments go, runs of
/// whitespace become one space, and that space goes where CSS never needs it (beside `{`, `}`, `;`, `,`, `>` and
/// `~`, and after `:`); the `;` before a `}` goes too. Whitespace that can matter stays: before `:` (`a :hover`
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
        var index = 0
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
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x2F, index + 1 < bytes.count, bytes[index + 1] == 0x2A {  // a comment: like whitespace
                guard let end = find([0x2A, 0x2F], in: bytes, from: index + 2) else { break }
                pendingSpace = true
                index = end + 2
            } else if [0x20, 0x09, 0x0A, 0x0C, 0x0D].contains(byte) {
                pendingSpace = true
                index += 1
            } else if byte == 0x22 || byte == 0x27 {  // a string, with its escapes
                var end = index + 1
                while end < bytes.count, bytes[end] != byte, bytes[end] != 0x0A {
                    end = tags.end(at: end) ?? end + (bytes[end] == 0x5C ? 2 : 1)
                }
                end = min(end + 1, bytes.count)
                emit(bytes[index..<end])
                index = end
            } else if let end = tags.end(at: index) {
                emit(bytes[index..<end], tag: true)
                index = end
            } else if byte == 0x7D, out.last == 0x3B, !lastWasTag {  // `;}` -> `}`
                out.removeLast()
                emit(bytes[index...index])
                index += 1
            } else {
                emit(bytes[index...index])
                index += 1
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

    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard start <= bytes.count - needle.count else { return nil }
        return (start...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
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
