import LinkChain

/// The block overrides passed by one parent tag, linked to those of the enclosing parent tags.
/// The outermost override of a name wins.
final class OverrideFrame {
    let blocks: [String: BlockNode]
    let outer: OverrideFrame?

    init(blocks: [String: BlockNode], outer: OverrideFrame?) {
        self.blocks = blocks
        self.outer = outer
    }
}

/// Renders node trees into one byte buffer. One per `render` call.
struct Renderer {
    let templates: [String: CompiledTemplate]
    let failOnMissingPartial: Bool
    let maxDepth: Int
    var output: [UInt8] = []
    var contexts: [MustacheValue] = []
    var partialDepth = 0
    /// Which numbering `MustacheSlots` must have to be read here.
    let numbering: SlotNumbering
    /// HTML rendering: the number of the name left as a hole, the escaping of values outside script and style, what
    /// was found.
    var holeSlot: Int?
    var escaper: MustacheTemplates.Escaper?
    var html = RenderedHTML(bytes: [])
    /// The script or style element the template text has opened and not yet closed.
    var openElement: (element: RawTextElement, bodyStart: Int, runs: Bool)?
    /// The partials and parents being rendered, outermost first: what a runaway render names.
    var including: [(name: String, location: SourceLocation)] = []
    /// Nodes rendered so far: a render that fans out (a partial that includes another four times, forty deep) is
    /// stopped by this budget even when it writes nothing, and by the output's size when it does.
    var steps = 0
    var stepBudget = MustacheTemplates.maximumRenderSteps

    init(templates: [String: CompiledTemplate], failOnMissingPartial: Bool, maxDepth: Int, numbering: SlotNumbering) {
        self.templates = templates
        self.numbering = numbering
        self.failOnMissingPartial = failOnMissingPartial
        self.maxDepth = maxDepth
    }

    mutating func render(_ nodes: [Node], indent: String, overrides: OverrideFrame?) throws(MustacheError) {
        for node in nodes {
            steps += 1
            if steps > stepBudget || output.count > MustacheTemplates.maximumOutputBytes { throw runaway() }
            switch node {
            case .text(let bytes):
                output.append(contentsOf: bytes)

            case .lineStart:
                if !indent.isEmpty && (output.isEmpty || output[output.count - 1] == 0x0A) {
                    output.append(contentsOf: indent.utf8)
                }

            case .variable(let variable):
                if let holeSlot, variable.name.slots.count == 1, variable.name.slots[0] == holeSlot {
                    html.holes.append(output.count)
                    continue
                }
                guard let value = lookup(variable.name) else { continue }
                if !variable.escaped, let open = openElement, open.runs, !HTMLMarker.mayWriteRaw(variable.name, in: open.element),
                   case .string(let text) = value, !text.isEmpty {
                    // Its hash would go into the page's policy as code the template wrote. Most such tags are refused
                    // when the template compiles; this one reached the script or style through a partial or a block.
                    throw HTMLMarker.rawValueError(in: open.element, at: variable.location)
                }
                write(value, escaped: variable.escaped)

            case .mark(let mark):
                track(mark)

            case .section(let section):
                let value = lookup(section.name)
                if section.inverted {
                    if !(value?.isTruthy ?? false) {
                        try render(section.nodes, indent: indent, overrides: overrides)
                    }
                    continue
                }
                guard let value else { continue }
                switch value {
                case .null, .bool(false):
                    break
                case .array(let items):
                    for item in items {
                        contexts.append(item)
                        try render(section.nodes, indent: indent, overrides: overrides)
                        contexts.removeLast()
                    }
                default:
                    contexts.append(value)
                    try render(section.nodes, indent: indent, overrides: overrides)
                    contexts.removeLast()
                }

            case .partial(let partial):
                guard let template = try include(partial.name, at: partial.location) else { continue }
                partialDepth += 1
                including.append((partial.name, partial.location))
                try render(template.nodes, indent: indented(indent, partial.indent), overrides: overrides)
                including.removeLast()
                partialDepth -= 1

            case .parent(let parent):
                guard let template = try include(parent.name, at: parent.location) else { continue }
                let frame = parent.overrides.isEmpty
                    ? overrides : OverrideFrame(blocks: parent.overrides, outer: overrides)
                partialDepth += 1
                including.append((parent.name, parent.location))
                try render(template.nodes, indent: indented(indent, parent.indent), overrides: frame)
                including.removeLast()
                partialDepth -= 1

            case .block(let block):
                let blockIndent = indented(indent, block.indent)
                var found: BlockNode?
                var foundOuter: OverrideFrame?
                var frame = overrides
                while let current = frame {
                    if let candidate = current.blocks[block.name] {
                        found = candidate
                        foundOuter = current.outer
                    }
                    frame = current.outer
                }
                if let found {
                    // Rendered with the overrides from outside the template that wrote it: always a shorter
                    // chain, so blocks cannot expand each other forever.
                    try render(found.nodes, indent: blockIndent, overrides: foundOuter)
                } else {
                    try render(block.nodes, indent: blockIndent, overrides: overrides)
                }
            }
        }
    }

