/// The data a template is rendered against: a JSON-like tree of values.
///
/// Section truthiness: `.null`, `.bool(false)` and an empty `.array` are falsey; every other value
/// (including the empty string, `0` and an empty dictionary) is truthy.
public enum MustacheValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([MustacheValue])
    case dictionary([String: MustacheValue])
    /// Values by name number, for templates rendered many times with the same names (see `MustacheSlots`).
    case slots(MustacheSlots)
}

/// A dictionary whose keys are the numbers `MustacheTemplates.slot(of:)` gives the names its templates look up:
/// finding a value is an index, not a hash, and a caller that renders the same templates many times numbers its
/// keys once. Valid only with the templates that made it (`MustacheTemplates.makeSlots()`); with any others it holds
/// nothing.
public struct MustacheSlots: Sendable, Equatable {
    /// Which templates' numbering: held, not just its address, so slots that outlive their templates can never
    /// match another numbering made later at the same address.
    let numbering: SlotNumbering
    var values: [MustacheValue?]

    init(numbering: SlotNumbering, count: Int) {
        self.numbering = numbering
        values = Array(repeating: nil, count: count)
    }

    public static func == (lhs: MustacheSlots, rhs: MustacheSlots) -> Bool {
        lhs.numbering === rhs.numbering && lhs.values == rhs.values
    }

    /// The value of the name numbered `slot`; nil is absent, as a key missing from a dictionary.
    public subscript(slot: Int) -> MustacheValue? {
        get { values[slot] }
        set { values[slot] = newValue }
    }
}

extension MustacheValue {
    /// Whether a section `{{#name}}` renders (and an inverted section `{{^name}}` does not).
    public var isTruthy: Bool {
        switch self {
        case .null: return false
        case .bool(let flag): return flag
        case .array(let items): return !items.isEmpty
        case .int, .double, .string, .dictionary, .slots: return true
        }
    }

    /// The value stored under `key` when this is a dictionary, otherwise `nil` (slots know numbers, not names).
    public subscript(key: String) -> MustacheValue? {
        if case .dictionary(let entries) = self { return entries[key] }
        return nil
    }

    /// The text an interpolation tag produces for this value, before HTML escaping.
    /// Arrays and dictionaries render as the empty string.
    public var renderedText: String {
        switch self {
        case .null, .array, .dictionary, .slots: return ""
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return MustacheValue.format(number)
        case .string(let text): return text
        }
    }

    /// Shortest round-trip representation; whole numbers print without a fractional part.
    static func format(_ number: Double) -> String {
        if number.isFinite, number.magnitude < 1e15 {
            let whole = Int(number)
            if Double(whole) == number { return String(whole) }
        }
        return number.description
    }
}

extension MustacheValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
}

extension MustacheValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self = .int(value) }
}

extension MustacheValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension MustacheValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension MustacheValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: MustacheValue...) { self = .array(elements) }
}

extension MustacheValue: ExpressibleByDictionaryLiteral {
    /// A repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self = .dictionary(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
