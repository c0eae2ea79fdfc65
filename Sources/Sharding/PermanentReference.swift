/// A reference to an object that is never freed, read with no reference counting: for an
/// object every request of every thread reads, whose count would otherwise pass its cache line
/// between the cores on each request.
///
/// Made only by `init(keepingForever:)`, which retains the object once and never releases it:
/// a permanent reference can never outlive its object. Make one per object and copy it (a copy
/// changes no count); each `init` adds a count that is never taken back.
public struct PermanentReference<Object: AnyObject & Sendable>: Sendable {
    @usableFromInline let unmanaged: Unmanaged<Object>

    /// Keeps `object` for the rest of the process, and refers to it.
    public init(keepingForever object: Object) {
        unmanaged = .passRetained(object)
    }

    /// Runs `body` on the object, borrowed (no retain, no release).
    @inlinable
    public func withObject<Result>(_ body: (Object) -> Result) -> Result {
        unmanaged._withUnsafeGuaranteedRef(body)
    }

    /// The object (a strong reference: retained for as long as the caller holds it).
    public var object: Object {
        unmanaged.takeUnretainedValue()
    }
}

extension PermanentReference: Equatable {
    public static func == (lhs: PermanentReference, rhs: PermanentReference) -> Bool {
        lhs.unmanaged.toOpaque() == rhs.unmanaged.toOpaque()
    }
}
