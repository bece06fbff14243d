import Foundation
import Mustache

/// Stage 4: pages through the Mustache templates.
///
/// Template data follows one rule: keys ending in `_html`, `_css` or `_js` hold code that sitegen produced
/// and escaped itself, meant for triple mustaches; every other key is plain text for `{{ }}`, which escapes it.
public struct PageRenderer: Sendable {
    public let templates: MustacheTemplates
    /// The inline runtime that tries each button's chain on tap.
    public let runtimeScript: String
    public let version: String

    /// Compiles every template, reporting each syntax error at its line and column.
    public static func compile(_ files: [TemplateFile]) -> (MustacheTemplates?, [Diagnostic]) {
        let sources = Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.text) })
        do {
            return (try MustacheTemplates(sources: sources, missingPartials: .fail), [])
        } catch {
            return (nil, error.errors.map { diagnostic($0, files: files) })
        }
    }

    static func diagnostic(_ error: MustacheError, files: [TemplateFile]) -> Diagnostic {
        guard let file = files.first(where: { $0.name == error.templateName }) else {
            return Diagnostic(path: "templates/" + error.templateName, message: error.message)
        }
        var sink = DiagnosticSink(path: file.displayPath, text: file.text)
        sink.report(line: error.line, column: error.column, error.message)
        return sink.diagnostics[0]
    }

    public init(templates: MustacheTemplates, runtimeScript: String, version: String) {
        self.templates = templates
        self.runtimeScript = runtimeScript
        self.version = version
    }

    func render(_ page: ResolvedPage, icons: IconSymbols, templateFiles: [TemplateFile]) -> Result<String, Diagnostic> {
        do {
            return .success(try templates.render(page.templateName, context(for: page, icons: icons)))
        } catch {
            var diagnostic = Self.diagnostic(error, files: templateFiles)
            if error.templateName == page.templateName, !templates.names.contains(page.templateName) {
                // The page asked for a template that does not exist: point at the page, not a template.
                var sink = DiagnosticSink(path: page.parsed.page.displayPath, text: page.parsed.page.text)
                let at = page.parsed.frontMatter.template?.position ?? SourcePosition(line: 0, column: 0)
                sink.report(line: at.line, column: at.column,
                            "template '\(page.templateName)' not found: expected templates/\(page.templateName).html")
                diagnostic = sink.diagnostics[0]
            }
            return .failure(diagnostic)
        }
    }

    /// The data a page template sees; the README documents every key.
    func context(for page: ResolvedPage, icons: IconSymbols) -> MustacheValue {
        let matter = page.parsed.frontMatter
        let links: [MustacheValue] = page.links.enumerated().map { index, link in
            var values: [String: MustacheValue] = [
                "number": .int(index + 1),
                "label": .string(link.label),
                "service": .string(link.chain.serviceID),
                "service_name": .string(link.service.displayName),
                "handle": .string(link.chain.handle),
                "href": .string(link.chain.fallback),
                "icon": .string(icons.name(for: link.icon)),
                "color": .string(link.color.css),
                "text_color": .string(link.color.readableText.css),
                "attributes_html": .string(ChainMarkup.attributes(link.chain, provesIdentity: link.service.provesIdentity)),
            ]
            if let accountURI = link.chain.accountURI { values["account_uri"] = .string(accountURI) }
            return .dictionary(values)
        }
        var values: [String: MustacheValue] = [
            "title": .string(matter.title ?? ""),
            "lang": .string(matter.lang),
            "theme": .string(matter.theme.rawValue),
            "links": .array(links),
            "body_html": .string(page.parsed.markdown.renderHTML()),
            "icon_symbols_html": .string(icons.html(for: page.links.map(\.icon))),
            "identity_links_html": .string(page.identityLinks.map { #"<link rel="me" href="\#(HTML.escape($0))">"# }.joined(separator: "\n")),
            "runtime_js": .string(runtimeScript),
            "generator": .string("sitegen \(version)"),
        ]
        if let description = matter.description { values["description"] = .string(description) }
        if let url = page.url { values["url"] = .string(url) }
        if let avatar = page.avatarSource { values["avatar"] = .string(avatar) }
        if let creator = page.fediverseCreator { values["fediverse_creator"] = .string(creator) }
        return .dictionary(values)
    }
}
