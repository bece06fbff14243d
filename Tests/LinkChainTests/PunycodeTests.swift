import Testing
@testable import LinkChain

/// Builds a string from code points written as in RFC 3492 section 7.1.
private func scalars(_ values: [UInt32]) -> String {
    var view = String.UnicodeScalarView()
    for value in values { view.append(Unicode.Scalar(value)!) }
    return String(view)
}

/// RFC 3492 section 7.1 sample strings. The RFC writes uppercase-flagged code points
/// as "U+"; the code points are the same either way. Example (I) carries a mixed-case
/// annotation ("D") that this encoder, like IDNA, does not produce, so its encoding
/// is listed in lowercase and its decoding is checked with the RFC's own string.
struct PunycodeSample: Sendable, CustomTestStringConvertible {
    let name: String
    let input: [UInt32]
    let encoded: String
    let rfcEncoded: String
    var testDescription: String { name }

    init(_ name: String, _ input: [UInt32], _ encoded: String, rfc: String? = nil) {
        self.name = name
        self.input = input
        self.encoded = encoded
        self.rfcEncoded = rfc ?? encoded
    }
}

let rfc3492Samples: [PunycodeSample] = [
    PunycodeSample("A Arabic", [0x0644, 0x064A, 0x0647, 0x0645, 0x0627, 0x0628, 0x062A, 0x0643, 0x0644,
                                0x0645, 0x0648, 0x0634, 0x0639, 0x0631, 0x0628, 0x064A, 0x061F],
                   "egbpdaj6bu4bxfgehfvwxn"),
    PunycodeSample("B Chinese simplified", [0x4ED6, 0x4EEC, 0x4E3A, 0x4EC0, 0x4E48, 0x4E0D, 0x8BF4, 0x4E2D, 0x6587],
                   "ihqwcrb4cv8a8dqg056pqjye"),
    PunycodeSample("C Chinese traditional", [0x4ED6, 0x5011, 0x7232, 0x4EC0, 0x9EBD, 0x4E0D, 0x8AAA, 0x4E2D, 0x6587],
                   "ihqwctvzc91f659drss3x8bo0yb"),
    PunycodeSample("D Czech", [0x0050, 0x0072, 0x006F, 0x010D, 0x0070, 0x0072, 0x006F, 0x0073, 0x0074,
                               0x011B, 0x006E, 0x0065, 0x006D, 0x006C, 0x0075, 0x0076, 0x00ED, 0x010D,
                               0x0065, 0x0073, 0x006B, 0x0079],
                   "Proprostnemluvesky-uyb24dma41a"),
    PunycodeSample("E Hebrew", [0x05DC, 0x05DE, 0x05D4, 0x05D4, 0x05DD, 0x05E4, 0x05E9, 0x05D5, 0x05D8,
                                0x05DC, 0x05D0, 0x05DE, 0x05D3, 0x05D1, 0x05E8, 0x05D9, 0x05DD, 0x05E2,
                                0x05D1, 0x05E8, 0x05D9, 0x05EA],
                   "4dbcagdahymbxekheh6e0a7fei0b"),
    PunycodeSample("F Hindi", [0x092F, 0x0939, 0x0932, 0x094B, 0x0917, 0x0939, 0x093F, 0x0928, 0x094D,
                               0x0926, 0x0940, 0x0915, 0x094D, 0x092F, 0x094B, 0x0902, 0x0928, 0x0939,
                               0x0940, 0x0902, 0x092C, 0x094B, 0x0932, 0x0938, 0x0915, 0x0924, 0x0947,
                               0x0939, 0x0948, 0x0902],
                   "i1baa7eci9glrd9b2ae1bj0hfcgg6iyaf8o0a1dig0cd"),
    PunycodeSample("G Japanese", [0x306A, 0x305C, 0x307F, 0x3093, 0x306A, 0x65E5, 0x672C, 0x8A9E, 0x3092,
                                  0x8A71, 0x3057, 0x3066, 0x304F, 0x308C, 0x306A, 0x3044, 0x306E, 0x304B],
                   "n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa"),
    PunycodeSample("H Korean", [0xC138, 0xACC4, 0xC758, 0xBAA8, 0xB4E0, 0xC0AC, 0xB78C, 0xB4E4, 0xC774,
                                0xD55C, 0xAD6D, 0xC5B4, 0xB97C, 0xC774, 0xD574, 0xD55C, 0xB2E4, 0xBA74,
                                0xC5BC, 0xB9C8, 0xB098, 0xC88B, 0xC744, 0xAE4C],
                   "989aomsvi5e83db1d2a355cv1e0vak1dwrv93d5xbh15a0dt30a5jpsd879ccm6fea98c"),
    PunycodeSample("I Russian", [0x043F, 0x043E, 0x0447, 0x0435, 0x043C, 0x0443, 0x0436, 0x0435, 0x043E,
                                 0x043D, 0x0438, 0x043D, 0x0435, 0x0433, 0x043E, 0x0432, 0x043E, 0x0440,
                                 0x044F, 0x0442, 0x043F, 0x043E, 0x0440, 0x0443, 0x0441, 0x0441, 0x043A,
                                 0x0438],
                   "b1abfaaepdrnnbgefbadotcwatmq2g4l", rfc: "b1abfaaepdrnnbgefbaDotcwatmq2g4l"),
    PunycodeSample("J Spanish", [0x0050, 0x006F, 0x0072, 0x0071, 0x0075, 0x00E9, 0x006E, 0x006F, 0x0070,
                                 0x0075, 0x0065, 0x0064, 0x0065, 0x006E, 0x0073, 0x0069, 0x006D, 0x0070,
                                 0x006C, 0x0065, 0x006D, 0x0065, 0x006E, 0x0074, 0x0065, 0x0068, 0x0061,
                                 0x0062, 0x006C, 0x0061, 0x0072, 0x0065, 0x006E, 0x0045, 0x0073, 0x0070,
                                 0x0061, 0x00F1, 0x006F, 0x006C],
                   "PorqunopuedensimplementehablarenEspaol-fmd56a"),
    PunycodeSample("K Vietnamese", [0x0054, 0x1EA1, 0x0069, 0x0073, 0x0061, 0x006F, 0x0068, 0x1ECD, 0x006B,
                                    0x0068, 0x00F4, 0x006E, 0x0067, 0x0074, 0x0068, 0x1EC3, 0x0063, 0x0068,
                                    0x1EC9, 0x006E, 0x00F3, 0x0069, 0x0074, 0x0069, 0x1EBF, 0x006E, 0x0067,
                                    0x0056, 0x0069, 0x1EC7, 0x0074],
                   "TisaohkhngthchnitingVit-kjcr8268qyxafd2f1b9g"),
    PunycodeSample("L 3nenBgumi", [0x0033, 0x5E74, 0x0042, 0x7D44, 0x91D1, 0x516B, 0x5148, 0x751F],
                   "3B-ww4c5e180e575a65lsy2b"),
    PunycodeSample("M with-SUPER-MONKEYS", [0x5B89, 0x5BA4, 0x5948, 0x7F8E, 0x6075, 0x002D, 0x0077, 0x0069, 0x0074,
                                            0x0068, 0x002D, 0x0053, 0x0055, 0x0050, 0x0045, 0x0052, 0x002D, 0x004D,
                                            0x004F, 0x004E, 0x004B, 0x0045, 0x0059, 0x0053],
                   "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"),
    PunycodeSample("N Hello-Another-Way", [0x0048, 0x0065, 0x006C, 0x006C, 0x006F, 0x002D, 0x0041, 0x006E, 0x006F,
                                           0x0074, 0x0068, 0x0065, 0x0072, 0x002D, 0x0057, 0x0061, 0x0079, 0x002D,
                                           0x305D, 0x308C, 0x305E, 0x308C, 0x306E, 0x5834, 0x6240],
                   "Hello-Another-Way--fc4qua05auwb3674vfr0b"),
    PunycodeSample("O hitotsu yane no shita 2", [0x3072, 0x3068, 0x3064, 0x5C4B, 0x6839, 0x306E, 0x4E0B, 0x0032],
                   "2-u9tlzr9756bt3uc0v"),
    PunycodeSample("P MajiKoi5", [0x004D, 0x0061, 0x006A, 0x0069, 0x3067, 0x004B, 0x006F, 0x0069, 0x3059,
                                  0x308B, 0x0035, 0x79D2, 0x524D],
                   "MajiKoi5-783gue6qz075azm5e"),
    PunycodeSample("Q pafii de runba", [0x30D1, 0x30D5, 0x30A3, 0x30FC, 0x0064, 0x0065, 0x30EB, 0x30F3, 0x30D0],
                   "de-jg4avhby1noc0d"),
    PunycodeSample("R sono supiido de", [0x305D, 0x306E, 0x30B9, 0x30D4, 0x30FC, 0x30C9, 0x3067],
                   "d9juau41awczczp"),
    PunycodeSample("S ASCII only", [0x002D, 0x003E, 0x0020, 0x0024, 0x0031, 0x002E, 0x0030, 0x0030, 0x0020,
                                    0x003C, 0x002D],
                   "-> $1.00 <--"),
]

