import Foundation

/// Why a domain name was refused; `reason` is a clause for messages such as
/// `the label "-bad-" starts or ends with a hyphen`.
public struct IDNAError: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String
    public init(reason: String) { self.reason = reason }
    public var description: String { reason }
}

/// The basics of IDNA ToASCII (RFC 5891 section 4, with the lowercase and dot
/// mappings browsers apply before it, as in UTS #46):
///
/// 1. the ideographic full stops `。 ． ｡` become `.`; one final `.` (a fully qualified
///    name) is dropped;
/// 2. the name is lowercased and put in Unicode Normalization Form C;
/// 3. each label is checked: ASCII labels are letters, digits and hyphens; other labels
///    may hold letters, marks and digits, not symbols, punctuation, spaces or
///    compatibility characters (whose NFKC form differs, like fullwidth letters);
///    no label starts or ends with `-` or has `--` in positions 3-4 unless it is an
///    `xn--` label, which must be valid Punycode of a valid Unicode label;
/// 4. non-ASCII labels become `xn--` + Punycode;
/// 5. each label is 1-63 characters, the whole name at most 253.
///
/// The full IDNA2008 code point tables and the bidi and contextual rules are not
/// applied; registries enforce those when a name is registered.
public enum IDNA {
    public static let maxLabelLength = 63
    public static let maxNameLength = 253
    private static let acePrefix = "xn--"

    /// The ASCII (A-label) form of `domain`, lowercased. Throws with a readable reason.
    public static func toASCII(_ domain: String) throws(IDNAError) -> String {
        let labels = try prepare(domain)
        var asciiLabels = [String]()
        for label in labels {
            asciiLabels.append(try asciiLabel(label))
        }
        let name = asciiLabels.joined(separator: ".")
        if name.utf8.count > maxNameLength {
            throw IDNAError(reason: "it is \(name.utf8.count) characters long in its ASCII form, more than the \(maxNameLength) a domain name may have")
        }
        return name
    }

    /// The display (U-label) form of `domain`: mapped, lowercased and NFC-normalised,
    /// with valid `xn--` labels decoded. Invalid input is returned in its mapped form.
    public static func toUnicode(_ domain: String) -> String {
        guard let labels = try? prepare(domain) else { return domain }
        return labels.map { label in
            if label.hasPrefix(acePrefix), (try? asciiLabel(label)) != nil,
               let decoded = Punycode.decode(String(label.dropFirst(acePrefix.count))) {
                return decoded
            }
            return label
        }.joined(separator: ".")
    }

    /// The mapped, lowercased and normalised form of `domain`, as people would read it,
    /// with labels left as they were typed (Unicode or `xn--`).
    public static func displayForm(_ domain: String) -> String {
        guard let labels = try? prepare(domain) else { return domain }
        return labels.joined(separator: ".")
    }

    /// Maps dots, lowercases, normalises and splits into labels.
    private static func prepare(_ domain: String) throws(IDNAError) -> [String] {
        if domain.isEmpty {
            throw IDNAError(reason: "it is empty")
        }
        var mapped = String.UnicodeScalarView()
        for scalar in domain.unicodeScalars {
            switch scalar {
            case "\u{3002}", "\u{FF0E}", "\u{FF61}": mapped.append(".")
            default: mapped.append(scalar)
            }
        }
        var name = String(mapped).lowercased()
        // ASCII is already in NFC; Foundation's normalisation is most of this function's cost.
        if !name.utf8.allSatisfy({ $0 < 0x80 }) { name = name.precomposedStringWithCanonicalMapping }
        if name.hasSuffix(".") && name.count > 1 {
            name.removeLast()
        }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if labels.contains(where: \.isEmpty) {
            throw IDNAError(reason: "it has an empty label (two dots in a row, or a dot at the start)")
        }
        return labels
    }

