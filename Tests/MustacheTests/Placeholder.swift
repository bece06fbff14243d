import Testing
@testable import Mustache
@Test func placeholderMustache() { #expect(Bool(true)) }
