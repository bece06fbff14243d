/// The compiled form of a template: a tree of nodes, immutable once built.
enum Node: Sendable {
    /// Literal bytes (UTF-8), written as they are.
    case text([UInt8])
    /// The start of a source line: writes the current indentation when the output is at a line start.
    case lineStart
    /// `{{name}}`, `{{{name}}}`, `{{& name}}`.
    case variable(VariableNode)
    /// `{{#name}}…{{/name}}` and `{{^name}}…{{/name}}`.
    case section(SectionNode)
    /// `{{> name}}`.
    case partial(PartialNode)
    /// `{{< name}}…{{/name}}`: a partial with block overrides.
    case parent(ParentNode)
    /// `{{$ name}}…{{/name}}`: a replaceable block.
    case block(BlockNode)
    /// A tag of the template text that HTML rendering tracks (see `RenderedHTML`).
    case mark(HTMLMark)
}

/// A name as written in a tag, split on dots. No parts means the implicit iterator `.`.
struct Name: Sendable {
    let parts: [String]
    /// Each part's number among the names of the templates compiled together (`MustacheSlots`).
    let slots: [Int]

    init(_ text: String, numbering: SlotNumbering) {
        parts = text == "." ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        slots = parts.map(numbering.slot(for:))
    }
}

/// Numbers the names of templates as they compile, the same name the same number. Changed only while they
/// compile, read-only after.
final class SlotNumbering: @unchecked Sendable {
    private(set) var slots: [String: Int] = [:]

    func slot(for name: String) -> Int {
        if let slot = slots[name] { return slot }
        slots[name] = slots.count
        return slots.count - 1
    }
}

final class VariableNode: Sendable {
    let name: Name
    let escaped: Bool
    /// Where the tag is, for the error of a raw value inside a template's own script.
    let location: SourceLocation?

    init(name: Name, escaped: Bool, location: SourceLocation? = nil) {
        self.name = name
        self.escaped = escaped
        self.location = location
    }
}

final class SectionNode: Sendable {
    let name: Name
    let inverted: Bool
    let nodes: [Node]

    init(name: Name, inverted: Bool, nodes: [Node]) {
        self.name = name
        self.inverted = inverted
        self.nodes = nodes
    }
}

/// Where a partial or parent tag sits, for render-time errors.
struct SourceLocation: Sendable {
    let templateName: String
    let line: Int
    let column: Int
}

final class PartialNode: Sendable {
    let name: String
    /// Indentation added to every line of the partial when the tag is standalone; nil when inline.
    let indent: String?
    let location: SourceLocation

    init(name: String, indent: String?, location: SourceLocation) {
        self.name = name
        self.indent = indent
        self.location = location
    }
}

final class ParentNode: Sendable {
    let name: String
    let indent: String?
    let location: SourceLocation
    /// The blocks written directly inside the parent tag, by name.
    let overrides: [String: BlockNode]

    init(name: String, indent: String?, location: SourceLocation, overrides: [String: BlockNode]) {
        self.name = name
        self.indent = indent
        self.location = location
        self.overrides = overrides
    }
}

final class BlockNode: Sendable {
    let name: String
    /// Content with its intrinsic indentation removed from its lines.
    let nodes: [Node]
    /// Indentation added to the lines of the content expanded here.
    let indent: String
    let location: SourceLocation

    init(name: String, nodes: [Node], indent: String, location: SourceLocation) {
        self.name = name
        self.nodes = nodes
        self.indent = indent
        self.location = location
    }
}

/// One compiled template.
final class CompiledTemplate: Sendable {
    let name: String
    let nodes: [Node]

    init(name: String, nodes: [Node]) {
        self.name = name
        self.nodes = nodes
    }
}
