/// A vCard 3.0 (RFC 2426), the version both iOS and Android import, for "Save contact".
public struct VCard: Equatable, Sendable {
    public var name: String
    public var note: String?
    public var photoURL: String?
    public var emails: [String] = []
    public var phones: [String] = []
    /// Web addresses: the page itself and plain websites.
    public var urls: [String] = []
    /// Social profiles by service id, read by iOS as social profiles; Android imports them as URLs too.
    public var profiles: [(service: String, url: String)] = []

    public init(name: String) { self.name = name }

    public static func == (a: VCard, b: VCard) -> Bool {
        a.name == b.name && a.note == b.note && a.photoURL == b.photoURL && a.emails == b.emails && a.phones == b.phones
            && a.urls == b.urls && a.profiles.map(\.service) == b.profiles.map(\.service) && a.profiles.map(\.url) == b.profiles.map(\.url)
    }

    /// The card's text: CRLF line ends, text values escaped, lines folded at 75 octets.
    public var text: String {
        var lines = ["BEGIN:VCARD", "VERSION:3.0", "FN:" + Self.escape(name), "N:;" + Self.escape(name) + ";;;"]
        if let note { lines.append("NOTE:" + Self.escape(note)) }
        if let photoURL { lines.append("PHOTO;VALUE=URI:" + photoURL) }
        lines += emails.map { "EMAIL;TYPE=INTERNET:" + Self.escape($0) }
        lines += phones.map { "TEL;TYPE=CELL:" + Self.escape($0) }
        lines += urls.map { "URL:" + $0 }
        for profile in profiles {
            lines.append("X-SOCIALPROFILE;TYPE=\(profile.service):" + profile.url)
            lines.append("URL;TYPE=\(profile.service):" + profile.url)
        }
        lines.append("END:VCARD")
        return lines.map(Self.fold).joined(separator: "\r\n") + "\r\n"
    }

    /// RFC 2426 text escaping: backslash, comma, semicolon and line breaks.
    static func escape(_ value: String) -> String {
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

    /// Folds a line into pieces of at most 75 octets, never splitting a UTF-8 sequence; continuations start with a space.
    static func fold(_ line: String) -> String {
        let bytes = Array(line.utf8)
        guard bytes.count > 75 else { return line }
        var folded: [UInt8] = []
        folded.reserveCapacity(bytes.count + bytes.count / 24)
        var start = 0, limit = 75
        while bytes.count - start > limit {
            var end = start + limit
            while end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a UTF-8 sequence
            folded += bytes[start..<end]
            folded += [0x0D, 0x0A, 0x20]
            start = end
            limit = 74  // the leading space counts
        }
        folded += bytes[start...]
        return String(decoding: folded, as: UTF8.self)
    }
}
