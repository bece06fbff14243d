import CSSSyntax

/// CSS read as CSSSyntax's tokens, the way a browser's tokenizer reads it (comments, strings, escapes such as `u\72l(`), to find
/// what could load from elsewhere: a `url(` that is not `url(#id)`, a function outside a list of drawing functions
/// (`image-set(`, `src(`, `image(` take addresses as strings), an at-rule outside a short list (`@import`,
/// `@font-face`). Names are read after their escapes are decoded; anything unsure (a bad url) counts as a finding, since a false
/// refusal costs a rename and a missed load costs a leak.
enum CSSText {
    /// What was found, and where: `offset` counts Unicode scalars into the text.
    struct Finding: Equatable {
        var offset: Int
        /// What it is, as the sheet means it (escapes decoded): `url(https://a.example/x.png)`, `@import`, `image-set(`.
        var what: String
    }

    /// Functions that compute, transform, paint gradients or select: none takes an address.
    static let allowedFunctions: Set<String> = [
        "rgb", "rgba", "hsl", "hsla", "hwb", "lab", "lch", "oklab", "oklch", "color", "color-mix", "light-dark", "device-cmyk",
        "calc", "min", "max", "clamp", "round", "mod", "rem", "abs", "sign", "sin", "cos", "tan", "asin", "acos", "atan",
        "atan2", "pow", "sqrt", "hypot", "log", "exp", "var", "env",
        "translate", "translatex", "translatey", "translatez", "translate3d", "rotate", "rotatex", "rotatey", "rotatez",
        "rotate3d", "scale", "scalex", "scaley", "scalez", "scale3d", "skew", "skewx", "skewy", "matrix", "matrix3d",
        "perspective", "cubic-bezier", "steps", "linear",
        "linear-gradient", "radial-gradient", "conic-gradient", "repeating-linear-gradient", "repeating-radial-gradient",
        "repeating-conic-gradient",
        "blur", "brightness", "contrast", "drop-shadow", "grayscale", "hue-rotate", "invert", "opacity", "saturate", "sepia",
        "path", "polygon", "circle", "ellipse", "inset", "rect", "xywh",
        "not", "is", "where", "has", "nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type", "lang", "dir",
        "counter", "counters", "minmax", "repeat", "fit-content",
    ]

    /// Closes whatever a sheet leaves open (a comment, a string, a `url(`): what follows is read at the top level.
    static let closers = "\n*/\"'\n)"

    /// At-rules that only group or animate rules.
    static let allowedAtRules: Set<String> = ["media", "supports", "keyframes", "-webkit-keyframes", "-moz-keyframes", "layer", "container"]

    /// The first thing in `css` (a sheet, a declaration list or a value) that could load or is not known to be drawing
    /// alone; nil when there is none.
    static func firstFinding(in css: String) -> Finding? {
        // Without a parenthesis, an at-sign or an escape there is no function, at-rule or name to decode: most values.
        guard css.utf8.contains(where: { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "\\") }) else { return nil }
        var tokens = CSSTokenizer(css)
        func finding(_ token: CSSToken, _ what: String) -> Finding {
            Finding(offset: String(decoding: tokens.utf8[..<token.range.lowerBound], as: UTF8.self).unicodeScalars.count, what: what)
        }
        while let token = tokens.next() {
            switch token.kind {
            case .atKeyword(let name) where !allowedAtRules.contains(name.lowercased()):
                return finding(token, "@" + name)
            case .url(let address, let bad) where bad || !address.hasPrefix("#"):
                // A bad url loads nothing in a browser, but what it holds is unsure: refused like any other.
                return finding(token, "url(\(address))")
            case .function(let name) where name.lowercased() == "url":
                // `url("…")`: the address is the string after it.
                var next = tokens.next()
                while case .whitespace? = next?.kind { next = tokens.next() }
                guard case .string(let address, _)? = next?.kind else { return finding(token, "url()") }
                if !address.hasPrefix("#") { return finding(token, "url(\(address))") }
            case .function(let name) where !allowedFunctions.contains(name.lowercased()):
                return finding(token, name + "(")
            default:
                continue
            }
        }
        return nil
    }
}
