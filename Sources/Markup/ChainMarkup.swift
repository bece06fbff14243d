import Foundation
import LinkChain
import Mustache
import SiteBasics

/// The markup that makes an `<a>` a chain link, for buttons and Markdown links alike.
package enum ChainMarkup {
    /// The `href`, `rel` and data attributes: the fallback in `href`, the chain and chooser data for the runtime.
    /// `choices` are the apps the chooser lists (the chain's own when nil); those in the chain are marked as
    /// tried on a tap.
    /// `firstTap: .ask` marks links whose chain has apps with `data-first-tap="ask"`. Each value is written with the
    /// addresses `shield` knows as character references.
    package static func attributes(_ chain: Chain, choices: [Candidate]? = nil, provesIdentity: Bool,
                                  protection: EmailProtection = .entities, firstTap: FirstTap = .try,
                                  shield: EmailShield? = nil) -> String {
        let choices = choices ?? chain.candidates
        let ask = firstTap == .ask && !chain.candidates.isEmpty ? #" data-first-tap="ask""# : ""
        if protection == .sealed, chain.kind == .email {
            // "#" keeps the link focusable and harmless; the runtime reads the sealed data on tap.
            return ##" href="#" data-service="\##(HTML.escape(chain.serviceID))" data-copy-kind="address" data-sealed="\##(seal(chain, choices: choices))""## + ask
        }
        // One buffer for the whole attribute text: a page writes these for every button and Markdown link.
        var markup = ShieldedMarkup(shield: shield)
        appendAttributes(chain, choices: choices, provesIdentity: provesIdentity, to: &markup)
        return hasChooser(chain, choices: choices) ? markup.text + ask : markup.text
    }

    /// `<a` with the link's `attributes` and `>`: the opening tag of a Markdown body's chain link, made in the
    /// attributes' own buffer (a page may have thousands of these, each a few kilobytes).
    package static func openingTag(_ chain: Chain, choices: [Candidate], provesIdentity: Bool, protection: EmailProtection,
                           shield: EmailShield?) -> String {
        if protection == .sealed, chain.kind == .email {
            return "<a" + attributes(chain, choices: choices, provesIdentity: provesIdentity, protection: protection, shield: shield) + ">"
        }
        var markup = ShieldedMarkup(shield: shield)
        markup.raw("<a")
        appendAttributes(chain, choices: choices, provesIdentity: provesIdentity, to: &markup)
        markup.raw(">")
        return markup.text
    }

    /// The attributes of a link that is not sealed, without `data-first-tap`.
    private static func appendAttributes(_ chain: Chain, choices: [Candidate], provesIdentity: Bool, to markup: inout ShieldedMarkup) {
        markup.raw(#" href=""#)
        markup.escapedHTML(chain.fallback)
        markup.raw("\"")
        if provesIdentity { markup.raw(#" rel="me""#) }
        guard hasChooser(chain, choices: choices) else { return }
        markup.raw(#" data-service=""#)
        markup.escapedHTML(chain.serviceID)
        markup.raw("\"")
        // Single quotes around JSON need no &quot; for each of its many double quotes: smaller pages, less work.
        if !choices.isEmpty {
            // Room for the JSON at once (its addresses grow as references), not grown by doubling and copying.
            markup.reserveCapacity(choices.reduce(0) { $0 + 3 * $1.url.utf8.count + $1.appName.utf8.count + 64 })
            markup.raw(" data-chain='")
            appendChainJSON(choices, tried: chain.candidates, to: &markup)
            markup.raw("'")
        }
        let (copy, kind) = copyText(chain)
        markup.raw(#" data-copy=""#)
        markup.escapedHTML(copy)
        markup.raw(#"" data-copy-kind=""#)
        markup.escapedHTML(kind)
        markup.raw("\"")
        if let acct = fediverseAccount(chain) {
            markup.raw(#" data-acct=""#)
            markup.escapedHTML(acct)
            markup.raw("\"")
        }
    }

    /// What follows the link's closing tag: for a sealed address, the address written out for readers without JavaScript,
    /// `at` (the page's word, such as "(at)") standing for its `@`.
    package static func afterLink(_ chain: Chain, protection: EmailProtection = .entities, at: String) -> String {
        guard protection == .sealed, chain.kind == .email else { return "" }
        let written = chain.handle.replacingOccurrences(of: "@", with: " \(at) ")
        return #"<noscript> <span class="address">\#(HTML.escape(written))</span></noscript>"#
    }

    /// Links worth a chooser: those with apps to choose from, an address to copy or an account to follow.
    static func hasChooser(_ chain: Chain, choices: [Candidate]) -> Bool {
        !choices.isEmpty || chain.kind == .email || fediverseAccount(chain) != nil
    }


    /// `user@host` for accounts that can be followed from the visitor's own server.
    static func fediverseAccount(_ chain: Chain) -> String? {
        chain.fediverseAddress.map { String($0.dropFirst()) }
    }

    static func copyText(_ chain: Chain) -> (text: String, kind: String) {
        if chain.kind == .email { return (chain.handle, "address") }
        if let address = chain.fediverseAddress { return (address, "handle") }
        return (chain.fallback, "link")
    }

    /// `[{"app":"Ivory","auto":true,"platforms":["ios"],"url":"ivory:…"}, …]`: what the runtime needs and no more.
    /// `auto` marks the candidates a tap tries without being asked; the rest wait in the chooser, those whose URL no
    /// primary source documents (`more`) behind its "More apps…" item. What goes without
    /// saying is left out, and the runtime's `candidatesFor` fills it in: `id` where it is the app's name in lower
    /// case (ASCII, which JavaScript lower-cases the same way), `platforms` where the candidate runs on every one.
    /// With `inSingleQuotedAttribute`, `&`, `'` and `<` are also written as character references, in the same pass.
    static func chainJSON(_ candidates: [Candidate], tried: [Candidate], inSingleQuotedAttribute: Bool = false) -> String {
        var json = JSONBytes(escaping: inSingleQuotedAttribute ? .singleQuotedAttribute : .none)
        appendChainJSON(candidates, tried: tried, to: &json)
        return json.text
    }

    static func appendChainJSON<Writer: JSONWriting>(_ candidates: [Candidate], tried: [Candidate], to json: inout Writer) {
        json.raw("[")
        // By index: a copy of each candidate (five strings and an array) costs more than writing it.
        for index in candidates.indices {
            json.raw(index == 0 ? "{\"app\":" : ",{\"app\":")
            json.string(candidates[index].appName)
            // The same app, URL and platforms: the rest of a candidate (name, source) comes with its app.
            if tried.contains(where: { $0.appID == candidates[index].appID && $0.url == candidates[index].url && $0.platforms == candidates[index].platforms }) {
                json.raw(",\"auto\":true")
            } else if !candidates[index].verified {
                json.raw(",\"more\":true")  // no primary source documents its URL: the chooser keeps it under "More apps…"
            }
            if !isLowercased(candidates[index].appID, of: candidates[index].appName) {
                json.raw(",\"id\":")
                json.string(candidates[index].appID)
            }
            // Ordered without repeats: as many as there are platforms is all of them.
            if candidates[index].platforms.count != Self.platformCount {
                json.raw(",\"platforms\":[")
                for (number, platform) in candidates[index].platforms.enumerated() {
                    if number > 0 { json.raw(",") }
                    json.string(platform.rawValue)
                }
                json.raw("]")
            }
            json.raw(",\"url\":")
            json.string(candidates[index].url)
            json.raw("}")
        }
        json.raw("]")
    }

    private static let platformCount = Platform.allCases.count

    /// Whether `id` is `name` in lower case, both ASCII (where Swift and JavaScript lower-case alike); compared byte
    /// by byte, since a page asks it of every candidate.
    static func isLowercased(_ id: String, of name: String) -> Bool {
        var (id, name) = (id, name)
        return id.withUTF8 { id in
            name.withUTF8 { name in
                guard id.count == name.count else { return false }
                for index in 0..<id.count {
                    let nameByte = name[index]
                    guard nameByte < 0x80, id[index] == ASCII.lowercased(nameByte) else { return false }
                }
                return true
            }
        }
    }

    /// Base64 of the reversed UTF-8 bytes of the link's JSON; the runtime's `unseal` undoes it.
    static func seal(_ chain: Chain, choices: [Candidate]) -> String {
        let json = "{\"chain\":" + chainJSON(choices, tried: chain.candidates) + ",\"copy\":" + JSONText.string(copyText(chain).text)
            + ",\"href\":" + JSONText.string(chain.fallback) + "}"
        return Data(json.utf8.reversed()).base64EncodedString()
    }

    static func characterReferences(_ text: String) -> String {
        String(decoding: characterReferenceBytes(text), as: UTF8.self)
    }

    /// `&#N;` of each ASCII byte, six bytes apart (`&#N;` and `&#NN;` padded with zeros).
    private static let asciiReferences: [UInt8] = (0..<128).flatMap { byte -> [UInt8] in
        let reference = Array("&#\(byte);".utf8)
        return reference + [UInt8](repeating: 0, count: 6 - reference.count)
    }

    /// The references of ASCII text, each byte's copied from a table (most addresses are ASCII); nil for other text.
    private static func asciiReferenceBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        return asciiReferences.withUnsafeBufferPointer { table in
            [UInt8](unsafeUninitializedCapacity: bytes.count * 6) { buffer, written in
                written = 0
                for byte in bytes {
                    let start = Int(byte) * 6
                    for offset in 0..<(byte < 10 ? 4 : byte < 100 ? 5 : 6) {
                        buffer[written] = table[start + offset]
                        written += 1
                    }
                }
            }
        }
    }

    /// `&#NNN;` for each scalar, written as bytes: a page's addresses are made into references once per page.
    static func characterReferenceBytes(_ text: String) -> [UInt8] {
        var utf8 = text
        if let ascii = utf8.withUTF8(asciiReferenceBytes) { return ascii }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 6)
        for scalar in text.unicodeScalars {
            bytes.append(0x26); bytes.append(0x23)  // &#
            // Decimal digits from the highest: no buffer to reverse (scalars stay under 10^7).
            let value = scalar.value
            var power: UInt32 = 1
            while power <= value / 10 { power *= 10 }
            repeat { bytes.append(UInt8(ascii: "0") + UInt8(value / power % 10)); power /= 10 } while power > 0
            bytes.append(0x3B)  // ;
        }
        return bytes
    }
}
