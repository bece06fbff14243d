import LinkChain

/// JSON written by hand for the data sitegen puts in every page and beside it, which a general encoder makes slowly.
package enum JSONText {
    /// A JSON string. `insideScript` also escapes `<`, `>` and `&`, so the value cannot end an HTML `<script>`
    /// element it stands in.
    package static func string(_ value: String, insideScript: Bool = false) -> String {
        var json = JSONBytes(escaping: insideScript ? .insideScript : .none)
        json.string(value)
        return json.text
    }
}

/// JSON built as UTF-8 bytes, escaped in the same pass for where it will stand. It writes JSON only; a writer that
/// adds markup or rewrites values (the pipeline's shielded link markup) builds on it with `edit`.
package struct JSONBytes {
    package enum Context {
        /// Plain JSON.
        case none
        /// Inside an HTML `<script>` element: `<`, `>` and `&` as `\u00XX`, so no value can end the element.
        case insideScript
        /// Inside a single-quoted HTML attribute: `&`, `'` and `<` as character references.
        case singleQuotedAttribute
    }

    package let context: Context
    package private(set) var bytes: [UInt8] = []

    /// The bytes `string` escapes in this context.
    private let special: [Bool]

    package init(escaping context: Context) {
        self.context = context
        special = Self.special[context]!
        bytes.reserveCapacity(1024)
    }

    /// Room for `count` more bytes.
    package mutating func reserveCapacity(_ count: Int) {
        bytes.reserveCapacity(bytes.count + count)
    }

    /// JSON punctuation, written as it is (it holds none of the characters any context escapes). Byte by byte: these
    /// are one to a few bytes, a million of them for a page of 4,000 autolinks, and appending a buffer costs about
    /// 90 instructions of set-up each (callgrind), more than the bytes.
    package mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { for byte in $0 { bytes.append(byte) } }
    }

    package mutating func string(_ value: String) {
        bytes.append(0x22)
        stringContents(value)
        bytes.append(0x22)
    }

    /// A JSON string's escaped characters without its quotes.
    package mutating func stringContents(_ value: String) {
        var value = value
        let special = self.special
        special.withUnsafeBufferPointer { special in value.withUTF8 { source in
            // Bytes that need nothing are copied in runs; only the few others are looked at one by one.
            var runStart = 0
            for index in 0..<source.count {
                let byte = source[index]
                guard special[Int(byte)] else { continue }
                let replacement: StaticString
                switch byte {
                case 0x22: replacement = #"\""#
                case 0x5C: replacement = #"\\"#
                case 0x0A: replacement = #"\n"#
                case 0x0D: replacement = #"\r"#
                case 0x09: replacement = #"\t"#
                case 0x00..<0x20: replacement = ""
                // A `where` clause guards only the pattern it follows, so each byte gets its own.
                case 0x3C where context == .insideScript, 0x3E where context == .insideScript, 0x26 where context == .insideScript:
                    replacement = ""
                case 0x26 where context == .singleQuotedAttribute: replacement = "&amp;"
                case 0x27 where context == .singleQuotedAttribute: replacement = "&#39;"
                case 0x3C where context == .singleQuotedAttribute: replacement = "&lt;"
                default: continue
                }
                if index > runStart { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index])) }
                if replacement.utf8CodeUnitCount == 0 { unicodeEscape(byte) } else { replacement.withUTF8Buffer { bytes.append(contentsOf: $0) } }
                runStart = index + 1
            }
            if source.count > runStart { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart...])) }
        } }
    }

    /// The buffer, for a writer built on this one: what it writes that is not JSON, and values it rewrites where
    /// they stand.
    package mutating func edit(_ change: (inout [UInt8]) -> Void) {
        change(&bytes)
    }

    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// For each context, the bytes `string` writes some other way: one table look-up per byte instead of the
    /// comparisons, since URLs are full of bytes below `=` that need nothing.
    private static let special: [Context: [Bool]] = Dictionary(uniqueKeysWithValues: [Context.none, .insideScript, .singleQuotedAttribute].map { context in
        var escapes = [Bool](repeating: false, count: 256)
        for byte in 0..<0x20 { escapes[byte] = true }
        for byte in [0x22, 0x5C] { escapes[byte] = true }
        switch context {
        case .none: break
        case .insideScript: for byte in [0x3C, 0x3E, 0x26] { escapes[byte] = true }
        case .singleQuotedAttribute: for byte in [0x26, 0x27, 0x3C] { escapes[byte] = true }
        }
        return (context, escapes)
    })

    private mutating func unicodeEscape(_ byte: UInt8) {
        bytes += [0x5C, 0x75, 0x30, 0x30]
        HexDigits.append(byte, to: &bytes)
    }
}
