import Foundation

/// A kind of contact link: it validates a handle, names the values its app URLs use, and says how
/// its buttons look.
///
/// Adding a service is one new value added to a `ServiceCatalog`: most are `ProfileService` data.
/// Only `id`, `displayName`, `handleForm`, `brandColor` and `target(handle:options:)` must be written;
/// the rest have defaults.
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
    /// Every app that can open the service's links, in the default order; `AppEntry.inDefaultChain`
    /// says which are tried unless a link chooses its own.
    var apps: [AppEntry] { get }
    /// The placeholders the service's app URL templates may use (a custom app's too), e.g. ["user", "host", "url"].
    var placeholders: [String] { get }
    /// The button colour, `#rrggbb`.
    var brandColor: String { get }
    /// The icon that shows the service.
    var icon: ServiceIcon { get }
    /// True when a link to the service is the author's own account there, so it carries `rel="me"`
    /// (how Mastodon and IndieWeb tools verify that the page and the account belong together).
    var provesIdentity: Bool { get }
    /// Where the service's own app claims its https links (universal links on iOS, verified App Links on Android),
    /// each with its source: on those platforms the default chain tries no app scheme (see `defaultApps`).
    var appClaimedLinks: [AppClaimedLink] { get }
    /// Validates `handle` and `options`: what a link opens, before any app is chosen.
    func target(handle: String, options: [String: String]) throws(LinkChainError) -> LinkTarget
    /// Splits what follows `prefix:` in a shorthand such as `mailto:a@b.org?subject=Hi`
    /// into a handle and options. `prefix` is the service name as written (it may be an
    /// alias such as "https"). The default passes `body` on as the handle, with no options.
    func parseShorthand(_ body: String, prefix: String) throws(LinkChainError) -> ServiceRequest
}

/// What a link opens: the handle as people read it, the fallback every browser can follow, and the
/// values the app URL templates are filled with.
public struct LinkTarget: Equatable, Sendable {
    /// The normalised handle as shown to people, e.g. "@eb@social.coop".
    public var handle: String
    /// The https:, mailto:, tel: or sms: URL a plain link uses.
    public var fallback: String
    /// The values for app URL templates; `url` is always the fallback.
    public var values: TemplateValues
    /// `acct:user@host` for a fediverse account (what "follow from your own server" needs), else nil.
    public var accountURI: String?

    public init(handle: String, fallback: String, values: TemplateValues = TemplateValues(), accountURI: String? = nil) {
        self.handle = handle
        self.fallback = fallback
        self.values = values
        self.values["url"] = fallback
        self.accountURI = accountURI
    }
}

/// The icon of a service: a brand icon from an installed icon set when there is one (Simple Icons first, then Font
/// Awesome, then Fork Awesome), else a generic glyph drawn by sitegen.
public struct ServiceIcon: Equatable, Hashable, Sendable, Codable {
    /// Simple Icons' slug (`mastodon`, `caldotcom`): the file `SLUG.svg` that `scripts/simple-icons.py` writes.
    public var simpleIcons: String?
    /// File name without `.svg` in Font Awesome Free's `svgs/brands` folder (PyPI `fontawesomefree`).
    public var fontAwesome: String?
    /// `glyph-name` in the Fork Awesome SVG font (Debian `fonts-fork-awesome`).
    public var forkAwesome: String?
    /// The generic glyph used without a brand icon: envelope, globe, chat, link, phone, music, rss, code, heart.
    public var glyph: String
    /// True when the fallback icons (Font Awesome's, Fork Awesome's) are not the service's own brand but stand in
    /// for it (Fork Awesome's coffee cup for Buy Me a Coffee), since those sets lack the brand.
    public var standsIn: Bool

    public init(simpleIcons: String? = nil, fontAwesome: String? = nil, forkAwesome: String? = nil, glyph: String, standsIn: Bool = false) {
        self.simpleIcons = simpleIcons
        self.fontAwesome = fontAwesome
        self.forkAwesome = forkAwesome
        self.glyph = glyph
        self.standsIn = standsIn
    }
}

