// Email: a mailto: fallback (RFC 6068) plus compose URLs of mail apps and webmail.

/// A validated email address (RFC 5322 addr-spec without comments or obsolete forms;
/// non-ASCII local parts as in RFC 6532).
public struct EmailAddress: Equatable, Sendable {
    /// The part before the last "@", as written (a quoted string keeps its quotes).
    public var localPart: String
    /// The domain in A-label (Punycode) form, lowercased.
    public var domain: String
    /// The domain as people read it: lowercased and NFC-normalised, as typed.
    public var displayDomain: String

    /// "eb@bücher.example": the address as shown to people.
    public var display: String { "\(localPart)@\(displayDomain)" }
    /// "eb@xn--bcher-kva.example": the address with an ASCII domain, not URL-encoded.
    public var ascii: String { "\(localPart)@\(domain)" }
    /// The address as written in a mailto: URI (RFC 6068 section 2): the local part
    /// percent-encoded with `PercentEncoding.mailtoLocalPart` (so "+" stays literal),
    /// the domain in A-label form.
    public var mailtoForm: String { PercentEncoding.mailtoLocalPart.encode(localPart) + "@" + domain }

    static let noun = "an email address"
    static let expected = "name@domain, like eb@example.org"

    /// RFC 5322 atext besides letters and digits.
    private static let atextSymbols = Set("!#$%&'*+-/=?^_`{|}~".unicodeScalars)

    /// Reads an address; surrounding whitespace is ignored.
    public static func parse(_ input: String) throws(LinkChainError) -> EmailAddress {
        if let plain = plain(input) { return plain }
        return try parseFully(input)
    }

    /// `name@domain` with a name of ASCII letters, digits and RFC 5322's symbols (dots only inside, one at a time)
    /// and a plain lowercase domain: every check passes, so it is read in one pass over its bytes. Anything else
    /// (quotes, Unicode, capitals in the domain, any error) takes `parseFully`, which also words the errors.
    package static func plain(_ text: String) -> EmailAddress? {
        let bytes = text.utf8
        guard let at = bytes.firstIndex(of: UInt8(ascii: "@")) else { return nil }
        let local = bytes[..<at]
        guard !local.isEmpty, local.count <= 64, local.first != UInt8(ascii: "."), local.last != UInt8(ascii: ".") else { return nil }
        var previous: UInt8 = 0
        for byte in local {
            guard byte < 128, plainLocalBytes[Int(byte)], !(byte == UInt8(ascii: ".") && previous == byte) else { return nil }
            previous = byte
        }
        let domain = String(text[bytes.index(after: at)...])
        guard DomainName.isPlainValidName(domain, requireDot: true) else { return nil }
        return EmailAddress(localPart: String(text[..<at]), domain: domain, displayDomain: domain)
    }

    /// Letters, digits, RFC 5322 atext symbols and the dot.
    private static let plainLocalBytes: [Bool] = (0..<128).map { byte in
        let scalar = Unicode.Scalar(UInt8(byte))
        return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || atextSymbols.contains(scalar) || scalar == "."
    }

    /// The full reading, for any input.
    static func parseFully(_ input: String) throws(LinkChainError) -> EmailAddress {
        let text = trimmed(input)
        func invalid(_ reason: String) -> LinkChainError {
            LinkChainError.invalid(text, isNot: noun, expected: expected, reason: reason)
        }
        if text.isEmpty {
            throw invalid("it is empty")
        }
        guard let at = text.lastIndex(of: "@") else {
            throw invalid("it has no @ sign")
        }
        let local = String(text[..<at])
        let domainText = String(text[text.index(after: at)...])
        if local.isEmpty {
            throw invalid("the name before the @ is missing")
        }
        if domainText.isEmpty {
            throw invalid("the domain after the @ is missing")
        }
        if let reason = localPartProblem(local) {
            throw invalid(reason)
        }
        if domainText.hasPrefix("[") {
            throw invalid("address literals such as [192.0.2.1] are not supported; use a domain name")
        }
        let domain: DomainName
        do throws(IDNAError) {
            domain = try DomainName(domainText, requireDot: true)
        } catch {
            throw invalid("the domain \(LinkChainError.quoted(domainText)) is not valid: \(error.reason)")
        }
        return EmailAddress(localPart: local, domain: domain.ascii, displayDomain: domain.display)
    }

