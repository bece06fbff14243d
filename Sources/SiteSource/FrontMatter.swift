import Companions
import LinkChain
import Paint
import SiteBasics

/// The fields a page sets in its YAML front matter.
package struct FrontMatter: Equatable, Sendable {
    package typealias ColorScheme = Paint.ColorScheme

    package var title: String?
    package var description: String?
    /// The page's public URL.
    package var url: Located<String>?
    package var lang: String = "en"
    /// `words: {share: Teilen}`: the site's own text for words of the page and its runtime, by `WordTable` key.
    package var words: [String: String] = [:]
    /// An image path relative to the page's folder under `content/`, or an https URL.
    package var avatar: Located<String>?
    /// A built-in look (`Theme.all`).
    package var theme: Theme = .standard
    package var colorScheme: ColorScheme = .auto
    /// A CSS file under `content/`, relative to the page, inlined after the theme.
    package var stylesheet: Located<String>?
    /// The template that renders the page, by name (default `page`).
    package var template: Located<String>?
    package var emailProtection: EmailProtection = .entities
    /// What a first tap on iOS does with nothing learned yet: try the chain's next app, or ask.
    package var firstTap: FirstTap = .try
    /// `buttons: calm`: every button in one quiet style, the brand in its logo's round badge.
    package var buttons: ButtonStyle = .brand
    /// Lets raw HTML in the Markdown body through; off by default.
    package var unsafeHTML = false
    /// `share_card: false`: no 1200×630 picture for link previews (the avatar is the preview image then, as it is).
    package var shareCard = true
    package var links: [LinkEntry] = []
    /// Whose `fediverse:creator` meta the page carries: by default its first fediverse account.
    package var fediverseCreator: FediverseCreator = .firstAccount
    /// `- section: Listen` items of `links:`: headings placed before the link at `beforeLink` (an index into `links`).
    package var sections: [LinkSection] = []
    /// `background:` an image under `content/`, or a list of colours for a gradient, shown behind the page's card.
    package var background: Background?
    /// `name: {given: Ada, family: Lovelace}`: the person's name in parts, for the contact card.
    package var name: PersonName?
    /// `analytics: {endpoint: https://…}`: where each tap's outcome is counted; nil: the page sends nothing.
    package var analytics: Analytics?

    /// A counting endpoint, checked: https, or http on this machine's loopback (for tests), without query or fragment.
    package struct Analytics: Equatable, Sendable {
        package var endpoint: String
        /// `scheme://host[:port]`, which the page's Content-Security-Policy lets it connect to.
        package var origin: String
    }

    /// `identity: {webfinger: "@eb@social.coop", atproto_did: did:plc:…}`: the site's `.well-known` identity files.
    package var identity: SiteIdentity?

    package struct LinkSection: Equatable, Sendable {
        package var title: String
        package var beforeLink: Int
        package var position: SourcePosition
        /// `icons: true` under the `- section:`: its buttons are a row of round logos ("also on" profiles).
        package var icons = false
    }

    /// How the buttons look: each in its brand's colours, or all alike with the brand in the logo.
    package enum ButtonStyle: String, Sendable, CaseIterable { case brand, calm }

    package enum Background: Equatable, Sendable {
        case image(Located<String>)
        case gradient([HexColor])
    }

    package struct PersonName: Equatable, Sendable {
        package var given: String?
        package var family: String?
    }

    package enum FediverseCreator: Equatable, Sendable {
        /// The first fediverse account the page links to, if any.
        case firstAccount
        /// `fediverse_creator: false`: no meta.
        case none
        /// `fediverse_creator: "@user@host"`, as written.
        case account(Located<String>)
    }

    package init() {}

    /// The keys front matter understands, in the order the README documents them: the keys of its table of field
    /// readers.
    package static let knownKeys = FrontMatterReader.fields.map(\.key)

    /// The key of a `links:` item that is a heading between buttons (`- section: Listen`), not a link.
    package static let sectionKey = "section"
    /// The key under a `- section:` that makes its buttons a row of round logos.
    static let sectionIconsKey = "icons"

    /// What other site generators and link pages call some fields, and sitegen's name for each.
    static let otherNames = ["photo": "avatar", "picture": "avatar", "image": "avatar", "bio": "description", "tagline": "description",
                             "language": "lang", "buttons": "links", "layout": "template", "css": "stylesheet"]
}

