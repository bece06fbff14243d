import Testing
@testable import LinkChain

private func addressError(_ value: String, _ reason: String) -> String {
    "\"\(value)\" is not an email address: expected name@domain, like eb@example.org. \(reason)"
}

extension EmailService {
    /// The chain with every app, verified or not: what these tests check the URLs of.
    func composeChain(handle: String, options: [String: String] = [:]) throws(LinkChainError) -> Chain {
        try chain(handle: handle, options: options, apps: apps)
    }
}

@Suite("Email")
struct EmailTests {
    let service = EmailService()

    /// No mail app has a primary source, so the default chain is empty: the mailto: link opens the visitor's own app.
    @Test func defaultChainIsEmpty() throws {
        #expect(try service.chain(handle: "eb@example.org").candidates.isEmpty)
        #expect(service.apps.allSatisfy { !$0.verified && !$0.inDefaultChain })
    }

    @Test func plainAddressEveryURLExact() throws {
        let chain = try service.composeChain(handle: "eb@example.org")
        #expect(chain.serviceID == "email")
        #expect(chain.handle == "eb@example.org")
        #expect(chain.fallback == "mailto:eb@example.org")
        #expect(chain.candidates.map(\.url) == [
            "googlegmail:///co?to=eb%40example.org",
            "ms-outlook://compose?to=eb%40example.org",
            "readdle-spark://compose?recipient=eb%40example.org",
            "ymail://mail/compose?to=eb%40example.org",
            "fastmail://mail/compose?to=eb%40example.org",
            "protonmail://mailto:eb@example.org",
            "airmail://compose?to=eb%40example.org",
            "https://mail.google.com/mail/?view=cm&fs=1&to=eb%40example.org",
            "https://outlook.live.com/mail/0/deeplink/compose?to=eb%40example.org",
            "https://compose.mail.yahoo.com/?to=eb%40example.org",
        ])
    }

    @Test func orderAndPlatforms() throws {
        let chain = try service.composeChain(handle: "eb@example.org")
        #expect(chain.candidates.map(\.appID) == ["gmail", "outlook", "spark", "yahoo", "fastmail", "proton", "airmail",
                                                  "gmail-web", "outlook-web", "yahoo-web"])
        #expect(chain.candidates.prefix(7).allSatisfy { $0.platforms == [.ios] })
        #expect(chain.candidates.suffix(3).allSatisfy { $0.platforms == [.ios, .android, .desktop] })
        #expect(chain.candidates(for: .android).map(\.appID) == ["gmail-web", "outlook-web", "yahoo-web"])
        #expect(chain.candidates(for: .desktop).map(\.appID) == ["gmail-web", "outlook-web", "yahoo-web"])
        #expect(chain.candidates(for: .ios).count == 10)
        // No vendor documentation for any of these formats.
        #expect(chain.candidates.allSatisfy { !$0.verified && !$0.source.isEmpty })
    }

    /// A plus-address, a subject full of URI delimiters and a body mixing \n and \r\n.
    @Test func fullMessageEveryURLExact() throws {
        let chain = try service.composeChain(handle: "bill+ietf@example.org", options: [
            "subject": "Q&A: 1+1=2? #1 100%",
            "body": "Hi,\nline 2\r\nline 3",
        ])
        let to = "to=bill%2Bietf%40example.org"
        let subject = "Q%26A%3A%201%2B1%3D2%3F%20%231%20100%25"
        let body = "Hi%2C%0D%0Aline%202%0D%0Aline%203"
        #expect(chain.fallback ==
            "mailto:bill+ietf@example.org?subject=Q%26A:%201%2B1%3D2%3F%20%231%20100%25&body=Hi,%0D%0Aline%202%0D%0Aline%203")
        #expect(chain.candidates.map(\.url) == [
            "googlegmail:///co?\(to)&subject=\(subject)&body=\(body)",
            "ms-outlook://compose?\(to)&subject=\(subject)&body=\(body)",
            "readdle-spark://compose?recipient=bill%2Bietf%40example.org&subject=\(subject)&body=\(body)",
            "ymail://mail/compose?\(to)&subject=\(subject)&body=\(body)",
            "fastmail://mail/compose?\(to)&subject=\(subject)&body=\(body)",
            "protonmail://mailto:bill%2Bietf@example.org?subject=\(subject)&body=\(body)",
            "airmail://compose?\(to)&subject=\(subject)&plainBody=\(body)",
            "https://mail.google.com/mail/?view=cm&fs=1&\(to)&su=\(subject)&body=\(body)",
            "https://outlook.live.com/mail/0/deeplink/compose?\(to)&subject=\(subject)&body=\(body)",
            "https://compose.mail.yahoo.com/?\(to)&subject=\(subject)&body=\(body)",
        ])
    }

    @Test func outlookWebSendsPlusAsPercent2B() throws {
        // OfficeDev/office-js#4127: a literal + in `to` breaks Outlook.com.
        let chain = try service.composeChain(handle: "a+b@example.org")
        let outlook = try #require(chain.candidates.first { $0.appID == "outlook-web" })
        #expect(outlook.url == "https://outlook.live.com/mail/0/deeplink/compose?to=a%2Bb%40example.org")
        #expect(!outlook.url.contains("+"))
    }

    @Test("normalises body line breaks to %0D%0A", arguments: [
        ("one\ntwo", "one%0D%0Atwo"),
        ("one\r\ntwo", "one%0D%0Atwo"),
        ("one\rtwo", "one%0D%0Atwo"),
        ("one\n\ntwo\r\n", "one%0D%0A%0D%0Atwo%0D%0A"),
        ("a\r\n\r\nb", "a%0D%0A%0D%0Ab"),
    ])
    func bodyLineBreaks(_ body: String, _ encoded: String) throws {
        let chain = try service.composeChain(handle: "eb@example.org", options: ["body": body])
        #expect(chain.fallback == "mailto:eb@example.org?body=\(encoded)")
        #expect(chain.candidates[0].url == "googlegmail:///co?to=eb%40example.org&body=\(encoded)")
    }

    @Test func spaceIsPercent20NeverPlus() throws {
        let chain = try service.composeChain(handle: "eb@example.org", options: ["subject": "a b", "body": "c d"])
        #expect(chain.fallback == "mailto:eb@example.org?subject=a%20b&body=c%20d")
        #expect(chain.candidates.allSatisfy { !$0.url.contains("+") })
    }

    @Test func nonASCIISubjectIsUTF8() throws {
        let chain = try service.composeChain(handle: "user@example.org", options: ["subject": "café ☕"])
        #expect(chain.fallback == "mailto:user@example.org?subject=caf%C3%A9%20%E2%98%95")
        #expect(chain.candidates[0].url == "googlegmail:///co?to=user%40example.org&subject=caf%C3%A9%20%E2%98%95")
    }

    @Test func idnDomainIsPunycode() throws {
        let chain = try service.composeChain(handle: "user@納豆.example.org", options: ["subject": "Test", "body": "NATTO"])
        #expect(chain.handle == "user@納豆.example.org")
        #expect(chain.fallback == "mailto:user@xn--99zt52a.example.org?subject=Test&body=NATTO")
        #expect(chain.candidates[0].url == "googlegmail:///co?to=user%40xn--99zt52a.example.org&subject=Test&body=NATTO")
        #expect(chain.candidates[5].url == "protonmail://mailto:user@xn--99zt52a.example.org?subject=Test&body=NATTO")
    }

    @Test func nonASCIILocalPartIsUTF8() throws {
        let chain = try service.composeChain(handle: "jürgen@Example.ORG")
        #expect(chain.handle == "jürgen@example.org")
        #expect(chain.fallback == "mailto:j%C3%BCrgen@example.org")
        #expect(chain.candidates[0].url == "googlegmail:///co?to=j%C3%BCrgen%40example.org")
    }

    @Test func emptySubjectAndBodyAreLeftOut() throws {
        let chain = try service.composeChain(handle: "eb@example.org", options: ["subject": "", "body": ""])
        #expect(chain.fallback == "mailto:eb@example.org")
        #expect(chain.candidates[0].url == "googlegmail:///co?to=eb%40example.org")
    }

    @Test func ccAndBccGoOnlyIntoMailto() throws {
        let chain = try service.composeChain(handle: "eb@example.org",
                                      options: ["cc": "a@x.org, b+c@y.org", "bcc": "d@z.org", "body": "hello"])
        #expect(chain.fallback == "mailto:eb@example.org?cc=a@x.org,b+c@y.org&bcc=d@z.org&body=hello")
        #expect(chain.candidates[0].url == "googlegmail:///co?to=eb%40example.org&body=hello")
    }

    @Test func optionKeysAreCaseInsensitive() throws {
        let chain = try service.composeChain(handle: "eb@example.org", options: ["Subject": "Hi"])
        #expect(chain.fallback == "mailto:eb@example.org?subject=Hi")
    }

    @Test func handleMayBeAMailtoURI() throws {
        let chain = try service.composeChain(handle: "mailto:eb@example.org?subject=Hi%20there", options: ["body": "x"])
        #expect(chain.fallback == "mailto:eb@example.org?subject=Hi%20there&body=x")
    }

    /// RFC 6068 section 6 examples that LinkChain can express: read as shorthand, each
    /// comes back unchanged as the fallback.
    @Test("round-trips RFC 6068 examples", arguments: [
        "mailto:chris@example.com",
        "mailto:infobot@example.com?subject=current-issue",
        "mailto:infobot@example.com?body=send%20current-issue",
        "mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index",
        "mailto:majordomo@example.com?body=subscribe%20bamboo-l",
        "mailto:joe@example.com?cc=bob@example.com&body=hello",
        "mailto:gorby%25kremvax@example.com",
        "mailto:unlikely%3Faddress@example.com",
        "mailto:Mike%26family@example.org",
        "mailto:%22not%40me%22@example.org",
        "mailto:%22oh%5C%5Cno%22@example.org",
        "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org",
        "mailto:user@example.org?subject=caf%C3%A9",
        "mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D",
        "mailto:user@example.org?subject=%3D%3Fiso-8859-1%3FQ%3Fcaf%3DE9%3F%3D",
        "mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9",
    ])
    func rfc6068RoundTrip(_ uri: String) throws {
        let chain = try ServiceCatalog.standard.chain(shorthand: uri)
        #expect(chain.serviceID == "email")
        #expect(chain.fallback == uri)
    }

    @Test func rfc6068Addresses() throws {
        #expect(try service.composeChain(handle: "gorby%kremvax@example.com").fallback == "mailto:gorby%25kremvax@example.com")
        #expect(try service.composeChain(handle: "\"not@me\"@example.org").handle == "\"not@me\"@example.org")
        #expect(try service.composeChain(handle: "\"not@me\"@example.org").fallback == "mailto:%22not%40me%22@example.org")
        #expect(try service.composeChain(handle: #""\\\"it's\ ugly\\\""@example.org"#).fallback
                == "mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org")
    }

    /// RFC 6068 section 6.3: a percent-encoded UTF-8 domain is read, and written back in
    /// the IDNA form the RFC recommends for interoperability.
    @Test func rfc6068PercentEncodedIDNDomain() throws {
        let chain = try ServiceCatalog.standard.chain(
            shorthand: "mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO")
        #expect(chain.handle == "user@納豆.example.org")
        #expect(chain.fallback == "mailto:user@xn--99zt52a.example.org?subject=Test&body=NATTO")
    }

    @Test("refuses invalid addresses with exact messages", arguments: [
        ("eb", addressError("eb", "It has no @ sign.")),
        ("@example.org", addressError("@example.org", "The name before the @ is missing.")),
        ("eb@", addressError("eb@", "The domain after the @ is missing.")),
        ("eb@localhost", addressError("eb@localhost", "The domain \"localhost\" is not valid: it is not a full domain name (it has no dot).")),
        ("e b@example.org", addressError("e b@example.org", "The character (U+0020) is not allowed in the name before the @ unless the name is in double quotes.")),
        ("a,b@example.org", addressError("a,b@example.org", "The character \",\" (U+002C) is not allowed in the name before the @ unless the name is in double quotes.")),
        (".eb@example.org", addressError(".eb@example.org", "The name before the @ may not start or end with a dot or have two dots in a row.")),
        ("e..b@example.org", addressError("e..b@example.org", "The name before the @ may not start or end with a dot or have two dots in a row.")),
        ("\"eb@example.org", addressError("\"eb@example.org", "The quoted name before the @ has no closing double quote.")),
        ("eb@[192.0.2.1]", addressError("eb@[192.0.2.1]", "Address literals such as [192.0.2.1] are not supported; use a domain name.")),
        ("eb@-x.org", addressError("eb@-x.org", "The domain \"-x.org\" is not valid: the label \"-x\" starts or ends with a hyphen.")),
    ])
    func refuses(_ input: String, _ message: String) {
        #expect(throws: LinkChainError(value: input, expected: "name@domain, like eb@example.org", message: message)) {
            try service.composeChain(handle: input)
        }
    }

    @Test func refusesMultiLineSubject() {
        #expect(throws: LinkChainError(
            value: "Hi\nthere", expected: "one line of text",
            message: "\"Hi\nthere\" is not an email subject: expected one line of text. It contains a line break.")) {
            try service.composeChain(handle: "eb@example.org", options: ["subject": "Hi\nthere"])
        }
    }

    @Test func refusesUnknownOptions() {
        #expect(throws: LinkChainError(
            value: "In-Reply-To", expected: "one of subject, body, cc, bcc",
            message: "unknown option \"In-Reply-To\" for Email: expected one of subject, body, cc, bcc")) {
            try ServiceCatalog.standard.chain(shorthand: "mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E")
        }
    }

    @Test func refusesSeveralAddressesInMailto() {
        #expect(throws: LinkChainError(
            value: "mailto:a@b.org,c@d.org", expected: "mailto:name@domain?subject=Hello&body=Text",
            message: "\"mailto:a@b.org,c@d.org\" is not a mailto link: expected mailto:name@domain?subject=Hello&body=Text. It has more than one address; give one, and others as cc.")) {
            try ServiceCatalog.standard.chain(shorthand: "mailto:a@b.org,c@d.org")
        }
    }

    @Test func refusesMalformedEscapes() {
        #expect(throws: LinkChainError.self) {
            try ServiceCatalog.standard.chain(shorthand: "mailto:a%2@b.org")
        }
        #expect(throws: LinkChainError.self) {
            try ServiceCatalog.standard.chain(shorthand: "mailto:a@b.org?subject=%ZZ")
        }
    }

    @Test func customAppIsOneEntry() throws {
        let airmail = AppEntry(id: "airmail", name: "Airmail", url: "airmail://compose?to={to}&subject={subject}&plainBody={body}",
                               source: "vtourraine/ThirdPartyMailer", verified: false)
        let chain = try EmailService(apps: [airmail]).composeChain(handle: "eb@example.org", options: ["body": "hi there"])
        #expect(chain.candidates.map(\.url) == ["airmail://compose?to=eb%40example.org&plainBody=hi%20there"])
    }
}