@Suite("Punycode (RFC 3492)")
struct PunycodeTests {
    @Test("encodes the RFC 3492 sample strings", arguments: rfc3492Samples)
    func encodesSample(_ sample: PunycodeSample) {
        #expect(Punycode.encode(scalars(sample.input)) == sample.encoded)
    }

    @Test("decodes the RFC 3492 sample strings", arguments: rfc3492Samples)
    func decodesSample(_ sample: PunycodeSample) {
        #expect(Punycode.decode(sample.rfcEncoded) == scalars(sample.input))
        #expect(Punycode.decode(sample.encoded) == scalars(sample.input))
    }

    @Test("rejects malformed input", arguments: [
        "ü-abc",        // non-basic before the delimiter
        "abc-é",        // non-basic after it
        "a-b!",         // not a digit
        "99999999999",  // overflow
        "ww",           // a number cut short
    ])
    func rejectsMalformed(_ input: String) {
        #expect(Punycode.decode(input) == nil)
    }

    @Test func emptyStringRoundTrips() {
        #expect(Punycode.encode("") == "")
        #expect(Punycode.decode("") == "")
    }
}

@Suite("IDNA ToASCII")
struct IDNATests {
    @Test("converts names to A-labels", arguments: [
        ("bücher.example", "xn--bcher-kva.example"),
        ("mañana.com", "xn--maana-pta.com"),
        ("MAÑANA.COM", "xn--maana-pta.com"),
        ("Bücher.Example", "xn--bcher-kva.example"),
        ("bu\u{0308}cher.example", "xn--bcher-kva.example"),       // NFD input
        ("納豆.example.org", "xn--99zt52a.example.org"),           // RFC 6068 section 6.3
        ("例え.テスト", "xn--r8jz45g.xn--zckzah"),
        ("straße.de", "xn--strae-oqa.de"),                         // IDNA2008 keeps ß
        ("social.coop", "social.coop"),
        ("Social.COOP", "social.coop"),
        ("social.coop.", "social.coop"),                          // fully qualified
        ("xn--bcher-kva.example", "xn--bcher-kva.example"),
        ("XN--BCHER-KVA.example", "xn--bcher-kva.example"),
        ("bücher。example", "xn--bcher-kva.example"),              // ideographic full stop
        ("a-b.c-d.example", "a-b.c-d.example"),
        ("123.example", "123.example"),
    ])
    func toASCII(_ input: String, _ expected: String) throws {
        #expect(try IDNA.toASCII(input) == expected)
    }

