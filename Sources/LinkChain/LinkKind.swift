/// What a link reaches, which decides how a page presents it (a vCard's EMAIL or TEL, a microformat class, whether
/// it can be copied as an address): decided once, from the chain, instead of by testing its fallback's prefix
/// wherever it matters.
public enum LinkKind: String, Sendable, CaseIterable {
    /// A person's page on a service (Mastodon, GitHub, Signal…).
    case profile
    /// A `mailto:` address.
    case email
    /// A `tel:` number.
    case phone
    /// An `sms:` number.
    case sms
    /// A plain web address.
    case web
}

extension Chain {
    public var kind: LinkKind {
        if fallback.hasPrefix("mailto:") { return .email }
        if fallback.hasPrefix("tel:") { return .phone }
        if fallback.hasPrefix("sms:") { return .sms }
        return serviceID == "web" ? .web : .profile
    }

    /// The number a `tel:` or `sms:` link dials, without its scheme or message; nil for other kinds.
    public var phoneNumber: String? {
        switch kind {
        case .phone: return String(fallback.dropFirst("tel:".count))
        case .sms: return String(fallback.dropFirst("sms:".count).prefix { $0 != "?" })
        case .profile, .email, .web: return nil
        }
    }
}