    /// Checks one prepared label and returns its ASCII form.
    private static func asciiLabel(_ label: String) throws(IDNAError) -> String {
        let isASCII = label.unicodeScalars.allSatisfy(\.isASCII)
        var ascii: String
        if isASCII {
            if label.hasPrefix(acePrefix) {
                try checkLength(label)
                try checkACELabel(label)
            } else {
                try checkLDH(label)
            }
            ascii = label
        } else {
            try checkUnicodeLabel(label)
            try checkLength(label)
            guard let encoded = Punycode.encode(label) else {
                throw IDNAError(reason: "the label \(LinkChainError.quoted(label)) is too long")
            }
            ascii = acePrefix + encoded
        }
        if ascii.utf8.count > maxLabelLength {
            throw IDNAError(reason: "the label \(LinkChainError.quoted(label)) is \(ascii.utf8.count) characters long in its ASCII form, more than the \(maxLabelLength) a label may have")
        }
        return ascii
    }

    /// Every character of a label takes one or more in its ASCII form, so a longer label is refused before
    /// Punycode, whose time grows with the square of the label's length.
    private static func checkLength(_ label: String) throws(IDNAError) {
        let count = label.unicodeScalars.count
        if count > maxLabelLength {
            throw IDNAError(reason: "the label \(LinkChainError.quoted(label)) has \(count) characters, more than the \(maxLabelLength) a label may have")
        }
    }

    /// Letters, digits and hyphens, with the hyphen rules.
    private static func checkLDH(_ label: String) throws(IDNAError) {
        for scalar in label.unicodeScalars {
            let ok = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
            if !ok {
                throw IDNAError(reason: "the character \(describe(scalar)) is not allowed in a domain name")
            }
        }
        try checkHyphens(label)
    }

    private static func checkHyphens(_ label: String) throws(IDNAError) {
        if label.hasPrefix("-") || label.hasSuffix("-") {
            throw IDNAError(reason: "the label \(LinkChainError.quoted(label)) starts or ends with a hyphen")
        }
        let scalars = Array(label.unicodeScalars)
        if scalars.count >= 4 && scalars[2] == "-" && scalars[3] == "-" {
            throw IDNAError(reason: "the label \(LinkChainError.quoted(label)) has hyphens in its third and fourth positions, which are reserved")
        }
    }

    /// An `xn--` label must decode to a valid Unicode label that encodes back to it.
    private static func checkACELabel(_ label: String) throws(IDNAError) {
        let body = String(label.dropFirst(acePrefix.count))
        guard let decoded = Punycode.decode(body),
              !decoded.unicodeScalars.allSatisfy(\.isASCII),
              decoded == decoded.lowercased().precomposedStringWithCanonicalMapping,
              Punycode.encode(decoded) == body else {
            throw IDNAError(reason: "the label \(LinkChainError.quoted(label)) is not valid Punycode")
        }
        do throws(IDNAError) {
            try checkUnicodeLabel(decoded)
        } catch {
            throw IDNAError(reason: "the label \(LinkChainError.quoted(label)) decodes to \(LinkChainError.quoted(decoded)), and \(error.reason)")
        }
    }

    /// Letters, marks, decimal digits and hyphens; no compatibility characters; no
    /// leading combining mark; the hyphen rules.
    private static func checkUnicodeLabel(_ label: String) throws(IDNAError) {
        for scalar in label.unicodeScalars {
            if scalar.isASCII {
                let ok = ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
                if !ok {
                    throw IDNAError(reason: "the character \(describe(scalar)) is not allowed in a domain name")
                }
                continue
            }
            switch scalar.properties.generalCategory {
            case .lowercaseLetter, .otherLetter, .modifierLetter,
                 .nonspacingMark, .spacingMark, .decimalNumber:
                break
            default:
                throw IDNAError(reason: "the character \(describe(scalar)) is not allowed in a domain name")
            }
            let single = String(scalar)
            if single.precomposedStringWithCompatibilityMapping != single {
                let plain = single.precomposedStringWithCompatibilityMapping.lowercased()
                throw IDNAError(reason: "the character \(describe(scalar)) is a compatibility form; write \(LinkChainError.quoted(plain)) instead")
            }
        }
        if let first = label.unicodeScalars.first {
            switch first.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                throw IDNAError(reason: "the label \(LinkChainError.quoted(label)) starts with a combining mark")
            default:
                break
            }
        }
        try checkHyphens(label)
    }

    /// `"x" (U+0078)` style description of a character for messages.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        let visible = scalar.properties.generalCategory == .control || scalar == " "
            ? ""
            : LinkChainError.quoted(String(scalar)) + " "
        return visible + "(" + UnicodeName.describe(scalar) + ")"
    }
}
