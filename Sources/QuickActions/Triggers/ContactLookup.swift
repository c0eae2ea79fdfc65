/// Where a `TriggerProcessor` finds the contact an item names. Whatever a lookup throws
/// (a storage failure) reaches the processor's caller unchanged.
public protocol ContactLookup: Sendable {
    /// The contact with `id`, or nil when none has it.
    func contact(id: String) throws -> Contact?
    /// Every contact whose name is exactly `name`.
    func contacts(named name: String) throws -> [Contact]
}
