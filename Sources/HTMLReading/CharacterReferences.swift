/// HTML character references in an attribute value or text read back: numeric ones, and the named ones a URL can hold
/// (`&amp;`, `&quot;`, `&apos;`, `&lt;`, `&gt;`). Others stay as written. The one decoding of references: the
/// `rel="me"` scanner and `check --online` read other sites' pages with it, the preview a copied page's policy.
/// Plain Swift, so the `rel="me"` fuzz harness compiles it with the scanner.
public enum CharacterReferences {
    private static let named: [String: String] = ["amp": "&", "quot": "\"", "apos": "'", "lt": "<", "gt": ">"]

    public static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            guard let semicolon = rest.prefix(12).firstIndex(of: ";") else {
                result.append("&")
                rest = rest.dropFirst()
                continue
            }
            let body = rest[rest.index(after: rest.startIndex)..<semicolon]
            if let replacement = replacement(for: body) {
                result += replacement
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result.append("&")
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }

    private static func replacement(for body: Substring) -> String? {
        if let value = named[String(body)] { return value }
        guard body.first == "#" else { return nil }
        let digits = body.dropFirst()
        let number = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        return number.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }
}