/// One item of `links:` as written, before its service is looked up.
package struct LinkEntry: Equatable, Sendable {
    /// The key naming the service (`mastodon`, `email`, `url`, ...), the first key that is not a display field.
    package var service: Located<String>
    package var handle: Located<String>
    package var label: String?
    package var icon: Located<String>?
    package var color: Located<String>?
    /// `apps: [ivory, icecubes]`: the apps to try instead of the default ones, in order.
    package var apps: [Located<String>]?
    /// `app: {name: My App, url: "myapp://…"}`: the author's own app, tried first.
    package var customApp: CustomApp?
    /// Service options such as `subject`, in the order written.
    package var options: [(name: Located<String>, value: String)]
    /// `from:` and `until:`: when the link is shown.
    package var window = LinkWindow()
    /// Where the item starts, for warnings about the whole link.
    package var position = SourcePosition(line: 0, column: 0)

    /// An app the page author describes, with where each part was written.
    package struct CustomApp: Equatable, Sendable {
        package var name: Located<String>
        package var url: Located<String>
    }

    /// Keys every link may carry whatever its service: the keys of its table of field readers.
    package static let commonKeys = Set(fields.map(\.key))

    package static func == (a: LinkEntry, b: LinkEntry) -> Bool {
        a.service == b.service && a.handle == b.handle && a.label == b.label && a.icon == b.icon && a.color == b.color
            && a.apps == b.apps && a.customApp == b.customApp && a.window == b.window
            && a.options.count == b.options.count
            && zip(a.options, b.options).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }
}

