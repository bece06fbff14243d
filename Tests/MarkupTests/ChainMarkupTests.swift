import Foundation
import HTMLReading
import LinkChain
@testable import Markup
import SiteBasics
import Testing

/// A chain link's attributes as a browser reads them (libxml2's HTML parser: character references decoded), by name.
func attributeValues(_ attributes: String) throws -> [String: String] {
    try #require(HTMLElement.parse(Data("<a\(attributes)>x</a>".utf8))?.first("a")).attributes
}

@Suite struct ChainMarkupTests {
    let mail = try! ServiceCatalog.standard.chain(shorthand: "mailto:ann@example.org?subject=Hi")

    /// Each value of a chain link's attributes is written with the addresses as character references: the
    /// `href`, each app URL in the chain (percent-encoded there) and the address to copy. A browser reads the same
    /// values as without the shield; the bytes, which a harvester reads, hold no form of the address.
    @Test func attributesWriteAddressesAsCharacterReferences() throws {
        #expect(ChainMarkup.characterReferences("ann@é") == "&#97;&#110;&#110;&#64;&#233;")
        let shield = try #require(EmailShield(EmailForms.addresses(mail)))
        let attributes = ChainMarkup.attributes(mail, provesIdentity: false, shield: shield)
        #expect(!attributes.contains("ann@") && !attributes.contains("ann%40"))
        let plain = try attributeValues(ChainMarkup.attributes(mail, provesIdentity: false))
        #expect(try attributeValues(attributes) == plain)
        #expect(plain == [
            "href": "mailto:ann@example.org?subject=Hi", "data-service": "email", "data-copy": "ann@example.org", "data-copy-kind": "address",
        ])
    }

    @Test func sealedLinksCarryNoAddressAndUnsealToTheLink() throws {
        let attributes = ChainMarkup.attributes(mail, provesIdentity: false, protection: .sealed)
        let seal = ChainMarkup.seal(mail, choices: mail.candidates)
        #expect(try attributeValues(attributes) == ["href": "#", "data-service": "email", "data-copy-kind": "address", "data-sealed": seal])
        // Unseal as the runtime does: base64, reverse the bytes, JSON.
        let sealed = try #require(Data(base64Encoded: seal))
        let json = try #require(JSONSerialization.jsonObject(with: Data(sealed.reversed())) as? [String: Any])
        #expect(json["href"] as? String == "mailto:ann@example.org?subject=Hi")
        #expect(json["copy"] as? String == "ann@example.org")
        #expect((json["chain"] as? [[String: Any]])?.count == mail.candidates.count)
        #expect(ChainMarkup.afterLink(mail, protection: .sealed, at: "(arroba)") == #"<noscript> <span class="address">ann (arroba) example.org</span></noscript>"#)
        #expect(ChainMarkup.afterLink(mail, protection: .entities, at: "(at)") == "")
    }

    @Test func plainWebLinksGetNoChooserData() throws {
        let web = try ServiceCatalog.standard.chain(shorthand: "https://example.org/app")
        #expect(ChainMarkup.attributes(web, provesIdentity: false) == #" href="https://example.org/app""#)
    }

    @Test func fediverseAccountsCanBeFollowed() throws {
        let mastodon = try ServiceCatalog.standard.chain(shorthand: "mastodon:@eb@social.coop")
        let values = try attributeValues(ChainMarkup.attributes(mastodon, provesIdentity: true))
        #expect(values.filter { $0.key != "data-chain" } == [
            "href": "https://social.coop/@eb", "rel": "me", "data-service": "mastodon", "data-copy": "@eb@social.coop",
            "data-copy-kind": "handle", "data-acct": "eb@social.coop",
        ])
    }

    /// The opening tag of a Markdown body's chain link is `<a`, the attributes and `>`, sealed or not.
    @Test func theOpeningTagHoldsTheAttributes() throws {
        for protection in EmailProtection.allCases {
            let attributes = ChainMarkup.attributes(mail, provesIdentity: false, protection: protection)
            #expect(ChainMarkup.openingTag(mail, choices: mail.candidates, provesIdentity: false, protection: protection, shield: nil)
                    == "<a" + attributes + ">")
        }
    }
}

