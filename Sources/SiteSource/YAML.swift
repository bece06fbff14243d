import CYAML
import LinkChain
import SiteBasics

/// A YAML document as a tree whose every node remembers where it was written, so that
/// errors about a value can point at it.
package indirect enum YAMLNode: Equatable, Sendable {
    /// `plain` is true for unquoted scalars: only those may mean `true`, `false` or null.
    case scalar(String, plain: Bool, at: SourcePosition)
    case mapping([(key: YAMLNode, value: YAMLNode)], at: SourcePosition)
    case sequence([YAMLNode], at: SourcePosition)

    package var position: SourcePosition {
        switch self {
        case .scalar(_, _, let at), .mapping(_, let at), .sequence(_, let at): return at
        }
    }

    /// What the node is, in words, for "expected X, found Y" messages.
    package var kindDescription: String {
        switch self {
        case .scalar: return "a text value"
        case .mapping: return "a mapping of keys to values"
        case .sequence: return "a list"
        }
    }

    package static func == (a: YAMLNode, b: YAMLNode) -> Bool {
        switch (a, b) {
        case let (.scalar(x, p, q), .scalar(y, r, s)): return x == y && p == r && q == s
        case let (.sequence(x, p), .sequence(y, q)): return x == y && p == q
        case let (.mapping(x, p), .mapping(y, q)):
            return p == q && x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }
}

package struct YAMLError: Error, Equatable, Sendable {
    package var position: SourcePosition
    package var message: String
}

/// Reads YAML with libyaml's event parser into `YAMLNode`s.
///
/// Aliases are refused (front matter has no use for them and they allow exponential expansion), and
/// nesting is bounded because libyaml 0.2.5 itself has no depth limit.
package enum YAMLReader {
    package static let maximumDepth = 64

    /// What no value may hold: control characters but tab and line feed (C0, DEL, C1 such as U+0085), the line and
    /// paragraph separators, and the bidirectional embeddings, overrides and isolates that can spoof a name.
    package static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        (ControlCharacters.isControlOrLineSeparator(scalar) && scalar != "\t" && scalar != "\n") || ControlCharacters.isBidiControl(scalar)
    }

    /// Parses one document. An empty document gives an empty mapping.
    /// `lineOffset` is added to every line so positions refer to the enclosing file, and `file` names it.
    package static func parse(_ text: String, lineOffset: Int = 0, file: SourcePosition.File = .page) throws(YAMLError) -> YAMLNode {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw YAMLError(position: SourcePosition(line: lineOffset + 1, column: 1, file: file), message: "out of memory")
        }
        defer { yaml_parser_delete(&parser) }
        var bytes = Array(text.utf8)
        let result: Result<YAMLNode, YAMLError> = bytes.withUnsafeMutableBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var builder = TreeBuilder(lineOffset: lineOffset, file: file, input: buffer)
            return Result { () throws(YAMLError) in try builder.run(&parser) }
        }
        return try result.get()
    }

    private struct TreeBuilder {
        let lineOffset: Int
        let file: SourcePosition.File
        /// The text being parsed, for errors libyaml reports by byte offset rather than line and column.
        let input: UnsafeMutableBufferPointer<UInt8>

        /// Containers being built, innermost last. A mapping keeps the line of each key, to find duplicates
        /// without searching its pairs.
        private enum Open {
            case mapping([(key: YAMLNode, value: YAMLNode)], pendingKey: YAMLNode?, keyLines: [String: Int], at: SourcePosition)
            case sequence([YAMLNode], at: SourcePosition)
        }
        private var stack: [Open] = []
        private var root: YAMLNode?

        init(lineOffset: Int, file: SourcePosition.File, input: UnsafeMutableBufferPointer<UInt8>) {
            self.lineOffset = lineOffset; self.file = file; self.input = input
        }

        func position(_ mark: yaml_mark_t) -> SourcePosition {
            SourcePosition(line: Int(mark.line) + 1 + lineOffset, column: Int(mark.column) + 1, file: file)
        }

        mutating func run(_ parser: inout yaml_parser_t) throws(YAMLError) -> YAMLNode {
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { throw parserError(parser) }
                defer { yaml_event_delete(&event) }
                let at = position(event.start_mark)
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return root ?? .mapping([], at: SourcePosition(line: lineOffset + 1, column: 1, file: file))
                case YAML_DOCUMENT_START_EVENT where root != nil:
                    throw YAMLError(position: at, message: "front matter holds more than one YAML document")
                case YAML_ALIAS_EVENT:
                    throw YAMLError(position: at, message: "YAML aliases (*name) are not supported in front matter; write the value out")
                case YAML_SCALAR_EVENT:
                    let scalar = event.data.scalar
                    let value = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                    if let character = value.unicodeScalars.first(where: YAMLReader.isRefused) {
                        // Only an escape ("\a", "\e", "\u202E") can write one: the reader refuses them as bytes.
                        throw YAMLError(position: at, message: ControlCharacters.isBidiControl(character)
                            ? "the value holds \(UnicodeName.describe(character)), a bidirectional override written as an escape, which reorders what visitors read (a name can be spoofed with it): remove it"
                            : "the value holds the control character \(UnicodeName.describe(character)), written as an escape, which would reach the page and the contact card: remove it")
                    }
                    try add(.scalar(value, plain: scalar.style == YAML_PLAIN_SCALAR_STYLE, at: at))
                case YAML_MAPPING_START_EVENT:
                    try open(.mapping([], pendingKey: nil, keyLines: [:], at: at), at: at)
                case YAML_SEQUENCE_START_EVENT:
                    try open(.sequence([], at: at), at: at)
                case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
                    switch stack.removeLast() {
                    case .mapping(let pairs, _, _, let start): try add(.mapping(pairs, at: start))
                    case .sequence(let items, let start): try add(.sequence(items, at: start))
                    }
                default:
                    continue
                }
            }
        }

        private mutating func open(_ container: Open, at: SourcePosition) throws(YAMLError) {
            guard stack.count < YAMLReader.maximumDepth else {
                throw YAMLError(position: at, message: "YAML nested more than \(YAMLReader.maximumDepth) levels deep")
            }
            stack.append(container)
        }

        private mutating func add(_ node: YAMLNode) throws(YAMLError) {
            guard let top = stack.popLast() else { root = node; return }
            // `consume` hands the arrays over without a second reference, so appending does not copy them:
            // without it a list or mapping of n items took time in n squared to read.
            switch consume top {
            case .sequence(var items, let at):
                items.append(node)
                stack.append(.sequence(items, at: at))
            case .mapping(var pairs, let pendingKey, var keyLines, let at):
                if let key = pendingKey {
                    pairs.append((key: key, value: node))
                    stack.append(.mapping(pairs, pendingKey: nil, keyLines: keyLines, at: at))
                } else {
                    guard case .scalar(let name, _, _) = node else {
                        throw YAMLError(position: node.position, message: "a key must be plain text, not \(node.kindDescription)")
                    }
                    if let firstLine = keyLines[name] {
                        throw YAMLError(position: node.position, message: "duplicate key '\(name)' (first given at line \(firstLine))")
                    }
                    keyLines[name] = node.position.line
                    stack.append(.mapping(pairs, pendingKey: node, keyLines: keyLines, at: at))
                }
            }
        }

        func parserError(_ parser: yaml_parser_t) -> YAMLError {
            let problem = parser.problem.map { String(cString: $0) } ?? "invalid YAML"
            if parser.error == YAML_READER_ERROR {
                // The reader (control characters, ...) gives a byte offset and the offending character, not a mark.
                let offset = min(parser.problem_offset, input.count)
                let lineStart = input[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                let line = input[..<offset].count(where: { $0 == 0x0A }) + 1 + lineOffset
                let column = String(decoding: input[lineStart..<offset], as: UTF8.self).count + 1
                let character = parser.problem_value >= 0 ? " (\(UnicodeName.describe(codePoint: UInt32(parser.problem_value))))" : ""
                return YAMLError(position: SourcePosition(line: line, column: column, file: file), message: problem + character)
            }
            var message = problem
            if let context = parser.context.map({ String(cString: $0) }) {
                let start = position(parser.context_mark)
                message += " \(context) that starts at line \(start.line), column \(start.column)"
            }
            return YAMLError(position: position(parser.problem_mark), message: message)
        }
    }
}

extension String {
    /// The string with zeros in front up to `width` characters (a year's four digits).
    package func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

/// Text as a YAML double-quoted scalar, which holds any character: `"Ann \"Ace\" O'Neil"`.
package enum YAMLText {
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where ControlCharacters.isControlOrLineSeparator(scalar):
                result += "\\u" + UnicodeName.hex(scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
