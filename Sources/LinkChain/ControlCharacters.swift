/// The characters that act on text instead of showing in it: the one owner of which those are, for every check that
/// refuses them and every message that shows them harmless.
public enum ControlCharacters {
    /// C0 controls and DEL (below 0x20, and 0x7F): the control characters of ASCII, one byte each in UTF-8.
    @inlinable
    public static func isASCIIControl(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F
    }

    public static func isASCIIControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && isASCIIControl(UInt8(scalar.value))
    }

    /// C0 controls, DEL and C1 controls (U+0080–U+009F, such as U+0085 NEXT LINE): Unicode's control characters.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        isASCIIControl(scalar) || (0x80...0x9F).contains(scalar.value)
    }

    /// The control characters and the Unicode line and paragraph separators (U+2028, U+2029): characters a path in
    /// a URL, a header line or a single-line value must not hold.
    public static func isControlOrLineSeparator(_ scalar: Unicode.Scalar) -> Bool {
        isControl(scalar) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// The embeddings, overrides and isolates that reorder text (U+202A–U+202E, U+2066–U+2069).
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}
