import Foundation
import LinkChain
import SiteBasics
import Testing
@testable import SiteGen
import SiteGenTestSupport

@Suite struct ChainMarkupTests {
    let mail = try! ServiceCatalog.standard.chain(shorthand: "mailto:ann@example.org?subject=Hi")

    /// Each value of a chain link's attributes is written with the addresses as character references: the
    /// `href`, each app URL in the chain (percent-encoded there) and the address to copy.
    @Test func attributesWriteAddressesAsCharacterReferences() throws {
        let refs = ChainMarkup.characterReferences("ann@example.org")
        #expect(refs.hasPrefix("&#97;&#110;&#110;&#64;"))
        let shield = try #require(EmailShield(EmailForms.addresses(mail)))
        let attributes = ChainMarkup.attributes(mail, provesIdentity: false, shield: shield)
        #expect(!attributes.contains("ann@") && !attributes.contains("ann%40"))
        #expect(attributes.hasPrefix(#" href="mailto:\#(refs)?subject=Hi" data-service="email""#))
        #expect(attributes.hasSuffix(#" data-copy="\#(refs)" data-copy-kind="address""#))
        #expect(EveryAddressFormTests.decodingReferences(attributes) == ChainMarkup.attributes(mail, provesIdentity: false))
    }

    @Test func sealedLinksCarryNoAddressAndUnsealToTheLink() throws {
        let attributes = ChainMarkup.attributes(mail, provesIdentity: false, protection: .sealed)
        #expect(!attributes.contains("ann"))
        #expect(attributes.hasPrefix(##" href="#" data-service="email" data-copy-kind="address" data-sealed=""##))
        // Unseal as the runtime does: base64, reverse the bytes, JSON.
        let sealed = try #require(Data(base64Encoded: ChainMarkup.seal(mail, choices: mail.candidates)))
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
        #expect(ChainMarkup.attributes(mastodon, provesIdentity: true).hasSuffix(#" data-copy="@eb@social.coop" data-copy-kind="handle" data-acct="eb@social.coop""#))
    }

    @Test func sealedPagesKeepTheAddressOutOfTheirSource() throws {
        let fileSystem = Fixtures.site("---\nemail_protection: sealed\nlinks:\n  - email: ann@example.org\n---\n[mail](mailto:ann@example.org)\n")
        _ = try Fixtures.builder(fileSystem).build()
        let page = String(decoding: try fileSystem.readFile("site/Output/index.html"), as: UTF8.self)
        #expect(!page.contains("ann@"))
        #expect(!page.contains(ChainMarkup.characterReferences("ann@example.org")))
        #expect(page.contains(##"<a href="#" data-service="email" data-copy-kind="address" data-sealed="##))
        #expect(page.contains(#"</a><noscript> <span class="address">ann (at) example.org</span></noscript>"#))
    }

    /// `first_tap: ask` marks the buttons whose chain has apps to ask about; a mail button (no apps) goes to the mail app.
    @Test func firstTapAskMarksButtonsWithApps() throws {
        let fileSystem = Fixtures.site("---\nfirst_tap: ask\nlinks:\n  - mastodon: \"@eb@social.coop\"\n  - email: ann@example.org\n---\n")
        _ = try Fixtures.builder(fileSystem).build()
        let page = String(decoding: try fileSystem.readFile("site/Output/index.html"), as: UTF8.self)
        #expect(page.components(separatedBy: #" data-first-tap="ask""#).count == 2)
        #expect(page.contains(#"data-acct="eb@social.coop" data-first-tap="ask">"#))
        let plain = Fixtures.site("---\nlinks:\n  - mastodon: \"@eb@social.coop\"\n---\n")
        _ = try Fixtures.builder(plain).build()
        #expect(!String(decoding: try plain.readFile("site/Output/index.html"), as: UTF8.self).contains("data-first-tap"))
    }

