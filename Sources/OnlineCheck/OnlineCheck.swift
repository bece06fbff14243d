import Foundation
import HTMLReading
import SiteGen
import LinkChain
import SiteBasics

/// `sitegen check --online`: for each identity link of each page, whether the profile links back to the page's
/// `url`, and whether the built page links to the profile with `rel="me"`, by Mastodon's rules
/// (shared/notes/app-links.md, identity-and-counts.md). Network problems become findings, never errors: the
/// network is not the site's content, so the check's exit status does not depend on them.
public struct OnlineCheck: Sendable {
    public struct Limits: Sendable {
        /// Seconds per request.
        public var requestTimeout: Double = 10
        /// Seconds for the whole check; links not reached by then are reported unchecked.
        public var totalTime: Double = 60
        /// Bytes read of one answer: Mastodon reads a page's first 1 MB.
        public var maxBytes = 1_048_576
        /// Redirects followed per request, as Mastodon does.
        public var maxRedirects = 3
        /// Requests under way at once.
        public var concurrency = 8

        public init() {}
    }

    /// What the check needs of a page: its address, its identity links and the HTML built for it.
    public struct Page: Sendable {
        /// As diagnostics show it: `content/index.md`.
        public var path: String
        public var url: String?
        public var identities: [Chain]
        public var html: String

        public init(path: String, url: String?, identities: [Chain], html: String) {
            self.path = path
            self.url = url
            self.identities = identities
            self.html = html
        }
    }

    public enum Status: String, Sendable {
        case linksBack = "links back"
        /// Mastodon lists the page but has not verified it (it checks only when the profile is saved).
        case notVerified = "listed, not verified"
        case missing = "does not link back"
        case failed = "could not check"
        case notCheckable = "not checkable"
    }

    public struct Finding: Sendable, Equatable {
        public var service: String
        public var handle: String
        public var status: Status
        /// What was found, in one or more sentences.
        public var details: [String]
        public var hints: [String]
    }

    public struct PageReport: Sendable {
        public var path: String
        public var url: String?
        public var findings: [Finding]
    }

    public var fetcher: any ProfileFetcher
    public var limits: Limits
    public var catalog: ServiceCatalog

    public init(fetcher: any ProfileFetcher, limits: Limits = Limits(), catalog: ServiceCatalog = .standard) {
        self.fetcher = fetcher
        self.limits = limits
        self.catalog = catalog
    }

    /// The pages with identity links, from the resolved pages and the files a render made of them.
    public static func pages(_ resolved: [ResolvedPage], files: [OutputFile]) -> [Page] {
        let html = Dictionary(files.compactMap { file -> (String, String)? in
            guard case .data(let data) = file.contents else { return nil }
            return (file.path, String(decoding: data, as: UTF8.self))
        }, uniquingKeysWith: { first, _ in first })
        return resolved.compactMap { page in
            let chains = page.links.map(\.chain) + page.markdownChains
            let identities = page.identityLinks.compactMap { href in chains.first { $0.fallback == href } }
            guard !identities.isEmpty else { return nil }
            return Page(path: page.parsed.page.displayPath, url: page.url, identities: identities, html: html[page.parsed.outputPath] ?? "")
        }
    }

    /// Checks every page's links, `limits.concurrency` at a time, all within `limits.totalTime`.
    public func run(_ pages: [Page]) -> [PageReport] {
        let session = Session(fetcher: fetcher, limits: limits, deadline: ProcessInfo.processInfo.systemUptime + limits.totalTime)
        let jobs = pages.indices.flatMap { index in pages[index].url == nil ? [] : pages[index].identities.indices.map { (index, $0) } }
        let findings = BoundedWork.map(jobs, workers: limits.concurrency) { page, identity in
            check(pages[page].identities[identity], of: pages[page], session: session)
        }
        var byPage: [Int: [Finding]] = [:]
        for (job, finding) in zip(jobs, findings) { byPage[job.0, default: []].append(finding) }
        return pages.indices.map { PageReport(path: pages[$0].path, url: pages[$0].url, findings: byPage[$0] ?? []) }
    }

