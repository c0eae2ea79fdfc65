/// What the rules of a scheduled item depend on besides the item itself.
public struct ScheduleRules: Sendable {
    /// The configured static items' types, which no scheduled item may take.
    public var staticTypes: [String]
    /// The current time: a window must not be over at it.
    public var now: Timestamp
    /// Whether the server holds many accounts (`--accounts`): only then may an item name them.
    public var accountsAllowed: Bool

    /// Creates the rules.
    public init(staticTypes: [String], now: Timestamp, accountsAllowed: Bool = false) {
        self.staticTypes = staticTypes
        self.now = now
        self.accountsAllowed = accountsAllowed
    }
}