/// Splits a content file into front matter and Markdown body, and reads the front matter.
package enum FrontMatterReader {
    package struct Split: Equatable, Sendable {
        /// The YAML between the `---` lines; nil when the file has no front matter.
        package var yaml: String?
        /// The line (1-based) where the YAML starts.
        package var yamlFirstLine: Int
        package var body: String
        /// The line (1-based) where the body starts, so Markdown positions map back to the file.
        package var bodyFirstLine: Int

        package init(yaml: String?, yamlFirstLine: Int, body: String, bodyFirstLine: Int) {
            (self.yaml, self.yamlFirstLine, self.body, self.bodyFirstLine) = (yaml, yamlFirstLine, body, bodyFirstLine)
        }
    }

    /// Front matter is a first line of exactly `---`, YAML, and a closing line of `---` or `...`.
    package static func split(_ text: String, sink: inout DiagnosticSink) -> Split {
        let lines = SourceLines(text)
        func isFence(_ number: Int, closing: Bool) -> Bool {
            // Only short lines can be fences; the others are never copied out of the text.
            guard lines.ranges[number].count <= 16 else { return false }
            var line = text.utf8Slice(lines.ranges[number])
            while line.last == " " || line.last == "\t" { line.removeLast() }
            return line == "---" || (closing && line == "...")
        }
        guard isFence(0, closing: false) else {
            // A near miss would turn the YAML into Markdown headings and ship a page without its fields.
            if let first = (0..<lines.count).first(where: { !text.utf8Slice(lines.ranges[$0]).allSatisfy { $0 == " " || $0 == "\t" } }),
               lines.ranges[first].count <= 16 {
                var line = Substring(text.utf8Slice(lines.ranges[first]))
                while line.last == " " || line.last == "\t" { line.removeLast() }
                if first > 0 && line == "---" {
                    sink.report(line: 1, column: 1, "front matter must start on the first line: expected '---' here, with nothing before it")
                } else if first == 0 && !line.isEmpty && line.allSatisfy({ $0 == "-" }) && line.count != 3 && line.count <= 5 {
                    sink.report(line: 1, column: 1, "front matter starts with a line of three dashes: expected '---', found '\(line)'")
                } else if first == 0 && line == "+++" {
                    // Hugo's and Zola's TOML front matter: read as Markdown, the page would lose every field, title included.
                    sink.report(line: 1, column: 1, "this page starts with '+++', TOML front matter as Hugo and Zola write it: sitegen reads YAML between '---' lines (title: \"…\" rather than title = \"…\"); convert it")
                }
            }
            return Split(yaml: nil, yamlFirstLine: 1, body: text, bodyFirstLine: 1)
        }
        guard let closing = (1..<lines.count).first(where: { isFence($0, closing: true) }) else {
            sink.report(line: 1, column: 1, "front matter is not closed: expected a line '---' after the YAML")
            return Split(yaml: nil, yamlFirstLine: 2, body: "", bodyFirstLine: lines.count + 1)
        }
        let yaml = closing == 1 ? "" : text.utf8Slice(lines.nextStarts[0]..<lines.ranges[closing - 1].upperBound)
        let body = text.utf8Slice(lines.nextStarts[closing]..<lines.ranges[lines.count - 1].upperBound)
        return Split(yaml: yaml, yamlFirstLine: 2, body: body, bodyFirstLine: closing + 2)
    }

    /// Reads the front matter fields over the site's defaults from `site.yml`, reporting every problem found
    /// into `sink`.
    package static func read(_ split: Split, siteSettings: SiteSettings? = nil, sink: inout DiagnosticSink) -> FrontMatter {
        var pairs: [YAMLPair] = []
        if let yaml = split.yaml {
            guard let fields = fields(of: yaml, firstLine: split.yamlFirstLine, file: .page, sink: &sink) else { return FrontMatter() }
            pairs = fields
        }
        return decode(SiteSettings.merge(siteSettings, under: pairs, sink: &sink), sink: &sink)
    }

    package typealias YAMLPair = (key: YAMLNode, value: YAMLNode)

    /// The top-level fields of front matter or of `site.yml`; nil after reporting when the YAML cannot be read
    /// or is not a mapping.
    static func fields(of yaml: String, firstLine: Int, file: SourcePosition.File, sink: inout DiagnosticSink) -> [YAMLPair]? {
        // libyaml takes NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR for line breaks and editors do not, so every
        // position after one would be a line off: refused at its place instead.
        if yaml.containsUTF8("\u{85}") || yaml.containsUTF8("\u{2028}") || yaml.containsUTF8("\u{2029}") {
            for (offset, line) in yaml.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let index = line.firstIndex(where: { ["\u{85}", "\u{2028}", "\u{2029}"].contains($0) }) else { continue }
                let scalar = line[index].unicodeScalars.first!
                sink.report(line: firstLine + offset, column: line.distance(from: line.startIndex, to: index) + 1,
                            "\(UnicodeName.describe(scalar)) is a line break to YAML but not to your editor: remove it, or write it as \\u\(UnicodeName.hex(scalar.value)) in a double-quoted value")
                return nil
            }
        }
        let root: YAMLNode
        do { root = try YAMLReader.parse(yaml, lineOffset: firstLine - 1, file: file) } catch {
            sink.report(line: error.position.line, column: error.position.column, error.message,
                        hint: YAMLHint.hint(for: error, yaml: yaml, firstLine: firstLine))
            return nil
        }
        guard case .mapping(let pairs, _) = root else {
            let what = file == .page ? "front matter" : SiteSettings.fileName
            sink.report(line: root.position.line, column: root.position.column,
                        "\(what) must be a mapping of fields like 'title: My page', found \(root.kindDescription)")
            return nil
        }
        YAMLHint.reportCommentsCuttingValues(pairs, yaml: yaml, firstLine: firstLine, sink: &sink)
        return pairs
    }

    /// The fields' values, typed; every problem reported where it was written.
    static func decode(_ pairs: [YAMLPair], sink: inout DiagnosticSink) -> FrontMatter {
        var decoding = FieldDecoding(reader: NodeReader(sink: sink))
        for (keyNode, value) in pairs {
            guard case .scalar(let key, _, let keyAt) = keyNode else { continue }
            if let placeholder = StarterPlaceholder.fields[key], case .scalar(placeholder, _, let at) = value {
                decoding.reader.report(at, StarterPlaceholder.fieldMessage(key, placeholder), severity: .warning, kind: .starterPlaceholder)
            }
            if let field = fieldsByKey[key] {
                field.read(&decoding, FieldValue(node: value, key: key, keyAt: keyAt))
            } else {
                // Ignored, not refused: a site written for a later sitegen still builds here (--strict refuses it).
                let hint = FrontMatter.otherNames[key].map { " (sitegen calls it '\($0)')" }
                    ?? Spelling.hint(for: key, among: FrontMatter.knownKeys, count: 1)
                decoding.reader.report(keyAt, "unknown field '\(key)' is ignored\(hint)", severity: .warning)
            }
        }
        let matter = decoding.matter
        let table = WordTable.standard
        // A page whose `words:` gives every word needs none of the table's.
        if let langAt = decoding.langAt, table.language(for: matter.lang) == nil, matter.words.count < table.keys.count {
            decoding.reader.report(langAt, "sitegen has no words for '\(matter.lang)', so the page's buttons, notices and messages are in English: "
                + "it has \(table.languageTags.joined(separator: ", ")); write your own under 'words:'", severity: .warning)
        }
        sink = decoding.reader.sink
        return matter
    }

    /// Every field front matter understands, in the order the README documents them: its key and how its value is
    /// read. The known keys (`FrontMatter.knownKeys`: "did you mean", completions, the docs' checks) are this table's.
    fileprivate static let fields: [FieldReader] = [
        FieldReader("title") { $0.matter.title = $0.reader.text($1.node, field: $1.key) },
        FieldReader("description") { $0.matter.description = $0.reader.text($1.node, field: $1.key) },
        FieldReader("url") { $0.matter.url = $0.reader.located($1.node, field: $1.key) },
        FieldReader("lang") { decoding, field in
            guard let lang = decoding.reader.located(field.node, field: field.key) else { return }
            if LanguageTag.isWellFormed(lang.value) { (decoding.matter.lang, decoding.langAt) = (lang.value, lang.position) }
            else { decoding.reader.report(lang.position, "'\(lang.value)' is not a language tag: expected a BCP 47 tag such as en, de or pt-BR") }
        },
        FieldReader("words") { $0.matter.words = $0.reader.words($1.node) },
        FieldReader("avatar") { $0.matter.avatar = $0.reader.located($1.node, field: $1.key) },
        FieldReader("theme") { decoding, field in
            if let theme = decoding.reader.choice(field.node, field: field.key, among: Theme.all.map { ($0.name, $0) }) { decoding.matter.theme = theme }
        },
        FieldReader("color_scheme") { decoding, field in
            if let scheme = decoding.reader.choice(field.node, field: field.key, among: FrontMatter.ColorScheme.allCases.map { ($0.rawValue, $0) }) {
                decoding.matter.colorScheme = scheme
            }
        },
        FieldReader("stylesheet") { $0.matter.stylesheet = $0.reader.located($1.node, field: $1.key) },
        FieldReader("template") { $0.matter.template = $0.reader.located($1.node, field: $1.key) },
        FieldReader("email_protection") { decoding, field in
            if let mode = decoding.reader.choice(field.node, field: field.key, among: EmailProtection.allCases.map { ($0.rawValue, $0) }) {
                decoding.matter.emailProtection = mode
            }
        },
        FieldReader("first_tap") { decoding, field in
            if let mode = decoding.reader.choice(field.node, field: field.key, among: FirstTap.allCases.map { ($0.rawValue, $0) }) { decoding.matter.firstTap = mode }
        },
        FieldReader("buttons") { decoding, field in
            if let style = decoding.reader.choice(field.node, field: field.key, among: FrontMatter.ButtonStyle.allCases.map { ($0.rawValue, $0) }) {
                decoding.matter.buttons = style
            }
        },
        FieldReader("unsafe_html") { $0.matter.unsafeHTML = $0.reader.bool($1.node, field: $1.key) ?? false },
        FieldReader("share_card") { $0.matter.shareCard = $0.reader.bool($1.node, field: $1.key) ?? true },
        FieldReader("fediverse_creator") { decoding, field in
            if case .scalar("false", true, _) = field.node { decoding.matter.fediverseCreator = .none }
            else if let account = decoding.reader.located(field.node, field: field.key) { decoding.matter.fediverseCreator = .account(account) }
        },
        FieldReader("background") { $0.matter.background = $0.reader.background($1.node) },
        FieldReader("name") { $0.matter.name = $0.reader.personName($1.node) },
        FieldReader("analytics") { $0.matter.analytics = $0.reader.analytics($1.node) },
        FieldReader("identity") { $0.matter.identity = $0.reader.identity($1.node, key: $1.keyAt) },
        FieldReader("links") { ($0.matter.links, $0.matter.sections) = $0.reader.linksAndSections($1.node) },
    ]

    private static let fieldsByKey = Dictionary(uniqueKeysWithValues: fields.map { ($0.key, $0) })
}

