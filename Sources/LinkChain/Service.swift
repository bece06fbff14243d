import Foundation

/// A kind of contact link: it validates a handle and builds its chain.
///
/// Adding a service is one new conforming type added to a `ServiceCatalog`; nothing
/// else needs to change. Only `id`, `displayName`, `handleForm` and
/// `chain(handle:options:)` must be written; the rest have defaults.
public protocol Service: Sendable {
    /// Lowercase identifier used in shorthand and data, e.g. "mastodon".
    var id: String { get }
    /// Other names accepted for the service, e.g. email has ["mailto"].
    var aliases: [String] { get }
    /// Name shown to people, e.g. "Mastodon".
    var displayName: String { get }
    /// Human description of the expected handle, e.g. "@user@host, like @eb@social.coop".
    var handleForm: String { get }
    /// Option keys the service accepts (lowercase), e.g. email: ["subject", "body"].
    var optionNames: [String] { get }
    /// Validates `handle` and builds the chain.
    func chain(handle: String, options: [String: String]) throws(LinkChainError) -> Chain
    /// Splits what follows `prefix:` in a shorthand such as `mailto:a@b.org?subject=Hi`
    /// into a handle and options. `prefix` is the service name as written (it may be an
    /// alias such as "https"). The default passes `body` on as the handle, with no options.
    func parseShorthand(_ body: String, prefix: String) throws(LinkChainError) -> ServiceRequest
}

/// A handle and its options, as read from a shorthand.
public struct ServiceRequest: Equatable, Sendable {
    public var handle: String
    public var options: [String: String]

    public init(handle: String, options: [String: String] = [:]) {
        self.handle = handle
        self.options = options
    }
}

extension Service {
    public var aliases: [String] { [] }

    public var optionNames: [String] { [] }

    public func parseShorthand(_ body: String, prefix: String) throws(LinkChainError) -> ServiceRequest {
        ServiceRequest(handle: body)
    }

    /// Builds the chain for a handle without options.
    public func chain(handle: String) throws(LinkChainError) -> Chain {
        try chain(handle: handle, options: [:])
    }

    /// The id followed by the aliases.
    public var names: [String] { [id] + aliases }

    /// Lowercases option keys and refuses any key not in `optionNames`.
    public func validatedOptions(_ options: [String: String]) throws(LinkChainError) -> [String: String] {
        var result = [String: String]()
        // Sorted so the error names the same key on every run.
        for key in options.keys.sorted() {
            let lower = key.lowercased()
            guard optionNames.contains(lower) else {
                throw LinkChainError.unknownOption(key, serviceName: displayName, allowed: optionNames)
            }
            result[lower] = options[key]
        }
        return result
    }
}

/// An app that can open a service's target (an account, a message) from a URL.
///
/// A service keeps its apps as data: an array of values of one conforming type.
public protocol AppLink: Sendable {
    associatedtype Target
    /// Stable identifier, e.g. "ivory".
    var id: String { get }
    /// Name shown to people, e.g. "Ivory".
    var name: String { get }
    /// Where the URL can be tried.
    var platforms: [Platform] { get }
    /// Where the URL format comes from.
    var source: String { get }
    /// False when no primary source documents the format.
    var verified: Bool { get }
    /// The fully encoded URL that opens `target` in the app.
    func url(for target: Target) -> String
}

extension AppLink {
    /// The chain entry for `target`.
    public func candidate(for target: Target) -> Candidate {
        Candidate(appID: id, appName: name, url: url(for: target), platforms: platforms,
                  source: source, verified: verified)
    }
}

/// The input without surrounding whitespace (handles are often pasted).
func trimmed(_ value: String) -> String {
    value.trimmingCharacters(in: .whitespacesAndNewlines)
}

/// A validated domain name in its two forms.
struct DomainName: Equatable, Sendable {
    /// A-label form, lowercased: what goes into URLs.
    var ascii: String
    /// Lowercased, NFC form as typed (Unicode or xn-- labels): what people read.
    var display: String

    /// Validates `text` as a host name. With `requireDot`, a single label such as
    /// "social" is refused, as is a name whose last label is all digits.
    init(_ text: String, requireDot: Bool) throws(IDNAError) {
        ascii = try IDNA.toASCII(text)
        display = IDNA.displayForm(text)
        if requireDot {
            guard let lastDot = ascii.lastIndex(of: ".") else {
                throw IDNAError(reason: "it is not a full domain name (it has no dot)")
            }
            let top = ascii[ascii.index(after: lastDot)...]
            if top.allSatisfy(\.isNumber) {
                throw IDNAError(reason: "it ends in a number, like an IP address; use the domain name")
            }
        }
    }
}
