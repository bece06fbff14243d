import LinkChain
import Testing

struct CodePointsTests {
    /// A character is named with at least four upper-case hex digits, as Unicode writes it.
    @Test(arguments: [("\u{85}", "U+0085"), ("\u{2028}", "U+2028"), ("\u{1F600}", "U+1F600")] as [(Unicode.Scalar, String)])
    func aCharacterIsNamedByItsCodePoint(_ scalar: Unicode.Scalar, _ name: String) {
        #expect(UnicodeName.describe(scalar) == name)
    }

    @Test func aByteIsTwoHexDigits() {
        var bytes: [UInt8] = []
        HexDigits.append(0x2F, to: &bytes, uppercase: true)
        HexDigits.append(0xE9, to: &bytes)
        PercentEncoding.appendEscape(0x0A, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "2Fe9%0A")
    }
}
