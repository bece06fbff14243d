import Foundation
import SiteBasics
import Markup
import SiteGen
import LinkChain

/// `sitegen check --links`: asks every external https address of the site (each button's link, each Markdown link
/// and image) whether it is still there: HEAD first, GET where a server refuses HEAD (405, 501), redirects followed.
/// A 4xx or 5xx answer and a host that cannot be reached are errors at each place the address is written; a redirect
/// is a warning naming the final address. Addresses found fine are remembered for a day in the site's `LinkCache`.
public struct LinkCheck: Sendable {
    /// Where an address is written: `content/index.md:7:5`.
    public struct Place: Hashable, Sendable, Comparable {
        public var path: String
        public var line: Int
        public var column: Int
        public init(path: String, line: Int, column: Int) { self.path = path; self.line = line; self.column = column }
        public static func < (a: Place, b: Place) -> Bool { (a.path, a.line, a.column) < (b.path, b.line, b.column) }
    }

    /// One address and every place it is written, checked once.
    public struct Link: Sendable, Equatable {
        public var url: String
        public var places: [Place]
    }

    public enum Outcome: Sendable, Equatable {
        /// A 2xx answer, straight away.
        case fine
        /// A 2xx answer after redirects, at `final`.
        case redirected(final: String)
        /// A 4xx or 5xx answer (after any redirects): the reason in words.
        case broken(String)
        /// No answer: the host is unknown, refused the connection, timed out, or redirected in a loop.
        case unreachable(String)
        /// Not asked: the check's total time ran out first.
        case unchecked(String)
        /// A redirect was not followed (to http, or to an address that is not public): nothing is known of the end.
        case notFollowed(String)
    }

    public var fetcher: any ProfileFetcher
    public var limits: OnlineCheck.Limits

    /// The defaults of `check --links`: more redirects than Mastodon's three (sites move), and only a little of a
    /// body when GET stands in for HEAD, since the status is all that counts.
    public static var defaultLimits: OnlineCheck.Limits {
        var limits = OnlineCheck.Limits()
        limits.maxRedirects = 10
        limits.maxBytes = 65_536
        return limits
    }

    public init(fetcher: any ProfileFetcher, limits: OnlineCheck.Limits = LinkCheck.defaultLimits) {
        self.fetcher = fetcher
        self.limits = limits
    }

    /// Every external https address of the pages, once each, in the order first written, with all its places.
    public static func links(_ pages: [ResolvedPage]) -> [Link] {
        var order: [String] = []
        var places: [String: Set<Place>] = [:]
        func add(_ url: String, _ place: Place) {
            guard URLScheme.of(url) == "https" else { return }
            if places[url] == nil { order.append(url) }
            places[url, default: []].insert(place)
        }
        for page in pages {
            let pagePath = page.parsed.page.displayPath
            func place(_ position: SourcePosition) -> Place {
                Place(path: position.file == .siteSettings ? page.parsed.siteSettings?.displayPath ?? "site.yml" : pagePath,
                      line: position.line, column: position.column)
            }
            for link in page.links { add(link.chain.fallback, place(link.position)) }
            for link in page.markdownLinks { add(link.chain.fallback, place(link.position)) }
            for link in page.parsed.markdown.links { add(link.destination, place(link.position)) }
        }
        return order.map { Link(url: $0, places: places[$0]!.sorted()) }
    }

    /// Checks each link not found fine in `cache` within the last day, `limits.concurrency` at a time, all within
    /// `limits.totalTime`; the outcomes in the links' order, and the cache with what this run found fine.
    public func run(_ links: [Link], cache: LinkCache, now: Date = Date()) -> (outcomes: [Outcome], cache: LinkCache, fromCache: Int) {
        var updated = cache.fresh(at: now)
        let session = OnlineCheck.Session(fetcher: fetcher, limits: limits, deadline: ProcessInfo.processInfo.systemUptime + limits.totalTime,
                                          name: "link check")
        let unknown = links.indices.filter { updated.outcome(of: links[$0].url) == nil }
        let asked = BoundedWork.map(unknown, workers: limits.concurrency) { index in Self.check(links[index].url, session: session) }
        for (index, outcome) in zip(unknown, asked) { updated.remember(links[index].url, outcome, at: now) }
        var outcomes = links.map { updated.outcome(of: $0.url) ?? .fine }
        for (index, outcome) in zip(unknown, asked) { outcomes[index] = outcome }
        return (outcomes, updated, links.count - unknown.count)
    }

    /// One address: HEAD, then GET where the server does not take HEAD.
    static func check(_ url: String, session: OnlineCheck.Session) -> Outcome {
        var answer = session.fetch(url, method: "HEAD", accept: "*/*")
        if case .failure(.refused(_, let status)) = answer, status == 405 || status == 501 {
            answer = session.fetch(url, method: "GET", accept: "*/*")
        }
        switch answer {
        case .success(let document): return document.redirects == 0 ? .fine : .redirected(final: document.url)
        case .failure(.refused(let reason, _)): return .broken(reason)
        case .failure(.noAnswer(let reason)): return .unreachable(reason)
        case .failure(.outOfTime(let reason)): return .unchecked(reason)
        case .failure(.redirectNotFollowed(let reason)): return .notFollowed(reason)
        }
    }