    private func check(_ chain: Chain, of page: Page, session: Session) -> Finding {
        let name = catalog.service(named: chain.serviceID)?.displayName ?? chain.serviceID
        var finding = Finding(service: name, handle: chain.handle, status: .missing, details: [], hints: [])
        let pageURL = page.url!
        switch chain.serviceID {
        case "bluesky":
            finding.status = .notCheckable
            finding.details = ["Bluesky profiles carry no rel=\"me\" links; a Bluesky handle on your own domain proves it instead"]
            return finding
        case "matrix":
            finding.status = .notCheckable
            finding.details = ["matrix.to is a page of scripts with no profile to read"]
            return finding
        default: break
        }
        // What the built page must link to with rel="me": for Mastodon, the address the account gives itself.
        var linkedProfile = chain.fallback
        if chain.accountURI != nil && !pageURL.lowercased().hasPrefix("https://") {
            finding.details = ["the page's url is not https, and Mastodon verifies only https pages"]
            finding.hints = ["publish the page over https and set url: https://… in its front matter"]
        } else if let account = chain.accountURI.flatMap(Self.account(from:)) {
            switch checkMastodon(account, pageURL: pageURL, name: name, session: session) {
            case .decided(let decided, let profileURL):
                finding = Finding(service: name, handle: chain.handle, status: decided.status, details: decided.details, hints: decided.hints)
                linkedProfile = profileURL ?? chain.fallback
                if finding.status == .notVerified { checkPublishedPage(pageURL, linksTo: linkedProfile, finding: &finding, session: session) }
            case .notMastodon(let reason):
                finding = checkProfilePage(chain.fallback, pageURL: pageURL, name: name, session: session)
                if finding.status != .failed { finding.details.insert(reason, at: 0) }
            }
        } else if chain.serviceID == "github" {
            finding = checkGitHub(chain, pageURL: pageURL, name: name, session: session)
        } else {
            finding = checkProfilePage(chain.fallback, pageURL: pageURL, name: name, session: session)
        }
        finding.service = name
        finding.handle = chain.handle
        // Mastodon reads the page itself: its rel="me" link to the profile must be there.
        let ownLinks = RelMeLinks.scan(page.html).map(\.href)
        if !ownLinks.contains(where: { $0.lowercased() == linkedProfile.lowercased() }) {
            if finding.status != .failed && finding.status != .notCheckable { finding.status = .missing }
            finding.details.append("the built page has no rel=\"me\" link to \(linkedProfile)")
            finding.hints.append(linkedProfile == chain.fallback
                ? "keep {{{identity_links_html}}} in the layout's <head> (or {{{attributes_html}}} on the buttons)"
                : "link the account as its server names it, \(linkedProfile), so that Mastodon finds the link")
        }
        return finding
    }

    // MARK: Mastodon

    private enum MastodonOutcome {
        case decided(Decided, profileURL: String?)
        /// The server answered, but not as Mastodon's API: read the profile page instead.
        case notMastodon(String)
    }

    private struct Decided {
        var status: Status
        var details: [String]
        var hints: [String] = []
    }

    private struct MastodonAccount: Decodable {
        var url: String?
        var fields: [Field]?

        struct Field: Decodable {
            var name: String
            var value: String
            var verified_at: String?
        }
    }

    /// `("eb", "social.coop")` from `acct:eb@social.coop`.
    static func account(from uri: String) -> (user: String, host: String)? {
        guard uri.hasPrefix("acct:") else { return nil }
        let address = uri.dropFirst("acct:".count)
        guard let at = address.lastIndex(of: "@") else { return nil }
        return (String(address[..<at]), String(address[address.index(after: at)...]))
    }

