import SiteBasics

/// `site.yml`, beside `content/` and `templates/`: front matter fields that are every page's defaults.
///
/// The rule, for every field alike: a field a page sets replaces the site's value whole (a mapping such as
/// `name:` too, and `links:`); a field it leaves out takes the site's. In a page's `links:`, the item `site`
/// stands for the site's links, spliced in at that place. The fields are merged as YAML nodes before they are
/// read, so each keeps the place it was written and a problem with a site-wide value is reported in site.yml.
package struct SiteSettings: Equatable, Sendable {
    package static let fileName = "site.yml"
    /// `- site` in a page's `links:`.
    package static let linksItem = "site"

    /// As diagnostics show it, e.g. `mysite/site.yml`.
    package var displayPath: String
    package var text: String
    /// The top-level fields; empty when the file could not be read (its errors are reported once, by `read`).
    var fields: [FrontMatterReader.YAMLPair]

    package static func == (a: SiteSettings, b: SiteSettings) -> Bool { a.displayPath == b.displayPath && a.text == b.text }

    /// Reads the file's fields and reports its problems there, once for the whole site.
    package static func read(_ text: String, displayPath: String) -> (SiteSettings, [Diagnostic]) {
        var settings = SiteSettings(displayPath: displayPath, text: text, fields: [])
        var sink = DiagnosticSink(path: displayPath, text: text, siteSettings: settings)
        guard let fields = FrontMatterReader.fields(of: text, firstLine: 1, file: .siteSettings, sink: &sink) else {
            return (settings, sink.diagnostics)
        }
        settings.fields = fields
        // Decoded alone too, so a mistake is reported even when every page overrides the field.
        var decodeSink = DiagnosticSink(path: displayPath, text: text, siteSettings: settings)
        _ = FrontMatterReader.decode(fields, sink: &decodeSink)
        return (settings, sink.diagnostics + decodeSink.diagnostics)
    }

    /// A page's fields over the site's: the page's own, then the site's that the page does not set.
    static func merge(_ settings: SiteSettings?, under page: [FrontMatterReader.YAMLPair], sink: inout DiagnosticSink) -> [FrontMatterReader.YAMLPair] {
        let siteFields = settings?.fields ?? []
        let pageKeys = Set(page.compactMap { Self.name(of: $0.key) })
        let siteLinks = siteFields.first { Self.name(of: $0.key) == "links" }?.value
        var merged: [FrontMatterReader.YAMLPair] = []
        for (key, value) in page {
            guard Self.name(of: key) == "links", case .sequence(let items, let at) = value else {
                merged.append((key, value))
                continue
            }
            var spliced: [YAMLNode] = []
            for item in items {
                guard case .scalar(linksItem, true, let itemAt) = item else { spliced.append(item); continue }
                if case .sequence(let shared, _) = siteLinks {
                    spliced += shared
                } else {
                    sink.report(.warning, at: itemAt, "'\(linksItem)' stands for the links of \(fileName), but "
                        + (settings == nil ? "the site has no \(fileName)" : "\(fileName) has no list of links") + ", so it adds none")
                }
            }
            merged.append((key, .sequence(spliced, at: at)))
        }
        return merged + siteFields.filter { !pageKeys.contains(Self.name(of: $0.key) ?? "") }
    }

    private static func name(of key: YAMLNode) -> String? {
        if case .scalar(let name, _, _) = key { return name }
        return nil
    }
}

extension DiagnosticSink {
    /// A sink for a page's file, which reports problems at `site.yml`'s positions in `site.yml`.
    package init(path: String, text: String, siteSettings: SiteSettings?) {
        self.init(path: path, text: text, settingsFile: siteSettings.map { ($0.displayPath, $0.text) })
    }
}
