/// An option's value as given, with the option's name for the message that refuses it.
public struct OptionValue: Sendable, Equatable {
    /// The option, with its two dashes.
    public let option: String
    /// The value as given.
    public let text: String

    /// The value `text` of `option`.
    public init(option: String, text: String) {
        self.option = option
        self.text = text
    }

    /// The error for a value that is not `expectation`: "--port must be an integer from 0 to
    /// 65535, not 'x'".
    public func refused(mustBe expectation: String) -> UsageError {
        UsageError("\(option) must be \(expectation), not '\(text)'")
    }

    /// The value as an integer in `range` (decimal digits, an optional sign).
    public func integer(in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let number = Int(text), range.contains(number) else {
            let bounds = range.upperBound == Int.max ? "of at least \(range.lowerBound)" : "from \(range.lowerBound) to \(range.upperBound)"
            throw refused(mustBe: "an integer \(bounds)")
        }
        return number
    }

    /// The value that `text` names among `choices`, in their order in the message.
    public func choice<Value>(_ choices: KeyValuePairs<String, Value>) throws(UsageError) -> Value {
        guard let value = choices.first(where: { $0.key == text })?.value else {
            throw refused(mustBe: "one of " + choices.map(\.key).joined(separator: ", "))
        }
        return value
    }
}
