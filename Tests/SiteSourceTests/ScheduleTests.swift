import SiteBasics
import Testing
@testable import SiteSource
import SiteGenTestSupport

/// `from:` and `until:` as front matter reads them: the times, and a window that never opens.
@Suite struct ScheduleTests {
    @Test func scheduleTimesParseStrictly() {
        func seconds(_ text: String) -> Int64? { try? ScheduleTime.parse(text).get().seconds }
        #expect(seconds("1970-01-01") == 0)
        #expect(seconds("2028-02-29") == 1_835_395_200)
        #expect(seconds("2026-12-24T18:00:00+01:00") == seconds("2026-12-24T17:00Z"))
        #expect(seconds("2026-12-24T18:30-02:30") == seconds("2026-12-24T21:00:00Z"))
        #expect(ScheduleTime.utcText(seconds("2028-02-29T23:59:59Z")!) == "2028-02-29T23:59:59Z")
        func reason(_ text: String) -> String? {
            if case .failure(let problem) = ScheduleTime.parse(text) { return problem.reason }
            return nil
        }
        #expect(reason("2027-02-29") == "'2027-02-29' has day 29, and that month has 28 days")
        #expect(reason("24.12.2026") == "'24.12.2026' is not a date: expected \(ScheduleTime.expected)")
        #expect(reason("2026-12-24 18:00") == "'2026-12-24 18:00' is not a date-time: expected \(ScheduleTime.expected)")
        #expect(reason("2026-12-24T24:00Z") == "'2026-12-24T24:00Z' is not a time of day: expected hours 00 to 23, minutes and seconds 00 to 59")
        #expect(reason("2026-12-24T18:00+1") == "'2026-12-24T18:00+1' has an offset that is not ±HH:MM, such as +01:00")
        #expect(reason("2026-12-24T18:00Zx") == "'2026-12-24T18:00Zx' goes on after its offset: expected \(ScheduleTime.expected)")
    }

    /// A link's front matter with `window` under it: its window as read, and where each problem was reported.
    static func window(_ window: String) -> (windows: [LinkWindow], problems: [String]) {
        let text = "---\nlinks:\n  - url: https://eb.example/\n" + window + "---\n"
        let (matter, diagnostics) = Fixtures.frontMatter(text)
        return (matter.links.map(\.window), diagnostics.map { "\($0.line):\($0.column) \($0.severity) \($0.kind)" })
    }

    @Test func aWindowThatNeverOpensIsAnError() throws {
        let never = Self.window("    from: 2026-12-24\n    until: 2026-12-23\n")
        #expect(never.windows == [] && never.problems == ["5:12 error general"])
        // One day, from its start to its end.
        let day = Self.window("    from: 2026-12-24\n    until: 2026-12-24\n")
        let christmasEve = try ScheduleTime.parse("2026-12-24").get()
        #expect(day.problems == [])
        #expect(day.windows == [LinkWindow(from: Located(christmasEve, at: .init(line: 4, column: 11)), until: Located(christmasEve, at: .init(line: 5, column: 12)))])
        let moment = Self.window("    from: 2026-12-24T18:00Z\n    until: 2026-12-24T18:00Z\n")
        #expect(moment.windows == [] && moment.problems == ["5:12 error general"])
        let list = Self.window("    from: [2026]\n")
        #expect(list.windows == [LinkWindow()] && list.problems == ["4:11 error general"])
    }
}
