import Foundation

/// The services a page can link to, looked up by id or alias.
public struct ServiceCatalog: Sendable {
    /// Every service sitegen knows, in the order `sitegen services` lists them.
    public static let standard = ServiceCatalog(services: StandardServices.all)

    /// The services, in the order given. When two share a name, the first wins.
    public let services: [any Service]
    /// Each lowercased id and alias to its service's index in `services`: every link of every page looks one up.
    private let indexByName: [String: Int]
    /// The profile URL templates read backwards, for `recognize` (importing a page): made when first asked, not with
    /// the catalog, which every sitegen command makes (it was a third of the work of starting one).
    private let profileIndexBox = ProfileIndex.Box()
    var profileIndex: ProfileIndex { profileIndexBox.value { ProfileIndex(services) } }

    public init(services: [any Service]) {
        self.services = services
        var index: [String: Int] = [:]
        for (position, service) in services.enumerated() {
            for name in service.names where index[name.lowercased()] == nil { index[name.lowercased()] = position }
        }
        indexByName = index
    }

    /// The service whose id or alias is `name`, compared case-insensitively.
    public func service(named name: String) -> (any Service)? {
        indexByName[name.lowercased()].map { services[$0] }
    }

    /// Every id and alias, in catalog order (ids before their aliases).
    public var allNames: [String] {
        services.flatMap(\.names)
    }

    /// Short names people type that are not aliases, since they are other things too: `tg:` is Telegram's own app
    /// scheme, which a page's Markdown may link to, so `tg` is answered with "did you mean", not taken.
    static let abbreviations = ["tg": "telegram"]

    /// The nearest known id or alias to `unknownName` for a "did you mean" hint (see `Spelling`).
    public func suggestion(for unknownName: String) -> String? {
        nearestNames(to: unknownName, count: 1).first
    }

    /// The known names nearest to `name` (and to `extra` names the caller also accepts), for "did you mean": the
    /// service an abbreviation stands for first.
    public func nearestNames(to name: String, also extra: [String] = [], count: Int = 3) -> [String] {
        let near = Spelling.nearest(to: name, among: allNames + extra, count: count)
        guard let meant = Self.abbreviations[name.lowercased()] else { return near }
        return Array(([meant] + near.filter { $0 != meant }).prefix(count))
    }

    /// True if `string` starts with a known service name and a colon
    /// ("mastodon:", "mailto:", "email:", "https:", ...), i.e. it is meant as shorthand.
    public func isShorthand(_ string: String) -> Bool {
        guard let prefix = URLScheme.of(trimmed(string)) else { return false }
        return service(named: prefix) != nil
    }

    /// Builds the chain for a shorthand: "mastodon:@eb@social.coop",
    /// "mailto:a@b.org?subject=Hi", "https://example.org".
    ///
    /// Throws for a missing or unknown service name (with a "did you mean" hint) and for
    /// anything the service refuses.
    /// Which apps a chain lists: those tried by default, or every app the catalog knows for the service,
    /// verified or not, for a chooser where the visitor picks one.
    public enum AppSelection: Sendable { case defaultChain, all }

    public func chain(shorthand: String, apps selection: AppSelection = .defaultChain) throws(LinkChainError) -> Chain {
        let (service, request) = try parse(shorthand: shorthand)
        return try service.chain(handle: request.handle, options: request.options, apps: selection == .all ? service.apps : nil)
    }

    /// The service a shorthand names and the handle and options it gives, not yet validated.
    public func parse(shorthand: String) throws(LinkChainError) -> (service: any Service, request: ServiceRequest) {
        let text = trimmed(shorthand)
        guard let prefix = URLScheme.strictPrefix(of: text).map(String.init) else {
            throw LinkChainError.invalid(
                text, isNot: "a link shorthand", expected: "service:handle, like mastodon:@eb@social.coop",
                reason: "it does not start with a service name and a colon; known services: \(knownServicesList)")
        }
        guard let service = service(named: prefix) else {
            throw unknownService(prefix)
        }
        let body = String(text.dropFirst(prefix.count + 1))
        return (service, try service.parseShorthand(body, prefix: prefix))
    }

    /// Builds the chain for a service named by id or alias.
    public func chain(service name: String, handle: String, options: [String: String] = [:]) throws(LinkChainError) -> Chain {
        guard let service = service(named: name) else {
            throw unknownService(name)
        }
        return try service.chain(handle: handle, options: options)
    }