/// One field of front matter: its key, and how its value is read into the page's `FrontMatter`.
fileprivate struct FieldReader: Sendable {
    let key: String
    let read: @Sendable (inout FieldDecoding, FieldValue) -> Void

    init(_ key: String, read: @escaping @Sendable (inout FieldDecoding, FieldValue) -> Void) {
        (self.key, self.read) = (key, read)
    }
}

/// A field's value as written, with its key and where the key stands.
fileprivate struct FieldValue {
    let node: YAMLNode
    let key: String
    let keyAt: SourcePosition
}

/// What reading the fields makes: the front matter, the reader holding what it reported, where `lang:` was written.
fileprivate struct FieldDecoding {
    var matter = FrontMatter()
    var reader: NodeReader
    var langAt: SourcePosition?
}

extension LinkEntry {
    /// The keys every link may carry, each with how its value is read; a link's other keys name its service, then
    /// the service's options.
    fileprivate static let fields: [LinkFieldReader] = [
        LinkFieldReader("label") { $1.label = $0.text($2, field: $3) },
        LinkFieldReader("icon") { $1.icon = $0.located($2, field: $3) },
        LinkFieldReader("color") { $1.color = $0.located($2, field: $3) },
        LinkFieldReader("apps") { $1.apps = $0.textList($2, field: $3, example: "apps: [ivory, icecubes]") },
        LinkFieldReader("app") { reader, link, node, _ in link.customApp = reader.app(node) },
        LinkFieldReader("from") { $1.window.from = $0.time($2, field: $3) },
        LinkFieldReader("until") { $1.window.until = $0.time($2, field: $3) },
    ]

