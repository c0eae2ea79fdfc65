import QuickActions
import Testing

/// The years a time may have: 0001 through 9999 in UTC, what RFC 3339 can write and read back.
@Suite struct TimestampRangeTests {
    typealias Draft = ScheduledItemDraftTests

    @Test("The ends of the range are the first and last millisecond of the years 0001 and 9999")
    func theRangeEndsAtTheYears() throws {
        #expect(Timestamp.rfc3339Years.lowerBound.rfc3339 == "0001-01-01T00:00:00.000Z")
        #expect(Timestamp.rfc3339Years.upperBound.rfc3339 == "9999-12-31T23:59:59.999Z")
        for text in ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z"] {
            let instant = try #require(Timestamp(rfc3339: text))
            #expect(Timestamp(rfc3339: instant.rfc3339) == instant, "\(text) reads back from its own text")
        }
    }

    @Test(
        "A time whose offset moves it past a year's end is refused, naming the field",
        arguments: [
            ("until", "9999-12-31T23:59:59-23:59"), ("until", "9999-12-31T23:59:59.999-00:01"), ("from", "0000-01-01T00:00:00+00:01"),
            ("from", "0001-01-01T00:00:00+00:01"), ("from", "0000-12-31T23:59:59Z"),
        ])
    func timesOutsideTheYearsAreRefused(field: String, text: String) throws {
        var body = Draft.body
        body[field] = .string(text)
        do {
            _ = try ScheduledItemDraft(json: body)
            Issue.record("\(field) \(text) was accepted")
        } catch {
            #expect(error.field == field)
            #expect(error.message.contains("0001 to 9999"), "\(error.message)")
        }
    }

    @Test("Times at the ends of the range in UTC are accepted, whatever their offset")
    func timesAtTheEndsAreAccepted() throws {
        var body = Draft.body
        body["from"] = "0001-01-01T00:59:00+00:59"
        body["until"] = "9999-12-31T00:00:00-23:59"
        let draft = try ScheduledItemDraft(json: body)
        #expect(draft.from == Timestamp.rfc3339Years.lowerBound)
        #expect(draft.until.rfc3339 == "9999-12-31T23:59:00.000Z")
    }

    @Test("Years before 0001 are written with their sign and four digits, and Int64's ends do not trap")
    func negativeYearsAreWrittenWithTheirSign() {
        #expect(Timestamp(millisecondsSince1970: Timestamp.rfc3339Years.lowerBound.millisecondsSince1970 - 1).rfc3339 == "0000-12-31T23:59:59.999Z")
        #expect(Timestamp(millisecondsSince1970: -62_198_755_200_000).rfc3339 == "-0001-01-01T00:00:00.000Z")
        #expect(Timestamp(millisecondsSince1970: .min).rfc3339.hasPrefix("-292275055-"))
        #expect(Timestamp(millisecondsSince1970: .max).rfc3339.hasPrefix("292278994-"))
        var bytes: [UInt8] = []
        var minute = Timestamp.RFC3339Minute()
        Timestamp(millisecondsSince1970: .min).writeRFC3339(to: &bytes, reusing: &minute)
        #expect(String(decoding: bytes, as: UTF8.self) == Timestamp(millisecondsSince1970: .min).rfc3339)
    }
}
