/// How much the service says on stderr.
public enum LogLevel: String, Sendable, Comparable, CaseIterable {
    case debug, info, warning, error

    private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rank < rhs.rank }
}
