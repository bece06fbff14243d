import Foundation

/// A vCard 3.0 (RFC 2426), the version iOS, Android and Outlook all import, for "Save contact".
public struct VCard: Equatable, Sendable {
    /// The formatted name (`FN`): the page's title.
    public var name: String
    /// The structured name (`N`), from front matter `name: {given, family}`; without it, the title's words
    /// (`VCard.nameParts(ofTitle:)`).
    public var givenName: String?
    public var familyName: String?
    public var note: String?
    /// The photo: carried in the card (what phones' contact apps show), or an absolute URL; `JPEG` or `PNG`, the only
    /// types contact apps show.
    public var photo: Photo?

    public enum Photo: Sendable, Equatable {
        case embedded(type: String, data: Data)
        case address(url: String, type: String)
    }
    /// Email addresses, each once.
    public private(set) var emails: [String] = []
    /// Phone numbers, each once, with its types: `VOICE` for a phone link, `MSG` for an SMS link, both for both.
    public private(set) var phones: [(number: String, types: [String])] = []
    /// Web addresses: the page itself and plain websites.
    public private(set) var urls: [String] = []
    /// Social profiles by service name, each written once as a labelled `URL` (iOS and macOS show the
    /// `X-ABLabel`; Android and Outlook read the URL).
    public private(set) var profiles: [(service: String, url: String)] = []
    /// What the card has, looked up by value: a page may have tens of thousands of links, and searching the lists
    /// for each would take time quadratic in them.
    private var emailSet: Set<String> = []
    private var phoneIndex: [String: Int] = [:]
    private var webAddresses: Set<String> = []

    public init(name: String) { self.name = name }

    /// `N` for a card whose page sets no `name:`: the title read as a person's name, its last word the family name and
    /// the words before it the given names ("Ada Lovelace" is Lovelace; Ada, "Mary Ann Evans" Evans; Mary Ann); a title
    /// of one word is a given name. Contact apps sort and greet by `N`, and an empty one left some showing no name.
    /// `name:` says it exactly, where this rule is wrong (a family name first, "van Beethoven", a band).
    public static func nameParts(ofTitle title: String) -> (given: String, family: String) {
        let words = title.split(whereSeparator: { $0.isWhitespace })
        guard words.count > 1 else { return (words.first.map(String.init) ?? "", "") }
        return (words.dropLast().joined(separator: " "), String(words.last!))
    }

    /// An email address, once.
    public mutating func addEmail(_ address: String) {
        if emailSet.insert(address).inserted { emails.append(address) }
    }

    public mutating func addPhone(_ number: String, type: String) {
        if let index = phoneIndex[number] {
            if !phones[index].types.contains(type) { phones[index].types.append(type) }
        } else {
            phoneIndex[number] = phones.count
            phones.append((number, [type]))
        }
    }

    /// A web address, unless the card already has it (as a URL or a profile).
    public mutating func addURL(_ url: String) {
        if webAddresses.insert(url).inserted { urls.append(url) }
    }

    /// A social profile, once: a page may link the same account twice.
    public mutating func addProfile(service: String, url: String) {
        if webAddresses.insert(url).inserted { profiles.append((service, url)) }
    }

    public static func == (a: VCard, b: VCard) -> Bool { a.text == b.text }

    /// The card's text: CRLF line ends, text values escaped, lines folded at 75 octets.
    public var text: String {
        // Built as bytes, each line folded as it is added: every page with links writes one.
        var card: [UInt8] = []
        card.reserveCapacity(512)
        var buffer: [UInt8] = []
        func line(_ parts: String...) {
            buffer.removeAll(keepingCapacity: true)
            for part in parts { buffer.append(contentsOf: part.utf8) }
            Self.appendFolded(buffer, to: &card)
        }
        line("BEGIN:VCARD")
        line("VERSION:3.0")
        line("FN:", Self.escape(name))
        line("N:", Self.escape(familyName ?? ""), ";", Self.escape(givenName ?? ""), ";;;")
        if let note { line("NOTE:", Self.escape(note)) }
        switch photo {
        case .embedded(let type, let data)?: line("PHOTO;ENCODING=b;TYPE=", type, ":", data.base64EncodedString())
        case .address(let url, let type)?: line("PHOTO;VALUE=URI;TYPE=", type, ":", url)
        case nil: break
        }
        for email in emails { line("EMAIL;TYPE=INTERNET:", Self.escape(email)) }
        for phone in phones { line("TEL;TYPE=", phone.types.joined(separator: ","), ":", phone.number) }
        for url in urls { line("URL:", url) }
        for (index, profile) in profiles.enumerated() {
            line("item", String(index + 1), ".URL:", profile.url)
            line("item", String(index + 1), ".X-ABLabel:", Self.escape(profile.service))
        }
        line("END:VCARD")
        return String(decoding: card, as: UTF8.self)
    }

    /// RFC 2426 text escaping: backslash, comma, semicolon and line breaks.
    static func escape(_ value: String) -> String {
        // Most values (names, URLs) hold nothing to escape: no pass over their Characters.
        if !value.utf8.contains(where: { $0 == 0x5C || $0 == 0x2C || $0 == 0x3B || $0 == 0x0A || $0 == 0x0D }) { return value }
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case ",": escaped += "\\,"
            case ";": escaped += "\\;"
            case "\n", "\r\n", "\r": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// Appends `bytes`, a line, folded into pieces of at most 75 octets without splitting a UTF-8 sequence
    /// (continuations start with a space), and its CRLF.
    static func appendFolded(_ bytes: [UInt8], to card: inout [UInt8]) {
        var start = 0, limit = 75
        while bytes.count - start > limit {
            var end = start + limit
            while end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a UTF-8 sequence
            card += bytes[start..<end]
            card.append(0x0D); card.append(0x0A); card.append(0x20)
            start = end
            limit = 74  // the leading space counts
        }
        card += bytes[start...]
        card.append(0x0D); card.append(0x0A)
    }
}
