import Foundation
import SiteBasics

/// How to fix the YAML mistakes people make most, in words: libyaml's messages say what it met, not what to do.
enum YAMLHint {
    static func hint(for error: YAMLError, yaml: String, firstLine: Int) -> String? {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        let index = error.position.line - firstLine
        let line = (0..<lines.count).contains(index) ? String(lines[index]) : ""
        if error.message.contains("tab") || line.hasPrefix("\t") {
            return "YAML indents with spaces, never tabs: replace the tab at the start of the line with spaces"
        }
        if error.message.hasPrefix("found character that cannot start any token"), error.position.column >= 1,
           let written = Array(line.unicodeScalars).dropFirst(error.position.column - 1).first, written == "@" || written == "`" {
            // `mastodon: @grace@hachyderm.io`, as handles are written: YAML keeps '@' and '`' for later use.
            let value = String(line.unicodeScalars.dropFirst(error.position.column - 1)).trimmingCharacters(in: .whitespaces)
            let quoted = YAMLText.quoted(value)
            let key = String(line.unicodeScalars.prefix(error.position.column - 1)).drop { $0 == " " || $0 == "-" }
            return "a value that starts with '\(written)' must be quoted: \(key)\(quoted)"
        }
        let trimmedLine = line.drop { $0 == " " }
        if trimmedLine.hasPrefix("- ") || trimmedLine == "-",
           error.message.hasPrefix("did not find expected '-' indicator") || error.message.hasPrefix("did not find expected key") {
            // A list item indented apart from the items before it: libyaml names neither the list nor the dash.
            let indent = line.count - trimmedLine.count
            let before = lines.prefix(max(index, 0)).last { $0.drop { $0 == " " }.hasPrefix("- ") }
            let column = before.map { $0.count - $0.drop { $0 == " " }.count }
            guard let column, column != indent else { return "each item of a list starts with '- ', the items' dashes in one column" }
            return "the items of a list line up: this '-' is in column \(indent + 1), the item above's in column \(column + 1)"
        }
        if error.message.hasPrefix("duplicate key"), let givenAt = Int(error.message.split(separator: " ").last?.dropLast() ?? ""),
           isListItemKey(lines: lines, index: index, keyIndent: error.position.column - 1) {
            // Two items of a list run together: the second's '- ' was left out, so its keys join the first's.
            return "each item of a list starts with '- ': if a new item starts after line \(givenAt), begin its first line with '- '"
        }
        if error.message.hasPrefix("mapping values are not allowed") {
            // `description: What I do: sound design.` -> `description: "What I do: sound design."`
            let trimmed = line.drop { $0 == " " || $0 == "-" }
            if let colon = trimmed.range(of: ": "), !trimmed[..<colon.lowerBound].contains(" ") {
                let key = trimmed[..<colon.lowerBound], value = trimmed[colon.upperBound...].trimmingCharacters(in: .whitespaces)
                if value.contains(": "), !value.hasPrefix("\""), !value.hasPrefix("'") {
                    let quoted = YAMLText.quoted(value)
                    return "a value that holds ': ' must be quoted: \(key): \(quoted)"
                }
            }
            return "a key must start its own line at its parent's indentation; a value that holds ': ' must be quoted"
        }
        return nil
    }
}

extension YAMLHint {
    /// Whether the key on line `index`, `keyIndent` spaces in, belongs to a mapping that is an item of a list: above
    /// it, past its sibling keys, is the line that starts the item with '- '.
    static func isListItemKey(lines: [Substring], index: Int, keyIndent: Int) -> Bool {
        guard keyIndent >= 2, index < lines.count else { return false }
        for line in lines[..<max(index, 0)].reversed() {
            let content = line.drop { $0 == " " }
            if content.isEmpty || content.hasPrefix("#") { continue }
            let indent = line.count - content.count
            if indent > keyIndent || (indent == keyIndent && !content.hasPrefix("- ")) { continue }  // a sibling key, or a value under one
            return indent == keyIndent - 2 && content.hasPrefix("- ")
        }
        return false
    }

