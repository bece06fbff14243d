// Apps as data: every service's apps are `AppEntry` values whose URL is a `URLTemplate`
// filled from the link's `TemplateValues`.

/// The values a URL template can use for one link, by placeholder name, not yet encoded.
///
/// A value of nil means "absent" (an email without a subject): a query parameter that uses it is
/// left out of the URL.
public struct TemplateValues: Equatable, Sendable {
    /// One entry a name, each value with its percent-encoded form as `URLTemplate.fill` writes it: a link fills
    /// every app's template from the same few values, so each is encoded once and found by comparing short names.
    private var entries: [Entry] = []

    private struct Entry: Sendable {
        var name: String
        var value: String?
        var encoded: [UInt8]?

        init(_ name: String, _ value: String?) {
            self.name = name
            self.value = value
            encoded = value.map { value in
                var bytes: [UInt8] = []
                PercentEncoding.queryValue.append(value, to: &bytes)
                return bytes
            }
        }
    }

    /// Pairs rather than a dictionary: a link's few names need no hashing, and a name given twice keeps its first value.
    public init(_ values: KeyValuePairs<String, String?> = [:]) {
        entries.reserveCapacity(values.count + 1)
        for (name, value) in values where !defines(name) { entries.append(Entry(name, value)) }
    }

    /// The same names with the same values, in any order.
    public static func == (a: TemplateValues, b: TemplateValues) -> Bool {
        a.entries.count == b.entries.count && a.entries.allSatisfy { entry in b.entry(entry.name).map { $0.value == entry.value } ?? false }
    }

    private func entry(_ name: String) -> Entry? { entries.first { $0.name == name } }

    /// The value of `name`; nil when absent or unknown.
    public subscript(name: String) -> String? {
        get { entry(name)?.value }
        set {
            if let index = entries.firstIndex(where: { $0.name == name }) {
                entries[index] = Entry(name, newValue)
            } else {
                entries.append(Entry(name, newValue))
            }
        }
    }

    /// The encoded value of `name`; nil when absent or unknown. Read in place: every app's URL asks it.
    func encodedValue(_ name: String) -> [UInt8]? {
        for index in entries.indices where entries[index].name == name { return entries[index].encoded }
        return nil
    }

    /// True when `name` is a placeholder of these values, even if its value is absent.
    public func defines(_ name: String) -> Bool { entry(name) != nil }

    /// The placeholder names, sorted.
    public var names: [String] { entries.map(\.name).sorted() }
}

