import Testing
@testable import SiteGen
@Test func placeholderSiteGen() { #expect(Bool(true)) }
