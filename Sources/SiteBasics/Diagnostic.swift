import LinkChain

/// A problem found in the site's sources, printed like a compiler's so editors can jump to it.
public struct Diagnostic: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Severity: String, Sendable { case error, warning }

    /// What a diagnostic is about, for code that filters or de-duplicates diagnostics: it asks the kind, never the
    /// message text (as swift-format's findings carry a category).
    public enum Kind: Sendable, Equatable {
        /// Any problem no code singles out.
        case general
        /// An SVG file under `content/` that cannot be published as it is (`PublishedSVG`).
        case unsafePublishedSVG
        /// The output folder could not be written while pages were staged: told only when the site has no other
        /// error, since a site with errors is not written at all (a page is read, and may fail, while others stage).
        case outputWrite
        /// The output folder could not be written after the build began putting files in place: it is changed in
        /// part, which the diagnostic lists, and the next build finishes the job.
        case outputChanged
        /// Text or a link `sitegen new` wrote as an example, still there (`StarterPlaceholder`): a warning for a
        /// build, a refusal for `publish`.
        case starterPlaceholder
    }

    public var severity: Severity
    /// Path as shown to the user, e.g. `content/index.md`.
    public var path: String
    /// 1-based; 0 when the problem concerns the file as a whole.
    public var line: Int
    /// 1-based; 0 when the problem concerns the file as a whole.
    public var column: Int
    public var message: String
    /// The offending source line, shown under the message with a caret.
    public var sourceLine: String?
    /// Where the caret goes in `sourceLine` (1-based), when that is an excerpt of a long line rather than
    /// the whole line; nil means `column`.
    package var caretColumn: Int?
    /// How to fix it, printed as a `hint:` line of its own after the source line.
    public var hint: String?
    /// Another program's own words (git's), each printed on a line of its own, indented, after the message.
    public var quoted: [String] = []
    public var kind: Kind = .general

    public init(_ severity: Severity = .error, path: String, line: Int = 0, column: Int = 0,
                message: String, sourceLine: String? = nil) {
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.sourceLine = sourceLine
    }

    /// `path:line:column: error: message`, then the source line and a caret under the column.
    public var description: String { formatted(style: .plain) }

    /// The description, with the severity coloured when the style says so.
    public func formatted(style: TerminalStyle) -> String {
        var location = Self.printable(path)
        if line > 0 { location += ":\(line)" + (column > 0 ? ":\(column)" : "") }
        var text = "\(location): \(style.label(severity)): \(Self.printable(message))"
        if let sourceLine, line > 0 {
            text += "\n" + Self.printable(sourceLine)
            if column > 0 {
                // Keep tabs so the caret lines up with the source line in a terminal.
                let leading = sourceLine.prefix((caretColumn ?? column) - 1)
                let prefix = leading.contains("\t") ? String(leading.map { $0 == "\t" ? "\t" : " " }) : String(repeating: " ", count: leading.count)
                text += "\n" + prefix + "^"
            }
        }
        for line in quoted { text += "\n    " + Self.printable(line) }
        if let hint { text += "\n\(location): hint: \(Self.printable(hint))" }
        return text
    }

    /// Control characters from a source file or an argument would act on the terminal (a bell, escape sequences),
    /// and bidirectional overrides would reorder what it shows: each is shown as one visible character instead (its
    /// Control Picture, or U+FFFD), so the caret still lines up. Every message that repeats user input goes through it.
    public static func printable(_ text: String) -> String {
        func acts(_ scalar: Unicode.Scalar) -> Bool {
            scalar != "\t" && (ControlCharacters.isControl(scalar) || ControlCharacters.isBidiControl(scalar))
        }
        // Most text is printable ASCII, told by its bytes alone (a build can have 100,000 problems to print).
        if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) || $0 == 0x09 }) { return text }
        guard text.unicodeScalars.contains(where: acts) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09: result.append(scalar)
            case 0x00..<0x20: result.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: result.append("\u{2421}")
            case 0x80...0x9F: result.append("\u{FFFD}")
            default: result.append(ControlCharacters.isBidiControl(scalar) ? "\u{FFFD}" : scalar)
            }
        }
        return String(result)
    }
}

