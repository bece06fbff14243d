import Testing
@testable import LinkChain
@Test func placeholderLinkChain() { #expect(Bool(true)) }
