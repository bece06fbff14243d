// Reading a link back into a service and handle: the reverse of each service's profile URL, for importing a link
// page written elsewhere (`https://social.coop/@eb` → `mastodon: "@eb@social.coop"`).

/// A link the catalog recognised: the service and the handle (and options) a page's `links:` item gives it.
public struct RecognizedLink: Equatable, Sendable {
    /// The service's id, e.g. "mastodon".
    public var serviceID: String
    /// The handle as the service shows it, e.g. "@eb@social.coop".
    public var handle: String
    /// Options the link carried (an email's `subject`), by name.
    public var options: [String: String]

    public init(serviceID: String, handle: String, options: [String: String] = [:]) {
        self.serviceID = serviceID
        self.handle = handle
        self.options = options
    }
}

extension ServiceCatalog {
    /// Whether `text` holds `word`, byte for byte: a label searched for a service's name, for every link of a page.
    static func bytes(_ text: [UInt8], hold word: [UInt8]) -> Bool {
        guard !word.isEmpty, word.count <= text.count else { return word.isEmpty }
        return (0...(text.count - word.count)).contains { start in text[start] == word[0] && text[start..<start + word.count].elementsEqual(word) }
    }

    /// The service and handle whose link is `link`, or nil when no service but the plain web claims it.
    ///
    /// A link with a service's own scheme (`mailto:`, `tel:`, `sms:`) is read as that shorthand. An https link is
    /// matched against each profile URL template (`https://github.com/{user}`), ignoring a `www.` before the host
    /// and a final slash; the handle read from it must pass the service's own checks. A template whose host is a
    /// placeholder (`https://{host}/@{user}`, the fediverse) matches any site's `/@name` page (Medium's too), so it
    /// counts only when `hint` (the link's label or the source's brand name for it) names the service:
    /// "Mastodon", "Follow me on Pixelfed".
    /// Hosts a service has left whose profile paths it kept: an older page's `https://twitter.com/nasa` is X's.
    static let renamedHosts = [("twitter.com", "x.com"), ("threads.net", "threads.com")]

    public func recognize(_ link: String, hint: String = "") -> RecognizedLink? {
        let text = trimmed(link)
        guard let scheme = URLScheme.of(text) else { return nil }
        if scheme != "https" {
            guard scheme != "http", let (service, request) = try? parse(shorthand: text),
                  (try? service.target(handle: request.handle, options: request.options)) != nil else { return nil }
            return RecognizedLink(serviceID: service.id, handle: request.handle, options: request.options)
        }
        guard var address = try? WebAddress.parse(text) else { return nil }
        for (former, current) in Self.renamedHosts {
            for prefix in ["https://", "https://www."] where address.url.hasPrefix(prefix + former + "/") {
                address.url = "https://" + current + address.url.dropFirst(prefix.count + former.count)
            }
        }
        // Signal's links follow no profile template: a number's (`#p/+…`, read as the number) or a username's
        // (`#eu/…`, which is itself the handle).
        if address.url.hasPrefix("https://signal.me/#"), let signal = service(named: "signal") {
            let fragment = address.url.dropFirst("https://signal.me/#".count)
            if fragment.hasPrefix("p/") {
                if let target = try? signal.target(handle: String(fragment.dropFirst(2)), options: [:]) {
                    return RecognizedLink(serviceID: signal.id, handle: target.handle)
                }
            } else if (try? signal.target(handle: address.url, options: [:])) != nil {
                return RecognizedLink(serviceID: signal.id, handle: address.url)
            }
        }
        let hint = Array(hint.lowercased().utf8)
        let target = Array(ProfileURLPattern.normalised(address.url).unicodeScalars)
        let profiles = profileIndex
        for index in profiles.patternsByHost[ProfileURLPattern.host(of: target)] ?? profiles.patternsOfAnyHost {
            let (pattern, hintNames) = (profiles.profilePatterns[index].pattern, profiles.profilePatterns[index].hintNames)
            if let hintNames {
                guard hintNames.contains(where: { Self.bytes(hint, hold: $0) }) else { continue }
                // A fediverse handle reads profile URLs itself, a remote account's (`https://a.example/@eb@b.example`) too.
                let service = profiles.profileServices[index]
                if let target = try? service.target(handle: address.url, options: [:]) {
                    return RecognizedLink(serviceID: service.id, handle: target.handle)
                }
            }
            for values in pattern.matches(normalised: target) {
                let service = profiles.profileServices[index]
                guard let handle = ProfileURLPattern.handleText(values),
                      let target = try? service.target(handle: handle, options: [:]) else { continue }
                return RecognizedLink(serviceID: service.id, handle: target.handle)
            }
        }
        return nil
    }
}

/// A profile URL template read backwards: which placeholder values make a given URL.
struct ProfileURLPattern: Sendable {
    enum Part: Equatable { case literal(String), placeholder(String) }
    let parts: [Part]
    /// Each literal part's scalars, by the part's index (empty for a placeholder): counted and compared for every link.
    private let literalScalars: [[Unicode.Scalar]]

