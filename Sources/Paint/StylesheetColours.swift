import CSSSyntax

/// The page colour a site's own stylesheet sets (`--page` on `:root`), for the browser's `theme-color`, which cannot
/// read CSS: without it, a phone's address bar keeps the theme's colour above a page of the site's own.
///
/// Read as the cascade applies it to the page: the last `--page` of a plain `:root` rule is the light colour, and the
/// dark one too unless a `@media (prefers-color-scheme: dark)` rule sets its own. Only colours written out count
/// (`#fdf6e3`, `rgb(…)`, `teal`); a `var(…)` or anything else is left to the theme.
public struct StylesheetColours: Equatable, Sendable {
    public var light: String?
    public var dark: String?
    /// The theme's custom properties (`--page`, `--card`, `--text`, `--muted`, `--ring`) a plain `:root` rule sets to a
    /// colour written out, the last of each: what the share card, which shows the light scheme, draws in.
    public var lightProperties: [String: String] = [:]

    public init(light: String? = nil, dark: String? = nil) {
        self.light = light
        self.dark = dark
    }

    public init(css: String) {
        let sheet = Sheet(css)
        for rule in sheet.rules(sheet.tokens[...]) {
            let prelude = sheet.text(rule.prelude).lowercased().filter { !$0.isWhitespace }
            if prelude.hasPrefix("@media") {
                guard prelude.contains("prefers-color-scheme:dark") else { continue }
                for inner in sheet.rules(rule.body) where sheet.isRoot(inner.prelude) {
                    if let page = sheet.colour("--page", in: inner.body) { dark = page }
                }
            } else if sheet.isRoot(rule.prelude) {
                if let page = sheet.colour("--page", in: rule.body) { light = page }
                for name in Self.themeProperties { if let value = sheet.colour(name, in: rule.body) { lightProperties[name] = value } }
            }
        }
    }

    /// The light colour, else `fallback`.
    public func light(or fallback: String) -> String { light ?? fallback }

    /// The dark colour: the dark rule's, else the plain rule's (which applies in dark mode too), else `fallback`.
    public func dark(or fallback: String) -> String { dark ?? light ?? fallback }

    static let themeProperties = ["--page", "--card", "--text", "--muted", "--ring"]

    /// CSS's colour functions: any other function (`var(…)`, `url(…)`) is not a colour written out.
    static let colourFunctions = ["rgb(", "rgba(", "hsl(", "hsla(", "hwb(", "lab(", "lch(", "oklab(", "oklch(", "color("]

    /// A name, a `#` hex colour or one colour function of letters, digits and `(),.% /-`, nothing that refers elsewhere.
    static func isColourWrittenOut(_ value: String) -> Bool {
        guard !value.isEmpty, value.count <= 64 else { return false }
        if value.contains("(") {
            let lower = value.lowercased()
            guard colourFunctions.contains(where: lower.hasPrefix), value.filter({ $0 == "(" }).count == 1, value.hasSuffix(")") else { return false }
        }
        return value.unicodeScalars.allSatisfy { scalar in
            (scalar.properties.isASCIIHexDigit || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar))
                || "#(),.% /-".unicodeScalars.contains(scalar)
        }
    }

}

/// A stylesheet as CSSSyntax's tokens, read in rules and declarations.
private struct Sheet {
    typealias Tokens = ArraySlice<CSSToken>
    let utf8: [UInt8]
    let tokens: [CSSToken]

    init(_ css: String) {
        let tokenizer = CSSTokenizer(css)
        utf8 = tokenizer.utf8
        tokens = Array(tokenizer)
    }

    /// The tokens' text as written, a comment read as a space.
    func text(_ tokens: Tokens) -> String {
        tokens.map { $0.kind == .comment ? " " : String($0.source(in: utf8)) }.joined()
    }

    func isRoot(_ prelude: Tokens) -> Bool {
        text(prelude).split(separator: ",").contains { $0.trimmingSpaces == ":root" }
    }

    /// The top-level rules of a block: each prelude and the body between its braces (nesting respected).
    func rules(_ tokens: Tokens) -> [(prelude: Tokens, body: Tokens)] {
        var found: [(Tokens, Tokens)] = []
        var depth = 0, preludeStart = tokens.startIndex, bodyStart = tokens.startIndex
        for index in tokens.indices {
            guard case .delim(let scalar) = tokens[index].kind else { continue }
            if scalar == "{" {
                if depth == 0 { bodyStart = index + 1 }
                depth += 1
            } else if scalar == "}" {
                depth -= 1
                if depth == 0 { found.append((tokens[preludeStart..<bodyStart - 1], tokens[bodyStart..<index])) }
                if depth <= 0 { depth = 0; preludeStart = index + 1 }
            } else if scalar == ";", depth == 0 {
                preludeStart = index + 1  // an at-rule without a block (`@import …;`)
            }
        }
        return found
    }

    /// A custom property's value among a rule's declarations, the last one given, when it is a colour written out.
    func colour(_ name: String, in body: Tokens) -> String? {
        var found: String?
        for declaration in declarations(body) {
            let text = text(declaration)
            guard let colon = text.firstIndex(of: ":"), text[..<colon].trimmingSpaces == name else { continue }
            var value = text[text.index(after: colon)...].trimmingSpaces
            if value.lowercased().hasSuffix("!important") { value = String(value.dropLast("!important".count)).trimmingSpaces }
            found = StylesheetColours.isColourWrittenOut(value) ? value : nil
        }
        return found
    }

    /// The declarations of a block: its parts between `;`s outside brackets.
    func declarations(_ body: Tokens) -> [Tokens] {
        var parts: [Tokens] = []
        var start = body.startIndex, depth = 0
        for index in body.indices {
            let token = body[index]
            if token.opensBlock {
                depth += 1
            } else if token.closesBlock {
                depth = max(depth - 1, 0)
            } else if token.kind == .delim(";"), depth == 0 {
                parts.append(body[start..<index])
                start = index + 1
            }
        }
        parts.append(body[min(start, body.endIndex)..<body.endIndex])
        return parts
    }
}

private extension StringProtocol {
    var trimmingSpaces: String {
        let scalars = unicodeScalars.drop { $0.properties.isWhitespace }
        return String(String.UnicodeScalarView(scalars.reversed().drop { $0.properties.isWhitespace }.reversed()))
    }
}
