/// How a phone number written as bare digits (`+4915123456789`) is shown: grouped the international way of ITU-T E.123,
/// `+49 151 23456789`. The groups after the country code are each country's own, which sitegen does not guess: the
/// national number is split once, after its first three digits (an area or mobile prefix in most plans), and numbers
/// of the North American plan (+1) as 3, 3 and 4 digits. A number written with its own spaces keeps them; the link
/// (`tel:`, `sms:`, `wa.me`, `signal.me`) is always the bare E.164 digits.
public enum PhoneGrouping {
    /// Country codes of two digits (ITU-T E.164 assignments); 1 and 7 have one, every other code three.
    static let twoDigitCountryCodes: Set<Substring> = [
        "20", "27", "30", "31", "32", "33", "34", "36", "39", "40", "41", "43", "44", "45", "46", "47", "48", "49",
        "51", "52", "53", "54", "55", "56", "57", "58", "60", "61", "62", "63", "64", "65", "66", "81", "82", "84",
        "86", "90", "91", "92", "93", "94", "95", "98",
    ]

    /// `digits` (7 to 15, without `+`) as `+CC NNN REST`.
    public static func grouped(_ digits: String) -> String {
        let countryLength = digits.hasPrefix("1") || digits.hasPrefix("7") ? 1 : twoDigitCountryCodes.contains(digits.prefix(2)) ? 2 : 3
        let country = digits.prefix(countryLength), national = digits.dropFirst(countryLength)
        var groups = [Substring(country)]
        if country == "1", national.count == 10 {
            groups += [national.prefix(3), national.dropFirst(3).prefix(3), national.dropFirst(6)]
        } else if national.count > 5 {
            groups += [national.prefix(3), national.dropFirst(3)]
        } else {
            groups.append(national)
        }
        return "+" + groups.joined(separator: " ")
    }

    /// The number as a page shows it: the writer's own groups where they wrote any, else `grouped`.
    public static func shown(written: String, digits: String) -> String {
        written.unicodeScalars.dropFirst().allSatisfy { ("0"..."9").contains($0) } ? grouped(digits) : written
    }
}
