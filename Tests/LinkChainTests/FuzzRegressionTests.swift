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
}
