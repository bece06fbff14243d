import Foundation
import LinkChain

/// Every email address an email link carries, in every form the page may write it, for the page's `EmailShield`:
/// the recipient, the `cc` and `bcc` addresses, and addresses written inside the subject or body (raw there, or
/// percent-encoded by whoever wrote the link). Each is hidden as people read it, as the mailto: link writes it
/// (they differ for IDN domains and quoted names), and percent-encoded as the mailto: link and the mail apps' URLs
/// carry it (`cc=bob%40example.org`, `to=ann%40example.org`), which a harvester that decodes URLs would read too.
package enum EmailForms {
    package static func addresses(_ chain: Chain) -> [String] {
        guard chain.kind == .email else { return [] }
        // The mailto: fallback carries every field (RFC 6068): one reading of it finds them all. It is ASCII (its
        // fields percent-encoded), so it is cut at its bytes.
        let fallback = chain.fallback
        let afterScheme = fallback.utf8.index(fallback.startIndex, offsetBy: "mailto:".utf8.count, limitedBy: fallback.endIndex) ?? fallback.endIndex
        let question = fallback.utf8[afterScheme...].firstIndex(of: UInt8(ascii: "?"))
        let recipient = String(fallback[afterScheme..<(question ?? fallback.endIndex)])
        var found = [chain.handle, recipient] + decodings(recipient)
        for field in (question.map { fallback[fallback.utf8.index(after: $0)...] } ?? "").split(separator: "&") {
            let name = field.prefix { $0 != "=" }.lowercased()
            let value = String(field.drop { $0 != "=" }.dropFirst())
            for text in [value] + decodings(value) {
                if ["to", "cc", "bcc"].contains(name) {
                    found += text.split(separator: ",").map { String($0.trimmingCharacters(in: .whitespaces)) }
                } else {
                    found += addressesIn(text)
                }
            }
        }
        // One set for the link's forms (it may list many addresses); most addresses take the shortcut.
        var forms: Set<String> = []
        var seen: Set<String> = []
        for address in found where !address.isEmpty && seen.insert(address).inserted {
            if let simple = unreservedForms(address) {
                forms.formUnion(simple)
            } else {
                forms.formUnion(writtenForms(address))
            }
        }
        return Array(forms)
    }

    /// Every form of `address`: as people read it, as it is written in ASCII and in a mailto: link, and each of
    /// those percent-encoded once and twice.
    static func writtenForms(_ address: String) -> Set<String> {
        var forms: Set<String> = []
        var written = [address]
        if let parsed = try? EmailAddress.parse(address) {
            for form in [parsed.display, parsed.ascii, parsed.mailtoForm] where !written.contains(form) { written.append(form) }
        }
        // Encoded twice as well: an address percent-encoded in a subject is encoded again in the link.
        for form in written {
            let once = encodings(form)
            forms.insert(form)
            for (index, encoded) in once.enumerated() {
                forms.insert(encoded)
                if encoded != form, !once[..<index].contains(encoded) { forms.formUnion(encodings(encoded)) }
            }
        }
        return forms
    }

    /// The forms of an address made only of RFC 3986 unreserved characters around one `@`, with a plain lowercase
    /// domain (most addresses): it reads, is written in mailto:, and percent-encodes the same but for its `@`, so
    /// its forms are the address with `@`, `%40` and `%2540`, what `writtenForms` finds, without
    /// parsing the address or encoding it three times. Nil for any other address.
    static func unreservedForms(_ address: String) -> [String]? {
        var ats = 0
        for byte in address.utf8 {
            switch byte {
            case UInt8(ascii: "@"): ats += 1
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                continue
            default:
                return nil
            }
        }
        // `plain` takes only what reads as written: no capitals in the domain, dots where they may be.
        guard ats == 1, EmailAddress.plain(address) != nil else { return nil }
        let at = address.utf8.firstIndex(of: UInt8(ascii: "@"))!
        let name = String(address[..<at]), domain = String(address[address.utf8.index(after: at)...])
        return [address, name + "%40" + domain, name + "%2540" + domain]
    }

    /// `text` as a query value and as a mailto: header value (which keeps `@`) are written.
    static func encodings(_ text: String) -> [String] {
        [PercentEncoding.queryValue.encode(text), PercentEncoding.mailtoHeaderValue.encode(text)]
    }

    /// `text` percent-decoded once and, if that still holds escapes, twice: an address the writer of a Markdown link
    /// percent-encoded is an address all the same.
    static func decodings(_ text: String) -> [String] {
        var decoded: [String] = []
        var current = text
        for _ in 0..<2 where current.utf8.contains(UInt8(ascii: "%")) {
            guard let next = PercentEncoding.decode(current), next != current else { break }
            decoded.append(next)
            current = next
        }
        return decoded
    }

    /// The `name@domain` runs in free text (a subject, a body): around each `@`, the characters an address's name
    /// and domain may have, without dots at their ends. One pass: no character is read for more than two `@`s.
    static func addressesIn(_ text: String) -> [String] {
        let scalars = Array(text.unicodeScalars)
        var found: [String] = []
        for (at, scalar) in scalars.enumerated() where scalar == "@" {
            var start = at
            while start > 0, isNameScalar(scalars[start - 1]) { start -= 1 }
            var end = at + 1
            while end < scalars.count, isDomainScalar(scalars[end]) { end += 1 }
            while start < at, scalars[start] == "." { start += 1 }
            while end > at + 1, scalars[end - 1] == "." { end -= 1 }
            guard start < at, end > at + 1 else { continue }
            var address = String.UnicodeScalarView()
            address.append(contentsOf: scalars[start..<end])
            found.append(String(address))
        }
        return found
    }

    private static func isDomainScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "."
    }

    /// RFC 5322 atext and dots, and non-ASCII letters (RFC 6531).
    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        isDomainScalar(scalar) || "!#$%&'*+/=?^_`{|}~".unicodeScalars.contains(scalar)
    }
}
