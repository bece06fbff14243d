/// The kinds of tag the scanner recognises.
enum TagKind: Sendable, Equatable {
    case variable       // {{name}}
    case unescaped      // {{{name}}} or {{&name}}
    case section        // {{#name}}
    case inverted       // {{^name}}
    case close          // {{/name}}
    case partial        // {{>name}}
    case parent         // {{<name}}
    case block          // {{$name}}
    case comment        // {{!…}}
    case setDelimiter   // {{=<% %>=}}

    /// Interpolations are never standalone.
    var isInterpolation: Bool { self == .variable || self == .unescaped }
}

struct Tag {
    var kind: TagKind
    /// Trimmed content (empty for comments and set-delimiter tags).
    var name: String
    /// Byte offset of the opening delimiter.
    var offset: Int
    /// Byte offset just after the closing delimiter.
    var end: Int
    /// 1-based line of the opening delimiter.
    var line: Int
    /// Byte offset where that line starts.
    var lineOffset: Int
    /// The delimiters in force for this tag, for messages.
    var open: String
    var close: String
}

enum Token {
    /// Literal bytes `start..<end`, never containing a line feed.
    case text(Int, Int)
    /// A line ending (`\n` or `\r\n`) at `start..<end`.
    case newline(Int, Int)
    case tag(Tag)
}

/// Splits a template into text, line endings and tags, applying set-delimiter tags as it goes.
struct Scanner {
    let source: [UInt8]
    let templateName: String
    private(set) var tokens: [Token] = []
    private(set) var errors: [MustacheError] = []
    /// Set when a tag could not be closed: the token stream is then unreliable for structure checks.
    private(set) var broken = false

    init(source: [UInt8], templateName: String) {
        self.source = source
        self.templateName = templateName
    }

    func column(of offset: Int, lineOffset: Int) -> Int {
        String(decoding: source[lineOffset..<offset], as: UTF8.self).count + 1
    }

    private mutating func fail(_ message: String, at offset: Int, line: Int, lineOffset: Int) {
        errors.append(MustacheError(templateName: templateName, line: line,
                                    column: column(of: offset, lineOffset: lineOffset), message: message))
    }

    /// First index `>= from` where `needle` starts and ends before `limit`, or nil.
    private func find(_ needle: [UInt8], from start: Int, before limit: Int? = nil) -> Int? {
        let count = limit ?? source.count, length = needle.count
        guard length > 0, start + length <= count else { return nil }
        let first = needle[0]
        var index = start
        let last = count - length
        while index <= last {
            if source[index] == first {
                var matched = 1
                while matched < length && source[index + matched] == needle[matched] { matched += 1 }
                if matched == length { return index }
            }
            index += 1
        }
        return nil
    }