    /// Why `local` is not a dot-atom or quoted string, or nil if it is one.
    private static func localPartProblem(_ local: String) -> String? {
        if local.utf8.count > 64 {
            return "the name before the @ is \(local.utf8.count) bytes long, more than the 64 allowed"
        }
        for scalar in local.unicodeScalars where ControlCharacters.isASCIIControl(scalar) {
            return "the name before the @ contains the control character \(IDNA.describe(scalar))"
        }
        if local.hasPrefix("\"") {
            return quotedStringProblem(local)
        }
        for scalar in local.unicodeScalars {
            let ok = !scalar.isASCII
                || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || atextSymbols.contains(scalar) || scalar == "."
            if !ok {
                return "the character \(IDNA.describe(scalar)) is not allowed in the name before the @ unless the name is in double quotes"
            }
        }
        if local.hasPrefix(".") || local.hasSuffix(".") || zip(local.utf8, local.utf8.dropFirst()).contains(where: { $0 == UInt8(ascii: ".") && $1 == UInt8(ascii: ".") }) {
            return "the name before the @ may not start or end with a dot or have two dots in a row"
        }
        return nil
    }

    /// `"..."` with `\` escaping any printable character or space.
    private static func quotedStringProblem(_ local: String) -> String? {
        let scalars = Array(local.unicodeScalars)
        guard scalars.count >= 2, scalars.last == "\"" else {
            return "the quoted name before the @ has no closing double quote"
        }
        var index = 1
        while index < scalars.count - 1 {
            let scalar = scalars[index]
            if scalar == "\\" {
                if index + 1 >= scalars.count - 1 {
                    return "the quoted name before the @ ends with a lone backslash"
                }
                index += 2
                continue
            }
            if scalar == "\"" {
                return "the quoted name before the @ has a double quote inside; write it as \\\""
            }
            index += 1
        }
        return nil
    }
}

/// A message to compose: recipient, optional copies, subject and body.
public struct EmailMessage: Equatable, Sendable {
    public var to: EmailAddress
    public var cc: [EmailAddress]
    public var bcc: [EmailAddress]
    /// One line of text, or nil.
    public var subject: String?
    /// The body with every line break as CRLF (RFC 6068 section 5), or nil.
    public var body: String?

    /// Empty subjects and bodies count as absent; the body's line breaks (LF, CR or
    /// CRLF) are normalised to CRLF.
    public init(to: EmailAddress, subject: String? = nil, body: String? = nil,
                cc: [EmailAddress] = [], bcc: [EmailAddress] = []) {
        self.to = to
        self.cc = cc
        self.bcc = bcc
        self.subject = subject.flatMap { $0.isEmpty ? nil : $0 }
        self.body = body.flatMap { $0.isEmpty ? nil : EmailMessage.crlf($0) }
    }

    /// The RFC 6068 URI: `mailto:ADDR?cc=..&bcc=..&subject=..&body=..`, with only the
    /// fields that are present. Header values use `PercentEncoding.mailtoHeaderValue`:
    /// `? & = # % ; / +` and non-ASCII (as UTF-8) are percent-encoded, space is `%20`,
    /// line breaks `%0D%0A`.
    public var mailtoURL: String {
        var fields = [String]()
        if !cc.isEmpty { fields.append("cc=" + cc.map(\.mailtoForm).joined(separator: ",")) }
        if !bcc.isEmpty { fields.append("bcc=" + bcc.map(\.mailtoForm).joined(separator: ",")) }
        if let subject { fields.append("subject=" + PercentEncoding.mailtoHeaderValue.encode(subject)) }
        if let body { fields.append("body=" + PercentEncoding.mailtoHeaderValue.encode(body)) }
        return "mailto:" + to.mailtoForm + (fields.isEmpty ? "" : "?" + fields.joined(separator: "&"))
    }