/// All the diagnostics of one build: a build reports every error it finds, not only the first.
public struct BuildFailure: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
    /// The diagnostics that are errors, not warnings.
    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }

    /// `3 errors`, or when only `--strict` failed the build, `2 warnings, which --strict makes errors`.
    public var summary: String {
        let errors = errorCount, warnings = diagnostics.count - errors
        func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        if errors == 0 { return counted(warnings, "warning") + ", which --strict makes errors" }
        return counted(errors, "error")
    }
}

/// Collects diagnostics for one source file and fills in the source line for each.
public struct DiagnosticSink: Sendable {
    public let path: String
    /// The file's text, read for a source line only when a problem is reported.
    package let text: String
    /// Where the text's lines are, found once, at the first problem: a file with thousands of problems is
    /// scanned once, not once per problem.
    private var lines: SourceLines?
    public private(set) var diagnostics: [Diagnostic] = []
    /// The site's `site.yml` (its path as shown, and its text), where problems at its positions are reported.
    let settingsFile: (path: String, text: String)?

    public init(path: String, text: String, settingsFile: (path: String, text: String)? = nil) {
        self.path = path
        self.text = text
        self.settingsFile = settingsFile
    }

    /// Reports at a position of the page or of `site.yml`, whichever it was written in.
    public mutating func report(_ severity: Diagnostic.Severity = .error, at position: SourcePosition, _ message: String, hint: String? = nil,
                                kind: Diagnostic.Kind = .general) {
        guard position.file == .siteSettings, let settingsFile else {
            return report(severity, line: position.line, column: position.column, message, hint: hint, kind: kind)
        }
        var settingsSink = DiagnosticSink(path: settingsFile.path, text: settingsFile.text)
        settingsSink.report(severity, line: position.line, column: position.column, message, hint: hint, kind: kind)
        diagnostics += settingsSink.diagnostics
    }

    public mutating func report(_ severity: Diagnostic.Severity = .error, line: Int, column: Int, _ message: String, hint: String? = nil,
                                kind: Diagnostic.Kind = .general) {
        if lines == nil { lines = SourceLines(text) }
        var diagnostic = Diagnostic(severity, path: path, line: line, column: column, message: message)
        diagnostic.hint = hint
        diagnostic.kind = kind
        if let lines, (1...lines.count).contains(line) {
            let range = lines.ranges[line - 1]
            if range.count <= Self.longLine {
                diagnostic.sourceLine = text.utf8Slice(range)
            } else {
                (diagnostic.sourceLine, diagnostic.caretColumn) = excerpt(of: range, line: line, column: max(column, 1))
            }
        }
        diagnostics.append(diagnostic)
    }

    /// Lines longer than this (in bytes) are shown as an excerpt around the column: a paragraph of 100,000
    /// links would otherwise be copied into every one of its diagnostics.
    package static let longLine = 300
    /// Characters shown on each side of the column in an excerpt.
    package static let excerptReach = 60
    /// The last column found in a long line: problems come in order along a line, so the next one is found
    /// from there, not from the line's start.
    private var cursor: (line: Int, column: Int, index: String.Index)?

    private mutating func excerpt(of range: Range<Int>, line: Int, column: Int) -> (String, Int) {
        let lineStart = text.utf8.index(text.utf8.startIndex, offsetBy: range.lowerBound)
        let lineEnd = text.utf8.index(lineStart, offsetBy: range.count)
        var (from, counted) = (lineStart, 1)
        if let cursor, cursor.line == line, cursor.column <= column { (from, counted) = (cursor.index, cursor.column) }
        let at = text.index(from, offsetBy: column - counted, limitedBy: lineEnd) ?? lineEnd
        cursor = (line, column, at)
        var start = text.index(at, offsetBy: -Self.excerptReach, limitedBy: lineStart) ?? lineStart
        if start < lineStart { start = lineStart }
        let end = text.index(at, offsetBy: Self.excerptReach, limitedBy: lineEnd) ?? lineEnd
        let lead = start > lineStart ? "…" : ""
        return (lead + text[start..<end] + (end < lineEnd ? "…" : ""), lead.count + text.distance(from: start, to: at) + 1)
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
