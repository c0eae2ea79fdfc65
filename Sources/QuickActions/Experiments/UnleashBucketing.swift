/// Unleash's sticky bucketing, value for value: the same group (or experiment key) and id give
/// the same bucket here as in every Unleash client, so a team that also uses Unleash reaches the
/// same people.
public enum UnleashBucketing {
    /// The seed of a gradual rollout's hash (Unleash's `STRATEGY_SEED`).
    public static let rolloutSeed: UInt32 = 0
    /// The seed of a variant's hash (Unleash's `VARIANT_SEED`).
    public static let variantSeed: UInt32 = 86_028_157
    /// The number of rollout buckets: a bucket is 1 through 100, one per percent.
    public static let rolloutBuckets = 100

    /// Unleash's `normalizedValue`: `murmur3_x86_32(UTF-8 of "<group>:<id>", seed) % normalizer + 1`,
    /// a value in 1...normalizer; `normalizer` is in 1...UInt32.max.
    public static func normalizedValue(id: String, group: String, normalizer: Int, seed: UInt32) -> Int {
        precondition(normalizer > 0 && normalizer <= Int(UInt32.max), "a normalizer is in 1...UInt32.max")
        var hasher = Murmur3(seed: seed)
        hasher.combine(group.utf8)
        hasher.combine(CollectionOfOne(UInt8(ascii: ":")))
        hasher.combine(id.utf8)
        return Int(hasher.finalize() % UInt32(truncatingIfNeeded: normalizer)) + 1
    }

    /// The rollout bucket of `id` in `group`, 1...100 (Unleash's `normalizedStrategyValue`).
    public static func rolloutBucket(id: String, group: String) -> Int {
        normalizedValue(id: id, group: group, normalizer: rolloutBuckets, seed: rolloutSeed)
    }

    /// Whether `bucket` is within a rollout of `percent` (0...100): `bucket <= percent`, so 0
    /// shows to nobody, 100 to everybody, and raising the percent only adds buckets.
    public static func isInRollout(bucket: Int, percent: Int) -> Bool {
        percent > 0 && bucket <= percent
    }

    /// The index of the variant that `id` gets in the experiment `key`, by Unleash's variant
    /// rule: `value = murmur3_x86_32("<key>:<id>", seed) % totalWeight + 1`, then the first
    /// variant, in order, whose running total of weights reaches `value`. Nil when a weight is
    /// negative or the weights do not sum to more than 0. `seed` is `variantSeed`, as in every
    /// Unleash client since version 5 of its specification; clients before it hashed variants
    /// with seed 0.
    public static func variantIndex(id: String, key: String, weights: [Int], seed: UInt32 = variantSeed) -> Int? {
        guard weights.allSatisfy({ $0 >= 0 }), let total = totalWeight(weights), total > 0 else { return nil }
        let value = normalizedValue(id: id, group: key, normalizer: total, seed: seed)
        var runningTotal = 0
        for (index, weight) in weights.enumerated() {
            runningTotal += weight
            if runningTotal >= value { return index }
        }
        return nil
    }

    /// The sum of `weights`, or nil when it passes `UInt32.max` (a hash modulo such a total
    /// would not reach every variant).
    private static func totalWeight(_ weights: [Int]) -> Int? {
        var total = 0
        for weight in weights {
            total += weight
            if total > Int(UInt32.max) { return nil }
        }
        return total
    }
}