    /// The account through Mastodon's public API, `GET /api/v1/accounts/lookup?acct=USER`: whether one of its
    /// profile fields holds the page's url, and whether Mastodon marked that field verified.
    private func checkMastodon(_ account: (user: String, host: String), pageURL: String, name: String,
                               session: Session) -> MastodonOutcome {
        let user = account.user.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+#"))) ?? account.user
        let api = "https://\(account.host)/api/v1/accounts/lookup?acct=\(user)"
        let answer: Session.Document
        switch session.get(api, accept: "application/json") {
        case .success(let document): answer = document
        case .failure(.noAnswer(let reason)), .failure(.outOfTime(let reason)), .failure(.redirectNotFollowed(let reason)): return .decided(Decided(status: .failed, details: [reason]), profileURL: nil)
        case .failure(.refused(let reason, _)): return .notMastodon("\(account.host) has no Mastodon API here (\(reason)), so its profile page was read instead")
        }
        guard let decoded = try? JSONDecoder().decode(MastodonAccount.self, from: answer.body) else {
            return .notMastodon("\(account.host) answered its account lookup with something other than a Mastodon account, so its profile page was read instead")
        }
        let fields = decoded.fields ?? []
        let addHint = "add \(pageURL) to your \(name) profile's fields, then save the profile again"
        for field in fields {
            let text = Self.text(ofHTML: field.value)
            guard Self.sameAddress(text, pageURL) else { continue }
            if let verified = field.verified_at {
                return .decided(Decided(status: .linksBack, details: ["\(account.host) verified the field \"\(field.name)\" (\(verified.prefix(10)))"]),
                                profileURL: decoded.url)
            }
            return .decided(Decided(status: .notVerified,
                                    details: ["the field \"\(field.name)\" holds \(text), but \(account.host) has not verified it"],
                                    hints: ["Mastodon checks a link only when the profile is saved: with this page published, save the profile again"]),
                            profileURL: decoded.url)
        }
        let http = "http://" + pageURL.dropFirst("https://".count)
        if pageURL.hasPrefix("https://"), let field = fields.first(where: { Self.sameAddress(Self.text(ofHTML: $0.value), http) }) {
            return .decided(Decided(status: .missing, details: ["the field \"\(field.name)\" holds \(http): Mastodon verifies only https links"],
                                    hints: ["change the field to \(pageURL), then save the profile again"]), profileURL: decoded.url)
        }
        if let field = fields.first(where: { Self.text(ofHTML: $0.value).lowercased().contains(Self.withoutTrailingSlash(pageURL).lowercased()) }) {
            return .decided(Decided(status: .missing, details: ["the field \"\(field.name)\" mentions the page, but Mastodon verifies a field that holds the address alone"],
                                    hints: ["make the field's value exactly \(pageURL), then save the profile again"]), profileURL: decoded.url)
        }
        let count = fields.count
        return .decided(Decided(status: .missing, details: ["none of the profile's \(count) field\(count == 1 ? "" : "s") holds \(pageURL)"],
                                hints: [addHint]), profileURL: decoded.url)
    }

    /// For a field Mastodon has not verified: what Mastodon will read on the next save, the published page at
    /// `url` (a 200 answer, its first 1 MB, after at most 3 redirects), and whether it links to the profile.
    private func checkPublishedPage(_ pageURL: String, linksTo profile: String, finding: inout Finding, session: Session) {
        switch session.get(pageURL, accept: "text/html") {
        case .success(let published) where published.status == 200:
            if RelMeLinks.scan(String(decoding: published.body, as: UTF8.self)).contains(where: { $0.href.lowercased() == profile.lowercased() }) {
                finding.details.append("the published page links to \(profile) with rel=\"me\"")
            } else {
                finding.details.append("the published page \(published.url) has no rel=\"me\" link to \(profile)")
                finding.hints = ["publish this build, then save the profile again (Mastodon reads the published page only then)"]
            }
        case .success(let published):
            finding.details.append("the published page answered HTTP \(published.status), and Mastodon accepts only 200")
        case .failure(.noAnswer(let reason)), .failure(.refused(let reason, _)), .failure(.outOfTime(let reason)), .failure(.redirectNotFollowed(let reason)):
            finding.details.append("the published page could not be read: \(reason)")
        }
    }

    // MARK: GitHub

    private struct GitHubUser: Decodable {
        var blog: String?
    }

    private struct GitHubSocialAccount: Decodable {
        var url: String
    }