/// A URL with `{name}` placeholders, such as `icecubesapp://{host}/@{user}`.
///
/// Filling it percent-encodes every value with `PercentEncoding.queryValue` (only RFC 3986 unreserved
/// characters stay literal), so no value can add a `/`, `?`, `&`, `#` or `@` to the URL. A query
/// parameter (`name=…{x}…` between `?`/`&` delimiters) whose placeholders are absent is left out;
/// a placeholder elsewhere must have a value, or the template gives no URL.
public struct URLTemplate: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The template as written.
    public let text: String
    /// The text split once into the parts `fill` joins, since a site fills the same templates for every page;
    /// nil when the text is not a valid template (which `parse` reports).
    private let compiled: Compiled?

    public static func == (a: URLTemplate, b: URLTemplate) -> Bool { a.text == b.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }

    /// Schemes an app template may never use: they run code or read local data instead of opening an app.
    public static let refusedSchemes: Set<String> = ["javascript", "vbscript", "data", "file", "blob", "filesystem", "about", "view-source"]

    /// Characters a template may contain outside placeholders (RFC 3986 unreserved and reserved characters, and `%`).
    private static let literalCharacters = Set((PercentEncoding.unreservedCharacters + ":/?#[]@!$&'()*+,;=%").unicodeScalars)

    /// A template from the built-in catalog; it must be valid (a test checks every one).
    public init(_ text: String) {
        self.text = text
        self.compiled = Compiled(text)
    }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    public var description: String { text }

    /// Checks a template written by a page author: a scheme that opens an app (not `javascript:`,
    /// `data:`, `vbscript:`, `file:` or `http:`), no spaces or characters that need encoding, and only
    /// the placeholders in `placeholders`.
    public static func parse(_ input: String, placeholders: [String]) throws(LinkChainError) -> URLTemplate {
        let text = trimmed(input)
        let expected = "an app URL such as myapp://profile/{user}, using " + placeholders.map { "{\($0)}" }.joined(separator: ", ")
        func invalid(_ reason: String) -> LinkChainError {
            LinkChainError.invalid(text, isNot: "an app URL template", expected: expected, reason: reason)
        }
        if text.isEmpty { throw invalid("it is empty") }
        guard let scheme = URLScheme.of(text) else {
            throw invalid("it does not start with a scheme such as myapp:")
        }
        if refusedSchemes.contains(scheme) {
            throw invalid("the scheme \(LinkChainError.quoted(scheme + ":")) is not allowed: it runs code or reads local data instead of opening an app")
        }
        if scheme == "http" {
            throw invalid("the scheme \"http:\" is not allowed; use https:")
        }
        let template = URLTemplate(text)
        let pieces: [Piece]
        do throws(TemplateSyntaxError) { pieces = try template.pieces() } catch { throw invalid(error.reason) }
        for piece in pieces {
            switch piece {
            case .literal(let literal):
                if let bad = literal.unicodeScalars.first(where: { !literalCharacters.contains($0) }) {
                    throw invalid("the character \(IDNA.describe(bad)) must be percent-encoded")
                }
            case .placeholder(let name):
                if !placeholders.contains(name) {
                    var reason = "unknown placeholder {\(name)}"
                    if let near = Spelling.nearest(to: name, among: placeholders) { reason += " (did you mean {\(near)}?)" }
                    throw invalid(reason)
                }
            }
        }
        return template
    }

    /// The scheme, lowercased.
    public var scheme: String { compiled?.scheme ?? URLScheme.of(text) ?? "" }

    /// The placeholder names, in order of first use.
    public var placeholderNames: [String] {
        var names: [String] = []
        for case .placeholder(let name) in (try? pieces()) ?? [] where !names.contains(name) { names.append(name) }
        return names
    }

    /// The URL for `values`, or nil when a placeholder outside the query has no value.
    public func fill(_ values: TemplateValues) -> String? {
        guard let compiled else { return nil }
        // Built as bytes in one buffer: a site fills every app's template for every link it has.
        var url: [UInt8] = []
        url.reserveCapacity(text.utf8.count + 64)
        guard Self.append(compiled.head, values, to: &url) else { return nil }
        var delimiter = UInt8(ascii: "?")
        for parameter in compiled.parameters ?? [] {
            let start = url.count
            url.append(delimiter)
            if Self.append(parameter, values, to: &url) {
                delimiter = UInt8(ascii: "&")
            } else {
                url.removeSubrange(start...)  // left out: one of its placeholders has no value
            }
        }
        if let fragment = compiled.fragment, !Self.append(fragment, values, to: &url) { return nil }
        return String(decoding: url, as: UTF8.self)
    }

    /// Appends `pieces` with every placeholder replaced by its encoded value; false if one has no value.
    private static func append(_ pieces: [FillPiece], _ values: TemplateValues, to url: inout [UInt8]) -> Bool {
        for piece in pieces {
            switch piece {
            case .bytes(let literal): url.append(contentsOf: literal)
            case .placeholder(let name):
                guard let value = values.encodedValue(name) else { return false }
                url.append(contentsOf: value)
            }
        }
        return true
    }

    /// The template as the parts `fill` joins: before the query, each query parameter (left out when one of
    /// its placeholders has no value), and the fragment with its `#`.
    private struct Compiled: Sendable {
        var scheme: String?
        var head: [FillPiece]
        var parameters: [[FillPiece]]?
        var fragment: [FillPiece]?

        init?(_ text: String) {
            scheme = URLScheme.of(text)
            func pieces(_ part: Substring) -> [FillPiece]? {
                (try? URLTemplate.pieces(of: part))?.map { piece in
                    switch piece {
                    case .literal(let literal): .bytes(Array(literal.utf8))
                    case .placeholder(let name): .placeholder(name)
                    }
                }
            }
            let queryStart = text.firstIndex(of: "?")
            let fragmentStart = text.firstIndex(of: "#")
            guard let queryStart, fragmentStart.map({ queryStart < $0 }) ?? true else {
                guard let all = pieces(text[...]) else { return nil }
                head = all
                return
            }
            let queryEnd = fragmentStart ?? text.endIndex
            guard let head = pieces(text[..<queryStart]) else { return nil }
            self.head = head
            var parameters: [[FillPiece]] = []
            for parameter in text[text.index(after: queryStart)..<queryEnd].split(separator: "&", omittingEmptySubsequences: false) {
                guard let parameterPieces = pieces(parameter) else { return nil }
                parameters.append(parameterPieces)
            }
            self.parameters = parameters
            if queryEnd < text.endIndex {
                guard let fragment = pieces(text[queryEnd...]) else { return nil }
                self.fragment = fragment
            }
        }
    }

    private enum Piece: Equatable, Sendable { case literal(String), placeholder(String) }
    /// A piece as `fill` writes it: a literal as bytes, which an array appends in one copy (a short `String`'s
    /// UTF-8 view is appended byte by byte).
    private enum FillPiece: Sendable { case bytes([UInt8]), placeholder(String) }

    private struct TemplateSyntaxError: Error { var reason: String }

    private func pieces() throws(TemplateSyntaxError) -> [Piece] { try Self.pieces(of: text[...]) }

    /// Splits text into literal runs and `{name}` placeholders (names: lowercase letters, digits and `_`).
    private static func pieces(of text: Substring) throws(TemplateSyntaxError) -> [Piece] {
        var pieces: [Piece] = []
        var rest = text
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            if rest[open] == "}" { throw TemplateSyntaxError(reason: "it has a } without a {") }
            if open > rest.startIndex { pieces.append(.literal(String(rest[..<open]))) }
            guard let close = rest[open...].firstIndex(of: "}") else {
                throw TemplateSyntaxError(reason: "a { has no closing }")
            }
            let name = String(rest[rest.index(after: open)..<close])
            let valid = !name.isEmpty && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
            guard valid else { throw TemplateSyntaxError(reason: "{\(name)} is not a placeholder name (lowercase letters, digits and _)") }
            pieces.append(.placeholder(name))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.literal(String(rest))) }
        return pieces
    }
}

