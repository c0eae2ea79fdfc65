import Foundation

/// A UTC instant with millisecond precision, written as RFC 3339 (`2026-11-30T05:00:00.123Z`).
public struct Timestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    public var millisecondsSince1970: Int64

    /// Creates a timestamp.
    public init(millisecondsSince1970: Int64) {
        self.millisecondsSince1970 = millisecondsSince1970
    }

    /// The current time.
    public static func now() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timestamp(millisecondsSince1970: Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000)
    }

    /// This instant moved by `milliseconds`.
    public func advanced(byMilliseconds milliseconds: Int64) -> Timestamp {
        Timestamp(millisecondsSince1970: millisecondsSince1970 + milliseconds)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }

    /// RFC 3339 in UTC with milliseconds, formatted without Foundation's formatters.
    public var rfc3339: String {
        switch rfc3339Text {
        case .packed(let words): StringBytes.string(packed: words)
        case .padded(let text): text
        }
    }

    /// Appends `rfc3339`'s bytes to `output` (no string is made for a year within 0...9999).
    public func writeRFC3339(to output: inout [UInt8]) {
        switch rfc3339Text {
        case .packed(let words): StringBytes.append(packed: words, to: &output)
        case .padded(let text): output.append(contentsOf: text.utf8)
        }
    }

    /// The first 16 bytes of `rfc3339` (`YYYY-MM-DDTHH:MM`) for one minute, kept between calls
    /// of `writeRFC3339(to:reusing:)` so that timestamps of the same minute skip the calendar.
    public struct RFC3339Minute: Sendable {
        var minute = Int64.min
        var words: (UInt64, UInt64) = (0, 0)

        /// Nothing kept yet.
        public init() {}
    }

    /// `writeRFC3339(to:)`, with the text of the minute taken from `minute` when it is this
    /// timestamp's (and kept there otherwise).
    public func writeRFC3339(to output: inout [UInt8], reusing minute: inout RFC3339Minute) {
        guard let words = packedRFC3339(reusing: &minute) else { return writeRFC3339(to: &output) }
        StringBytes.append(packed: words, to: &output)
    }

    /// `writeRFC3339(to:reusing:)` into room made already: 24 bytes, or for a year outside
    /// 0...9999 its longer text (at most `rfc3339Capacity`).
    public func writeRFC3339(to output: inout OutputSpan<UInt8>, reusing minute: inout RFC3339Minute) {
        guard let words = packedRFC3339(reusing: &minute) else {
            var text: [UInt8] = []
            writeRFC3339(to: &text)
            StringBytes.append(text.span, to: &output)
            return
        }
        StringBytes.append(packed: words, to: &output)
    }

    /// The most bytes the RFC 3339 text of any timestamp takes (a year of 19 digits and a sign).
    public static let rfc3339Capacity = 48

    /// The 24 bytes of the RFC 3339 text, its minute's taken from `minute` when it is this
    /// timestamp's (and kept there otherwise); nil for a year outside 0...9999.
    private func packedRFC3339(reusing minute: inout RFC3339Minute) -> (UInt64, UInt64, UInt64)? {
        let millis = millisecondsSince1970
        let (thisMinute, millisOfMinute) = Self.floorDivision(millis, 60_000)
        if thisMinute != minute.minute {
            guard case .packed(let words) = rfc3339Text else { return nil }
            minute = RFC3339Minute()
            minute.minute = thisMinute
            minute.words = (words.0, words.1)
        }
        let third =
            0x3A | Self.digits(millisOfMinute / 1000, 2) << 8 | 0x2E << 24 | Self.digits(millisOfMinute % 1000, 3) << 32 | 0x5A << 56
        return (minute.words.0, minute.words.1, third)
    }

    /// The RFC 3339 text: 24 bytes in three words, or, for a year outside 0...9999, a string.
    private enum RFC3339Text {
        case packed((UInt64, UInt64, UInt64))
        case padded(String)
    }

    private var rfc3339Text: RFC3339Text {
        let millis = millisecondsSince1970
        let (seconds, fraction) = Self.floorDivision(millis, 1000)
        let (days, secondOfDay) = Self.floorDivision(seconds, 86_400)
        let (year, month, day) = Self.civil(fromDays: days)
        guard (0...9999).contains(year) else { return .padded(Self.padded(year, month, day, secondOfDay, fraction)) }
        // The 24 bytes computed in three words, least significant byte first, and copied once
        // (a list of contacts formats two of these per contact): "YYYY-MM-", "DDTHH:MM", ":SS.mmmZ".
        let dash: UInt64 = 0x2D
        let colon: UInt64 = 0x3A
        let first = Self.digits(year, 4) | dash << 32 | Self.digits(month, 2) << 40 | dash << 56
        let second =
            Self.digits(day, 2) | 0x54 << 16 | Self.digits(secondOfDay / 3600, 2) << 24 | colon << 40
            | Self.digits(secondOfDay / 60 % 60, 2) << 48
        let third = colon | Self.digits(secondOfDay % 60, 2) << 8 | 0x2E << 24 | Self.digits(fraction, 3) << 32 | 0x5A << 56
        return .packed((first, second, third))
    }

    /// `value / divisor` rounded toward negative infinity, and the remainder in `0..<divisor`
    /// (`divisor` > 0), for every `value` down to `Int64.min` (subtracting `divisor - 1`
    /// first, or multiplying the quotient back, would overflow there).
    @inline(__always)
    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int) {
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, Int(remainder + divisor)) : (quotient, Int(remainder))
    }

    /// The `width` decimal digits of `value` (0 ≤ value < 10^width) as ASCII, the first digit in
    /// the least significant byte.
    @inline(__always)
    private static func digits(_ value: Int, _ width: Int) -> UInt64 {
        var packed: UInt64 = 0
        var rest = value
        for position in stride(from: width - 1, through: 0, by: -1) {
            packed |= UInt64(0x30 + rest % 10) << (8 * position)
            rest /= 10
        }
        return packed
    }

    /// The same text built from padded pieces, for years outside 0...9999: a negative year is
    /// its sign and at least four digits (`-0001`), as ISO 8601's expanded years write it.
    private static func padded(_ year: Int, _ month: Int, _ day: Int, _ secondOfDay: Int, _ fraction: Int) -> String {
        (year < 0 ? "-" : "") + pad(year.magnitude, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(secondOfDay / 3600, 2) + ":"
            + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2) + "." + pad(fraction, 3) + "Z"
    }

    public var description: String { rfc3339 }

    /// The instants whose UTC year is 0001 through 9999: those RFC 3339 can write
    /// (`0001-01-01T00:00:00.000Z` through `9999-12-31T23:59:59.999Z`).
    public static let rfc3339Years: ClosedRange<Timestamp> =
        Timestamp(
            millisecondsSince1970: days(year: 1, month: 1, day: 1) * 86_400_000)...Timestamp(
            millisecondsSince1970: days(year: 9999, month: 12, day: 31) * 86_400_000 + 86_399_999)

    /// Parses RFC 3339 (`Z` or a numeric offset, optional fraction), or nil. A date the
    /// calendar does not have (`2026-02-30`) and an offset outside `-23:59...+23:59` are refused,
    /// as RFC 3339's grammar and its §5.7 require; a leap second (`:60`) is read as the next second.
    public init?(rfc3339 text: String) {
        let bytes = Array(text.utf8)
        func number(_ start: Int, _ length: Int) -> Int? {
            guard start + length <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<(start + length)] {
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard bytes.count >= 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54 || bytes[10] == 0x74,
            bytes[13] == 0x3A, bytes[16] == 0x3A,
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var millis = 0
        if index < bytes.count, bytes[index] == 0x2E {
            index += 1
            var digits = 0
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                if digits < 3 { millis = millis * 10 + Int(bytes[index] - 0x30) }
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 3) { millis *= 10 }
        }
        guard index < bytes.count else { return nil }
        var offsetSeconds = 0
        if bytes[index] == 0x5A || bytes[index] == 0x7A {
            index += 1
        } else if bytes[index] == 0x2B || bytes[index] == 0x2D, let oh = number(index + 1, 2), bytes.count > index + 3,
            bytes[index + 3] == 0x3A, let om = number(index + 4, 2), oh < 24, om < 60
        {
            offsetSeconds = (oh * 3600 + om * 60) * (bytes[index] == 0x2D ? -1 : 1)
            index += 6
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        let days = Self.days(year: year, month: month, day: day)
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        millisecondsSince1970 = seconds * 1000 + Int64(millis)
    }

    /// The number of days in `month` (1...12) of `year` (Gregorian leap years).
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 to year/month/day (Howard Hinnant's civil_from_days).
    static func civil(fromDays days: Int64) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (Int(yoe + era * 400 + (month <= 2 ? 1 : 0)), Int(month), Int(day))
    }

    /// Year/month/day to days since 1970-01-01 (days_from_civil).
    static func days(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}

private func pad(_ value: some BinaryInteger, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}
