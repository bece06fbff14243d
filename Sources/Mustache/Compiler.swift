/// Turns the token stream of one template into its node tree, line by line.
///
/// Whitespace rules:
/// - A line holding only whitespace and one non-interpolation tag is *standalone*: the whitespace and the
///   line ending are dropped. Parent tags (`{{<p}}`, its `{{/p}}`) and the block tags written directly inside
///   a parent may share such a line (`{{<layout}}{{$content}}`, `{{/content}}{{/layout}}`).
/// - The whitespace before a standalone partial or parent tag becomes indentation, written at the start
///   of every line of the included template.
/// - Block content loses its *intrinsic indentation* on every line; when the block is expanded, the
///   indentation of the expansion site is added instead. For a block whose opening tag is standalone the
///   intrinsic indentation is that of its first non-blank content line (or of the tag when it has none);
///   otherwise it is the whitespace before the tag when the tag begins its line, else nothing.
struct Compiler {
    /// How deeply sections, parents and blocks may nest in one template. Node trees are rendered and freed
    /// recursively, so without a bound a long enough template overflows the stack.
    static let maxDepth = 64

    private let scanner: Scanner
    private let numbering: SlotNumbering
    private(set) var errors: [MustacheError] = []
    private var stack: [Frame]
    /// Set when the nesting bound is hit: the rest of the template is not compiled.
    private var tooDeep = false

    private struct Frame {
        enum Kind { case root, section, inverted, parent, block }
        var kind: Kind
        var tag: Tag?
        var nodes: [Node] = []
        /// Parent: indentation when the tag is standalone.
        var indent: String?
        /// Block: the opening tag is standalone and no content line has been seen yet.
        var pending = false
        /// Block: indentation of a standalone opening tag.
        var ownIndent: [UInt8] = []
        /// Block: indentation removed from every content line.
        var intrinsic: [UInt8] = []

        init(kind: Kind, tag: Tag?) {
            self.kind = kind
            self.tag = tag
        }
    }

    /// Compiles one template; returns nil and the errors when it has syntax errors.
    static func compile(name: String, source: String, numbering: SlotNumbering) -> (CompiledTemplate?, [MustacheError]) {
        var scanner = Scanner(source: Array(source.utf8), templateName: name)
        scanner.scan()
        if scanner.broken { return (nil, scanner.errors) }
        var compiler = Compiler(scanner: scanner, numbering: numbering)
        compiler.run()
        let errors = scanner.errors + compiler.errors
        guard errors.isEmpty else { return (nil, errors) }
        return (CompiledTemplate(name: name, nodes: compiler.stack[0].nodes), [])
    }

    private init(scanner: Scanner, numbering: SlotNumbering) {
        self.scanner = scanner
        self.numbering = numbering
        self.stack = [Frame(kind: .root, tag: nil)]
    }

    private var source: [UInt8] { scanner.source }

    private mutating func run() {
        let tokens = scanner.tokens
        var index = 0
        while index < tokens.count && !tooDeep {
            var end = index
            var newline: (Int, Int)?
            while end < tokens.count {
                if case .newline(let start, let stop) = tokens[end] {
                    newline = (start, stop)
                    break
                }
                end += 1
            }
            processLine(Array(tokens[index..<end]), newline: newline)
            index = end + 1
        }
        if tooDeep { return }
        while stack.count > 1 {
            let frame = stack[stack.count - 1]
            if let tag = frame.tag {
                error("unclosed \(Compiler.describe(frame.kind)) '\(tag.name)': expected '\(tag.open)/\(tag.name)\(tag.close)'",
                      at: tag)
            }
            closeTop()
        }
    }

    // MARK: - Lines

    private func isBlank(_ start: Int, _ end: Int) -> Bool {
        var index = start
        while index < end {
            let byte = source[index]
            if byte != 0x20 && byte != 0x09 { return false }
            index += 1
        }
        return true
    }

    /// Number of leading space/tab bytes of `start..<end`.
    private func leadingWhitespace(_ start: Int, _ end: Int) -> Int {
        var index = start
        while index < end && (source[index] == 0x20 || source[index] == 0x09) { index += 1 }
        return index - start
    }