/// How an app shows the target once its URL opened it: what a visitor gets for the alert or prompt an app
/// launch may cost, shown by `sitegen services`.
public enum AppView: String, Equatable, Sendable, Codable {
    /// The app's own screen for the target (a profile, a compose window).
    case native
    /// The app opens, but shows the target's web page in a web view inside it.
    case webView = "web-view"
    /// A web client: the target opens in the browser, on another site.
    case website
    /// No source says.
    case unknown

    /// "opens natively", "opens in a web view", ...
    public var phrase: String {
        switch self {
        case .native: "opens natively"
        case .webView: "opens in a web view"
        case .website: "opens in the browser"
        case .unknown: "opening not known"
        }
    }
}

/// An app (or web client) that can open a service's target from a URL: one entry of data per app.
public struct AppEntry: Equatable, Sendable, Codable {
    /// Stable identifier, e.g. "ivory"; what `apps: [ivory]` names.
    public var id: String
    /// Name shown to people, e.g. "Ivory".
    public var name: String
    /// The URL that opens the target in the app.
    public var url: URLTemplate
    /// Where `url` can be tried: app schemes on iOS, https web clients everywhere.
    public var platforms: [Platform]
    /// The app's Android package name, from a primary source. With it the app also gets an `intent:`
    /// candidate on Android, which Chrome opens in the app or, without it, at the fallback.
    public var androidPackage: String?
    /// Where the URL format (and package name) come from.
    public var source: String
    /// False when no primary source documents the format: such an app is never in the default chain.
    public var verified: Bool
    /// True when the app is tried without being asked for (`apps:` can name any app).
    public var inDefaultChain: Bool
    /// Whether the app shows the target natively or in a web view, as its source says.
    public var opensIn: AppView