    /// The profile's website (`blog`) and social accounts through GitHub's API; GitHub shows both with `rel="me"`.
    /// When the API does not answer (its limit is 60 requests an hour), the profile page.
    private func checkGitHub(_ chain: Chain, pageURL: String, name: String, session: Session) -> Finding {
        let user = chain.fallback.split(separator: "/").last.map(String.init) ?? chain.handle
        let profile: Session.Document
        switch session.get("https://api.github.com/users/\(user)", accept: "application/vnd.github+json") {
        case .success(let document): profile = document
        case .failure(.noAnswer(let reason)), .failure(.outOfTime(let reason)), .failure(.redirectNotFollowed(let reason)): return Finding(service: name, handle: chain.handle, status: .failed, details: [reason], hints: [])
        case .failure(.refused(let reason, _)):
            var finding = checkProfilePage(chain.fallback, pageURL: pageURL, name: name, session: session)
            if finding.status != .failed { finding.details.insert("GitHub's API did not answer (\(reason)), so the profile page was read instead", at: 0) }
            return finding
        }
        let blog = (try? JSONDecoder().decode(GitHubUser.self, from: profile.body))?.blog ?? ""
        var addresses = [blog]
        // GitHub keeps a website written without a scheme as written.
        if !blog.isEmpty && !blog.contains("://") { addresses.append("https://" + blog) }
        if case .success(let social) = session.get("https://api.github.com/users/\(user)/social_accounts", accept: "application/vnd.github+json"),
           let accounts = try? JSONDecoder().decode([GitHubSocialAccount].self, from: social.body) {
            addresses += accounts.map(\.url)
        }
        if addresses.contains(where: { Self.sameAddress($0, pageURL) }) {
            return Finding(service: name, handle: chain.handle, status: .linksBack,
                           details: ["the profile lists \(pageURL) (GitHub links it with rel=\"me\")"], hints: [])
        }
        return Finding(service: name, handle: chain.handle, status: .missing,
                       details: ["neither the profile's website nor its social accounts is \(pageURL)"],
                       hints: ["add \(pageURL) as your GitHub profile's website or one of its social accounts (Settings → Public profile)"])
    }

    // MARK: Any profile page

    /// The profile's HTML: whether it has a rel="me" link to the page.
    private func checkProfilePage(_ profile: String, pageURL: String, name: String, session: Session) -> Finding {
        var finding = Finding(service: name, handle: "", status: .missing, details: [], hints: [])
        let document: Session.Document
        switch session.get(profile, accept: "text/html") {
        case .success(let fetched): document = fetched
        case .failure(.noAnswer(let reason)), .failure(.refused(let reason, _)), .failure(.outOfTime(let reason)), .failure(.redirectNotFollowed(let reason)):
            finding.status = .failed
            finding.details = [reason]
            return finding
        }
        if document.truncated {
            finding.details.append("read only the first \(limits.maxBytes / 1024) KB of \(document.url)")
        }
        let links = RelMeLinks.scan(String(decoding: document.body, as: UTF8.self)).map(\.href)
        if links.contains(where: { Self.sameAddress($0, pageURL) }) {
            finding.status = .linksBack
            finding.details.insert("\(document.url) links to \(pageURL) with rel=\"me\"", at: 0)
            return finding
        }
        finding.details.insert(links.isEmpty
            ? "\(document.url) has no rel=\"me\" link (a profile made by scripts or behind a login shows none to sitegen)"
            : "the rel=\"me\" links of \(document.url) go elsewhere: \(links.prefix(3).joined(separator: ", "))", at: 0)
        finding.hints.append("add \(pageURL) to your \(name) profile (its website or links), so that the profile links back with rel=\"me\"")
        return finding
    }

    // MARK: Addresses

    /// Whether two addresses name the same page: scheme and host without case, an empty path as `/`, the
    /// default port left out; path and query exactly.
    static func sameAddress(_ a: String, _ b: String) -> Bool {
        guard let first = normalized(a), let second = normalized(b) else { return false }
        return first == second
    }