    private mutating func processLine(_ tokens: [Token], newline: (Int, Int)?) {
        guard !tokens.isEmpty else {
            if let newline { appendText(newline.0, newline.1) }
            return
        }
        var line = tokens

        // Remove the intrinsic indentation of the blocks this line belongs to.
        let outdent = resolvedOutdent()
        if !outdent.isEmpty, case .text(let start, let end) = line[0] {
            var matched = 0
            while matched < outdent.count && start + matched < end && source[start + matched] == outdent[matched] {
                matched += 1
            }
            line[0] = .text(start + matched, end)
        }

        var lead = 0
        if case .text(let start, let end) = line[0] { lead = leadingWhitespace(start, end) }

        // The first content line of a block with a standalone opening tag fixes its intrinsic indentation.
        if let pendingIndex = stack.firstIndex(where: \.pending) {
            var significant: Token?
            for token in line {
                if case .text(let start, let end) = token, isBlank(start, end) { continue }
                significant = token
                break
            }
            var resolves = significant != nil
            if case .tag(let tag)? = significant, tag.kind == .close { resolves = false }
            if resolves {
                var leadBytes: [UInt8] = []
                if case .text(let start, _) = line[0] {
                    leadBytes = Array(source[start..<(start + lead)])
                    line[0] = .text(start + lead, tokenEnd(line[0]))
                }
                for index in pendingIndex..<stack.count where stack[index].pending {
                    stack[index].pending = false
                    stack[index].intrinsic = index == pendingIndex ? leadBytes : []
                }
                lead = 0
            }
        }

        var leadText = ""
        if lead > 0, case .text(let start, _) = line[0] {
            leadText = String(decoding: source[start..<(start + lead)], as: UTF8.self)
        }

        if isStandalone(line) {
            for token in line {
                if case .tag(let tag) = token { handle(tag, standalone: true, indent: leadText, firstOnLine: true) }
            }
            return
        }

        append(.lineStart)
        var onlyWhitespaceBefore = true
        for token in line {
            switch token {
            case .text(let start, let end):
                appendText(start, end)
                if !isBlank(start, end) { onlyWhitespaceBefore = false }
            case .tag(let tag):
                handle(tag, standalone: false, indent: leadText, firstOnLine: onlyWhitespaceBefore)
                if tag.kind != .parent { onlyWhitespaceBefore = false }
            case .newline:
                break
            }
        }
        if let newline { appendText(newline.0, newline.1) }
    }

    private func tokenEnd(_ token: Token) -> Int {
        switch token {
        case .text(_, let end), .newline(_, let end): return end
        case .tag: return 0
        }
    }

    private func resolvedOutdent() -> [UInt8] {
        var outdent: [UInt8] = []
        for frame in stack where frame.kind == .block && !frame.pending {
            outdent.append(contentsOf: frame.intrinsic)
        }
        return outdent
    }

    /// Whitespace and non-interpolation tags only: one tag, or parent tags with the blocks written
    /// directly inside them.
    private func isStandalone(_ line: [Token]) -> Bool {
        var tags: [Tag] = []
        for token in line {
            switch token {
            case .text(let start, let end):
                if !isBlank(start, end) { return false }
            case .tag(let tag):
                if tag.kind.isInterpolation { return false }
                tags.append(tag)
            case .newline:
                break
            }
        }
        if tags.count == 1 { return true }
        if tags.isEmpty { return false }

        var kinds = stack.suffix(2).map(\.kind)
        for tag in tags {
            switch tag.kind {
            case .parent:
                kinds.append(.parent)
            case .block:
                guard kinds.last == .parent else { return false }
                kinds.append(.block)
            case .close:
                guard let last = kinds.last else { return false }
                if last == .parent {
                    kinds.removeLast()
                } else if last == .block, kinds.count >= 2, kinds[kinds.count - 2] == .parent {
                    kinds.removeLast()
                } else {
                    return false
                }
            default:
                return false
            }
        }
        return true
    }

    // MARK: - Tags

