import Synchronization

/// A reference set at most once and read with one atomic load, for an object that a request of
/// either thread looks up (an account list's first representation).
///
/// What `AtomicLazyReference` does, but specialized where it is used: the standard library's
/// type is not inlinable, so each of its loads went through its generic code (`Optional.map`
/// and a metadata lookup) at about 220 instructions. This one is a load and a compare.
///
/// The object is retained once when stored and released when the reference goes.
public struct SetOnceReference<Object: AnyObject & Sendable>: ~Copyable, Sendable {
    /// The stored object's address (retained once), or 0.
    @usableFromInline let address = Atomic<UInt>(0)

    public init() {}

    /// The object, if one was stored.
    @inlinable
    public func load() -> Object? {
        let bits = address.load(ordering: .acquiring)
        guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return nil }
        return Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Stores `object` if nothing was stored yet; returns the object stored (`object`, or the
    /// one another thread stored first).
    public func storeIfNil(_ object: Object) -> Object {
        let retained = Unmanaged.passRetained(object)
        let bits = UInt(bitPattern: retained.toOpaque())
        let (exchanged, current) = address.compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing)
        if exchanged { return object }
        retained.release()
        guard let pointer = UnsafeRawPointer(bitPattern: current) else { preconditionFailure("a failed exchange from 0 reads an object") }
        return Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()
    }

    deinit {
        if let pointer = UnsafeRawPointer(bitPattern: address.load(ordering: .acquiring)) {
            Unmanaged<Object>.fromOpaque(pointer).release()
        }
    }
}