    fileprivate static let fieldsByKey = Dictionary(uniqueKeysWithValues: fields.map { ($0.key, $0) })
}

/// One key every link may carry, and how its value (with the key) is read into the link.
fileprivate struct LinkFieldReader: Sendable {
    let key: String
    let read: @Sendable (inout NodeReader, inout LinkEntry, YAMLNode, String) -> Void

    init(_ key: String, read: @escaping @Sendable (inout NodeReader, inout LinkEntry, YAMLNode, String) -> Void) {
        (self.key, self.read) = (key, read)
    }
}

/// Typed access to YAML nodes that reports a clear error where a value has the wrong shape.
private struct NodeReader {
    var sink: DiagnosticSink

    mutating func report(_ at: SourcePosition, _ message: String, severity: Diagnostic.Severity = .error, kind: Diagnostic.Kind = .general) {
        sink.report(severity, at: at, message, kind: kind)
    }

    mutating func located(_ node: YAMLNode, field: String) -> Located<String>? {
        guard case .scalar(let value, _, let at) = node else {
            report(node.position, "'\(field)' must be text, found \(node.kindDescription)")
            return nil
        }
        return Located(value, at: at)
    }

    mutating func text(_ node: YAMLNode, field: String) -> String? { located(node, field: field)?.value }

    /// The pairs of a mapping and where it starts; nil after reporting `expected` and what was written instead.
    mutating func mapping(_ node: YAMLNode, expected: String) -> (pairs: [FrontMatterReader.YAMLPair], at: SourcePosition)? {
        guard case .mapping(let pairs, let at) = node else {
            report(node.position, expected + ", found \(node.kindDescription)")
            return nil
        }
        return (pairs, at)
    }

    /// The option `node` names, from `options` in the order messages list them; reported with the nearest names
    /// when it is none of them.
    mutating func choice<Option>(_ node: YAMLNode, field: String, among options: [(name: String, value: Option)]) -> Option? {
        guard let written = located(node, field: field) else { return nil }
        if let option = options.first(where: { $0.name == written.value }) { return option.value }
        let names = options.map(\.name)
        report(written.position, "unknown \(field) '\(written.value)'\(Spelling.hint(for: written.value, among: names)): expected one of \(names.joined(separator: ", "))")
        return nil
    }

    mutating func bool(_ node: YAMLNode, field: String) -> Bool? {
        if case .scalar(let value, true, _) = node {
            switch value { case "true", "True", "TRUE": return true
            case "false", "False", "FALSE": return false
            default: break }
        }
        var hint = ""
        if case .scalar(let value, _, _) = node { hint = Spelling.hint(for: value, among: ["true", "false"], count: 1) }
        report(node.position, "'\(field)' must be true or false\(hint)")
        return nil
    }

