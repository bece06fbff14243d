/// A syntax error found while compiling, or an error raised while rendering.
public struct MustacheError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Name of the template or partial where it happened.
    public var templateName: String
    /// 1-based line of the offending tag's opening delimiter (0 when the error has no position,
    /// e.g. rendering an unknown template).
    public var line: Int
    /// 1-based column, counted in Characters (extended grapheme clusters) from the line start.
    public var column: Int
    public var message: String

    public init(templateName: String, line: Int, column: Int, message: String) {
        self.templateName = templateName
        self.line = line
        self.column = column
        self.message = message
    }

    /// `name:line:column: message`, or `name: message` without a position.
    public var description: String {
        line > 0 ? "\(templateName):\(line):\(column): \(message)" : "\(templateName): \(message)"
    }
}

/// Every syntax error found while compiling a set of templates, sorted by template name, line, column.
public struct MustacheErrors: Error, Equatable, Sendable, CustomStringConvertible {
    public var errors: [MustacheError]

    public init(errors: [MustacheError]) { self.errors = errors }

    /// One error per line.
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
