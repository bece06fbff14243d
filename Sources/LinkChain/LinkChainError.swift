/// A problem with something a page author wrote: a handle, an option or a shorthand.
///
/// `message` is meant to be shown as is: it quotes the offending value and says
/// what was expected, and may add a second sentence with the specific reason.
public struct LinkChainError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The offending input.
    public var value: String
    /// The expected form, e.g. "@user@host, like @eb@social.coop".
    public var expected: String
    /// Full sentence(s) shown to people; always shows `value` and `expected`.
    public var message: String
    /// For a value that is not what was wanted (`invalid`): what was wanted ("an https web address") and the
    /// specific reason, kept apart so a caller can tell the problem again in its own words without reading `message`.
    public var noun: String?
    public var reason: String?

    public init(value: String, expected: String, message: String, noun: String? = nil, reason: String? = nil) {
        self.value = value
        self.expected = expected
        self.message = message
        self.noun = noun
        self.reason = reason
    }

    public var description: String { message }

    /// Equal when they say the same about the same value: `noun` and `reason` are parts of `message`, not more.
    public static func == (lhs: LinkChainError, rhs: LinkChainError) -> Bool {
        lhs.value == rhs.value && lhs.expected == rhs.expected && lhs.message == rhs.message
    }

    /// `"VALUE" is not NOUN: expected EXPECTED` followed, when given, by `. Reason`.
    ///
    /// - Parameters:
    ///   - noun: what the value should have been, with its article: "a Mastodon handle".
    ///   - reason: one sentence (without the final period) saying what exactly is wrong.
    public static func invalid(_ value: String, isNot noun: String, expected: String, reason: String? = nil) -> LinkChainError {
        var message = "\(quoted(value)) is not \(noun): expected \(expected)"
        if let reason {
            message += ". " + sentence(reason)
        }
        return LinkChainError(value: value, expected: expected, message: message, noun: noun, reason: reason)
    }

    /// An option key that a service does not take.
    public static func unknownOption(_ key: String, serviceName: String, allowed: [String]) -> LinkChainError {
        let expected: String
        let message: String
        if allowed.isEmpty {
            expected = "no options"
            message = "unknown option \(quoted(key)) for \(serviceName): it takes no options"
        } else {
            expected = "one of " + allowed.joined(separator: ", ")
            message = "unknown option \(quoted(key)) for \(serviceName): expected \(expected)"
        }
        return LinkChainError(value: key, expected: expected, message: message)
    }

    /// Wraps a value in double quotes for messages (SiteGen's messages about the same values quote them alike).
    public static func quoted(_ value: String) -> String { "\"" + value + "\"" }

    /// Capitalises the first letter and ends with a period.
    public static func sentence(_ text: String) -> String {
        guard let first = text.first else { return text }
        var result = first.uppercased() + text.dropFirst()
        if !(result.hasSuffix(".") || result.hasSuffix("?") || result.hasSuffix("!")) {
            result += "."
        }
        return result
    }
}