    mutating func linksAndSections(_ node: YAMLNode) -> ([LinkEntry], [FrontMatter.LinkSection]) {
        guard case .sequence(let items, _) = node else {
            report(node.position, "'links' must be a list of links, each starting with '- ', found \(node.kindDescription)")
            return ([], [])
        }
        var entries: [LinkEntry] = [], sections: [FrontMatter.LinkSection] = []
        for item in items {
            // A page's `- site` was replaced by site.yml's links before decoding; one left is in site.yml itself.
            if case .scalar(SiteSettings.linksItem, true, let at) = item {
                report(at, "'\(SiteSettings.linksItem)' stands for \(SiteSettings.fileName)'s links in a page's links, so it cannot be one of them")
                continue
            }
            // `- section: Listen`: a heading between buttons, not a link; `icons: true` under it makes its buttons a
            // row of round logos.
            if case .mapping(let pairs, _) = item, let first = pairs.first, case .scalar(FrontMatter.sectionKey, _, _) = first.key,
               pairs.count == 1 || (pairs.count == 2 && pairs[1].key == .scalar(FrontMatter.sectionIconsKey, plain: true, at: pairs[1].key.position)) {
                if let title = located(pairs[0].1, field: FrontMatter.sectionKey) {
                    let icons = pairs.count == 2 ? bool(pairs[1].1, field: FrontMatter.sectionIconsKey) ?? false : false
                    sections.append(.init(title: title.value, beforeLink: entries.count, position: title.position, icons: icons))
                }
                continue
            }
            if let entry = link(item) { entries.append(entry) }
        }
        for (index, section) in sections.enumerated() where section.beforeLink == (index + 1 < sections.count ? sections[index + 1].beforeLink : entries.count) {
            report(section.position, "section '\(section.title)' has no links under it, so it is left out", severity: .warning)
        }
        return (entries, sections)
    }

    /// `words: {share: Teilen, save_contact: Kontakt speichern}`: text for keys of the word table. A text whose
    /// `{placeholders}` differ from the table's gets a warning, since the runtime fills in only those.
    mutating func words(_ node: YAMLNode) -> [String: String] {
        guard case let (pairs, _)? = mapping(node, expected: "'words' must be a mapping of words to text, such as {share: Teilen}") else { return [:] }
        let table = WordTable.standard
        var words: [String: String] = [:]
        for (keyNode, value) in pairs {
            guard case .scalar(let key, _, let keyAt) = keyNode else { continue }
            guard let english = table.text(key, in: WordTable.english) else {
                let hint = Spelling.hint(for: key, among: table.keys, count: 1)
                report(keyAt, "unknown word '\(key)' in 'words'\(hint): expected one of \(table.keys.joined(separator: ", "))")
                continue
            }
            guard let text = located(value, field: "words." + key) else { continue }
            let expected = WordTable.placeholders(in: english), written = WordTable.placeholders(in: text.value)
            if written != expected {
                let takes = expected.isEmpty ? "takes no placeholder" : "takes \(expected.joined(separator: " and ")), which the page fills in"
                report(text.position, "'\(key)' \(takes), but this text has \(written.isEmpty ? "none" : written.joined(separator: " and ")) (in English: '\(english)')",
                       severity: .warning)
            }
            words[key] = text.value
        }
        return words
    }

    /// `background: backdrop.jpg` (an image under content/) or `background: ["#ff7e5f", "#feb47b"]` (a gradient).
    mutating func background(_ node: YAMLNode) -> FrontMatter.Background? {
        if case .sequence(let items, let at) = node {
            var colors: [HexColor] = []
            for item in items {
                guard let written = located(item, field: "background") else { continue }
                if let color = HexColor(written.value) { colors.append(color) }
                else { report(written.position, "'\(written.value)' is not a colour: expected #rgb or #rrggbb, like #563acc") }
            }
            guard colors.count == items.count else { return nil }
            guard (2...6).contains(colors.count) else {
                report(at, "a background gradient takes 2 to 6 colours, such as [\"#ff7e5f\", \"#feb47b\"]")
                return nil
            }
            return .gradient(colors)
        }
        guard case .scalar = node else {
            report(node.position, "'background' must be an image path such as backdrop.jpg, or a list of colours such as [\"#ff7e5f\", \"#feb47b\"], found \(node.kindDescription)")
            return nil
        }
        return located(node, field: "background").map(FrontMatter.Background.image)
    }

    /// `name: {given: Ada, family: Lovelace}`
    mutating func personName(_ node: YAMLNode) -> FrontMatter.PersonName? {
        guard case let (pairs, at)? = mapping(node, expected: "'name' must be a mapping such as {given: Ada, family: Lovelace}") else { return nil }
        var name = FrontMatter.PersonName()
        for (keyNode, value) in pairs {
            guard case .scalar(let key, _, let keyAt) = keyNode else { continue }
            switch key {
            case "given": name.given = text(value, field: "given")
            case "family": name.family = text(value, field: "family")
            default:
                let hint = Spelling.hint(for: key, among: ["given", "family"], count: 1)
                report(keyAt, "unknown key '\(key)' in 'name'\(hint): expected given and family")
            }
        }
        guard name.given != nil || name.family != nil else {
            report(at, "'name' needs a given or a family name, such as {given: Ada, family: Lovelace}")
            return nil
        }
        return name
    }