    /// Replaces LF, CR and CRLF with CRLF. (Works on scalars: in a Swift String,
    /// "\r\n" is one Character.)
    static func crlf(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r":
                output.append("\r"); output.append("\n")
                previousWasCR = true
            case "\n":
                if !previousWasCR { output.append("\r"); output.append("\n") }
                previousWasCR = false
            default:
                output.append(scalar)
                previousWasCR = false
            }
        }
        return String(output)
    }
}

/// The mail apps and webmail compose pages, as data. None has a primary source (vendor documentation),
/// so none is in the default chain: the `mailto:` link already opens the visitor's own mail app, and
/// a link can still ask for these with `apps:`.
public enum EmailApps {
    static let thirdPartyMailer = "vtourraine/ThirdPartyMailer ThirdPartyMailClient.swift (community library, not the vendor's documentation)"
    static let webmail = "app-links.md Email section: widely used webmail compose URL, no vendor documentation found"

    public static let all: [AppEntry] = [
        AppEntry(id: "gmail", name: "Gmail", url: "googlegmail:///co?to={to}&subject={subject}&body={body}",
                 source: thirdPartyMailer, verified: false, opensIn: .native),
        AppEntry(id: "outlook", name: "Outlook", url: "ms-outlook://compose?to={to}&subject={subject}&body={body}",
                 source: thirdPartyMailer, verified: false, opensIn: .native),
        AppEntry(id: "spark", name: "Spark", url: "readdle-spark://compose?recipient={to}&subject={subject}&body={body}",
                 source: thirdPartyMailer, verified: false, opensIn: .native),
        AppEntry(id: "yahoo", name: "Yahoo Mail", url: "ymail://mail/compose?to={to}&subject={subject}&body={body}",
                 source: thirdPartyMailer, verified: false, opensIn: .native),
        AppEntry(id: "fastmail", name: "Fastmail", url: "fastmail://mail/compose?to={to}&subject={subject}&body={body}",
                 source: thirdPartyMailer, verified: false, opensIn: .native),
        // Proton takes a whole mailto: URI after its scheme; the local part is percent-encoded as RFC 6068 allows.
        AppEntry(id: "proton", name: "Proton Mail", url: "protonmail://mailto:{to_local}@{to_domain}?subject={subject}&body={body}",
                 source: thirdPartyMailer, verified: false, opensIn: .native),
        AppEntry(id: "airmail", name: "Airmail", url: "airmail://compose?to={to}&subject={subject}&plainBody={body}",
                 source: thirdPartyMailer, verified: false, opensIn: .native),
        AppEntry(id: "gmail-web", name: "Gmail (web)", url: "https://mail.google.com/mail/?view=cm&fs=1&to={to}&su={subject}&body={body}",
                 source: webmail, verified: false),
        // A "+" in `to` must be sent as %2B (OfficeDev/office-js#4127); filling a template always does so.
        AppEntry(id: "outlook-web", name: "Outlook.com", url: "https://outlook.live.com/mail/0/deeplink/compose?to={to}&subject={subject}&body={body}",
                 source: webmail + "; OfficeDev/office-js#4127 (a literal + in to breaks)", verified: false),
        AppEntry(id: "yahoo-web", name: "Yahoo Mail (web)", url: "https://compose.mail.yahoo.com/?to={to}&subject={subject}&body={body}",
                 source: webmail, verified: false),
    ]
}

/// Email: an address with optional subject, body, cc and bcc.
///
/// The mailto: fallback carries every field; app URLs carry the recipient, subject and body only
/// (the sources document no cc or bcc parameters).
public struct EmailService: Service {
    public var apps: [AppEntry]

    public init(apps: [AppEntry] = EmailApps.all) {
        self.apps = apps
    }

