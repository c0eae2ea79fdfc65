/// How fast a pick's weight fades in a `UsageScore`: it halves every half-life
/// (`--usage-half-life`, 14 days by default).
public struct UsageHalfLife: Sendable, Hashable, CustomStringConvertible {
    /// The half-life in milliseconds, always positive.
    public let milliseconds: Int64

    /// Two weeks: a favorite picked daily for a week outranks one picked once a month ago.
    public static let `default` = UsageHalfLife(uncheckedMilliseconds: 14 * 86_400_000)

    /// A half-life of `milliseconds`; nil unless positive.
    public init?(milliseconds: Int64) {
        guard milliseconds > 0 else { return nil }
        self.milliseconds = milliseconds
    }

    /// A half-life of `duration`, to the millisecond; nil unless at least a millisecond.
    public init?(_ duration: Duration) {
        self.init(milliseconds: duration.wholeMilliseconds)
    }

    private init(uncheckedMilliseconds: Int64) {
        milliseconds = uncheckedMilliseconds
    }

    /// The half-life as a `Double`, as the score's arithmetic uses it.
    var length: Double { Double(milliseconds) }

    public var description: String {
        milliseconds % 86_400_000 == 0 ? "\(milliseconds / 86_400_000)d" : "\(milliseconds)ms"
    }
}
