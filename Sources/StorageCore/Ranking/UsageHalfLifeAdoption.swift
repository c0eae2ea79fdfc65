import QuickActions

/// What a store did at start-up to read its usage keys under the configured half-life
/// (`DataStore.adoptUsageHalfLife`).
public enum UsageHalfLifeAdoption: Sendable, Equatable {
    /// The keys were made under this half-life already.
    case unchanged
    /// No half-life was recorded (a new store, or one from before the record): this one is now.
    case recorded
    /// The keys were made under `from`: `keys` of them were rescaled, each favorite keeping its score.
    case rescaled(from: UsageHalfLife, keys: Int)
}