    /// `description: I am #1 at things` reads as "I am": YAML takes ` #` for the start of a comment. A plain value
    /// followed on its line by ` #` and a character that is not a space (`#1`, `#hashtag`; a comment is
    /// written `# like this`) gets a warning at the `#` with the quoted value as the hint.
    static func reportCommentsCuttingValues(_ pairs: [FrontMatterReader.YAMLPair], yaml: String, firstLine: Int, sink: inout DiagnosticSink) {
        guard yaml.containsUTF8("#") else { return }
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        // Each line's characters, made once: a flow list of thousands of values on one line is read once.
        var scalarsOfLine: [Int: [Unicode.Scalar]] = [:]
        func visit(_ node: YAMLNode, field: String) {
            switch node {
            case .mapping(let pairs, _):
                for (key, value) in pairs {
                    guard case .scalar(let name, _, let keyAt) = key else { continue }
                    if case .scalar("", true, _) = value { reportEmptiedValue(field: name, keyAt: keyAt) } else { visit(value, field: name) }
                }
            case .sequence(let items, _):
                items.forEach { visit($0, field: field) }
            case .scalar(let value, let plain, let at):
                let index = at.line - firstLine
                guard plain, !value.isEmpty, lines.indices.contains(index) else { return }
                let line = scalarsOfLine[index] ?? Array(lines[index].unicodeScalars), written = Array(value.unicodeScalars)
                scalarsOfLine[index] = line
                let end = at.column - 1 + written.count
                guard at.column >= 1, end < line.count, Array(line[(at.column - 1)..<end]) == written else { return }
                let gap = line[end...].prefix { $0 == " " || $0 == "\t" }.count
                let hash = end + gap
                guard gap > 0, hash + 1 < line.count, line[hash] == "#", !" \t\r#".unicodeScalars.contains(line[hash + 1]) else { return }
                var whole = String(String.UnicodeScalarView(line[(at.column - 1)...]))
                while whole.last == " " || whole.last == "\t" || whole.last == "\r" { whole.removeLast() }
                let quoted = YAMLText.quoted(whole)
                sink.report(.warning, line: at.line, column: hash + 1,
                            "'\(field)' ends before this '#': YAML reads ' #' and the rest of the line as a comment, so the value is '\(value)'",
                            hint: "to keep the '#', quote the value: \(field): \(quoted)")
            }
        }
        /// `color: #1f4e8c` reads as an empty value: the whole value was taken for a comment.
        func reportEmptiedValue(field: String, keyAt: SourcePosition) {
            let index = keyAt.line - firstLine
            guard keyAt.column >= 1, lines.indices.contains(index) else { return }
            let line = Array(lines[index].unicodeScalars)
            var at = keyAt.column - 1 + field.unicodeScalars.count
            guard at < line.count, line[at] == ":" else { return }
            at += 1
            let gap = line[at...].prefix { $0 == " " || $0 == "\t" }.count
            let hash = at + gap
            guard gap > 0, hash + 1 < line.count, line[hash] == "#", !" \t\r#".unicodeScalars.contains(line[hash + 1]) else { return }
            let rest = String(String.UnicodeScalarView(line[hash...]))
            // The value meant is the first word after the '#': `#1f4e8c   # my blue` meant "#1f4e8c".
            let meant = String(rest.prefix { $0 != " " && $0 != "\t" && $0 != "\r" })
            sink.report(.warning, line: keyAt.line, column: hash + 1,
                        "'\(field)' is empty: YAML reads ' #' and the rest of the line as a comment",
                        hint: "to keep the '#', quote the value: \(field): \(YAMLText.quoted(meant))")
        }
        for (key, value) in pairs {
            guard case .scalar(let name, _, let keyAt) = key else { continue }
            if case .scalar("", true, _) = value { reportEmptiedValue(field: name, keyAt: keyAt) } else { visit(value, field: name) }
        }
    }
}
