import Mustache
import SiteBasics

/// What writes a link's JSON: plain `JSONBytes`, or `ShieldedMarkup` for the JSON inside a link's attributes.
protocol JSONWriting {
    mutating func raw(_ text: StaticString)
    mutating func string(_ value: String)
}

extension JSONBytes: JSONWriting {}

/// A link's attribute text, its JSON in single quotes included, in one buffer: each value written with the
/// addresses the page's shield knows as character references.
struct ShieldedMarkup: JSONWriting {
    private var json = JSONBytes(escaping: .singleQuotedAttribute)
    private let shield: EmailShield?

    init(shield: EmailShield?) {
        self.shield = shield
    }

    mutating func reserveCapacity(_ count: Int) { json.reserveCapacity(count) }

    mutating func raw(_ text: StaticString) { json.raw(text) }

    mutating func string(_ value: String) {
        json.raw("\"")
        let start = json.bytes.count
        json.stringContents(value)
        protect(from: start)
        json.raw("\"")
    }

    /// Text in a double-quoted HTML attribute, as `HTML.escape` writes it (not JSON).
    mutating func escapedHTML(_ value: String) {
        let start = json.bytes.count
        json.edit { MustacheTemplates.appendEscapedHTML(value, to: &$0) }
        protect(from: start)
    }

    var text: String { json.text }

    private mutating func protect(from start: Int) {
        guard let shield else { return }
        json.edit { shield.protect(&$0, from: start) }
    }
}
