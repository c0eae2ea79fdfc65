import Synchronization

/// `count` values of `State`, each under a lock of its own and on cache lines of its own: a
/// map or cache split so that threads working on different keys rarely take the same lock or
/// write the same line.
///
/// A key picks its shard by the low bits of a hash the caller gives (`withLock(forHash:)`), so
/// the caller decides how keys spread: sequential row ids can be used as they are. The shards
/// live in one allocation, each rounded up to whole cache lines: reaching one changes no
/// reference count.
public final class Sharded<State: Sendable>: Sendable {
    /// The number of shards (a power of two).
    public let count: Int
    @usableFromInline let mask: UInt64
    /// Bytes from one shard to the next: a whole number of cache lines.
    @usableFromInline let stride: Int
    /// The shards. Written only by `init` and `deinit`; a shard's state only under its lock.
    @usableFromInline nonisolated(unsafe) let base: UnsafeMutableRawPointer

    /// The bytes of a cache line on the machines served (x86-64, arm64).
    static var cacheLine: Int { 64 }

    /// `count` shards (a power of two; `standardCount` by default), shard `index` starting as
    /// `make(index)`.
    public init(count: Int = standardCount, _ make: (Int) -> State) {
        precondition(count > 0 && count & (count - 1) == 0, "a shard count is a power of two")
        self.count = count
        mask = UInt64(count - 1)
        let size = MemoryLayout<Mutex<State>>.size
        stride = max(1, (size + Self.cacheLine - 1) / Self.cacheLine) * Self.cacheLine
        let alignment = max(Self.cacheLine, MemoryLayout<Mutex<State>>.alignment)
        base = UnsafeMutableRawPointer.allocate(byteCount: stride * count, alignment: alignment)
        for index in 0..<count {
            (base + index * stride).bindMemory(to: Mutex<State>.self, capacity: 1).initialize(to: Mutex(make(index)))
        }
    }

    deinit {
        for index in 0..<count {
            (base + index * stride).assumingMemoryBound(to: Mutex<State>.self).deinitialize(count: 1)
        }
        base.deallocate()
    }

    /// The shard a hash picks: its low bits.
    @inlinable
    public func index(forHash hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash & mask)
    }

    /// Runs `body` on the state of the shard `hash` picks, under that shard's lock.
    @inlinable
    public func withLock<Result, Failure: Error>(
        forHash hash: UInt64, _ body: (inout sending State) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        try withLock(shard: index(forHash: hash), body)
    }

    /// Runs `body` on the state of shard `index` (0..<count), under its lock.
    @inlinable
    public func withLock<Result, Failure: Error>(
        shard index: Int, _ body: (inout sending State) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        precondition(index >= 0 && index < count, "a shard index out of range")
        return try (base + index * stride).assumingMemoryBound(to: Mutex<State>.self).pointee.withLock(body)
    }

    /// Runs `body` on every shard's state in turn, in shard order, each under its own lock (never
    /// two at once: what one shard holds may change while another is visited).
    public func forEach<Failure: Error>(_ body: (inout sending State) throws(Failure) -> Void) throws(Failure) {
        for index in 0..<count { try withLock(shard: index) { (state) throws(Failure) in try body(&state) } }
    }

    /// `next` folded over every shard's state, in shard order, each read under its own lock.
    public func reduce<Result: Sendable>(_ initial: Result, _ next: (Result, inout sending State) -> Result) -> Result {
        var result = initial
        for index in 0..<count {
            result = withLock(shard: index) { [result] state in next(result, &state) }
        }
        return result
    }
}