    /// `analytics: {endpoint: https://example.goatcounter.com/count}`
    mutating func analytics(_ node: YAMLNode) -> FrontMatter.Analytics? {
        let shape = "'analytics' must be a mapping with an endpoint, such as {endpoint: https://MYCODE.goatcounter.com/count}"
        guard case let (pairs, at)? = mapping(node, expected: shape) else { return nil }
        var endpoint: Located<String>?, named = false
        for (keyNode, value) in pairs {
            guard case .scalar(let key, _, let keyAt) = keyNode else { continue }
            if key == "endpoint" { (endpoint, named) = (located(value, field: "endpoint"), true); continue }
            let hint = Spelling.hint(for: key, among: ["endpoint"], count: 1)
            report(keyAt, "unknown key '\(key)' in 'analytics'\(hint): expected endpoint")
        }
        guard let endpoint else {
            if !named { report(at, shape) }  // a value of the wrong shape was reported where it is
            return nil
        }
        switch AnalyticsEndpoint.check(endpoint.value) {
        case .success(let analytics): return analytics
        case .failure(let problem):
            report(endpoint.position, "analytics endpoint: " + problem.message)
            return nil
        }
    }

    mutating func link(_ node: YAMLNode) -> LinkEntry? {
        guard case .mapping(let pairs, let itemAt) = node else {
            report(node.position, "a link must be a mapping such as 'mastodon: \"@user@host\"' with an optional label, found \(node.kindDescription)")
            return nil
        }
        var service: Located<String>?, handle: Located<String>?
        var link = LinkEntry(service: Located("", at: itemAt), handle: Located("", at: itemAt), options: [], position: itemAt)
        for (keyNode, value) in pairs {
            guard case .scalar(let key, _, let keyAt) = keyNode else { continue }
            if let field = LinkEntry.fieldsByKey[key] {
                field.read(&self, &link, value, key)
                continue
            }
            guard let value = located(value, field: key) else { continue }
            if service == nil { service = Located(key, at: keyAt); handle = value }
            else { link.options.append((Located(key, at: keyAt), value.value)) }
        }
        if let handle, StarterPlaceholder.handles.contains(handle.value) {
            report(handle.position, StarterPlaceholder.linkMessage(handle.value), severity: .warning, kind: .starterPlaceholder)
        }
        guard let service, let handle else {
            report(itemAt, "this link names no service: start it with a service and handle, such as 'mastodon: \"@user@host\"', 'email: you@example.org' or 'url: https://example.org'")
            return nil
        }
        if let from = link.window.from, let until = link.window.until, until.value.endExclusive <= from.value.start {
            report(until.position, "'until' is not after 'from', so the link would never be shown (an until date includes its whole day, in UTC)")
            return nil
        }
        (link.service, link.handle) = (service, handle)
        return link
    }

    /// `from: 2026-12-24` or `until: 2026-12-24T18:00:00+01:00`.
    mutating func time(_ node: YAMLNode, field: String) -> Located<ScheduleTime>? {
        guard let written = located(node, field: field) else { return nil }
        switch ScheduleTime.parse(written.value) {
        case .success(let time): return Located(time, at: written.position)
        case .failure(let problem):
            report(written.position, "'\(field)': \(problem.reason)")
            return nil
        }
    }

