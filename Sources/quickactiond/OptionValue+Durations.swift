import ArgumentParsing
import QuickActions

extension Option {
    /// An option whose value is a duration in seconds (see `OptionValue.duration`).
    static func duration(
        _ name: String, _ placeholder: String, help: String, allowsZero: Bool, set: @escaping @Sendable (inout Target, Int) -> Void
    ) -> Option {
        value(name, placeholder, help: help) { (value: OptionValue, target: inout Target) throws(UsageError) in
            set(&target, try value.duration(allowsZero: allowsZero))
        }
    }

    /// An option whose value is a time limit (see `OptionValue.timeLimit`).
    static func timeLimit(_ name: String, _ placeholder: String, help: String, set: @escaping @Sendable (inout Target, Duration) -> Void) -> Option {
        value(name, placeholder, help: help) { (value: OptionValue, target: inout Target) throws(UsageError) in
            set(&target, try value.timeLimit())
        }
    }
}

extension OptionValue {
    /// Seconds: a number with an optional unit s, m, h or d, at most a year. Zero (meaning
    /// "for ever") only where `allowsZero`.
    func duration(allowsZero: Bool = false) throws(UsageError) -> Int {
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        var digits = Substring(text)
        var multiplier = 1
        if let last = digits.last, let unit = units[last] {
            multiplier = unit
            digits = digits.dropLast()
        }
        guard let value = Int(digits), value > 0 || (allowsZero && value == 0), value <= 365 * 86_400 / multiplier else {
            throw refused(mustBe: "\(allowsZero ? "0 or a positive duration" : "a positive duration") such as 86400, 90m, 24h or 7d")
        }
        return value * multiplier
    }

    /// A time limit: a number of seconds, or a number with the unit ms, s, m or h, at most a
    /// day; 0 turns the limit off.
    func timeLimit() throws(UsageError) -> Duration {
        let units: [(suffix: String, milliseconds: Int)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000)]
        var digits = Substring(text)
        var multiplier = 1000
        if let unit = units.first(where: { text.hasSuffix($0.suffix) }) {
            multiplier = unit.milliseconds
            digits = digits.dropLast(unit.suffix.count)
        }
        guard digits.allSatisfy(\.isASCII), let value = Int(digits), value >= 0, value <= 86_400_000 / multiplier else {
            throw refused(mustBe: "0 or a duration such as 500ms, 5s or 1m (at most 24h)")
        }
        return .milliseconds(value * multiplier)
    }

    /// Adds `NAME=VALUE` to `settings` (a later value for one name wins, as on xcodebuild's
    /// command line).
    func buildSetting(into settings: inout [String: String]) throws(UsageError) {
        guard let equals = text.firstIndex(of: "="), BuildSettings.isName(String(text[..<equals])) else {
            throw refused(mustBe: "NAME=VALUE with a build setting name such as PRODUCT_BUNDLE_IDENTIFIER")
        }
        settings[String(text[..<equals])] = String(text[text.index(after: equals)...])
    }
}
