import Foundation
import LinkChain

/// One page read from the web, for `sitegen import https://…`: https only, at most `limits.maxBytes`, within
/// `limits.totalTime`, redirects followed hop by hop as `check --links` follows them (only to public https
/// addresses). The first request goes where its author pointed it, except to a host written as an address that
/// is not public (or `localhost`), which is refused before anything is asked: a link page to import is a public one.
public enum WebPage {
    /// The defaults of `import`: a link page answers within seconds, and is much smaller than the 4 MiB a saved
    /// page may have (Linktree's are about 200 KB).
    public static func limits(maxBytes: Int) -> OnlineCheck.Limits {
        var limits = OnlineCheck.Limits()
        limits.requestTimeout = 10
        limits.totalTime = 20
        limits.maxRedirects = 5
        limits.maxBytes = maxBytes
        return limits
    }

    /// Why `get` did not give a page, in one sentence that ends by saying what to do.
    public struct Problem: Error, Sendable, Equatable {
        public var message: String
    }

    /// What a person does when sitegen cannot read the page itself.
    public static let saveInstead = "save the page from your browser (File → Save Page As) and run sitegen import on that file"

    /// Whether `source` is meant as a web address rather than a file: it starts with a scheme and `//`.
    public static func isAddress(_ source: String) -> Bool {
        guard let colon = source.firstIndex(of: ":"), source[source.index(after: colon)...].hasPrefix("//") else { return false }
        let scheme = source[..<colon]
        return !scheme.isEmpty && scheme.first!.isLetter && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
    }

    /// The page at `address` and where it was read after redirects, or why not.
    public static func get(_ address: String, fetcher: any ProfileFetcher, limits: OnlineCheck.Limits) -> Result<(url: String, body: Data), Problem> {
        guard let parts = URLParts(address) else {
            return .failure(Problem(message: "not a web address sitegen can read: give an https:// address, or \(saveInstead)"))
        }
        let scheme = parts.scheme.lowercased(), host = parts.host
        // A page on this computer or its network is never read, whatever the scheme: say that rather than "use https".
        if let refusal = PublicAddress.refusal(ofHost: host) {
            return .failure(Problem(message: "\(host) is \(refusal), and sitegen import reads only public https pages: \(saveInstead)"))
        }
        guard scheme == "https" else {
            let https = scheme == "http" ? "use https:" + address.dropFirst(scheme.count + 1) + " if the site has it, or " : ""
            return .failure(Problem(message: "sitegen import reads only https addresses: \(https)\(saveInstead)"))
        }
        let session = OnlineCheck.Session(fetcher: fetcher, limits: limits, deadline: ProcessInfo.processInfo.systemUptime + limits.totalTime,
                                          name: "import")
        switch session.get(address, accept: "text/html,application/json;q=0.9,*/*;q=0.5") {
        case .success(let document) where document.truncated:
            return .failure(Problem(message: "the page is larger than \(limits.maxBytes / 1_048_576) MiB, more than a link page has: \(saveInstead) if it is one"))
        case .success(let document):
            return .success((document.url, document.body))
        case .failure(.refused(let reason, let status)) where status == 404 || status == 410:
            return .failure(Problem(message: "\(reason): check the address (a Linktree page is https://linktr.ee/NAME)"))
        case .failure(.refused(let reason, _)), .failure(.noAnswer(let reason)), .failure(.outOfTime(let reason)),
             .failure(.redirectNotFollowed(let reason)):
            return .failure(Problem(message: "\(reason): \(saveInstead)"))
        }
    }
}
