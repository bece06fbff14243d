import SiteBasics

/// The letters that stand for a title where no picture does: the favicon of a page without an avatar, and the
/// avatar `sitegen new` draws. One rule and one drawing (`svg`), so a site's pictures agree.
public enum Initials {
    /// The first character of the first and the last word that start with a letter or digit (of the title
    /// itself when none does), uppercased where the script has case: "Ada Lovelace" -> "AL", "李小龍" -> "李".
    public static func of(_ title: String) -> String {
        let words = title.split(whereSeparator: { $0.isWhitespace }).filter { $0.first.map { $0.isLetter || $0.isNumber } ?? false }
        let picked = words.count > 1 ? [words[0], words[words.count - 1]] : Array(words.prefix(1))
        let initials = picked.compactMap(\.first).map { String($0).uppercased() }.joined()
        return initials.isEmpty ? String(title.trimmingCharacters(in: .whitespaces).prefix(1)) : initials
    }

    /// The one drawing of a title's initials: on a rounded square of `fill` in `text` (CSS colours, the theme's
    /// focus ring and the text that reads on it), so a page's favicon, its share card and the avatar `sitegen new`
    /// draws agree. `named` adds the title as the picture's `<title>` (for a picture that stands on its own).
    package static func svg(_ title: String, fill: String, text: String, named: Bool = false) -> String {
        svgParts[0] + (named ? "<title>" + HTML.escape(title) + "</title>" : "") + svgParts[1] + fill + svgParts[2] + text
            + svgParts[3] + HTML.escape(of(title)) + svgParts[4]
    }

    /// A favicon of `svg`, as a data URL so it costs no request.
    package static func favicon(_ title: String, fill: String, text: String) -> String {
        // Percent-encoding goes byte by byte, so the fixed parts are encoded once and only the values per page.
        let encode = DataURL.encoding.encode
        return faviconParts[0] + faviconParts[1] + encode(fill) + faviconParts[2] + encode(text) + faviconParts[3]
            + encode(HTML.escape(of(title))) + faviconParts[4]
    }

    /// The drawing around its title, fill, text colour and initials.
    private static let svgParts = [
        #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">"#,
        #"<rect width="64" height="64" rx="14" fill=""#,
        #""/><text x="32" y="42" font-family="system-ui,sans-serif" font-size="28" font-weight="700" text-anchor="middle" fill=""#,
        #"">"#,
        "</text></svg>",
    ]

    /// The favicon's data: URL around the same values, encoded.
    private static let faviconParts = ["data:image/svg+xml," + DataURL.encoding.encode(svgParts[0])] + svgParts.dropFirst().map(DataURL.encoding.encode)
}