/// A platform on which a service's app opens the service's https links itself: a universal link (iOS associated
/// domains) or a verified App Link (Android). A tap on the plain link already opens the app there, while an app
/// scheme could only add the "Open in …?" prompt, or an alert where the app is missing.
public struct AppClaimedLink: Equatable, Sendable, Codable {
    public var platform: Platform
    /// Where the claim is documented (the app's entitlements or manifest, or the vendor's guide).
    public var source: String

    public init(_ platform: Platform, source: String) {
        self.platform = platform
        self.source = source
    }
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

    public var apps: [AppEntry] { [] }

    public var placeholders: [String] { ["url"] }

    public var icon: ServiceIcon { ServiceIcon(glyph: "link") }

    public var provesIdentity: Bool { false }

    public var appClaimedLinks: [AppClaimedLink] { [] }

    public func parseShorthand(_ body: String, prefix: String) throws(LinkChainError) -> ServiceRequest {
        ServiceRequest(handle: body)
    }

    /// The apps tried when a link does not choose its own, in order. The universal-link rule, written here once:
    /// on a platform where the service's app claims its https links (`appClaimedLinks`), no app is tried; the
    /// chooser still offers them (`otherChoices`).
    public var defaultApps: [AppEntry] {
        let claimed = appClaimedLinks.map(\.platform)
        let apps = apps.filter(\.inDefaultChain)
        return claimed.isEmpty ? apps : apps.compactMap { $0.leavingOut(claimed) }
    }

    /// Builds the chain for a handle: `apps` in order (the default apps when nil), each giving its
    /// candidates, then the fallback.
    public func chain(handle: String, options: [String: String] = [:], apps chosen: [AppEntry]? = nil) throws(LinkChainError) -> Chain {
        chain(target: try target(handle: handle, options: options), apps: chosen ?? defaultApps)
    }

    /// The chain for an already validated target: `apps` in order, each giving its candidates, then the fallback.
    public func chain(target: LinkTarget, apps: [AppEntry]) -> Chain {
        var candidates: [Candidate] = []
        candidates.reserveCapacity(apps.count + 2)
        for index in apps.indices { apps[index].appendCandidates(values: target.values, fallback: target.fallback, to: &candidates) }
        return Chain(serviceID: id, handle: target.handle, candidates: candidates, fallback: target.fallback,
                     accountURI: target.accountURI)
    }

    /// What a visitor may pick in a chooser besides `chain`'s own candidates: the candidates of every app the
    /// service knows, verified or not, in catalog order, that `tried` did not give (a default app left out on a
    /// platform whose https link its app claims is offered there).
    public func otherChoices(target: LinkTarget, besides tried: [AppEntry]) -> [Candidate] {
        // By index and into one array: a page asks this for every link, and copying each app entry costs.
        let apps = self.apps
        var choices: [Candidate] = []
        choices.reserveCapacity(apps.count + 2)
        for index in apps.indices {
            guard let triedApp = tried.first(where: { $0.id == apps[index].id }) else {
                apps[index].appendCandidates(values: target.values, fallback: target.fallback, to: &choices)
                continue
            }
            guard triedApp != apps[index] else { continue }
            var given: [Candidate] = []
            triedApp.appendCandidates(values: target.values, fallback: target.fallback, to: &given)
            var all: [Candidate] = []
            apps[index].appendCandidates(values: target.values, fallback: target.fallback, to: &all)
            choices += all.filter { !given.contains($0) }
        }
        return choices
    }

    /// The app with this id (case-insensitive), verified or not.
    public func app(named name: String) -> AppEntry? {
        let wanted = name.lowercased()
        return apps.first { $0.id == wanted }
    }

