import Foundation
import QuickActions
import Testing

@Suite struct TimestampTests {
    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00.000Z"), (951_782_400_123, "2000-02-29T00:00:00.123Z"),
        (1_796_014_800_001, "2026-11-30T05:00:00.001Z"), (-1, "1969-12-31T23:59:59.999Z"),
    ])
    func formatsRFC3339InUTC(millis: Int64, text: String) {
        #expect(Timestamp(millisecondsSince1970: millis).rfc3339 == text)
        #expect(Timestamp(rfc3339: text)?.millisecondsSince1970 == millis)
    }

    /// The in-place formatter against Foundation's, over instants from 1970 to 2199, and
    /// round trips through the parser over the whole four-digit range.
    @Test func formatsLikeFoundationAndRoundTrips() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        // Spread deterministically (no flaky seed): a stride coprime with the range.
        for step in Int64(0)..<2_000 {
            let millis = step * 3_628_800_017 % 7_258_118_400_000
            let text = Timestamp(millisecondsSince1970: millis).rfc3339
            #expect(text == formatter.string(from: Date(timeIntervalSince1970: Double(millis) / 1000)), "\(millis)")
        }
        for step in Int64(0)..<2_000 {
            let millis = -62_167_219_200_000 + step * 157_784_630_017 % 315_569_520_000_000
            let text = Timestamp(millisecondsSince1970: millis).rfc3339
            #expect(text.utf8.count == 24 && Timestamp(rfc3339: text)?.millisecondsSince1970 == millis, "\(millis) \(text)")
        }
    }

    @Test func parsesOffsetsAndFractions() {
        #expect(Timestamp(rfc3339: "2026-11-30T06:00:00+01:00")?.rfc3339 == "2026-11-30T05:00:00.000Z")
        #expect(Timestamp(rfc3339: "2026-11-30T05:00:00.5Z")?.millisecondsSince1970 == 1_796_014_800_500)
        #expect(Timestamp(rfc3339: "2026-13-30T05:00:00Z") == nil)
        #expect(Timestamp(rfc3339: "yesterday") == nil)
        #expect(Timestamp(rfc3339: "2026-11-30T05:00:00") == nil)
    }

    /// Dates the calendar lacks and offsets past a day are not instants: refused, not rolled over.
    @Test(arguments: [
        "2026-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "2100-02-29T00:00:00Z", "2026-11-30T05:00:00+24:00",
        "2026-11-30T05:00:00-05:60", "2026-11-30T05:00:00+99:00",
    ])
    func refusesDatesAndOffsetsThatDoNotExist(text: String) {
        #expect(Timestamp(rfc3339: text) == nil)
    }

    @Test func acceptsTheLastDayOfEachMonth() {
        #expect(Timestamp(rfc3339: "2024-02-29T00:00:00Z")?.rfc3339 == "2024-02-29T00:00:00.000Z")
        #expect(Timestamp(rfc3339: "2000-02-29T23:59:59-23:59")?.rfc3339 == "2000-03-01T23:58:59.000Z")
        #expect(Timestamp(rfc3339: "2026-12-31T23:59:59+14:00")?.rfc3339 == "2026-12-31T09:59:59.000Z")
        #expect(Timestamp(rfc3339: "2026-04-30T00:00:00Z") != nil)
    }

    @Test func advancesByADurationToTheMillisecondAndSaturates() {
        let start = Timestamp(millisecondsSince1970: 1_000)
        #expect(start.advanced(by: .seconds(1)).millisecondsSince1970 == 2_000)
        // -1.999 ms is -1 ms, toward zero.
        #expect(start.advanced(by: .microseconds(-1_999)).millisecondsSince1970 == 999)
        #expect(start.advanced(by: .seconds(Int64.max)).millisecondsSince1970 == .max)
        #expect(Timestamp(millisecondsSince1970: -1).advanced(by: .seconds(Int64.min)).millisecondsSince1970 == .min)
    }

    @Test func nowIsRecent() {
        #expect(Timestamp.now().millisecondsSince1970 > 1_700_000_000_000)
    }
}
