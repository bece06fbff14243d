// Signal: a phone number, or a username link. Signal-Android `SignalMeUtil.kt` reads both forms of
// https://signal.me/: `#p/+E164` for a number and `#eu/CODE` for a username, where CODE (base64url) is made by
// the app from the username and a random key: a username alone cannot be linked, so its link is what a page gives.

/// Signal contacts, by phone number or username link.
public struct SignalService: Service {
    public init() {}

    public var id: String { "signal" }
    public var displayName: String { "Signal" }
    public var handleForm: String { "an international number starting with +, like +49 151 12345678, or a username link, like https://signal.me/#eu/… (Signal: Settings, Profile, Username, Share)" }
    public var placeholders: [String] { ["digits", "url"] }
    public var brandColor: String { "#3b45fd" }
    public var icon: ServiceIcon { ServiceIcon(simpleIcons: "signal", fontAwesome: "signal-messenger", forkAwesome: "signalapp", glyph: "chat") }

    static let usernameLinkPrefix = "https://signal.me/#eu/"

    public func target(handle: String, options: [String: String]) throws(LinkChainError) -> LinkTarget {
        _ = try validatedOptions(options)
        let text = trimmed(handle)
        if text.hasPrefix("+") {
            let (display, values) = try HandleSyntax.phoneNumber.parse(text)
            let digits = values["digits"]!
            return LinkTarget(handle: display, fallback: "https://signal.me/#p/+" + digits, values: TemplateValues(["digits": digits]))
        }
        func invalid(_ reason: String) -> LinkChainError {
            LinkChainError.invalid(text, isNot: "a Signal number or username link", expected: handleForm, reason: reason)
        }
        if text.isEmpty { throw invalid("it is empty") }
        guard text.hasPrefix(Self.usernameLinkPrefix) else {
            if text.lowercased().hasPrefix("https:") { throw invalid("a username link starts with \(Self.usernameLinkPrefix)") }
            throw invalid("a username cannot be linked by its name alone: copy its link from Signal, or give a number starting with +")
        }
        let code = text.dropFirst(Self.usernameLinkPrefix.count)
        // Base64url without padding: the app's 48-byte link data is 64 characters; a little room either way.
        let base64url = code.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }
        guard base64url, (40...128).contains(code.count) else {
            throw invalid("the part after #eu/ must be the 40 to 128 letters, digits, - and _ Signal wrote")
        }
        return LinkTarget(handle: "Signal username", fallback: text, values: TemplateValues(["digits": nil]))
    }
}
