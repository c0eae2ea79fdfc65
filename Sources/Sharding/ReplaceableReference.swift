import Synchronization

/// An object that a writer replaces now and then and every request reads: a read is one atomic
/// load, with no lock and no reference count changed.
///
/// That is safe because no object that was ever current is freed before this reference: a
/// reader says nowhere when it is done with one, so a replaced object is kept (`keptCount`),
/// not freed. Meant for small objects replaced rarely (an operator's reload), so what is kept
/// stays small; a caller that replaces an object with an equal one should keep the current
/// one instead.
public final class ReplaceableReference<Object: AnyObject & Sendable>: Sendable {
    /// The current object, unretained: `kept` holds it.
    @usableFromInline let current: Atomic<Unmanaged<Object>>
    /// Every object that was ever current.
    private let kept: Mutex<[Object]>

    /// A reference to `first`.
    public init(_ first: Object) {
        kept = Mutex([first])
        current = Atomic(Unmanaged.passUnretained(first))
    }

    /// Runs `body` on the current object, borrowed: valid for the call, whatever replaces it
    /// meanwhile.
    @inlinable
    public func withCurrent<Result>(_ body: (Object) -> Result) -> Result {
        current.load(ordering: .acquiring)._withUnsafeGuaranteedRef(body)
    }

    /// Makes `object` current: calls that begin after this returns see it.
    public func replace(with object: Object) {
        kept.withLock { $0.append(object) }
        current.store(Unmanaged.passUnretained(object), ordering: .releasing)
    }

    /// Objects kept so far, the current one included.
    public var keptCount: Int {
        kept.withLock { $0.count }
    }
}
