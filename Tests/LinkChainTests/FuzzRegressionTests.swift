import Testing
@testable import LinkChain

/// Inputs that the fuzzing harnesses (Tests/Fuzz, run by bench/fuzz.sh) found to break LinkChain, and what
/// LinkChain does with them now.
@Suite("Fuzz regressions")
struct LinkChainFuzzRegressionTests {
    /// The linkchain harness's "every URL is encoded ASCII" invariant: fullwidth digits inside an IPv6 literal
    /// passed as hex digits, and the button linked to https://[１:２]/.
    @Test func ipv6LiteralWithFullwidthDigitsIsRefused() throws {
        let input = "https://[\u{FF11}:\u{FF12}]/"
        #expect(throws: LinkChainError(value: input, expected: WebAddress.expected,
                                       message: "\"\(input)\" is not an https web address: expected \(WebAddress.expected). \"[\u{FF11}:\u{FF12}]\" is not an IPv6 address.")) {
            try ServiceCatalog.standard.chain(shorthand: input)
        }
        #expect(try ServiceCatalog.standard.chain(shorthand: "https://[1:2]/").fallback == "https://[1:2]/")
    }

    /// The linkchain harness on long inputs: a label was Punycode-encoded (or an xn-- label decoded) before
    /// its length was checked, in time that grows with the square of its length; a 40,000-character label in a
    /// handle took minutes. Such labels are now refused first.
    @Test func longLabelsAreRefusedBeforePunycode() {
        let ideographs = String(String.UnicodeScalarView((0..<40_000).map { Unicode.Scalar(0x20000 + $0)! }))
        let ace = "xn--" + String(repeating: "a", count: 100_000)
        let elapsed = ContinuousClock().measure {
            for label in [ideographs, ace] {
                #expect(throws: IDNAError(reason: "the label \"\(label)\" has \(label.unicodeScalars.count) characters, more than the 63 a label may have")) {
                    try IDNA.toASCII(label + ".example")
                }
            }
            #expect(throws: LinkChainError.self) { try ServiceCatalog.standard.chain(shorthand: "mastodon:@a@\(ideographs).example") }
        }
        #expect(elapsed < .seconds(20), "refusing took \(elapsed)")
    }
}