    /// `identity: {webfinger: "@eb@social.coop", atproto_did: did:plc:ewvi7nxzyoun6zhxrhs64oiz}`
    mutating func identity(_ node: YAMLNode, key: SourcePosition) -> SiteIdentity? {
        guard case let (pairs, at)? = mapping(node, expected: "'identity' must be a mapping such as {webfinger: \"@you@your.server\", atproto_did: did:plc:…}") else { return nil }
        var identity = SiteIdentity(position: key)
        var valid = true
        func refuse(_ position: SourcePosition, _ message: String) {
            report(position, message)
            valid = false
        }
        /// An https URL for the WebFinger document, read by LinkChain's `WebAddress` and kept in its normalised
        /// form; the `{uri}` of a subscribe template stays as written, since it is a placeholder, not a path.
        func httpsURL(_ value: YAMLNode, field: String, example: String) -> Located<String>? {
            guard var written = located(value, field: "identity." + field) else { valid = false; return nil }
            do throws(LinkChainError) {
                let url = try WebAddress.parse(written.value).url.replacingOccurrences(of: "%7Buri%7D", with: "{uri}")
                guard !url.contains("#") else {
                    refuse(written.position, "'\(field)' must not hold a '#' fragment: expected a URL like \(example)")
                    return nil
                }
                written.value = url
                return written
            } catch {
                refuse(written.position, "'\(field)': " + error.message)
                return nil
            }
        }
        for (keyNode, value) in pairs {
            guard case .scalar(let key, _, let keyAt) = keyNode else { continue }
            switch key {
            case "webfinger":
                guard let written = located(value, field: "identity.webfinger") else { valid = false; continue }
                do throws(LinkChainError) {
                    _ = try FediverseAccount.parse(written.value, serviceName: "fediverse")
                    identity.webfinger = written
                } catch {
                    refuse(written.position, "webfinger: " + error.message)
                }
            case "actor": identity.actor = httpsURL(value, field: key, example: "https://example.social/users/you")
            case "profile": identity.profile = httpsURL(value, field: key, example: "https://example.social/@you")
            case "subscribe":
                if let written = httpsURL(value, field: key, example: "https://example.social/authorize_interaction?uri={uri}") {
                    if written.value.contains("{uri}") { identity.subscribe = written }
                    else { refuse(written.position, "'subscribe' must hold {uri} where the account to follow goes, like https://example.social/authorize_interaction?uri={uri}") }
                }
            case "atproto_did":
                guard let written = located(value, field: "identity.atproto_did") else { valid = false; continue }
                if let problem = AtprotoDID.problem(written.value) { refuse(written.position, problem) } else { identity.atprotoDID = written }
            default:
                let hint = Spelling.hint(for: key, among: SiteIdentity.keys, count: 1)
                refuse(keyAt, "unknown key '\(key)' in 'identity'\(hint): expected \(SiteIdentity.keys.joined(separator: ", "))")
            }
        }
        guard valid else { return nil }
        if identity.webfinger == nil, let extra = [identity.actor, identity.profile, identity.subscribe].compactMap({ $0 }).first {
            report(extra.position, "actor, profile and subscribe describe the webfinger account: add webfinger: \"@you@your.server\"")
            return nil
        }
        if (identity.profile != nil || identity.subscribe != nil) && identity.actor == nil, let extra = identity.profile ?? identity.subscribe {
            report(extra.position, "profile and subscribe are for a server that is not Mastodon, which needs its actor too: add actor: https://…")
            return nil
        }
        guard identity.webfinger != nil || identity.atprotoDID != nil else {
            report(at, "'identity' needs webfinger, atproto_did or both, such as {webfinger: \"@you@your.server\"}")
            return nil
        }
        return identity
    }

    /// A list of text values, each with its position.
    mutating func textList(_ node: YAMLNode, field: String, example: String) -> [Located<String>]? {
        guard case .sequence(let items, _) = node else {
            report(node.position, "'\(field)' must be a list such as \(example), found \(node.kindDescription)")
            return nil
        }
        var values: [Located<String>] = []
        for item in items {
            guard case .scalar(let value, _, let at) = item else {
                report(item.position, "each item of '\(field)' must be text, found \(item.kindDescription)")
                continue
            }
            values.append(Located(value, at: at))
        }
        return values
    }

    /// `app: {name: My App, url: "myapp://profile/{user}"}`
    mutating func app(_ node: YAMLNode) -> LinkEntry.CustomApp? {
        let shape = "'app' must be a mapping with a name and a url, such as {name: My App, url: \"myapp://profile/{user}\"}"
        guard case let (pairs, at)? = mapping(node, expected: shape) else { return nil }
        var name: Located<String>?, url: Located<String>?
        for (keyNode, value) in pairs {
            guard case .scalar(let key, _, let keyAt) = keyNode else { continue }
            switch key {
            case "name": name = located(value, field: "name")
            case "url": url = located(value, field: "url")
            default:
                let hint = Spelling.hint(for: key, among: ["name", "url"], count: 1)
                report(keyAt, "unknown key '\(key)' in 'app'\(hint): expected name and url")
            }
        }
        guard let name, let url else {
            report(at, shape)
            return nil
        }
        return LinkEntry.CustomApp(name: name, url: url)
    }
}