    @Test func anUnknownFirstTapIsAnErrorAtItsPlace() {
        let fileSystem = Fixtures.site("---\nfirst_tap: never\n---\n")
        #expect(throws: BuildFailure.self) { try Fixtures.builder(fileSystem).build() }
        do { _ = try Fixtures.builder(fileSystem).build() } catch {
            #expect(error.diagnostics.map { $0.description.split(separator: "\n")[0] } == ["site/content/index.md:2:12: error: unknown first_tap 'never': expected one of try, ask"])
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
        #expect(!attribute.contains("'"))
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

    @Test func pagesHideAddressesInTitlesLabelsAndTheBody() throws {
        let fileSystem = Fixtures.site("---\ntitle: Ann ann@example.org\nlinks:\n  - email: ann@example.org\n---\nWrite to ann@example.org.\n")
        _ = try Fixtures.builder(fileSystem).build()
        let page = try Fixtures.html(fileSystem)
        #expect(!page.contains("ann@"))
        #expect(page.contains("<title>Ann \(ChainMarkup.characterReferences("ann@example.org"))</title>"))
        #expect(page.contains("<p>Write to \(ChainMarkup.characterReferences("ann@example.org")).</p>"))
    }

    /// The shortcut for most addresses gives exactly the forms the full reading finds, and takes nothing else.
    @Test func plainAddressesHaveTheFormsTheFullReadingFinds() throws {
        for address in ["ann@example.org", "Ann.Lee-2_x~y@mail.example.org", "u1@x.example", "a@b.co", "ANN@example.org"] {
            let forms = try #require(EmailForms.unreservedForms(address), "\(address)")
            #expect(Set(forms) == EmailForms.writtenForms(address), "\(address)")
            #expect(forms.count == 3 && forms.contains(address.replacingOccurrences(of: "@", with: "%2540")))
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

/// Every written form of an email address on a page built by the real binary from the starter site, in both
/// protection modes: a button's recipient, cc and bcc, addresses in its subject and body (raw, and percent-encoded by
/// the writer), a Markdown mailto: link's recipient, cc and subject, an autolink, and the same addresses in the text.
@Suite struct EveryAddressFormTests {
    static let names = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy"]

    static let page = """
        links:
          - email: ann@example.org
            cc: bob@example.org
            bcc: cat@example.org
            subject: "Ask dan@example.org"
            body: "or eve%40example.org"
        ---
        Mail [x](mailto:fay@example.org?cc=gus@example.org&subject=hal%40example.org), <ivy@example.org>, bob@example.org or hal@example.org.

        """

    /// `&#NNN;` references read back as a browser reads them.
    static func decodingReferences(_ html: String) -> String {
        var result = ""
        var rest = Substring(html)
        while let start = rest.range(of: "&#") {
            result += rest[..<start.lowerBound]
            let digits = rest[start.upperBound...].prefix { $0.isNumber }
            guard rest[start.upperBound...].dropFirst(digits.count).first == ";", let value = UInt32(digits),
                  let scalar = Unicode.Scalar(value) else {
                result += "&#"
                rest = rest[start.upperBound...]
                continue
            }
            result.unicodeScalars.append(scalar)
            rest = rest[start.upperBound...].dropFirst(digits.count + 1)
        }
        return result + rest
    }

    func build(protection: String) throws -> String {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try SitegenBinary.run(["new", "site"], in: folder).code == 0)
        try ("---\ntitle: Ann\nemail_protection: \(protection)\n" + Self.page)
            .write(to: folder.appendingPathComponent("site/content/index.md"), atomically: true, encoding: .utf8)
        let result = try SitegenBinary.run(["build", "-q", "-s", "site"], in: folder)
        #expect(result.code == 0, "\(result.errors)")
        return try String(contentsOf: folder.appendingPathComponent("site/Output/index.html"), encoding: .utf8)
    }

    @Test(arguments: ["entities", "sealed"]) func noFormOfAnyAddressIsLeftReadable(protection: String) throws {
        let html = try build(protection: protection)
        for name in Self.names {
            for at in ["@", "%40", "%2540"] {
                #expect(!html.contains(name + at), "\(protection): \(name)\(at) is readable")
            }
        }
        let read = Self.decodingReferences(html)
        // What a browser reads is unchanged: the addresses are all there once references are read.
        #expect(read.contains("bob@example.org or hal@example.org."))
        if protection == "entities" {
            #expect(read.contains(#"href="mailto:ann@example.org?cc=bob@example.org&amp;bcc=cat@example.org&amp;subject=Ask%20dan@example.org&amp;body=or%20eve%2540example.org""#))
            #expect(read.contains("mailto:fay@example.org?cc=gus@example.org&amp;subject=hal@example.org"))
            #expect(read.contains(#"href="mailto:ivy@example.org""#))
        } else {
            #expect(!read.contains(#"href="mailto:"#))
            #expect(read.contains("ann (at) example.org"))
        }
    }
}