    private mutating func handle(_ tag: Tag, standalone: Bool, indent: String, firstOnLine: Bool) {
        if tooDeep { return }
        if [.section, .inverted, .parent, .block].contains(tag.kind), stack.count > Compiler.maxDepth {
            error("sections, parents and blocks nested more than \(Compiler.maxDepth) levels deep", at: tag)
            tooDeep = true
            return
        }
        switch tag.kind {
        case .comment, .setDelimiter:
            break
        case .variable, .unescaped:
            append(.variable(VariableNode(name: Name(tag.name, numbering: numbering), escaped: tag.kind == .variable, location: location(of: tag))))
        case .section:
            stack.append(Frame(kind: .section, tag: tag))
        case .inverted:
            stack.append(Frame(kind: .inverted, tag: tag))
        case .parent:
            var frame = Frame(kind: .parent, tag: tag)
            frame.indent = standalone ? indent : nil
            stack.append(frame)
        case .block:
            var frame = Frame(kind: .block, tag: tag)
            if standalone {
                frame.pending = true
                frame.ownIndent = Array(indent.utf8)
            } else if firstOnLine {
                frame.intrinsic = Array(indent.utf8)
            }
            stack.append(frame)
        case .partial:
            append(.partial(PartialNode(name: tag.name, indent: standalone ? indent : nil, location: location(of: tag))))
        case .close:
            close(tag)
        }
    }

    private mutating func close(_ tag: Tag) {
        guard stack.count > 1, let top = stack[stack.count - 1].tag else {
            error("closing tag '\(tag.open)/\(tag.name)\(tag.close)' has no open section", at: tag)
            return
        }
        if top.name == tag.name {
            closeTop()
            return
        }
        let kind = Compiler.describe(stack[stack.count - 1].kind)
        let opened = location(of: top)
        error("mismatched closing tag '\(tag.open)/\(tag.name)\(tag.close)': expected '\(tag.open)/\(top.name)\(tag.close)'"
              + " to close \(kind) '\(top.name)' opened at line \(opened.line), column \(opened.column)", at: tag)
        // Recover: close up to a matching section when there is one (a forgotten closing tag),
        // otherwise treat the tag as a misspelt close of the innermost section.
        if let match = stack.lastIndex(where: { $0.tag?.name == tag.name }), match > 0 {
            while stack.count > match { closeTop() }
        } else {
            closeTop()
        }
    }

    private mutating func closeTop() {
        let frame = stack.removeLast()
        guard let tag = frame.tag else { return }
        switch frame.kind {
        case .root:
            return
        case .section, .inverted:
            append(.section(SectionNode(name: Name(tag.name, numbering: numbering), inverted: frame.kind == .inverted, nodes: frame.nodes)))
        case .parent:
            var overrides: [String: BlockNode] = [:]
            for node in frame.nodes {
                if case .block(let block) = node { overrides[block.name] = block }
            }
            append(.parent(ParentNode(name: tag.name, indent: frame.indent, location: location(of: tag),
                                      overrides: overrides)))
        case .block:
            let indent = frame.pending ? frame.ownIndent : frame.intrinsic
            append(.block(BlockNode(name: tag.name, nodes: frame.nodes,
                                    indent: String(decoding: indent, as: UTF8.self),
                                    location: location(of: tag))))
        }
    }

    // MARK: - Helpers

    private mutating func append(_ node: Node) {
        stack[stack.count - 1].nodes.append(node)
    }

    private mutating func appendText(_ start: Int, _ end: Int) {
        guard end > start else { return }
        let top = stack.count - 1
        if case .text(var bytes)? = stack[top].nodes.last {
            stack[top].nodes.removeLast()
            bytes.append(contentsOf: source[start..<end])
            stack[top].nodes.append(.text(bytes))
        } else {
            stack[top].nodes.append(.text(Array(source[start..<end])))
        }
    }

    private func location(of tag: Tag) -> SourceLocation {
        SourceLocation(templateName: scanner.templateName, line: tag.line,
                       column: scanner.column(of: tag.offset, lineOffset: tag.lineOffset))
    }

    private mutating func error(_ message: String, at tag: Tag) {
        let place = location(of: tag)
        errors.append(MustacheError(templateName: place.templateName, line: place.line, column: place.column,
                                    message: message))
    }

    private static func describe(_ kind: Frame.Kind) -> String {
        switch kind {
        case .root, .section: return "section"
        case .inverted: return "inverted section"
        case .parent: return "parent"
        case .block: return "block"
        }
    }
}
