/// CSS read the way a browser's tokenizer reads it (CSS Syntax 3: comments, strings, escapes such as `u\72l(`), to find
/// what could load from elsewhere: a `url(` that is not `url(#id)`, a function outside a list of drawing functions
/// (`image-set(`, `src(`, `image(` take addresses as strings), an at-rule outside a short list (`@import`,
/// `@font-face`). Names are read after their escapes are decoded; anything unsure counts as a finding, since a false
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
        var text: [Unicode.Scalar] = []
        text.reserveCapacity(css.unicodeScalars.count)
        // CSS's preprocessing: CR, CR LF and FF are newlines; NUL is U+FFFD.
        var previousCR = false
        for scalar in css.unicodeScalars {
            switch scalar {
            case "\r": text.append("\n"); previousCR = true; continue
            case "\n" where previousCR: break
            case "\u{0C}": text.append("\n")
            case "\0": text.append("\u{FFFD}")
            default: text.append(scalar)
            }
            previousCR = false
        }
        var index = 0
        while index < text.count {
            let scalar = text[index]
            if scalar == "/", index + 1 < text.count, text[index + 1] == "*" {
                index += 2
                while index < text.count, !(text[index] == "*" && index + 1 < text.count && text[index + 1] == "/") { index += 1 }
                index = min(index + 2, text.count)
                continue
            }
            if scalar == "\"" || scalar == "'" {
                index = readString(text, from: index).end
                continue
            }
            if scalar == "@", index + 1 < text.count, startsName(text, at: index + 1) {
                let (name, end) = readName(text, from: index + 1)
                if !allowedAtRules.contains(name.lowercased()) { return Finding(offset: index, what: "@" + name) }
                index = end
                continue
            }
            if startsName(text, at: index) {
                let start = index
                let (name, end) = readName(text, from: index)
                index = end
                guard index < text.count, text[index] == "(" else { continue }
                let function = name.lowercased()
                if function == "url" {
                    let (address, after) = readURL(text, from: index + 1)
                    if !address.hasPrefix("#") { return Finding(offset: start, what: "url(\(address))") }
                    index = after
                    continue
                }
                if !allowedFunctions.contains(function) { return Finding(offset: start, what: name + "(") }
                index += 1
                continue
            }
            index += 1
        }
        return nil
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x80 || scalar == "-" || scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            || ("0"..."9").contains(scalar)
    }

    private static func isHex(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" || scalar == "\n" }

    /// A backslash that starts an escape: one not followed by a newline.
    private static func startsEscape(_ text: [Unicode.Scalar], at index: Int) -> Bool {
        index < text.count && text[index] == "\\" && (index + 1 >= text.count || text[index + 1] != "\n")
    }

    /// Whether a run of name characters starts here (digits too: `1url(` is read as a name, which only ever refuses more).
    private static func startsName(_ text: [Unicode.Scalar], at index: Int) -> Bool {
        index < text.count && (isNameScalar(text[index]) || startsEscape(text, at: index))
    }

    /// The escape at `index` (after its backslash is checked): the scalar it stands for and where it ends.
    private static func readEscape(_ text: [Unicode.Scalar], from index: Int) -> (Unicode.Scalar, Int) {
        var index = index + 1
        guard index < text.count else { return ("\u{FFFD}", index) }
        guard isHex(text[index]) else { return (text[index], index + 1) }
        var value: UInt32 = 0, digits = 0
        while index < text.count, digits < 6, isHex(text[index]) {
            value = value * 16 + UInt32(Int(String(text[index]), radix: 16)!)
            index += 1
            digits += 1
        }
        if index < text.count, isWhitespace(text[index]) { index += 1 }
        let scalar = value == 0 ? nil : Unicode.Scalar(value)
        return (scalar ?? "\u{FFFD}", index)
    }

    /// The name starting at `index`, escapes decoded, and where it ends.
    private static func readName(_ text: [Unicode.Scalar], from index: Int) -> (String, Int) {
        var index = index, name = String.UnicodeScalarView()
        while index < text.count {
            if isNameScalar(text[index]) { name.append(text[index]); index += 1 }
            else if startsEscape(text, at: index) { let (scalar, end) = readEscape(text, from: index); name.append(scalar); index = end }
            else { break }
        }
        return (String(name), index)
    }

    /// The string whose quote is at `index`, escapes decoded, and where it ends: at its closing quote, at a newline
    /// (a bad string, as browsers end it) or at the end.
    private static func readString(_ text: [Unicode.Scalar], from index: Int) -> (value: String, end: Int) {
        let quote = text[index]
        var index = index + 1, value = String.UnicodeScalarView()
        while index < text.count {
            let scalar = text[index]
            if scalar == quote { return (String(value), index + 1) }
            if scalar == "\n" { return (String(value), index) }
            if scalar == "\\" {
                if index + 1 >= text.count { index += 1; continue }
                if text[index + 1] == "\n" { index += 2; continue }
                let (decoded, end) = readEscape(text, from: index)
                value.append(decoded)
                index = end
                continue
            }
            value.append(scalar)
            index += 1
        }
        return (String(value), index)
    }

    /// What `url(` at `index` (just after the parenthesis) refers to, escapes decoded, and where it ends.
    private static func readURL(_ text: [Unicode.Scalar], from index: Int) -> (String, Int) {
        var index = index
        while index < text.count, isWhitespace(text[index]) { index += 1 }
        if index < text.count, text[index] == "\"" || text[index] == "'" {
            let (value, end) = readString(text, from: index)
            return (value, end)
        }
        var value = String.UnicodeScalarView()
        while index < text.count, text[index] != ")", !isWhitespace(text[index]) {
            if startsEscape(text, at: index) { let (scalar, end) = readEscape(text, from: index); value.append(scalar); index = end }
            else { value.append(text[index]); index += 1 }
        }
        return (String(value), index)
    }
}
