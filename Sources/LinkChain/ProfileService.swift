/// A service whose links are one account or number written in a `HandleSyntax`, opened by a
/// profile URL template: most services are one value of this type (see `StandardServices`).
public struct ProfileService: Service {
    public var id: String
    public var aliases: [String]
    public var displayName: String
    /// How handles are written, and the placeholders they fill.
    public var handle: HandleSyntax
    /// The fallback link, e.g. `https://github.com/{user}`.
    public var profileURL: URLTemplate
    /// Options a link may set, each filling the placeholder of the same name (SMS: `body`).
    public var optionNames: [String]
    public var apps: [AppEntry]
    public var brandColor: String
    public var icon: ServiceIcon
    public var provesIdentity: Bool
    /// The account's URI for fediverse accounts, `acct:{user}@{host}`; nil for other services.
    public var accountURI: URLTemplate?
    public var appClaimedLinks: [AppClaimedLink]

    public init(id: String, aliases: [String] = [], displayName: String, handle: HandleSyntax, profileURL: String,
                optionNames: [String] = [], apps: [AppEntry] = [], brandColor: String, icon: ServiceIcon,
                provesIdentity: Bool, accountURI: String? = nil, appClaimedLinks: [AppClaimedLink] = []) {
        self.id = id
        self.aliases = aliases
        self.displayName = displayName
        self.handle = handle
        self.profileURL = URLTemplate(profileURL)
        self.optionNames = optionNames
        self.apps = apps
        self.brandColor = brandColor
        self.icon = icon
        self.provesIdentity = provesIdentity
        self.accountURI = accountURI.map(URLTemplate.init)
        self.appClaimedLinks = appClaimedLinks
    }

    public var handleForm: String { handle.expected }

    public var placeholders: [String] { handle.placeholders + optionNames + ["url"] }

    public func target(handle text: String, options: [String: String]) throws(LinkChainError) -> LinkTarget {
        let options = try validatedOptions(options)
        let (display, parsed) = try parseHandle(text)
        var values = TemplateValues()
        for (name, value) in parsed { values[name] = value }
        for name in optionNames { values[name] = options[name].flatMap { $0.isEmpty ? nil : $0 } }
        guard let fallback = profileURL.fill(values) else {
            preconditionFailure("\(id): the profile URL \(profileURL) uses a placeholder its handle does not fill")
        }
        return LinkTarget(handle: display, fallback: fallback, values: values, accountURI: accountURI?.fill(values))
    }

    /// The handle read by its syntax; or, where the service's own profile address was written instead
    /// (`bluesky: https://bsky.app/profile/jo.bsky.social`), the handle that address was made from, read back through
    /// the profile URL as import reads links. An address that is not this service's profile keeps the syntax's error.
    func parseHandle(_ text: String) throws(LinkChainError) -> (display: String, values: [String: String]) {
        do {
            return try handle.parse(text)
        } catch {
            guard text.lowercased().hasPrefix("https://") else { throw error }
            for values in ProfileURLPattern(profileURL.text).matches(text) {
                guard let written = ProfileURLPattern.handleText(values), !written.lowercased().hasPrefix("https://"),
                      let parsed = try? handle.parse(written) else { continue }
                return parsed
            }
            throw error
        }
    }
}
