/// A set of Mustache templates compiled together; each one can include the others as partials or parents.
///
/// Implements the Mustache spec core modules (interpolation, sections, inverted sections, comments, partials,
/// set delimiters) and the inheritance module (`{{<parent}}…{{/parent}}` with `{{$block}}…{{/block}}`);
/// no lambdas, no dynamic names.
/// - `{{name}}` escapes `& < > " '`; `{{{name}}}` and `{{& name}}` do not. Integers and doubles print in their
///   shortest form (`1.0` prints `1`), booleans as `true`/`false`, null, arrays and dictionaries as nothing.
/// - Sections skip `null`, `false` and empty arrays, iterate over other arrays and push any other value.
/// - The whitespace before a standalone partial or parent tag indents every line of the included template;
///   an inline partial keeps the indentation already in force. Block content is reindented to its
///   expansion site (see `Compiler`).
///
/// Immutable once built, so one value can render from many threads at once.
public struct MustacheTemplates: Sendable {
    public enum MissingPartial: Sendable {
        /// A partial or parent that is not in the set renders as the empty string (the spec's behaviour).
        case renderEmpty
        /// Rendering throws an error pointing at the tag.
        case fail
    }

    /// How deeply partials and parents may nest while rendering (recursive partials stop here with an error).
    /// The most a render may write, and the most nodes it may render: far beyond any page (a contact page is tens of
    /// KiB and tens of thousands of nodes), far below what runs a build out of memory or time.
    public static let maximumOutputBytes = 16 * 1_048_576
    public static let maximumRenderSteps = 20_000_000
    public static let maxNestingDepth = 64

    private let templates: [String: CompiledTemplate]
    private let missingPartials: MissingPartial
    /// The names' numbers, frozen once compiled; its identity ties `MustacheSlots` to these templates.
    private let numbering: SlotNumbering
    /// How many nodes one render may render (`maximumRenderSteps`; tests set less).
    public var renderStepBudget = MustacheTemplates.maximumRenderSteps

