/// One token of CSS, as CSS Syntax Level 3 reads a sheet, cut down to what sitegen's readers need (the minifier, the
/// published-SVG check, the stylesheet's colours): comments, whitespace, strings, `url(…)`, names, functions,
/// at-keywords and single characters (braces, brackets and parentheses among them). Values have their escapes decoded;
/// `range` is where the token is in the text's UTF-8, so a reader can copy it as written.
public struct CSSToken: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case whitespace
        /// `/* … */`; one left open runs to the end of the text, as in CSS.
        case comment
        /// A quoted string; `closed` is false when a newline or the end of the text ended it (a newline is not part of it).
        case string(String, closed: Bool)
        /// `url(` with an address not in quotes, up to its `)`. A bad one (a quote, a parenthesis, a space inside)
        /// holds what was read before it went bad; a browser loads nothing from it.
        case url(String, bad: Bool)
        /// A run of name characters. Numbers and dimensions are names too (`12px`, `1url`): no reader needs their value,
        /// and a reader that looks for names only ever finds more.
        case name(String)
        /// A name right before `(`: `rgb(`, `url("…")` (a quoted address follows as a string).
        case function(String)
        /// `@` and a name: `@media`.
        case atKeyword(String)
        /// Any other character: `{`, `}`, `(`, `)`, `[`, `]`, `;`, `:`, `,`, `#`, a backslash that escapes nothing, …
        case delim(Unicode.Scalar)
        /// A span the caller marked as its own syntax (a template's tag), stepped over whole.
        case opaque
    }

    public var kind: Kind
    public var range: Range<Int>

    public init(_ kind: Kind, _ range: Range<Int>) {
        self.kind = kind
        self.range = range
    }

    /// `{`, `(`, `[` or a function: what a matching close ends.
    public var opensBlock: Bool {
        switch kind {
        case .function: true
        case .delim(let scalar): scalar == "{" || scalar == "(" || scalar == "["
        default: false
        }
    }

    public var closesBlock: Bool {
        if case .delim(let scalar) = kind { return scalar == "}" || scalar == ")" || scalar == "]" }
        return false
    }
}

/// Reads CSS text into tokens. `opaque`, given an offset into the UTF-8, returns where a span of the caller's own syntax
/// that starts there ends (the minifier's Mustache tags); such a span is one `.opaque` token outside strings and is part
/// of a string inside one; comments do not look for it.
public struct CSSTokenizer: Sequence, IteratorProtocol {
    public let utf8: [UInt8]
    private var index = 0
    private let opaque: (Int) -> Int?

    public init(utf8: [UInt8], opaque: @escaping (Int) -> Int? = { _ in nil }) {
        self.utf8 = utf8
        self.opaque = opaque
    }

    public init(_ text: String) { self.init(utf8: Array(text.utf8)) }

    /// Every token of `text`.
    public static func tokens(_ text: String) -> [CSSToken] { Array(CSSTokenizer(text)) }

    public mutating func next() -> CSSToken? {
        guard index < utf8.count else { return nil }
        let start = index
        let kind = readToken()
        return CSSToken(kind, start..<index)
    }

    private mutating func readToken() -> CSSToken.Kind {
        let byte = utf8[index]
        if byte == UInt8(ascii: "/"), index + 1 < utf8.count, utf8[index + 1] == UInt8(ascii: "*") {
            index += 2
            while index < utf8.count, !(utf8[index] == UInt8(ascii: "*") && index + 1 < utf8.count && utf8[index + 1] == UInt8(ascii: "/")) {
                index += 1
            }
            index = Swift.min(index + 2, utf8.count)
            return .comment
        }
        if let end = opaque(index), end > index {
            index = end
            return .opaque
        }
        if Self.isWhitespace(byte) {
            while index < utf8.count, Self.isWhitespace(utf8[index]) { index += 1 }
            return .whitespace
        }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { return readString() }
        if byte == UInt8(ascii: "@"), startsName(at: index + 1) {
            index += 1
            return .atKeyword(readName())
        }
        if startsName(at: index) {
            let name = readName()
            guard index < utf8.count, utf8[index] == UInt8(ascii: "(") else { return .name(name) }
            index += 1
            if name.lowercased() == "url" {
                var look = index
                while look < utf8.count, Self.isWhitespace(utf8[look]) { look += 1 }
                if look == utf8.count || (utf8[look] != UInt8(ascii: "\"") && utf8[look] != UInt8(ascii: "'")) {
                    index = look
                    return readURL()
                }
            }
            return .function(name)
        }
        index += 1
        return .delim(Unicode.Scalar(byte))
    }

    // MARK: Characters (CSS's preprocessing is read in place: CR, CR LF and FF are newlines, NUL is U+FFFD)