    /// What `check --links` reports: an error or warning at each place of each link that is not fine.
    public static func diagnostics(_ links: [Link], _ outcomes: [Outcome]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for (link, outcome) in zip(links, outcomes) {
            let (severity, message): (Diagnostic.Severity, String)
            switch outcome {
            case .fine: continue
            case .redirected(let final): (severity, message) = (.warning, "\(link.url) redirects to \(final): link to that address instead")
            case .broken(let reason): (severity, message) = (.error, "\(link.url) is broken: \(reason)")
            case .unreachable(let reason): (severity, message) = (.error, "\(link.url) cannot be reached: \(reason)")
            case .unchecked(let reason): (severity, message) = (.warning, "\(link.url) was not checked: \(reason)")
            case .notFollowed(let reason): (severity, message) = (.warning, "\(link.url) was not checked to its end: \(reason)")
            }
            diagnostics += link.places.map { Diagnostic(severity, path: $0.path, line: $0.line, column: $0.column, message: message) }
        }
        return diagnostics.sorted { ($0.path, $0.line, $0.column) < ($1.path, $1.line, $1.column) }
    }

    /// The closing line: how many addresses, and what became of them.
    public static func summary(_ outcomes: [Outcome], fromCache: Int) -> String {
        func count(_ test: (Outcome) -> Bool) -> Int { outcomes.filter(test).count }
        let fine = count { $0 == .fine }
        let redirected = count { if case .redirected = $0 { true } else { false } }
        let broken = count { if case .broken = $0 { true } else { false } }
        let unreachable = count { if case .unreachable = $0 { true } else { false } }
        let notFollowed = count { if case .notFollowed = $0 { true } else { false } }
        let unchecked = outcomes.count - fine - redirected - broken - unreachable - notFollowed
        let parts = [(fine, "fine"), (redirected, "redirected"), (notFollowed, "redirected where sitegen does not follow"), (broken, "broken"),
                     (unreachable, "unreachable"), (unchecked, "not checked")]
            .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        let cached = fromCache > 0 ? " (\(fromCache) fine within the last day, from the cache)" : ""
        return "Links: \(outcomes.count) external address\(outcomes.count == 1 ? "" : "es") checked\(cached)" + (parts.isEmpty ? "." : ": " + parts.joined(separator: ", ") + ".")
    }
}

/// The addresses `check --links` found fine (or redirected) and when, so that a re-run within a day asks only the
/// others. Broken and unreachable addresses are never remembered: they are asked again until they are fixed.
///
/// Kept in the site's folder as `.sitegen-link-cache` (sitegen reads nothing outside the site, and `new` and
/// `import` list it in `.gitignore`): a first line that marks it as sitegen's, then `SECONDS<TAB>URL<TAB>FINAL`
/// a line (FINAL empty when there was no redirect), sorted by address.
public struct LinkCache: Sendable, Equatable {
    public static let fileName = ".sitegen-link-cache"
    static let header = "# sitegen check --links: addresses found fine, and when (seconds since 1970); safe to delete"
    /// How long a result is believed.
    public static let lifetime: TimeInterval = 86_400

    struct Entry: Equatable, Sendable {
        var checked: TimeInterval
        var final: String?
    }

    var entries: [String: Entry] = [:]

    public init() {}

    /// The cache's text read back; nil when it is not sitegen's (no header), so that it is neither believed nor
    /// written over. Malformed lines are skipped.
    public init?(text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first.map(String.init) == Self.header else { return nil }
        lines.removeFirst()
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3, let checked = TimeInterval(fields[0]), URLScheme.of(String(fields[1])) == "https" else { continue }
            entries[String(fields[1])] = Entry(checked: checked, final: fields[2].isEmpty ? nil : String(fields[2]))
        }
    }

    public var text: String {
        ([Self.header] + entries.keys.sorted().map { url in
            let entry = entries[url]!
            return "\(Int(entry.checked))\t\(url)\t\(entry.final ?? "")"
        }).joined(separator: "\n") + "\n"
    }

    /// Only the entries younger than a day at `now`.
    func fresh(at now: Date) -> LinkCache {
        var cache = self
        cache.entries = entries.filter { now.timeIntervalSince1970 - $0.value.checked < Self.lifetime && $0.value.checked <= now.timeIntervalSince1970 }
        return cache
    }

    func outcome(of url: String) -> LinkCheck.Outcome? {
        entries[url].map { $0.final.map { .redirected(final: $0) } ?? .fine }
    }

    mutating func remember(_ url: String, _ outcome: LinkCheck.Outcome, at now: Date) {
        // A line is a record: an address with a tab or line break in it is simply asked again next time.
        guard !url.contains(where: { $0 == "\t" || $0.isNewline }) else { return }
        switch outcome {
        case .fine: entries[url] = Entry(checked: now.timeIntervalSince1970.rounded(.down), final: nil)
        case .redirected(let final) where !final.contains(where: { $0 == "\t" || $0.isNewline }):
            entries[url] = Entry(checked: now.timeIntervalSince1970.rounded(.down), final: final)
        default: break
        }
    }
}