    /// Compiles every source at once. `sources` maps a template name to its text.
    /// Throws all syntax errors found, across all templates, sorted by name, line and column; with `html`, also every
    /// raw value written inside the template's own running script or style (see `HTMLMarker.rawValuesInOwnCode`).
    /// With `html`, the `<script>`, `<style>` and `</body>` tags of the template text are found now, once, so that
    /// `renderHTML` can say where they are in each page it writes (see `RenderedHTML`).
    public init(sources: [String: String], missingPartials: MissingPartial = .fail, html: Bool = false) throws(MustacheErrors) {
        var templates: [String: CompiledTemplate] = [:]
        var errors: [MustacheError] = []
        let numbering = SlotNumbering()
        // In name order, so the same sources number their names the same way.
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            let (template, found) = Compiler.compile(name: name, source: source, numbering: numbering)
            if let template {
                if html {
                    let marked = HTMLMarker.mark(template.nodes)
                    templates[name] = CompiledTemplate(name: name, nodes: marked)
                    errors.append(contentsOf: HTMLMarker.rawValuesInOwnCode(marked))
                } else {
                    templates[name] = template
                }
            }
            errors.append(contentsOf: found)
        }
        guard errors.isEmpty else {
            errors.sort { lhs, rhs in
                if lhs.templateName != rhs.templateName { return lhs.templateName < rhs.templateName }
                if lhs.line != rhs.line { return lhs.line < rhs.line }
                return lhs.column < rhs.column
            }
            throw MustacheErrors(errors: errors)
        }
        self.templates = templates
        self.missingPartials = missingPartials
        self.numbering = numbering
    }

    /// The number of `name` among the names these templates look up (each dotted part alone), nil when none does.
    public func slot(of name: String) -> Int? { numbering.slots[name] }

    /// Values for these templates by slot, all absent.
    public func makeSlots() -> MustacheSlots { MustacheSlots(numbering: numbering, count: numbering.slots.count) }

    /// The template names, sorted.
    public var names: [String] { templates.keys.sorted() }

    /// Whether a template of that name exists.
    public func contains(_ name: String) -> Bool { templates[name] != nil }

    /// Every name that rendering `name` may look up (each dotted part alone), through its partials, parents and
    /// blocks: what a caller must provide, so it can skip computing data no template reads.
    public func referencedNames(_ name: String) -> Set<String> {
        var names: Set<String> = []
        var visited: Set<String> = []
        func visit(_ nodes: [Node]) {
            for node in nodes {
                switch node {
                case .text, .lineStart, .mark: continue
                case .variable(let variable): names.formUnion(variable.name.parts)
                case .section(let section):
                    names.formUnion(section.name.parts)
                    visit(section.nodes)
                case .partial(let partial): visitTemplate(partial.name)
                case .parent(let parent):
                    parent.overrides.values.forEach { visit($0.nodes) }
                    visitTemplate(parent.name)
                case .block(let block): visit(block.nodes)
                }
            }
        }
        func visitTemplate(_ name: String) {
            guard visited.insert(name).inserted, let template = templates[name] else { return }
            visit(template.nodes)
        }
        visitTemplate(name)
        return names
    }

    /// Renders the named template against `context`.
    ///
    /// Throws for an unknown template name, a missing partial or parent (with `.fail`), and partials or
    /// parents nested deeper than `maxNestingDepth`.
    public func render(_ name: String, _ context: MustacheValue) throws(MustacheError) -> String {
        String(decoding: try renderHTML(name, context).bytes, as: UTF8.self)
    }

    /// Writes an escaped value's text into the page, instead of `appendEscapedHTML`.
    public typealias Escaper = @Sendable (_ text: String, _ output: inout [UInt8]) -> Void

    /// Renders the named template and says where, in what it wrote, the template text's scripts, styles and
    /// `</body>` are (found only for templates compiled with `html`). Interpolations of `hole` write nothing and
    /// are listed instead; `escaper`, when given, writes every `{{escaped}}` value outside script and style.
    public func renderHTML(_ name: String, _ context: MustacheValue, hole: String? = nil,
                           escaper: Escaper? = nil) throws(MustacheError) -> RenderedHTML {
        guard let template = templates[name] else {
            throw MustacheError(templateName: name, line: 0, column: 0, message: "unknown template '\(name)'")
        }
        var renderer = Renderer(templates: templates, failOnMissingPartial: missingPartials == .fail,
                                maxDepth: MustacheTemplates.maxNestingDepth, numbering: numbering)
        // The hole by its number: compared with every interpolation's, an integer, not a string.
        renderer.holeSlot = hole.map { numbering.slots[$0] ?? -1 }
        renderer.escaper = escaper
        renderer.stepBudget = renderStepBudget
        renderer.output.reserveCapacity(32768)  // a page with a few buttons, its CSS and runtime: one allocation
        renderer.contexts.reserveCapacity(16)
        renderer.contexts.append(context)
        try renderer.render(template.nodes, indent: "", overrides: nil)
        var html = renderer.html
        html.bytes = renderer.output
        return html
    }
}

extension MustacheTemplates {
    /// Where each tag of a template's text is, as the compiler reads it (after any set-delimiter tag too), for the
    /// tools that change the text between tags and must copy tags as they are (sitegen's CSS and JSON minifiers).
    /// Nil when the text does not compile as far as its tags, whose errors compiling it reports.
    public static func tagRanges(in source: [UInt8]) -> [Range<Int>]? {
        var scanner = Scanner(source: source, templateName: "")
        scanner.scan()
        guard scanner.errors.isEmpty, !scanner.broken else { return nil }
        return scanner.tokens.compactMap { token in
            guard case .tag(let tag) = token else { return nil }
            return tag.offset..<tag.end
        }
    }
}