    static func isNewline(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D || byte == 0x0C }
    static func isWhitespace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || isNewline(byte) }
    static func isHex(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
    static func isNameByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || byte == 0 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || (0x30...0x39).contains(byte)
            || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
    private static let replacement = Array("\u{FFFD}".utf8)

    /// The length of the newline at `at`: two for CR LF.
    private func newlineLength(at: Int) -> Int {
        utf8[at] == 0x0D && at + 1 < utf8.count && utf8[at + 1] == 0x0A ? 2 : 1
    }

    /// A backslash that starts an escape: one not followed by a newline (nor by the caller's own syntax).
    private func startsEscape(at: Int) -> Bool {
        at < utf8.count && utf8[at] == UInt8(ascii: "\\") && (at + 1 >= utf8.count || (!Self.isNewline(utf8[at + 1]) && opaque(at + 1) == nil))
    }

    private func startsName(at: Int) -> Bool {
        at < utf8.count && opaque(at) == nil && (Self.isNameByte(utf8[at]) || startsEscape(at: at))
    }

    // MARK: Tokens

    /// The escape whose backslash is at `index`, decoded into `value`.
    private mutating func readEscape(into value: inout [UInt8]) {
        index += 1
        guard index < utf8.count else { value += Self.replacement; return }
        guard Self.isHex(utf8[index]) else {
            let length = utf8[index] < 0x80 ? 1 : utf8[index] >= 0xF0 ? 4 : utf8[index] >= 0xE0 ? 3 : 2
            let end = Swift.min(index + length, utf8.count)
            if utf8[index] == 0 { value += Self.replacement } else { value += utf8[index..<end] }
            index = end
            return
        }
        var code: UInt32 = 0, digits = 0
        while index < utf8.count, digits < 6, Self.isHex(utf8[index]) {
            let byte = utf8[index]
            code = code * 16 + UInt32(byte <= 0x39 ? byte - 0x30 : (byte | 0x20) - 0x61 + 10)
            index += 1
            digits += 1
        }
        if index < utf8.count, Self.isWhitespace(utf8[index]) { index += Self.isNewline(utf8[index]) ? newlineLength(at: index) : 1 }
        if code != 0, let scalar = Unicode.Scalar(code) { value += Array(String(Character(scalar)).utf8) } else { value += Self.replacement }
    }

    private mutating func readName() -> String {
        var value: [UInt8] = []
        while index < utf8.count, opaque(index) == nil {
            let byte = utf8[index]
            if Self.isNameByte(byte) {
                if byte == 0 { value += Self.replacement } else { value.append(byte) }
                index += 1
            } else if startsEscape(at: index) {
                readEscape(into: &value)
            } else {
                break
            }
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// The caller's span at `index`, taken whole into a string's or url's value; false when none starts there.
    private mutating func takeOpaque(into value: inout [UInt8]) -> Bool {
        guard let end = opaque(index), end > index else { return false }
        value += utf8[index..<end]
        index = end
        return true
    }

    /// The byte at `index` taken into a value as it is, NUL as U+FFFD.
    private mutating func take(_ byte: UInt8, into value: inout [UInt8]) {
        if byte == 0 { value += Self.replacement } else { value.append(byte) }
        index += 1
    }

    private mutating func readString() -> CSSToken.Kind {
        let quote = utf8[index]
        index += 1
        var value: [UInt8] = []
        while index < utf8.count {
            if takeOpaque(into: &value) { continue }
            let byte = utf8[index]
            if byte == quote {
                index += 1
                return .string(String(decoding: value, as: UTF8.self), closed: true)
            }
            if Self.isNewline(byte) { break }
            if byte == UInt8(ascii: "\\") {
                if index + 1 >= utf8.count { index += 1; continue }
                if Self.isNewline(utf8[index + 1]) { index += 1 + newlineLength(at: index + 1); continue }  // a line continued
                readEscape(into: &value)
                continue
            }
            take(byte, into: &value)
        }
        return .string(String(decoding: value, as: UTF8.self), closed: false)
    }

    /// The address of `url(` (`index` is after the parenthesis and the spaces after it), up to its `)`.
    private mutating func readURL() -> CSSToken.Kind {
        var value: [UInt8] = []
        func address() -> String { String(decoding: value, as: UTF8.self) }
        while index < utf8.count {
            if takeOpaque(into: &value) { continue }
            let byte = utf8[index]
            if byte == UInt8(ascii: ")") {
                index += 1
                return .url(address(), bad: false)
            }
            if Self.isWhitespace(byte) {
                while index < utf8.count, Self.isWhitespace(utf8[index]) { index += 1 }
                if index == utf8.count { return .url(address(), bad: false) }
                if utf8[index] == UInt8(ascii: ")") {
                    index += 1
                    return .url(address(), bad: false)
                }
                break
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "(") || Self.isNonPrintable(byte) { break }
            if byte == UInt8(ascii: "\\") {
                guard startsEscape(at: index) else { break }
                readEscape(into: &value)
                continue
            }
            take(byte, into: &value)
        }
        if index == utf8.count { return .url(address(), bad: false) }
        // A bad url: what remains up to its `)` belongs to it, escapes included.
        var remnant: [UInt8] = []
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: ")") { index += 1; break }
            if startsEscape(at: index) { readEscape(into: &remnant) } else { index += 1 }
        }
        return .url(address(), bad: true)
    }

    static func isNonPrintable(_ byte: UInt8) -> Bool { (0x01...0x08).contains(byte) || byte == 0x0B || (0x0E...0x1F).contains(byte) || byte == 0x7F }
}

extension CSSToken {
    /// The token's text as written in `utf8`.
    public func source(in utf8: [UInt8]) -> Substring {
        Substring(String(decoding: utf8[range], as: UTF8.self))
    }
}
