import Foundation
import LinkChain

/// A front matter link turned into a button: its chain from LinkChain and how it looks.
public struct ResolvedLink: Sendable {
    public var label: String
    public var serviceName: String
    public var chain: Chain
    public var glyph: Glyph
    public var color: HexColor
}

/// A page whose links are resolved and whose Markdown links are rewritten into chain links.
public struct ResolvedPage {
    public var parsed: ParsedPage
    public var links: [ResolvedLink]
    /// The avatar as an `src`: relative to the page's output folder, or an https URL.
    public var avatarSource: String?
    /// The page's public URL, from `url` or the build's base URL.
    public var url: String?
    public var templateName: String
    /// The site's own stylesheet for this page, as a path below `content/`.
    public var stylesheetPath: String?
    /// Email addresses the page links to, which rendering hides from harvesters.
    public var emailAddresses: [String]
}

/// Stage 3: every link through LinkChain; link schemes allow-listed.
public struct LinkResolver: Sendable {
    public var catalog: ServiceCatalog
    /// Files under `content/` other than pages, for checking the avatar path.
    public var assets: Set<String>
    public var baseURL: String?

    public init(catalog: ServiceCatalog = .standard, assets: Set<String>, baseURL: String?) {
        self.catalog = catalog
        self.assets = assets
        self.baseURL = baseURL
    }

    /// Schemes a Markdown link may use besides service shorthands; everything else is refused.
    public static let allowedLinkSchemes: Set<String> = ["https", "http", "mailto", "tel"]
    public static let allowedImageSchemes: Set<String> = ["https", "http"]

    public func resolve(_ parsed: ParsedPage) -> (ResolvedPage, [Diagnostic]) {
        var sink = DiagnosticSink(path: parsed.page.displayPath, text: parsed.page.text)
        let matter = parsed.frontMatter
        var links: [ResolvedLink] = []
        for entry in matter.links {
            if let link = resolve(entry, protection: matter.emailProtection, sink: &sink) { links.append(link) }
        }
        let markdownChains = resolveMarkdownLinks(parsed.markdown, protection: matter.emailProtection, sink: &sink)
        let resolved = ResolvedPage(
            parsed: parsed, links: links,
            avatarSource: matter.avatar.flatMap { avatarSource($0, page: parsed, sink: &sink) },
            url: pageURL(parsed, sink: &sink),
            templateName: matter.template?.value ?? "page",
            stylesheetPath: matter.stylesheet.flatMap { contentFile($0, field: "stylesheet", example: "style.css", page: parsed, sink: &sink) },
            emailAddresses: (links.map(\.chain) + markdownChains).flatMap(Self.emailAddresses))
        return (resolved, sink.diagnostics)
    }