    private func hasPrefix(_ needle: [UInt8], at index: Int) -> Bool {
        guard index + needle.count <= source.count else { return false }
        for offset in 0..<needle.count where source[index + offset] != needle[offset] { return false }
        return true
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private func trimmed(_ start: Int, _ end: Int) -> (Int, Int) {
        var lower = start, upper = end
        while lower < upper && Scanner.isWhitespace(source[lower]) { lower += 1 }
        while upper > lower && Scanner.isWhitespace(source[upper - 1]) { upper -= 1 }
        return (lower, upper)
    }

    private func string(_ start: Int, _ end: Int) -> String {
        String(decoding: source[start..<end], as: UTF8.self)
    }

    mutating func scan() {
        var open: [UInt8] = [0x7B, 0x7B]   // {{
        var close: [UInt8] = [0x7D, 0x7D]  // }}
        let count = source.count
        var index = 0, textStart = 0, line = 1, lineOffset = 0

        while index < count {
            let byte = source[index]
            if byte == 0x0A {
                var newlineStart = index
                if newlineStart > textStart && source[newlineStart - 1] == 0x0D { newlineStart -= 1 }
                if newlineStart > textStart { tokens.append(.text(textStart, newlineStart)) }
                tokens.append(.newline(newlineStart, index + 1))
                index += 1
                textStart = index
                line += 1
                lineOffset = index
                continue
            }
            guard byte == open[0] && hasPrefix(open, at: index) else {
                index += 1
                continue
            }

            // A tag starts here.
            if index > textStart { tokens.append(.text(textStart, index)) }
            let tagStart = index, tagLine = line, tagLineOffset = lineOffset
            let openText = String(decoding: open, as: UTF8.self)
            let closeText = String(decoding: close, as: UTF8.self)
            let afterOpen = index + open.count
            let sigil: UInt8? = afterOpen < count ? source[afterOpen] : nil

            var kind: TagKind
            var contentStart: Int, contentEnd: Int, tagEnd: Int
            var expectedClose = close
            switch sigil {
            case 0x7B: // { triple mustache
                kind = .unescaped
                contentStart = afterOpen + 1
                expectedClose = [0x7D] + close
            case 0x3D: // = set delimiter
                kind = .setDelimiter
                contentStart = afterOpen + 1
                expectedClose = [0x3D] + close
            case 0x21: // ! comment
                kind = .comment
                contentStart = afterOpen + 1
            case 0x23: kind = .section; contentStart = afterOpen + 1
            case 0x5E: kind = .inverted; contentStart = afterOpen + 1
            case 0x2F: kind = .close; contentStart = afterOpen + 1
            case 0x3E: kind = .partial; contentStart = afterOpen + 1
            case 0x3C: kind = .parent; contentStart = afterOpen + 1
            case 0x24: kind = .block; contentStart = afterOpen + 1
            case 0x26: kind = .unescaped; contentStart = afterOpen + 1
            default: kind = .variable; contentStart = afterOpen
            }

            guard let closeAt = find(expectedClose, from: contentStart) else {
                if kind == .setDelimiter, find(close, from: contentStart) != nil {
                    fail("invalid set delimiter tag: expected '=\(closeText)' to end it",
                         at: tagStart, line: tagLine, lineOffset: tagLineOffset)
                } else {
                    fail("unclosed tag: expected '\(String(decoding: expectedClose, as: UTF8.self))'",
                         at: tagStart, line: tagLine, lineOffset: tagLineOffset)
                }
                broken = true
                return
            }
            contentEnd = closeAt
            tagEnd = closeAt + expectedClose.count

            // An opening delimiter inside the tag means this one was never closed.
            if kind != .comment && kind != .setDelimiter, let inner = find(open, from: contentStart, before: contentEnd) {
                fail("unclosed tag: expected '\(String(decoding: expectedClose, as: UTF8.self))' before the next '\(openText)'",
                     at: tagStart, line: tagLine, lineOffset: tagLineOffset)
                broken = true
                index = inner
                textStart = inner
                continue
            }

            // Line accounting for tags that span lines (comments mostly).
            var scanIndex = tagStart
            while scanIndex < tagEnd {
                if source[scanIndex] == 0x0A {
                    line += 1
                    lineOffset = scanIndex + 1
                }
                scanIndex += 1
            }
            index = tagEnd
            textStart = tagEnd

            let tagText = string(tagStart, tagEnd)
            switch kind {
            case .comment:
                tokens.append(.tag(Tag(kind: .comment, name: "", offset: tagStart, end: tagEnd, line: tagLine,
                                       lineOffset: tagLineOffset, open: openText, close: closeText)))
            case .setDelimiter:
                let parts = source[contentStart..<contentEnd]
                    .split(whereSeparator: Scanner.isWhitespace)
                    .map { Array($0) }
                if parts.count == 2, !parts[0].contains(0x3D), !parts[1].contains(0x3D) {
                    tokens.append(.tag(Tag(kind: .setDelimiter, name: "", offset: tagStart, end: tagEnd, line: tagLine,
                                           lineOffset: tagLineOffset, open: openText, close: closeText)))
                    open = parts[0]
                    close = parts[1]
                } else {
                    fail("invalid set delimiter tag '\(tagText)': expected two delimiters without '=' separated by whitespace",
                         at: tagStart, line: tagLine, lineOffset: tagLineOffset)
                }
            default:
                let (lower, upper) = trimmed(contentStart, contentEnd)
                let name = string(lower, upper)
                if let problem = Scanner.nameProblem(name, kind: kind) {
                    fail("\(problem) in tag '\(tagText)'", at: tagStart, line: tagLine, lineOffset: tagLineOffset)
                } else {
                    tokens.append(.tag(Tag(kind: kind, name: name, offset: tagStart, end: tagEnd, line: tagLine,
                                           lineOffset: tagLineOffset, open: openText, close: closeText)))
                }
            }
        }
        if textStart < count { tokens.append(.text(textStart, count)) }
    }

    /// Why `name` cannot be used in a tag of this kind, or nil when it can.
    static func nameProblem(_ name: String, kind: TagKind) -> String? {
        if name.isEmpty { return "empty tag name" }
        if name.utf8.contains(where: isWhitespace) { return "tag name '\(name)' contains whitespace" }
        switch kind {
        case .variable, .unescaped, .section, .inverted, .close:
            if name != ".", name.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
                return "invalid dotted name '\(name)'"
            }
            return nil
        default:
            return nil
        }
    }
}