    init(_ template: String) {
        var parts: [Part] = []
        var rest = Substring(ProfileURLPattern.normalised(template))
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { parts.append(.literal(String(rest[..<open]))) }
            parts.append(.placeholder(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.literal(String(rest))) }
        self.parts = parts
        literalScalars = parts.map { if case .literal(let text) = $0 { Array(text.unicodeScalars) } else { [] } }
    }

    /// The host the template names, lowercase, when it names one (`github.com` for `https://github.com/{user}`);
    /// nil when the host holds a placeholder.
    var literalHost: String? {
        guard case .literal(let first) = parts.first, first.hasPrefix("https://") else { return nil }
        let rest = first.dropFirst("https://".count)
        guard let slash = rest.firstIndex(where: { "/?#".contains($0) }) else { return nil }
        return rest[..<slash].lowercased()
    }

    /// The host of a `normalised` https URL, lowercase: what `literalHost` is compared with.
    static func host(of url: [Unicode.Scalar]) -> String {
        let start = "https://".unicodeScalars.count
        guard url.count > start else { return "" }
        var host = String.UnicodeScalarView()
        for scalar in url[start...] {
            if scalar == "/" || scalar == "?" || scalar == "#" { break }
            host.append(scalar)
        }
        return String(host).lowercased()
    }

    /// `https://www.x.com/a/` as `https://x.com/a`: the forms of one address a template and a link may differ by.
    static func normalised(_ url: String) -> String {
        var text = url
        if text.lowercased().hasPrefix("https://www.") { text = "https://" + text.dropFirst("https://www.".count) }
        let path = text.dropFirst("https://".count)
        if path.hasSuffix("/"), path.dropLast().contains("/") { text.removeLast() }
        return text
    }

    /// Every assignment of the placeholders that spells `url`, shortest first values first. A value is never empty
    /// and never holds `/`, `?`, `#` or `@` (a path segment, not a path), so the search stays small. Values are
    /// kept as ranges of the URL and made into text only for a match: a 400 KB segment once made a string of
    /// every one of its prefixes (minutes for one link of an imported page).
    func matches(_ url: String) -> [[String: String]] {
        matches(normalised: Array(Self.normalised(url).unicodeScalars))
    }

    /// `matches` of a URL already `normalised`, as scalars: a link is made ready once for every template.
    func matches(normalised target: [Unicode.Scalar]) -> [[String: String]] {
        var found: [[String: String]] = []
        var values: [(name: String, range: Range<Int>)] = []
        func walk(_ partIndex: Int, _ position: Int) {
            guard found.count < 4 else { return }
            guard partIndex < parts.count else {
                if position == target.count {
                    found.append(Dictionary(values.map { ($0.name, String(String.UnicodeScalarView(target[$0.range]))) }, uniquingKeysWith: { $1 }))
                }
                return
            }
            switch parts[partIndex] {
            case .literal(let literal):
                let scalars = literalScalars[partIndex], count = scalars.count
                guard position + count <= target.count else { return }
                let slice = target[position..<position + count]
                // Scheme and host compare without case; the template's literal parts are lowercase.
                guard scalars.elementsEqual(slice) || (partIndex == 0 && Self.equalIgnoringCase(slice, literal, scalars)) else { return }
                walk(partIndex + 1, position + count)
            case .placeholder(let name):
                var segmentEnd = position
                while segmentEnd < target.count, !"/?#@".unicodeScalars.contains(target[segmentEnd]) { segmentEnd += 1 }
                guard segmentEnd > position else { return }
                // The last part must run to the end; any other may end anywhere in the segment.
                let ends = partIndex + 1 == parts.count ? segmentEnd...segmentEnd : position + 1...segmentEnd
                for end in ends {
                    values.append((name, position..<end))
                    walk(partIndex + 1, end)
                    values.removeLast()
                    if found.count >= 4 { return }
                }
            }
        }
        walk(0, 0)
        return found
    }

    /// Whether the scalars, lowercased, are `literal`; ASCII (nearly every link) compared without making text of them.
    private static func equalIgnoringCase(_ scalars: ArraySlice<Unicode.Scalar>, _ literal: String, _ literalScalars: [Unicode.Scalar]) -> Bool {
        guard scalars.allSatisfy(\.isASCII) else { return String(String.UnicodeScalarView(scalars)).lowercased() == literal }
        return scalars.lazy.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32)! : $0 }.elementsEqual(literalScalars)
    }

    /// The handle as a page writes it, from the values its profile URL was filled with.
    static func handleText(_ values: [String: String]) -> String? {
        switch Set(values.keys) {
        case ["user", "host"]: return "@\(values["user"]!)@\(values["host"]!)"
        case ["user", "server"]: return "@\(values["user"]!):\(values["server"]!)"
        case ["kind", "id"]: return "\(values["kind"]!):\(values["id"]!)"
        case ["digits"]: return "+" + values["digits"]!
        case ["user"], ["id"], ["handle"]: return values.values.first
        default: return nil
        }
    }
}