    @Test("refuses invalid names with a reason", arguments: [
        ("", "it is empty"),
        ("a..b", "it has an empty label (two dots in a row, or a dot at the start)"),
        (".example", "it has an empty label (two dots in a row, or a dot at the start)"),
        ("-bad-.com", "the label \"-bad-\" starts or ends with a hyphen"),
        ("bad-.com", "the label \"bad-\" starts or ends with a hyphen"),
        ("ab--cd.com", "the label \"ab--cd\" has hyphens in its third and fourth positions, which are reserved"),
        ("under_score.com", "the character \"_\" (U+005F) is not allowed in a domain name"),
        ("a b.com", "the character (U+0020) is not allowed in a domain name"),
        ("host:80", "the character \":\" (U+003A) is not allowed in a domain name"),
        ("i❤.ws", "the character \"❤\" (U+2764) is not allowed in a domain name"),
        ("ｅxample.com", "the character \"ｅ\" (U+FF45) is a compatibility form; write \"e\" instead"),
        ("xn--zz.com", "the label \"xn--zz\" is not valid Punycode"),
        ("xn--abc-.com", "the label \"xn--abc-\" is not valid Punycode"),
        ("\u{0301}a.com", "the label \"\u{0301}a\" starts with a combining mark"),
    ])
    func refuses(_ input: String, _ reason: String) {
        #expect(throws: IDNAError(reason: reason)) { try IDNA.toASCII(input) }
    }

