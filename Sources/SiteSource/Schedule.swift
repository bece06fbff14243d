import Foundation
import SiteBasics

/// A moment written in front matter or on the command line: an ISO date (`2026-12-24`, a whole day in UTC)
/// or a date-time with its offset (`2026-12-24T18:00:00+01:00`, `2026-12-24T17:00Z`).
/// Computed by hand, with no calendar or time zone database, so a build gives the same answer everywhere.
package struct ScheduleTime: Equatable, Sendable {
    /// Seconds since 1970-01-01T00:00:00Z of the first moment meant: the start of the day for a date.
    package var seconds: Int64
    /// Whether only a date was written: then `until` means the end of that day.
    package var isDate: Bool

    package static let expected = "an ISO date such as 2026-12-24 (in UTC), or a date-time with its offset such as 2026-12-24T18:00:00+01:00"

    package struct Problem: Error, Equatable { package var reason: String }

    package init(seconds: Int64, isDate: Bool) { self.seconds = seconds; self.isDate = isDate }

    /// The first moment meant, as a `Date`.
    package var date: Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }

    /// The moment a window starting here opens: the start of the day for a date.
    package var start: Int64 { seconds }
    /// The first moment after a window ending here: the day after for a date (an `until` date includes its day).
    package var endExclusive: Int64 { isDate ? seconds + 86_400 : seconds }

    package static func parse(_ text: String) -> Result<ScheduleTime, Problem> {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[range] {
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        func at(_ index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }
        guard bytes.count >= 10, let year = number(0..<4), at(4) == UInt8(ascii: "-"), let month = number(5..<7),
              at(7) == UInt8(ascii: "-"), let day = number(8..<10) else {
            return .failure(Problem(reason: "'\(text)' is not a date: expected \(expected)"))
        }
        // Pages carry the moment as an ISO date-time that JavaScript reads: a four-digit year, and none before 1970.
        // (9999-12-31 as an until ends at 10000-01-01, which no four digits can write.)
        guard (1970...9998).contains(year) else { return .failure(Problem(reason: "'\(text)' is in the year \(year): expected a year from 1970 to 9998")) }
        guard (1...12).contains(month) else { return .failure(Problem(reason: "'\(text)' has month \(month): expected 01 to 12")) }
        guard (1...daysIn(month: month, year: year)).contains(day) else {
            return .failure(Problem(reason: "'\(text)' has day \(day), and that month has \(daysIn(month: month, year: year)) days"))
        }
        let midnight = Int64(daysFromEpoch(year: year, month: month, day: day)) * 86_400
        if bytes.count == 10 { return .success(ScheduleTime(seconds: midnight, isDate: true)) }
        guard at(10) == UInt8(ascii: "T"), let hour = number(11..<13), at(13) == UInt8(ascii: ":"), let minute = number(14..<16) else {
            return .failure(Problem(reason: "'\(text)' is not a date-time: expected \(expected)"))
        }
        var index = 16, second = 0
        if at(index) == UInt8(ascii: ":") {
            guard let value = number(17..<19) else { return .failure(Problem(reason: "'\(text)' has no seconds after the last ':': expected \(expected)")) }
            second = value
            index = 19
        }
        guard hour <= 23, minute <= 59, second <= 59 else {
            return .failure(Problem(reason: "'\(text)' is not a time of day: expected hours 00 to 23, minutes and seconds 00 to 59"))
        }
        var offset = 0
        switch at(index) {
        case UInt8(ascii: "Z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard let hours = number(index + 1..<index + 3), at(index + 3) == UInt8(ascii: ":"), let minutes = number(index + 4..<index + 6),
                  hours <= 23, minutes <= 59 else {
                return .failure(Problem(reason: "'\(text)' has an offset that is not ±HH:MM, such as +01:00"))
            }
            offset = (hours * 3600 + minutes * 60) * (at(index) == UInt8(ascii: "-") ? -1 : 1)
            index += 6
        case nil:
            return .failure(Problem(reason: "'\(text)' has no offset: add one, such as \(text)+01:00, or \(text)Z for UTC"))
        default:
            return .failure(Problem(reason: "'\(text)' is not a date-time: expected \(expected)"))
        }
        guard index == bytes.count else { return .failure(Problem(reason: "'\(text)' goes on after its offset: expected \(expected)")) }
        return .success(ScheduleTime(seconds: midnight + Int64(hour * 3600 + minute * 60 + second - offset), isDate: false))
    }

    /// `2026-12-25T00:00:00Z`: a moment in UTC, as pages carry it and JavaScript's `Date.parse` reads it.
    package static func utcText(_ seconds: Int64) -> String {
        let days = Int(seconds.floorDivided(by: 86_400)), rest = Int(seconds - Int64(days) * 86_400)
        let (year, month, day) = civilDate(daysFromEpoch: days)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(year).leftPadded(to: 4)
        return "\(yearText)-\(two(month))-\(two(day))T\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))Z"
    }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (the civil-from-days inverse).
    static func daysFromEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civilDate(daysFromEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// When a link of `links:` is shown: from its `from` (included) to its `until` (a date includes its whole day).
package struct LinkWindow: Equatable, Sendable {
    package var from: Located<ScheduleTime>?
    package var until: Located<ScheduleTime>?

    package enum State: Equatable, Sendable { case notYetOpen, open, closed }

    package func state(at now: Int64) -> State {
        if let from, now < from.value.start { return .notYetOpen }
        if let until, now >= until.value.endExclusive { return .closed }
        return .open
    }
}

extension Int64 {
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
