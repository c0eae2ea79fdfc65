extension Timestamp {
    /// This instant moved by `duration`, to the millisecond (toward zero), saturating at the
    /// ends of the range instead of overflowing.
    public func advanced(by duration: Duration) -> Timestamp {
        Timestamp(millisecondsSince1970: millisecondsSince1970.addingSaturated(duration.wholeMilliseconds))
    }
}

extension Duration {
    /// The duration in whole milliseconds (toward zero), saturating at `Int64`'s range.
    var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        if overflow { return seconds < 0 ? .min : .max }
        return whole.addingSaturated(attoseconds / 1_000_000_000_000_000)
    }
}

extension Int64 {
    /// `self + other`, clamped to the type's range.
    func addingSaturated(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other < 0 ? .min : .max) : sum
    }
}