    /// `unknown app "ivroy" for Mastodon (did you mean "ivory"?): expected one of opener, ivory, ...`
    public func unknownApp(_ name: String) -> LinkChainError {
        let ids = apps.map(\.id)
        let expected = ids.isEmpty ? "no apps: \(displayName) links have none" : "one of " + ids.joined(separator: ", ")
        var message = "unknown app \(LinkChainError.quoted(name)) for \(displayName)"
        if let near = Spelling.nearest(to: name, among: ids) { message += " (did you mean \(LinkChainError.quoted(near))?)" }
        return LinkChainError(value: name, expected: expected, message: message + ": expected " + expected)
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

/// The input without surrounding whitespace (handles are often pasted).
/// Unicode's White_Space scalars, the set Foundation's `.whitespacesAndNewlines` holds, without its bridging cost.
public func trimmed(_ value: String) -> String {
    // Text that starts and ends with visible ASCII (most) has nothing to trim: no scalar's properties are looked up.
    if let first = value.utf8.first, let last = value.utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
        return value
    }
    let scalars = value.unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
    let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
    if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return value }
    return String(scalars[first...last])
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
        // Most names are plain lowercase ASCII, which IDNA leaves as they are: checked here in one pass.
        if Self.isPlainValidName(text, requireDot: requireDot) {
            (ascii, display) = (text, text)
            return
        }
        // A site names the same few servers on every page: each is checked and converted once.
        let key = DomainKey(text: text, requireDot: requireDot)
        switch Self.known.withLock({ $0[key] }) ?? Self.remember(key, Result { () throws(IDNAError) in try DomainName(checking: text, requireDot: requireDot) }) {
        case .success(let name): self = name
        case .failure(let error): throw error
        }
    }

    /// Whether `text` is lowercase letters, digits, hyphens and dots that pass every check `IDNA.toASCII` and
    /// `requireDot` make, so that both its forms are the text itself. Anything else (capitals, Unicode, `xn--`,
    /// a trailing dot, any error) takes the full path, which also words the error.
    static func isPlainValidName(_ text: String, requireDot: Bool) -> Bool {
        var labelLength = 0, labels = 0, lastLabelAllDigits = true
        var previous: UInt8 = 0
        func labelEnds() -> Bool {
            labels += 1
            return labelLength > 0 && labelLength <= IDNA.maxLabelLength && previous != UInt8(ascii: "-")
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "."):
                guard labelEnds() else { return false }
                (labelLength, lastLabelAllDigits) = (0, true)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                if byte == UInt8(ascii: "-") && (labelLength == 0 || (labelLength == 3 && previous == byte)) { return false }
                if !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { lastLabelAllDigits = false }
                labelLength += 1
            default:
                return false
            }
            previous = byte
        }
        guard labelEnds(), text.utf8.count <= IDNA.maxNameLength else { return false }
        return !requireDot || (labels > 1 && !lastLabelAllDigits)
    }

    private struct DomainKey: Hashable { var text: String, requireDot: Bool }
    private static let known = DomainNames()

    private static func remember(_ key: DomainKey, _ result: Result<DomainName, IDNAError>) -> Result<DomainName, IDNAError> {
        known.withLock { names in
            if names.count >= 4096 { names.removeAll() }  // bounded: a long-running serve sees many names
            names[key] = result
        }
        return result
    }

    /// The checked names, behind a lock (pages resolve on several threads).
    private final class DomainNames: @unchecked Sendable {
        private let lock = NSLock()
        private var names: [DomainKey: Result<DomainName, IDNAError>] = [:]
        func withLock<T>(_ body: (inout [DomainKey: Result<DomainName, IDNAError>]) -> T) -> T {
            lock.lock(); defer { lock.unlock() }
            return body(&names)
        }
    }

    /// The full check, through IDNA (internal for the test that holds the plain-name path to it).
    init(checking text: String, requireDot: Bool) throws(IDNAError) {
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

extension Service {
    /// The example in its handle form: "@eb@social.coop" from "@user@host, like @eb@social.coop" (the table of
    /// services shows it alone; tests make each service's link from it).
    public var exampleHandle: String {
        guard let like = handleForm.range(of: ", like ") else { return handleForm }
        var example = handleForm[like.upperBound...]
        for end in [" (", ", or "] { if let range = example.range(of: end) { example = example[..<range.lowerBound] } }
        return String(example)
    }
}