@Suite struct ChainJSONTests {
    @Test func attributeJSONEscapesQuotesAmpersandsAndControlCharacters() throws {
        let candidate = Candidate(appID: "bob", appName: "Bob's \"App\" <1> & co\n", url: "bob://x?a=1&b='2'", platforms: [.ios], source: "test", verified: true)
        let plain = ChainMarkup.chainJSON([candidate], tried: [candidate])
        #expect(plain == #"[{"app":"Bob's \"App\" <1> & co\n","auto":true,"id":"bob","platforms":["ios"],"url":"bob://x?a=1&b='2'"}]"#)
        let decoded = try JSONSerialization.jsonObject(with: Data(plain.utf8)) as? [[String: Any]]
        #expect(decoded?.first?["app"] as? String == "Bob's \"App\" <1> & co\n")
        let attribute = ChainMarkup.chainJSON([candidate], tried: [], inSingleQuotedAttribute: true)
        #expect(attribute == #"[{"app":"Bob&#39;s \"App\" &lt;1> &amp; co\n","id":"bob","platforms":["ios"],"url":"bob://x?a=1&amp;b=&#39;2&#39;"}]"#)
    }

    /// An id that is the app's name in lower case and platforms that are every one go without saying: the
    /// runtime's candidatesFor fills them in (Tests/Runtime).
    @Test func whatGoesWithoutSayingIsLeftOut() {
        let ivory = Candidate(appID: "ivory", appName: "Ivory", url: "ivory:///x", platforms: [.ios], source: "test", verified: true)
        let elk = Candidate(appID: "elk", appName: "Elk (web)", url: "https://elk.zone/x", platforms: Platform.allCases, source: "test", verified: true)
        let accented = Candidate(appID: "élan", appName: "Élan", url: "elan://x", platforms: [.android, .desktop], source: "test", verified: true)
        #expect(ChainMarkup.chainJSON([ivory, elk, accented], tried: [ivory]) == #"[{"app":"Ivory","auto":true,"platforms":["ios"],"url":"ivory:///x"},"#
            + #"{"app":"Elk (web)","id":"elk","url":"https://elk.zone/x"},{"app":"Élan","id":"élan","platforms":["android","desktop"],"url":"elan://x"}]"#)
    }
}

@Suite struct EmailShieldTests {
    @Test func plainTextValuesWriteAddressesAsCharacterReferences() throws {
        let shield = try #require(EmailShield(["ann@example.org", "nn@example.org", ""]))
        var output: [UInt8] = []
        shield.escaper("Mail <ann@example.org> & nn@example.org", &output)
        let refs = ChainMarkup.characterReferences
        #expect(String(decoding: output, as: UTF8.self) == "Mail &lt;\(refs("ann@example.org"))&gt; &amp; \(refs("nn@example.org"))")
        #expect(EmailShield([]) == nil)
    }

    /// The shortcut for most addresses gives exactly the forms the full reading finds, and takes nothing else.
    @Test func plainAddressesHaveTheFormsTheFullReadingFinds() throws {
        for address in ["ann@example.org", "Ann.Lee-2_x~y@mail.example.org", "u1@x.example", "a@b.co", "ANN@example.org"] {
            let forms = try #require(EmailForms.unreservedForms(address), "\(address)")
            #expect(Set(forms) == EmailForms.writtenForms(address), "\(address)")
            #expect(forms.count == 3 && Set(forms) == Set(["@", "%40", "%2540"].map { address.replacingOccurrences(of: "@", with: $0) }), "\(address)")
        }
        for address in ["ann+tag@example.org", "ann@Example.org", "\"a b\"@example.org", "ann@bücher.example", "a..b@example.org",
                        "ann@example", "a@b@example.org", "ann%40x@example.org", "ann@ex_ample.org", ".ann@example.org"] {
            #expect(EmailForms.unreservedForms(address) == nil, "\(address)")
        }
    }

