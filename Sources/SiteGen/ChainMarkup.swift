import Foundation
import LinkChain

/// How a page keeps email addresses from harvesters. Either way a visitor without JavaScript can still use or
/// read the address.
public enum EmailProtection: String, Sendable, CaseIterable {
    /// Every character of the address as an HTML character reference: browsers read it, plain-text scrapers do not.
    case entities
    /// The address appears only sealed (reversed and base64-encoded) and is assembled at tap time; without
    /// JavaScript a written-out form ("ann (at) example.org") is shown beside the link.
    case sealed
}

/// The markup that makes an `<a>` a chain link, for buttons and Markdown links alike.
public enum ChainMarkup {
    /// The `href`, `rel` and data attributes: the fallback in `href`, the chain and chooser data for the runtime.
    /// `choices` are the apps the chooser lists (the chain's own when nil); those in the chain are marked as
    /// tried on a tap.
    public static func attributes(_ chain: Chain, choices: [Candidate]? = nil, provesIdentity: Bool,
                                  protection: EmailProtection = .entities) -> String {
        let choices = choices ?? chain.candidates
        if protection == .sealed, chain.fallback.hasPrefix("mailto:") {
            // "#" keeps the link focusable and harmless; the runtime reads the sealed data on tap.
            return ##" href="#" data-service="\##(HTML.escape(chain.serviceID))" data-copy-kind="address" data-sealed="\##(seal(chain, choices: choices))""##
        }
        var text = #" href="\#(HTML.escape(chain.fallback))""#
        if provesIdentity { text += #" rel="me""# }
        guard hasChooser(chain, choices: choices) else { return text }
        text += #" data-service="\#(HTML.escape(chain.serviceID))""#
        if !choices.isEmpty { text += #" data-chain="\#(HTML.escape(chainJSON(choices, tried: chain.candidates)))""# }
        let (copy, kind) = copyText(chain)
        text += #" data-copy="\#(HTML.escape(copy))" data-copy-kind="\#(kind)""#
        if let acct = fediverseAccount(chain) { text += #" data-acct="\#(HTML.escape(acct))""# }
        return text
    }

    /// What follows the link's closing tag: for a sealed address, the address written out for readers without JavaScript.
    public static func afterLink(_ chain: Chain, protection: EmailProtection = .entities) -> String {
        guard protection == .sealed, chain.fallback.hasPrefix("mailto:") else { return "" }
        let written = chain.handle.replacingOccurrences(of: "@", with: " (at) ")
        return #"<noscript> <span class="address">\#(HTML.escape(written))</span></noscript>"#
    }

    /// Links worth a chooser: those with apps to choose from, an address to copy or an account to follow.
    static func hasChooser(_ chain: Chain, choices: [Candidate]) -> Bool {
        !choices.isEmpty || chain.fallback.hasPrefix("mailto:") || fediverseAccount(chain) != nil
    }

    /// Candidates without repeats (an app chosen by `apps:` or `app:` is also among all the service's apps).
    static func unique(_ candidates: [Candidate]) -> [Candidate] {
        var seen = Set<String>()
        return candidates.filter { seen.insert($0.appID + " " + $0.url).inserted }
    }

    /// `user@host` for accounts that can be followed from the visitor's own server.
    static func fediverseAccount(_ chain: Chain) -> String? {
        chain.fediverseAddress.map { String($0.dropFirst()) }
    }

    static func copyText(_ chain: Chain) -> (text: String, kind: String) {
        if chain.fallback.hasPrefix("mailto:") { return (chain.handle, "address") }
        if let address = chain.fediverseAddress { return (address, "handle") }
        return (chain.fallback, "link")
    }

    /// `[{"app":"Ivory","auto":true,"id":"ivory","platforms":["ios"],"url":"ivory:…"}, …]`: what the runtime needs
    /// and no more. `auto` marks the candidates a tap tries without being asked; the rest wait in the chooser.
    static func chainJSON(_ candidates: [Candidate], tried: [Candidate]) -> String {
        String(decoding: (try? encoder.encode(runtimeCandidates(candidates, tried: tried))) ?? Data("[]".utf8), as: UTF8.self)
    }

    private static func runtimeCandidates(_ candidates: [Candidate], tried: [Candidate]) -> [RuntimeCandidate] {
        candidates.map { candidate in
            RuntimeCandidate(app: candidate.appName, auto: tried.contains(candidate) ? true : nil, id: candidate.appID,
                             platforms: candidate.platforms, url: candidate.url)
        }
    }

    private struct RuntimeCandidate: Encodable {
        var app: String, auto: Bool?, id: String, platforms: [Platform], url: String
    }

    private struct SealedLink: Encodable {
        var href: String, chain: [RuntimeCandidate], copy: String
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Base64 of the reversed UTF-8 bytes of the link's JSON; the runtime's `unseal` undoes it.
    static func seal(_ chain: Chain, choices: [Candidate]) -> String {
        let sealed = SealedLink(href: chain.fallback, chain: runtimeCandidates(choices, tried: chain.candidates), copy: copyText(chain).text)
        let json = (try? encoder.encode(sealed)) ?? Data()
        return Data(json.reversed()).base64EncodedString()
    }

    /// Replaces each address, wherever it stands as text in the page outside `<script>` and `<style>`,
    /// by character references. Runs on the rendered page, so template text and Markdown are covered too.
    static func protect(_ addresses: [String], in html: String) -> String {
        let addresses = Set(addresses.filter { !$0.isEmpty })
        guard !addresses.isEmpty else { return html }
        var result = "", rest = html[...]
        while !rest.isEmpty {
            let nextCode = ["<script", "<style"].compactMap { rest.range(of: $0) }.min { $0.lowerBound < $1.lowerBound }
            let markupEnd = nextCode?.lowerBound ?? rest.endIndex
            var markup = String(rest[..<markupEnd])
            for address in addresses.sorted(by: { $0.count > $1.count }) {
                markup = markup.replacingOccurrences(of: address, with: characterReferences(address))
            }
            result += markup
            guard let code = nextCode else { break }
            let closing = rest[code.lowerBound...].hasPrefix("<script") ? "</script>" : "</style>"
            let codeEnd = rest[code.upperBound...].range(of: closing)?.upperBound ?? rest.endIndex
            result += rest[code.lowerBound..<codeEnd]
            rest = rest[codeEnd...]
        }
        return result
    }

    static func characterReferences(_ text: String) -> String {
        text.unicodeScalars.map { "&#\($0.value);" }.joined()
    }
}