    @Test func labelLengthLimit() throws {
        let sixtyThree = String(repeating: "a", count: 63)
        #expect(try IDNA.toASCII(sixtyThree + ".com") == sixtyThree + ".com")
        #expect(throws: IDNAError.self) { try IDNA.toASCII(sixtyThree + "a.com") }
        // A Unicode label is measured in its ASCII form.
        // (Repeated characters compress well, so use 30 different ideographs.)
        let longUnicode = String(String.UnicodeScalarView((0..<30).map { Unicode.Scalar(0x4E00 + 37 * $0)! }))
        #expect(longUnicode.count == 30)
        #expect(throws: IDNAError.self) { try IDNA.toASCII(longUnicode + ".com") }
    }

    @Test func nameLengthLimit() throws {
        let full = String(repeating: "a", count: 63)
        // 3 labels of 63, 3 dots and a label of 61: exactly 253 characters.
        let exact = [full, full, full, String(repeating: "b", count: 61)].joined(separator: ".")
        #expect(exact.count == 253)
        #expect(try IDNA.toASCII(exact) == exact)
        #expect(throws: IDNAError.self) { try IDNA.toASCII(exact + "b") }
    }

    @Test func toUnicodeDecodesALabels() {
        #expect(IDNA.toUnicode("XN--BCHER-KVA.example") == "bücher.example")
        #expect(IDNA.toUnicode("xn--99zt52a.example.org") == "納豆.example.org")
        #expect(IDNA.displayForm("Bücher.EXAMPLE.") == "bücher.example")
    }
}

@Suite struct PlainDomainNameTests {
    /// Names made of the characters the plain path reads, and some it must leave to IDNA: a plain name is taken
    /// exactly when the full check accepts it unchanged.
    @Test func thePlainPathAgreesWithTheFullCheck() {
        let alphabet = Array("ab9-.") + Array("z0-.x")
        var seed: UInt64 = 0x5EED
        var names = ["", ".", "a", "a.", "-a.b", "a-.b", "ab--c.org", "xn--bcher-kva.example", "a..b", "1.2.3.4", "x.123",
                     "eb.bsky.social", "Eb.bsky.social", "bücher.de", String(repeating: "a", count: 63) + ".org",
                     String(repeating: "a", count: 64) + ".org", Array(repeating: String(repeating: "b", count: 63), count: 4).joined(separator: ".")]
        for _ in 0..<4000 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let length = Int(seed >> 58)  // 0...63
            var name = ""
            for position in 0..<length {
                name.append(alphabet[Int((seed >> UInt64(position % 50)) & 0x7) % alphabet.count])
            }
            names.append(name)
        }
        var plain = 0
        for name in names {
            for requireDot in [false, true] {
                let full = try? DomainName(checking: name, requireDot: requireDot)
                let unchanged = full?.ascii == name && full?.display == name
                if DomainName.isPlainValidName(name, requireDot: requireDot) {
                    plain += 1
                    #expect(unchanged, "\(name) requireDot: \(requireDot)")
                } else if !name.contains("xn--") {
                    #expect(!unchanged, "\(name) requireDot: \(requireDot): the full check takes it as it is, the plain path does not")
                }
            }
        }
        #expect(plain > 500)
    }
}