@Suite struct PlainEmailAddressTests {
    /// Addresses built from parts the plain path reads and parts it must leave to the full reading: where it
    /// answers, the full reading gives the same address; and it answers for the usual ones.
    @Test func thePlainPathAgreesWithTheFullReading() {
        let plainLocals = ["eb", "user1+news", "First.Last", "a!#$%&'*+-/=?^_`{|}~z", String(repeating: "x", count: 64)]
        let locals = plainLocals + ["", ".eb", "eb.", "a..b", "\"quoted name\"", "jörg", "a b", "a@b", String(repeating: "x", count: 65), " eb", "a\u{1}b"]
        let plainDomains = ["example.org", "a-b.example", "mail.example.co.uk"]
        let domains = plainDomains + ["", "localhost", "Example.org", "bücher.de", "xn--bcher-kva.de", "1.2.3.4", "x.123", "[192.0.2.1]",
                                      "a..org", "-a.org", "example.org ", "example.org.", "ab--c.org"]
        for local in locals {
            for domain in domains {
                let text = local + "@" + domain
                if let fast = EmailAddress.plain(text) {
                    #expect(fast == (try? EmailAddress.parseFully(text)) && fast.display == text, "\(text)")
                }
            }
        }
        for local in plainLocals {
            for domain in plainDomains { #expect(EmailAddress.plain(local + "@" + domain) != nil, "\(local)@\(domain)") }
        }
        #expect(EmailAddress.plain("no-at-sign") == nil && EmailAddress.plain("a@b@example.org") == nil)
    }
}

@Suite struct EmailSubjectLineTests {
    /// The scalar test a subject is checked with says what `Character.isNewline` says, for every scalar up to U+3000.
    @Test func newlineScalarsAreTheNewlineCharacters() {
        for value in 0..<0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(EmailService.isNewline(scalar) == Character(scalar).isNewline, "U+\(String(value, radix: 16))")
        }
    }

    @Test func aMailtoPrefixIsReadInAnyCaseAndOnlyAsWritten() throws {
        let email = EmailService()
        #expect(try email.target(handle: "MailTo:a@example.org?subject=Hi", options: [:]).fallback == "mailto:a@example.org?subject=Hi")
        #expect(throws: LinkChainError.self) { try email.target(handle: "mailto\u{1A}a@example.org", options: [:]) }
        #expect(throws: LinkChainError.self) { try email.target(handle: "a@example.org", options: ["subject": "one\u{2028}two"]) }
    }
}