    /// The error of a render that outgrew its budget, at the innermost partial tag, naming the chain that led there.
    private func runaway() -> MustacheError {
        let chain = including.map(\.name).joined(separator: " → ")
        let place = including.last?.location
        let what = output.count > MustacheTemplates.maximumOutputBytes
            ? "the page grew past \(MustacheTemplates.maximumOutputBytes / 1_048_576) MiB"
            : "the render took more than \(stepBudget) steps"
        return MustacheError(templateName: place?.templateName ?? "", line: place?.line ?? 0, column: place?.column ?? 0,
                             message: "\(what)" + (chain.isEmpty ? "" : " while rendering the partials \(chain)")
                                + ": a partial included many times over, at every level? No contact page needs this much")
    }

    /// Follows the template text's script and style elements as HTML's tokenizer does: inside one, only its
    /// own closing tag counts.
    private mutating func track(_ mark: HTMLMark) {
        switch mark {
        case .open(let element, let runs):
            if openElement == nil { openElement = (element, output.count, runs) }
        case .close(let element):
            guard let open = openElement, open.element == element else { return }
            if open.runs {
                switch element {
                case .script: html.scriptBodies.append(open.bodyStart..<output.count)
                case .style: html.styleBodies.append(open.bodyStart..<output.count)
                }
            }
            openElement = nil
        case .bodyClose:
            if openElement == nil { html.bodyEnd = output.count }
        }
    }

    private func indented(_ indent: String, _ extra: String?) -> String {
        guard let extra, !extra.isEmpty else { return indent }
        return indent.isEmpty ? extra : indent + extra
    }

    /// The template a partial or parent tag names, nil when it is missing and that is allowed.
    private func include(_ name: String, at location: SourceLocation) throws(MustacheError) -> CompiledTemplate? {
        guard let template = templates[name] else {
            if failOnMissingPartial {
                throw MustacheError(templateName: location.templateName, line: location.line,
                                    column: location.column, message: "missing partial '\(name)'")
            }
            return nil
        }
        guard partialDepth < maxDepth else {
            throw MustacheError(templateName: location.templateName, line: location.line, column: location.column,
                                message: "partial '\(name)' nested deeper than \(maxDepth) levels (recursive partial?)")
        }
        return template
    }

    /// Resolves a name against the context stack: the first part in the innermost context that has it,
    /// the other parts inside that value only.
    private func lookup(_ name: Name) -> MustacheValue? {
        let parts = name.parts
        guard !parts.isEmpty else { return contexts.last }
        var index = contexts.count - 1
        while index >= 0 {
            if let found = member(0, of: name, in: contexts[index]) {
                if parts.count == 1 { return found }
                var value = found
                for part in 1..<parts.count {
                    guard let next = member(part, of: name, in: value) else { return nil }
                    value = next
                }
                return value
            }
            index -= 1
        }
        return nil
    }

