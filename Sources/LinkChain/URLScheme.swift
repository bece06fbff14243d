/// The scheme of a URL, read one way everywhere (app templates, shorthands, page links, avatars).
public enum URLScheme {
    /// The scheme of `text` as written, lowercased: a letter, then letters, digits, `+`, `-` or `.`, then `:`
    /// (RFC 3986 §3.1). Nil for text that does not start with one (a relative reference, or a handle).
    public static func of(_ text: String) -> String? {
        strictPrefix(of: text).map { $0.lowercased() }
    }

    /// `of`, as a browser reads a link's `href`: the tabs and line breaks URL parsers remove, and the spaces and
    /// control characters they trim, are ignored first (`java\tscript:` is `javascript:`).
    public static func asBrowsersRead(_ destination: String) -> String? {
        // Most links are plain: letters then a colon, nothing to clean. Only the others take the slow path.
        if let colon = destination.utf8.firstIndex(of: 0x3A), colon != destination.utf8.startIndex,
           destination.utf8[..<colon].allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) }) {
            return String(destination[..<colon]).lowercased()
        }
        var scalars = String.UnicodeScalarView(destination.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" })
        // Format characters (a zero-width space) too: a scheme hidden behind one is still refused, not read as a path.
        func ignored(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value <= 0x20 || scalar.properties.isWhitespace || [.control, .format].contains(scalar.properties.generalCategory)
        }
        while let first = scalars.first, ignored(first) { scalars.removeFirst() }
        while let last = scalars.last, ignored(last) { scalars.removeLast() }
        return of(String(scalars))
    }

    /// The scheme as written (case kept), for callers that cut it off the text.
    static func strictPrefix(of text: String) -> Substring? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let prefix = text[..<colon]
        guard let first = prefix.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
              prefix.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) })
        else { return nil }
        return prefix
    }
}