    private func resolve(_ entry: LinkEntry, protection: EmailProtection, sink: inout DiagnosticSink) -> ResolvedLink? {
        let at = entry.service.position
        guard let service = catalog.service(named: entry.service.value) else {
            let hint = catalog.suggestion(for: entry.service.value).map { " (did you mean '\($0)'?)" } ?? ""
            let known = catalog.services.map(\.id).joined(separator: ", ")
            sink.report(line: at.line, column: at.column, "unknown service '\(entry.service.value)'\(hint): expected one of \(known)")
            return nil
        }
        var options: [String: String] = [:]
        var optionsValid = true
        for (name, value) in entry.options {
            if service.optionNames.contains(name.value) {
                options[name.value] = value
            } else {
                optionsValid = false
                let accepted = service.optionNames.isEmpty ? "it takes none besides label, icon and color"
                    : "expected \((service.optionNames + LinkEntry.displayKeys.sorted()).joined(separator: ", "))"
                let hint = EditDistance.nearest(to: name.value, among: service.optionNames + LinkEntry.displayKeys.sorted())
                    .map { " (did you mean '\($0)'?)" } ?? ""
                sink.report(line: name.position.line, column: name.position.column,
                            "unknown option '\(name.value)' for \(service.displayName) links\(hint): \(accepted)")
            }
        }
        let chain: Chain
        do { chain = try service.chain(handle: entry.handle.value, options: options) } catch {
            sink.report(line: entry.handle.position.line, column: entry.handle.position.column, error.message)
            return nil
        }
        let defaults = ServiceAppearance.defaults(for: service.id)
        var glyph = defaults.glyph, color = defaults.color
        if let icon = entry.icon {
            if let known = Glyph(rawValue: icon.value) { glyph = known } else {
                sink.report(line: icon.position.line, column: icon.position.column,
                            "unknown icon '\(icon.value)': expected one of \(Glyph.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }
        if let written = entry.color {
            if let parsed = HexColor(written.value) { color = parsed } else {
                sink.report(line: written.position.line, column: written.position.column,
                            "'\(written.value)' is not a colour: expected #rgb or #rrggbb, like #563acc")
            }
        }
        guard optionsValid else { return nil }
        // A sealed address must not come back as the button's text.
        let sealed = protection == .sealed && chain.fallback.hasPrefix("mailto:")
        return ResolvedLink(label: entry.label ?? (sealed ? service.displayName : chain.handle), serviceName: service.displayName,
                            chain: chain, glyph: glyph, color: color)
    }

    /// Checks every link's scheme and turns shorthand links into chain links; returns their chains.
    private func resolveMarkdownLinks(_ markdown: MarkdownDocument, protection: EmailProtection, sink: inout DiagnosticSink) -> [Chain] {
        var chains: [Chain] = []
        for link in markdown.links {
            guard let scheme = Self.scheme(of: link.destination), !isShorthand(link) else { continue }  // relative or fragment
            let allowed = link.isImage ? Self.allowedImageSchemes : Self.allowedLinkSchemes
            guard !allowed.contains(scheme) else { continue }
            let schemes = allowed.sorted().joined(separator: ", ")
            sink.report(line: link.position.line, column: link.position.column, link.isImage
                ? "'\(scheme):' is not allowed in an image: expected \(schemes) or a relative path"
                : "'\(scheme):' is not allowed in a link: expected \(schemes), a relative path, or a service such as mastodon:@user@host")
        }
        markdown.rewriteLinks { link in
            guard isShorthand(link) else { return nil }
            do throws(LinkChainError) {
                let chain = try catalog.chain(shorthand: link.destination)
                chains.append(chain)
                return ("<a" + ChainMarkup.attributes(chain, protection: protection) + ">", ChainMarkup.afterLink(chain, protection: protection))
            } catch {
                sink.report(line: link.position.line, column: link.position.column, error.message)
                return nil
            }
        }
        return chains
    }

    /// A link written as a service shorthand (`mastodon:@eb@social.coop`, `mailto:…`); plain https links stay plain.
    private func isShorthand(_ link: MarkdownDocument.Link) -> Bool {
        guard !link.isImage, let scheme = Self.scheme(of: link.destination), scheme != "https" else { return false }
        return catalog.service(named: scheme) != nil
    }

    /// An email chain's address as people read it and as its mailto: link writes it (they differ for IDN domains).
    static func emailAddresses(_ chain: Chain) -> [String] {
        guard chain.fallback.hasPrefix("mailto:") else { return [] }
        let written = chain.fallback.dropFirst("mailto:".count).prefix { $0 != "?" }
        return [chain.handle, String(written), String(written).removingPercentEncoding ?? ""].filter { !$0.isEmpty }
    }

    /// The scheme of an absolute URL, lowercased, with the tabs and newlines URL parsers ignore removed; nil for relative ones.
    static func scheme(of destination: String) -> String? {
        let cleaned = destination.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        let trimmed = String(String.UnicodeScalarView(cleaned)).trimmingCharacters(in: .whitespacesAndNewlines.union(.controlCharacters))
        guard let colon = trimmed.firstIndex(of: ":") else { return nil }
        let candidate = trimmed[..<colon]
        guard let first = candidate.first, first.isASCII, first.isLetter,
              candidate.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else {
            return nil  // a colon after '/', '?' or '#' belongs to a relative reference
        }
        return candidate.lowercased()
    }

    private func avatarSource(_ avatar: Located<String>, page: ParsedPage, sink: inout DiagnosticSink) -> String? {
        if Self.scheme(of: avatar.value) == "https" { return avatar.value }
        guard let assetPath = contentFile(avatar, field: "avatar", example: "avatar.jpg, or an https URL", page: page, sink: &sink) else { return nil }
        let outputFolder = page.outputPath.split(separator: "/").dropLast().joined(separator: "/")
        return RelativePath.relative(to: assetPath, from: outputFolder)
    }

    /// A file under `content/` named relative to the page, as its path below `content/`.
    private func contentFile(_ field: Located<String>, field name: String, example: String, page: ParsedPage,
                             sink: inout DiagnosticSink) -> String? {
        let at = field.position
        guard Self.scheme(of: field.value) == nil, !field.value.hasPrefix("/") else {
            sink.report(line: at.line, column: at.column, "'\(name)' must be a file path relative to this page, like \(example)")
            return nil
        }
        let pageFolder = page.page.path.split(separator: "/").dropLast().joined(separator: "/")
        guard let path = RelativePath.resolve(field.value, from: pageFolder), assets.contains(path) else {
            sink.report(line: at.line, column: at.column,
                        "\(name) file '\(field.value)' not found: expected a file under content/ relative to this page")
            return nil
        }
        return path
    }

    private func pageURL(_ page: ParsedPage, sink: inout DiagnosticSink) -> String? {
        if let url = page.frontMatter.url {
            guard let scheme = Self.scheme(of: url.value), scheme == "https" || scheme == "http" else {
                sink.report(line: url.position.line, column: url.position.column,
                            "'url' must be the page's public address, like https://example.org/")
                return nil
            }
            return url.value
        }
        guard let base = baseURL else { return nil }
        let folder = page.outputPath.hasSuffix("index.html") ? String(page.outputPath.dropLast("index.html".count)) : page.outputPath
        return (base.hasSuffix("/") ? base : base + "/") + folder
    }
}

/// Paths below the site's folders, joined without touching the disk.
enum RelativePath {
    /// `img/a.png` from folder `about` -> `about/img/a.png`; nil if it climbs out of the root.
    static func resolve(_ path: String, from folder: String) -> String? {
        var parts = folder.split(separator: "/").map(String.init)
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if parts.popLast() == nil { return nil }
            default: parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }

    /// The relative path from `folder` to `target` (both below the same root).
    static func relative(to target: String, from folder: String) -> String {
        let from = folder.split(separator: "/"), to = target.split(separator: "/")
        var common = 0
        while common < from.count, common < to.count - 1, from[common] == to[common] { common += 1 }
        return (Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)).joined(separator: "/")
    }
}