    /// The value of the name's `part` in `value`: by key in a dictionary, by number in slots made for these templates.
    @inline(__always)
    private func member(_ part: Int, of name: Name, in value: MustacheValue) -> MustacheValue? {
        switch value {
        case .dictionary(let entries): return entries[name.parts[part]]
        case .slots(let slots): return slots.numbering === numbering ? slots.values[name.slots[part]] : nil
        default: return nil
        }
    }

    private mutating func write(_ value: MustacheValue, escaped: Bool) {
        switch value {
        case .null, .array, .dictionary, .slots:
            return
        case .string(let text):
            if !escaped {
                output.append(contentsOf: text.utf8)
            } else if let open = openElement {
                // Inside the template's own script or style, HTML's references mean nothing: the value is escaped
                // for the language there, so that it can end no string, comment or regular expression it stands in.
                switch open.element {
                case .script: MustacheTemplates.appendEscapedScript(text, to: &output)
                case .style: MustacheTemplates.appendEscapedStyle(text, to: &output)
                }
            } else if let escaper {
                escaper(text, &output)
            } else {
                MustacheTemplates.appendEscapedHTML(text, to: &output)
            }
        case .int(let number):
            output.append(contentsOf: String(number).utf8)
        case .double(let number):
            output.append(contentsOf: MustacheValue.format(number).utf8)
        case .bool(let flag):
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        }
    }
}

extension MustacheTemplates {
    /// Appends `text` for a script (JavaScript or JSON): letters, digits, space and `_ . , -` as they are, everything
    /// else as `\uXXXX` (UTF-16), which a string, template literal or regular expression reads as the character
    /// itself and which can close none of them, nor the element (`</script>`).
    public static func appendEscapedScript(_ text: String, to output: inout [UInt8]) {
        let hex = HexDigits.lowercase
        for unit in text.utf16 {
            if isPlain(unit) { output.append(UInt8(unit)); continue }
            output += [0x5C, UInt8(ascii: "u"), hex[Int(unit >> 12)], hex[Int(unit >> 8 & 15)], hex[Int(unit >> 4 & 15)], hex[Int(unit & 15)]]
        }
    }

    /// Appends `text` for a style sheet: the same plain characters and `#` `%` as they are, everything else as a CSS escape
    /// (`\HEX ` with its code point), which a string or a comment cannot be ended by.
    public static func appendEscapedStyle(_ text: String, to output: inout [UInt8]) {
        for scalar in text.unicodeScalars {
            // `#` and `%` too: colours (`#6364ff`) and lengths are written in style, and neither ends a string or comment.
            if scalar.value < 0x80, isPlain(UInt16(scalar.value)) || scalar == "#" || scalar == "%" { output.append(UInt8(scalar.value)); continue }
            output.append(0x5C)
            output += String(scalar.value, radix: 16).utf8
            output.append(0x20)
        }
    }

    private static func isPlain(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x20, 0x5F, 0x2E, 0x2C, 0x2D: true
        default: false
        }
    }

    /// Appends `text` with `& < > " '` as character references, as `{{name}}` writes it.
    public static func appendEscapedHTML(_ text: String, to output: inout [UInt8]) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            appendEscapedHTML(bytes, to: &output)
        }
        if done == nil {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { appendEscapedHTML($0, to: &output) }
        }
    }

    public static func appendEscapedHTML(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            // Fast path: none of & " ' < > is above '>' (0x3E).
            guard byte <= 0x3E else { continue }
            let replacement: StaticString
            switch byte {
            case 0x26: replacement = "&amp;"
            case 0x3C: replacement = "&lt;"
            case 0x3E: replacement = "&gt;"
            case 0x22: replacement = "&quot;"
            case 0x27: replacement = "&#39;"
            default: continue
            }
            if index > runStart { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            replacement.withUTF8Buffer { output.append(contentsOf: $0) }
            runStart = index + 1
        }
        if bytes.count > runStart { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count])) }
    }
}
