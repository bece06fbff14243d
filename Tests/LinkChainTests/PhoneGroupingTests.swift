import Testing
@testable import LinkChain

@Suite("Phone numbers as pages show them")
struct PhoneGroupingTests {
    @Test("bare digits are grouped after the country code (one, two or three digits) and the national number's first three",
          arguments: [
              ("4915123456789", "+49 151 23456789"), ("12125551234", "+1 212 555 1234"), ("74951234567", "+7 495 1234567"),
              ("35312345678", "+353 123 45678"), ("441632960961", "+44 163 2960961"), ("2901234", "+290 1234"),
              ("862012345678", "+86 201 2345678"),
          ])
    func grouped(digits: String, shown: String) {
        #expect(PhoneGrouping.grouped(digits) == shown)
    }

    @Test func aNumberWrittenWithItsOwnGroupsKeepsThemAndTheLinkIsTheBareDigits() throws {
        let (display, values) = try HandleSyntax.phoneNumber.parse("+49 (30) 123-4567")
        #expect(display == "+49 (30) 123-4567" && values["digits"] == "49301234567")
        let bare = try HandleSyntax.phoneNumber.parse("+4915123456789")
        #expect(bare.display == "+49 151 23456789" && bare.values["digits"] == "4915123456789")
    }
}
