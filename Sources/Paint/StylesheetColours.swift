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
        let text = Self.withoutComments(Array(css.unicodeScalars))
        for rule in Self.rules(text[...]) {
            let prelude = String(String.UnicodeScalarView(rule.prelude)).lowercased().filter { !$0.isWhitespace }
            if prelude.hasPrefix("@media") {
                guard prelude.contains("prefers-color-scheme:dark") else { continue }
                for inner in Self.rules(rule.body) where Self.isRoot(inner.prelude) {
                    if let page = Self.pageColour(in: inner.body) { dark = page }
                }
            } else if Self.isRoot(rule.prelude) {
                if let page = Self.pageColour(in: rule.body) { light = page }
                for name in Self.themeProperties { if let value = Self.colour(name, in: rule.body) { lightProperties[name] = value } }
            }
        }
    }

    /// The light colour, else `fallback`.
    public func light(or fallback: String) -> String { light ?? fallback }

    /// The dark colour: the dark rule's, else the plain rule's (which applies in dark mode too), else `fallback`.
    public func dark(or fallback: String) -> String { dark ?? light ?? fallback }

    private static func isRoot(_ prelude: ArraySlice<Unicode.Scalar>) -> Bool {
        String(String.UnicodeScalarView(prelude)).split(separator: ",").contains { $0.trimmingSpaces == ":root" }
    }

    static let themeProperties = ["--page", "--card", "--text", "--muted", "--ring"]

    /// `--page`'s value among a rule's declarations, the last one given, when it is a colour written out.
    private static func pageColour(in body: ArraySlice<Unicode.Scalar>) -> String? { colour("--page", in: body) }

    /// A custom property's value among a rule's declarations, the last one given, when it is a colour written out.
    private static func colour(_ name: String, in body: ArraySlice<Unicode.Scalar>) -> String? {
        var found: String?
        for declaration in split(body, at: ";") {
            let text = String(String.UnicodeScalarView(declaration))
            guard let colon = text.firstIndex(of: ":"), text[..<colon].trimmingSpaces == name else { continue }
            var value = text[text.index(after: colon)...].trimmingSpaces
            if value.lowercased().hasSuffix("!important") { value = String(value.dropLast("!important".count)).trimmingSpaces }
            found = isColourWrittenOut(value) ? value : nil
        }
        return found
    }

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

    /// The top-level rules of a block: each prelude and the body between its braces (quotes and nesting respected).
    private static func rules(_ text: ArraySlice<Unicode.Scalar>) -> [(prelude: ArraySlice<Unicode.Scalar>, body: ArraySlice<Unicode.Scalar>)] {
        var found: [(ArraySlice<Unicode.Scalar>, ArraySlice<Unicode.Scalar>)] = []
        var depth = 0, preludeStart = text.startIndex, bodyStart = text.startIndex
        forEachOutsideQuotes(text) { index, scalar in
            if scalar == "{" {
                if depth == 0 { bodyStart = index + 1 }
                depth += 1
            } else if scalar == "}" {
                depth -= 1
                if depth == 0 { found.append((text[preludeStart..<bodyStart - 1], text[bodyStart..<index])) }
                if depth <= 0 { depth = 0; preludeStart = index + 1 }
            } else if scalar == ";", depth == 0 {
                preludeStart = index + 1  // an at-rule without a block (`@import …;`)
            }
        }
        return found
    }

    /// The parts of a declaration block between `separator`s that are outside quotes and brackets.
    private static func split(_ text: ArraySlice<Unicode.Scalar>, at separator: Unicode.Scalar) -> [ArraySlice<Unicode.Scalar>] {
        var parts: [ArraySlice<Unicode.Scalar>] = []
        var start = text.startIndex, depth = 0
        forEachOutsideQuotes(text) { index, scalar in
            if scalar == "(" || scalar == "[" || scalar == "{" {
                depth += 1
            } else if scalar == ")" || scalar == "]" || scalar == "}" {
                depth = max(depth - 1, 0)
            } else if scalar == separator, depth == 0 {
                parts.append(text[start..<index])
                start = index + 1
            }
        }
        parts.append(text[min(start, text.endIndex)..<text.endIndex])
        return parts
    }

    /// Calls `visit` with each character of `text` that is not inside a quoted string (the quotes themselves are
    /// inside), a backslash escaping the character after it there.
    private static func forEachOutsideQuotes(_ text: ArraySlice<Unicode.Scalar>, _ visit: (Int, Unicode.Scalar) -> Void) {
        var quote: Unicode.Scalar?
        var index = text.startIndex
        while index < text.endIndex {
            let scalar = text[index]
            if let open = quote {
                if scalar == "\\" { index += 1 } else if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else {
                visit(index, scalar)
            }
            index += 1
        }
    }

    /// The text with each `/* … */` taken out (an unclosed one runs to the end, as in CSS), outside quotes.
    private static func withoutComments(_ text: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var kept: [Unicode.Scalar] = []
        kept.reserveCapacity(text.count)
        var index = 0, quote: Unicode.Scalar?
        while index < text.count {
            let scalar = text[index]
            if let open = quote {
                kept.append(scalar)
                if scalar == "\\", index + 1 < text.count { kept.append(text[index + 1]); index += 1 } else if scalar == open { quote = nil }
            } else if scalar == "/", index + 1 < text.count, text[index + 1] == "*" {
                index += 2
                while index < text.count, !(text[index] == "*" && index + 1 < text.count && text[index + 1] == "/") { index += 1 }
                index += 1
                kept.append(" ")
            } else {
                if scalar == "\"" || scalar == "'" { quote = scalar }
                kept.append(scalar)
            }
            index += 1
        }
        return kept
    }
}

private extension StringProtocol {
    var trimmingSpaces: String {
        let scalars = unicodeScalars.drop { $0.properties.isWhitespace }
        return String(String.UnicodeScalarView(scalars.reversed().drop { $0.properties.isWhitespace }.reversed()))
    }
}
