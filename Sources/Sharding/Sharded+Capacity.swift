/// A bounded table split over shards: a total capacity shared out among them.
extension Sharded {
    /// The number of shards the service's tables use (a power of two): enough that the HTTP
    /// threads rarely meet on one lock, few enough that a scan of every shard stays short.
    public static var standardCount: Int { 16 }

    /// A table of at most `capacity` entries over `count` shards (a power of two;
    /// `standardCount` unless given): each shard starts as `make(perShard)`, where `perShard` is
    /// its part of the capacity (`shardCapacity(of:count:)`).
    public convenience init(capacity: Int, count: Int = standardCount, shard make: (_ capacity: Int) -> State) {
        let perShard = Self.shardCapacity(of: capacity, count: count)
        self.init(count: count) { _ in make(perShard) }
    }

    /// What each of `count` shards holds so that together they hold at least `capacity`: the
    /// capacity divided by the count, rounded up, and never less than one.
    static func shardCapacity(of capacity: Int, count: Int) -> Int {
        precondition(count > 0, "a table has at least one shard")
        return max(1, capacity / count + (capacity % count > 0 ? 1 : 0))
    }
}