    /// `unknown service "mastadon" (did you mean "mastodon"?): expected one of the 113 services, such as …`: the three
    /// nearest names at most, and a few examples rather than every service (`expected` keeps the whole list).
    public func unknownService(_ name: String) -> LinkChainError {
        let near = nearestNames(to: name).map(LinkChainError.quoted)
        var message = "unknown service \(LinkChainError.quoted(name))"
        if let last = near.last {
            message += " (did you mean \(near.count == 1 ? last : near.dropLast().joined(separator: ", ") + " or " + last)?)"
        }
        message += ": expected \(unknownServiceExpectation)"
        return LinkChainError(value: name, expected: "one of " + knownServicesList, message: message)
    }

    /// What an unknown service name should have been, in a few words: `one of the 113 services, such as mastodon,
    /// email or web (sitegen services lists them)`.
    public var unknownServiceExpectation: String {
        let examples = ["mastodon", "email", "web"].filter { service(named: $0) != nil }
        let such = examples.isEmpty ? "" : ", such as " + (examples.count == 1 ? examples[0] : examples.dropLast().joined(separator: ", ") + " or " + examples.last!)
        return "one of the \(services.count) services\(such) (sitegen services lists them)"
    }

    /// "mastodon, email (mailto), web (url, https)"
    public var knownServicesList: String {
        services.map { service in
            service.aliases.isEmpty ? service.id : "\(service.id) (\(service.aliases.joined(separator: ", ")))"
        }.joined(separator: ", ")
    }
}

/// A service as `sitegen services --json` lists it: everything a page author or an app needs to
/// choose a service and its apps.
public struct ServiceDescription: Codable, Equatable, Sendable {
    public var id: String
    public var aliases: [String]
    public var name: String
    public var handleForm: String
    public var options: [String]
    /// What a custom app's URL template may use, as `{name}`.
    public var placeholders: [String]
    public var brandColor: String
    public var icon: ServiceIcon
    public var provesIdentity: Bool
    /// Every app, verified or not, with its source; `inDefaultChain` marks the ones tried by default.
    public var apps: [AppEntry]
    /// Platforms where the service's app claims its https links, so the default chain tries no app there.
    public var appClaimedLinks: [AppClaimedLink]

    public init(_ service: any Service) {
        id = service.id
        aliases = service.aliases
        name = service.displayName
        handleForm = service.handleForm
        options = service.optionNames
        placeholders = service.placeholders
        brandColor = service.brandColor
        icon = service.icon
        provesIdentity = service.provesIdentity
        apps = service.apps
        appClaimedLinks = service.appClaimedLinks
    }
}

extension ServiceCatalog {
    /// Every service, in catalog order.
    public var descriptions: [ServiceDescription] { services.map(ServiceDescription.init) }
}

/// The https profile URL templates of a catalog's services, read backwards (`recognize` asks them of every link an
/// imported page holds): templates of one site before those of any site (`{host}`).
struct ProfileIndex: Sendable {
    /// `hintNames`, for a template of any site, are the words (lowercase UTF-8) a link's label must hold for it to count.
    let profilePatterns: [(pattern: ProfileURLPattern, hintNames: [[UInt8]]?)]
    /// The service of each of `profilePatterns`, apart: a service is large, and only a match needs it.
    let profileServices: [ProfileService]
    /// For each host a template names (`github.com`), the templates a link to it may match, in `profilePatterns`'
    /// order: that host's, and those whose host is a placeholder (`{user}.bandcamp.com`, `{host}`). A link to any
    /// other host is matched against those alone; a page of 60,000 links asks each a handful, not all.
    let patternsByHost: [String: [Int]]
    let patternsOfAnyHost: [Int]

    init(_ services: [any Service]) {
        let profiles = services.compactMap { $0 as? ProfileService }.filter { $0.profileURL.text.lowercased().hasPrefix("https://") }
            .map { service in
                (service: service, pattern: ProfileURLPattern(service.profileURL.text),
                 hintNames: service.profileURL.text.contains("{host}") ? ([service.id, service.displayName] + service.aliases).map { Array($0.lowercased().utf8) } : nil)
            }
        let ordered = profiles.filter { $0.hintNames == nil } + profiles.filter { $0.hintNames != nil }
        profilePatterns = ordered.map { ($0.pattern, $0.hintNames) }
        profileServices = ordered.map(\.service)
        var byHost: [String: [Int]] = [:], anyHost: [Int] = []
        for (index, profile) in profilePatterns.enumerated() {
            if let host = profile.pattern.literalHost { byHost[host, default: []].append(index) } else { anyHost.append(index) }
        }
        patternsByHost = byHost.mapValues { ($0 + anyHost).sorted() }
        patternsOfAnyHost = anyHost
    }

    /// Where a catalog keeps its index once made: copies of the catalog share it.
    final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var made: ProfileIndex?

        func value(_ make: () -> ProfileIndex) -> ProfileIndex {
            lock.withLock {
                if let made { return made }
                let index = make()
                made = index
                return index
            }
        }
    }
}