    private static func normalized(_ address: String) -> String? {
        guard let parts = URLParts(address.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        let scheme = parts.scheme.lowercased(), host = parts.host.lowercased()
        let port = parts.port.flatMap { (scheme == "https" && $0 == 443) || (scheme == "http" && $0 == 80) ? nil : $0 }
        let path = parts.path.isEmpty ? "/" : parts.path
        return "\(scheme)://\(host)\(port.map { ":\($0)" } ?? "")\(path)\(parts.query.map { "?\($0)" } ?? "")"
    }

    private static func withoutTrailingSlash(_ address: String) -> String {
        address.hasSuffix("/") ? String(address.dropLast()) : address
    }

    /// A profile field's text: Mastodon's API gives its value as HTML, a link's address split into spans.
    static func text(ofHTML html: String) -> String {
        (HTMLElement.parse(Data(html.utf8))?.textContent ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    // MARK: Requests

    /// The requests of one check: redirects followed and counted, the time limit shared (by every thread).
    struct Session: Sendable {
        let fetcher: any ProfileFetcher
        let limits: Limits
        let deadline: Double
        /// The check's name where the time runs out: "online check".
        var name = "online check"

        struct Document {
            /// Where the body came from, after redirects.
            var url: String
            var status: Int
            var body: Data
            var truncated: Bool
            /// How many redirects led there.
            var redirects = 0
        }

        enum Problem: Error, Equatable {
            /// No usable answer: the network, a timeout, a loop of redirects: nothing else is asked for that link.
            case noAnswer(String)
            /// The server answered, with an error status.
            case refused(String, status: Int)
            /// The check's total time ran out before the request was made.
            case outOfTime(String)
            /// A redirect led where sitegen goes no further: not https, or not a public address.
            case redirectNotFollowed(String)
        }

        func get(_ address: String, accept: String) -> Result<Document, Problem> {
            fetch(address, method: "GET", accept: accept)
        }

        func fetch(_ address: String, method: String, accept: String) -> Result<Document, Problem> {
            var url = address
            var visited = [address]
            while true {
                let remaining = deadline - ProcessInfo.processInfo.systemUptime
                // Less than a tenth of a second is too little for any answer.
                guard remaining >= 0.1 else {
                    return .failure(.outOfTime("the \(name)'s \(CurlProfileFetcher.seconds(limits.totalTime)) were used up"))
                }
                // The address as written goes anywhere; each redirect, chosen by a server, only to a public address.
                let request = ProfileRequest(url: url, method: method, accept: accept, timeout: min(limits.requestTimeout, remaining),
                                             maxBytes: limits.maxBytes, reach: visited.count == 1 ? .anywhere : .publicOnly)
                switch fetcher.fetch(request) {
                case .notPublic(let reason):
                    return .failure(.redirectNotFollowed("\(visited[visited.count - 2]) redirects to \(url), but \(reason): sitegen follows redirects only to public addresses"))
                case .failure(let reason):
                    // A request the total time cut short says nothing of the server.
                    if remaining < limits.requestTimeout, deadline - ProcessInfo.processInfo.systemUptime < 0.1 {
                        return .failure(.outOfTime("the \(name)'s \(CurlProfileFetcher.seconds(limits.totalTime)) were used up"))
                    }
                    return .failure(.noAnswer(reason))
                case .answer(let status, let location, let body, let truncated):
                    if (200..<300).contains(status) {
                        return .success(Document(url: url, status: status, body: body, truncated: truncated, redirects: visited.count - 1))
                    }
                    guard (300..<400).contains(status) && status != 304 else { return .failure(.refused("HTTP \(status) from \(url)", status: status)) }
                    guard let location, let next = URL(string: location, relativeTo: URL(string: url))?.absoluteString,
                          let scheme = URL(string: next)?.scheme?.lowercased(), ["http", "https"].contains(scheme) else {
                        return .failure(.noAnswer("HTTP \(status) from \(url) without a usable Location"))
                    }
                    guard scheme == "https" else {
                        return .failure(.redirectNotFollowed("\(url) redirects to \(next), which is not https: sitegen follows only https redirects"))
                    }
                    if visited.contains(next) {
                        return .failure(.noAnswer("redirect loop: " + (visited + [next]).joined(separator: " → ")))
                    }
                    visited.append(next)
                    guard visited.count <= limits.maxRedirects + 1 else {
                        return .failure(.noAnswer("more than \(limits.maxRedirects) redirects: " + visited.joined(separator: " → ")))
                    }
                    url = next
                }
            }
        }
    }
}

extension OnlineCheck {
    /// The report as `check --online` prints it: per page its address, then one line per link with its hints.
    public static func format(_ reports: [PageReport]) -> String {
        var lines: [String] = []
        var counts: [Status: Int] = [:]
        for report in reports {
            guard let url = report.url else {
                lines.append("\(report.path): no url, so nothing can be verified: set url: https://… in its front matter")
                continue
            }
            lines.append("\(report.path) (\(url)):")
            for finding in report.findings {
                counts[finding.status, default: 0] += 1
                lines.append("  \(finding.service) \(finding.handle): \(finding.status.rawValue): " + finding.details.joined(separator: "; "))
                lines += finding.hints.map { "    hint: \($0)" }
            }
        }
        let total = counts.values.reduce(0, +)
        guard !reports.isEmpty else { return "Online: no page has identity links (rel=\"me\"), so there is nothing to verify." }
        let parts = [Status.linksBack, .notVerified, .missing, .failed, .notCheckable].compactMap { status in
            counts[status].map { "\(status.rawValue): \($0)" }
        }
        lines.append("Online: \(total) link\(total == 1 ? "" : "s") checked" + (parts.isEmpty ? "." : ": " + parts.joined(separator: ", ") + "."))
        return lines.joined(separator: "\n")
    }
}