    /// Each address in a value is written in place as its references, wherever it stands and however many there are.
    @Test func protectingAValueRewritesItInPlace() throws {
        let shield = try #require(EmailShield(["ann@example.org", "bo@x.example"]))
        let refs = ChainMarkup.characterReferences
        for (before, value, expected) in [("[", "ann@example.org", refs("ann@example.org")),
                                          ("{\"a\":", "to=ann@example.org&cc=bo@x.example!", "to=\(refs("ann@example.org"))&cc=\(refs("bo@x.example"))!"),
                                          ("", "bo@x.exampleann@example.org", refs("bo@x.example") + refs("ann@example.org")),
                                          ("x", "no address here", "no address here")] {
            var bytes = Array((before + value).utf8)
            shield.protect(&bytes, from: before.utf8.count)
            #expect(String(decoding: bytes, as: UTF8.self) == before + expected)
        }
    }

    /// A candidate's id is left out of the chain JSON only where the runtime's toLowerCase gives it back exactly.
    @Test func anIdIsLeftOutOnlyWhereItIsTheNameInLowerCaseASCII() {
        for (id, name, expected) in [("ivory", "Ivory", true), ("mastodon", "Mastodon", true), ("a", "A", true), ("x1", "X1", true),
                                     ("icecubes", "Ice Cubes", false), ("gmail-web", "Gmail (web)", false), ("toot", "Toot!", false),
                                     ("élan", "Élan", false), ("ab", "a", false), ("ivory", "ivorY", true), ("Ivory", "Ivory", false), ("", "", true)] {
            #expect(ChainMarkup.isLowercased(id, of: name) == expected, "\(id) \(name)")
        }
    }
}


@Suite struct LongestMatchFinderTests {
    /// What the finder must agree with: at each place from the left, the longest string that starts there.
    static func naiveMatches(_ strings: [[UInt8]], in text: [UInt8]) -> [(start: Int, length: Int)] {
        var found: [(start: Int, length: Int)] = []
        var index = 0
        while index < text.count {
            let lengths = strings.filter { index + $0.count <= text.count && Array(text[index..<index + $0.count]) == $0 }.map(\.count)
            guard let longest = lengths.max() else { index += 1; continue }
            found.append((index, longest))
            index += longest
        }
        return found
    }

    static func matches(_ finder: LongestMatchFinder, in text: [UInt8]) -> [(start: Int, length: Int)] {
        text.withUnsafeBufferPointer { finder.matches(in: $0) }.map { ($0.start, finder.lengths[$0.string]) }
    }

    @Test func theLongestAtTheLeftmostPlaceWins() {
        let strings = ["nn@example.org", "ann@example.org", "ann@example.org.uk", "n@e"].map { Array($0.utf8) }
        let finder = LongestMatchFinder(strings)
        let text = Array("jo ann@example.org.uk, ann@example.org; nn@example.orgn@e".utf8)
        let found = Self.matches(finder, in: text)
        #expect(found.map(\.start) == [3, 23, 40, 54])
        #expect(found.map(\.length) == [18, 15, 14, 3])
    }

    /// Strings over a two-letter alphabet share prefixes and suffixes every way: the automaton's fallbacks are
    /// all exercised. The same pseudo-random sequence on every run.
    @Test func agreesWithComparingEveryStringAtEveryPlace() {
        var state: UInt64 = 0x2545F4914F6CDD1D
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<300 {
            let strings = (0..<(1 + next(6))).map { _ in (0..<(1 + next(5))).map { _ in UInt8(ascii: "a") + UInt8(next(2)) } }
            let text = (0..<next(40)).map { _ in UInt8(ascii: "a") + UInt8(next(3)) }
            let found = Self.matches(LongestMatchFinder(strings), in: text)
            let expected = Self.naiveMatches(strings, in: text)
            #expect(found.map(\.start) == expected.map(\.start) && found.map(\.length) == expected.map(\.length),
                    "\(strings.map { String(decoding: $0, as: UTF8.self) }) in \(String(decoding: text, as: UTF8.self))")
        }
    }
}