    /// - Parameters:
    ///   - platforms: by default iOS for an app scheme and every platform for an https web client.
    ///   - inDefaultChain: by default `verified`. An unverified app joins the default chain only when its catalog
    ///     entry says so, with the reason in `source` (the app-links notes allow it that way and no other).
    ///   - opensIn: by default `.website` for an https web client and `.unknown` for an app scheme, so each
    ///     catalog app says how it opens, from its source.
    public init(id: String, name: String, url: String, platforms: [Platform]? = nil, androidPackage: String? = nil,
                source: String, verified: Bool, inDefaultChain: Bool? = nil, opensIn: AppView? = nil) {
        self.id = id
        self.name = name
        self.url = URLTemplate(url)
        let scheme = self.url.scheme
        self.platforms = Platform.ordered(platforms ?? (scheme == "https" ? Platform.allCases : [.ios]))
        self.androidPackage = androidPackage
        self.source = source
        self.verified = verified
        self.inDefaultChain = inDefaultChain ?? verified
        self.opensIn = opensIn ?? (scheme == "https" ? .website : .unknown)
    }

    /// An app the page author describes: `name` and a template checked by `URLTemplate.parse`.
    /// Its id is the name in lowercase with hyphens for other characters ("My App" is "my-app").
    public static func custom(name: String, url: String, placeholders: [String]) throws(LinkChainError) -> AppEntry {
        let cleanName = trimmed(name)
        guard !cleanName.isEmpty else {
            throw LinkChainError.invalid(name, isNot: "an app name", expected: "a name shown to people, like My App", reason: "it is empty")
        }
        let template = try URLTemplate.parse(url, placeholders: placeholders)
        let id = cleanName.lowercased().unicodeScalars
            .map { ("a"..."z").contains($0) || ("0"..."9").contains($0) ? String($0) : "-" }
            .joined().split(separator: "-").joined(separator: "-")
        return AppEntry(id: id.isEmpty ? "custom" : id, name: cleanName, url: template.text,
                        source: "the page's front matter (custom app)", verified: false)
    }

    /// This app without its candidates on `platforms` (no `intent:` when Android is among them); nil when none is left.
    func leavingOut(_ platforms: [Platform]) -> AppEntry? {
        var app = self
        app.platforms = self.platforms.filter { !platforms.contains($0) }
        if platforms.contains(.android) { app.androidPackage = nil }
        return app.platforms.isEmpty && app.androidPackage == nil ? nil : app
    }

    /// The chain entries for a link: the app URL on `platforms`, and an `intent:` URL on Android
    /// when the app has a package name. None when a placeholder the URL needs has no value.
    public func candidates(values: TemplateValues, fallback: String) -> [Candidate] {
        var result: [Candidate] = []
        appendCandidates(values: values, fallback: fallback, to: &result)
        return result
    }

    func appendCandidates(values: TemplateValues, fallback: String, to result: inout [Candidate]) {
        guard let filled = url.fill(values) else { return }
        // An app left only its Android intent (its scheme's other platforms claim the link) is no plain candidate.
        if !platforms.isEmpty {
            result.append(Candidate(appID: id, appName: name, url: filled, platforms: platforms, source: source, verified: verified))
        }
        if let androidPackage, url.scheme != "https", let intent = Self.androidIntent(filled, package: androidPackage, fallback: fallback) {
            result.append(Candidate(appID: id, appName: name, url: intent, platforms: [.android], source: source, verified: verified))
        }
    }

    /// `intent://REST#Intent;scheme=SCHEME;package=PACKAGE;S.browser_fallback_url=FALLBACK;end`
    /// (developer.chrome.com/docs/android/intents): Android rebuilds `SCHEME:REST` and opens it in the
    /// package, and Chrome opens the percent-encoded fallback when the app is missing. Nil for a URL
    /// with a fragment, which the intent syntax would cut off.
    static func androidIntent(_ url: String, package: String, fallback: String) -> String? {
        guard let colon = url.firstIndex(of: ":"), !url.utf8.contains(UInt8(ascii: "#")) else { return nil }
        let scheme = url[..<colon]
        let rest = url[url.index(after: colon)...]
        return "intent:\(rest)#Intent;scheme=\(scheme);package=\(package);S.browser_fallback_url=\(PercentEncoding.queryValue.encode(fallback));end"
    }
}
