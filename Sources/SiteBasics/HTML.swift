import Mustache

/// Escaping for text placed in HTML element content or quoted attribute values.
public enum HTML {
    /// `& < > " '` as character references. Works on UTF-8 bytes and returns the text itself when nothing needs
    /// escaping, since most text on a page doesn't.
    public static func escape(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else { return text }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(utf8.count + 32)
        MustacheTemplates.appendEscapedHTML(text, to: &escaped)
        return String(decoding: escaped, as: UTF8.self)
    }

    /// Text for a double-quoted attribute value, where `'` needs no reference: as `escape` writes it, but with each
    /// `'` as it is. The Content-Security-Policy's quoted keywords and hashes stay that short.
    public static func escapeDoubleQuotedAttribute(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }) else { return text }
        return text.split(separator: "'", omittingEmptySubsequences: false).map { escape(String($0)) }.joined(separator: "'")
    }
}