    public var id: String { "email" }
    public var aliases: [String] { ["mailto"] }
    public var displayName: String { "Email" }
    public var handleForm: String { EmailAddress.expected }
    public var optionNames: [String] { ["subject", "body", "cc", "bcc"] }
    public var placeholders: [String] { ["to", "to_local", "to_domain", "subject", "body", "url"] }
    public var brandColor: String { "#0b6e4f" }
    public var icon: ServiceIcon { ServiceIcon(glyph: "envelope") }

    /// `handle` is an address, or a whole `mailto:` URI whose fields become options
    /// (options given separately win).
    public func target(handle: String, options: [String: String]) throws(LinkChainError) -> LinkTarget {
        var handle = trimmed(handle)
        var options = options
        // Compared in ASCII lower case byte by byte: lower-casing the whole handle made a copy of it.
        if handle.utf8.prefix(7).elementsEqual("mailto:".utf8, by: { ASCII.lowercased($0) == $1 }) {
            let request = try parseShorthand(String(handle.dropFirst("mailto:".count)), prefix: "mailto")
            handle = request.handle
            options = request.options.merging(options) { _, given in given }
        }
        let valid = try validatedOptions(options)
        let to = try EmailAddress.parse(handle)
        // By scalar: every newline scalar is a character of its own (or CR LF), and reading characters costs more.
        if let subject = valid["subject"], subject.unicodeScalars.contains(where: Self.isNewline) {
            throw LinkChainError.invalid(subject, isNot: "an email subject", expected: "one line of text",
                                         reason: "it contains a line break")
        }
        let message = EmailMessage(to: to, subject: valid["subject"], body: valid["body"],
                                   cc: try addressList(valid["cc"]), bcc: try addressList(valid["bcc"]))
        return LinkTarget(handle: to.display, fallback: message.mailtoURL, values: TemplateValues([
            "to": to.ascii, "to_local": to.localPart, "to_domain": to.domain,
            "subject": message.subject, "body": message.body,
        ]))
    }

    /// What `Character.isNewline` says of the character a scalar starts: LF, VT, FF, CR, NEL, LINE and PARAGRAPH SEPARATOR.
    static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Reads the part after `mailto:` (or `email:`): percent-encoded address, then
    /// `?name=value&...` fields, percent-decoded (a "+" stays a "+"). A fragment is ignored.
    public func parseShorthand(_ body: String, prefix: String) throws(LinkChainError) -> ServiceRequest {
        func invalid(_ reason: String) -> LinkChainError {
            LinkChainError.invalid(prefix + ":" + body, isNot: "a mailto link", expected: "mailto:name@domain?subject=Hello&body=Text",
                                   reason: reason)
        }
        // `#` and `?` are found by their bytes: neither is part of another character, and reading characters costs more.
        var rest = Substring(body)
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
            rest = rest[..<hash]
        }
        let addressPart: Substring
        var options = [String: String]()
        if let question = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            addressPart = rest[..<question]
            for field in rest[rest.utf8.index(after: question)...].split(separator: "&") {
                let pair = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard let name = PercentEncoding.decode(String(pair[0])), !name.isEmpty,
                      let value = PercentEncoding.decode(pair.count > 1 ? String(pair[1]) : "") else {
                    throw invalid("the field \(LinkChainError.quoted(String(field))) is not a valid name=value pair")
                }
                options[name] = value
            }
        } else {
            addressPart = rest
        }
        guard let address = PercentEncoding.decode(String(addressPart)) else {
            throw invalid("the address has a malformed percent-escape")
        }
        if !address.hasPrefix("\""), address.utf8.contains(UInt8(ascii: ",")) {
            throw invalid("it has more than one address; give one, and others as cc")
        }
        return ServiceRequest(handle: address, options: options)
    }

    private func addressList(_ value: String?) throws(LinkChainError) -> [EmailAddress] {
        guard let value else { return [] }
        var result = [EmailAddress]()
        for part in value.split(separator: ",") where !trimmed(String(part)).isEmpty {
            result.append(try EmailAddress.parse(String(part)))
        }
        return result
    }
}
