import QuickActions

/// The rules every store applies when it writes a contact, so that the backends agree on
/// revisions and timestamps. Each is a pure function of the contact as stored: a store reads
/// the contact in its write transaction (under its lock), asks the rule, and stores what a
/// `.done` result holds (or removes its `before`, for a delete) in that same transaction.
package enum ContactWriteRule {
    /// The stored form of a new contact: created and updated at `now`, revision 1.
    @inlinable
    package static func created(_ contact: NewContact, id: String, at now: Timestamp, sequence: Int64) -> Contact {
        Contact(
            id: id, name: contact.name, email: contact.email, favorite: contact.favorite, createdAt: now, updatedAt: now, revision: 1,
            sequence: sequence)
    }

    /// What a conditional update of the stored contact `before` (nil: no contact has the id)
    /// comes to: `.notFound`; `.revisionMismatch` when `expectedRevision` is given and is not
    /// `before.revision` (nothing may be stored); `.refused` when the patch pins a contact that
    /// would not be a favorite (`ContactPatch.checkPinning`); otherwise `.done`, whose `after`
    /// is the contact to store: `patch` applied, `updatedAt = max(now, before.updatedAt)` (never
    /// earlier than it was, whatever the clock says), and the revision after `before`'s. A patch
    /// that pins the contact anew gives it `nextPinOrder()` (one more than any pin order of the
    /// account, read in the write's transaction), asked only then.
    @inlinable
    package static func update<Failure: Error>(
        _ before: Contact?, with patch: ContactPatch, expectedRevision: Int64?, at now: Timestamp,
        nextPinOrder: () throws(Failure) -> Int64
    ) throws(Failure) -> ContactWriteResult {
        guard let before else { return .notFound }
        if let expectedRevision, expectedRevision != before.revision { return .revisionMismatch(current: before) }
        do {
            try patch.checkPinning(of: before)
        } catch {
            return .refused(error)
        }
        var after = patch.applied(to: before, newPinOrder: patch.pinsAnew(before) ? try nextPinOrder() : nil)
        after.updatedAt = max(now, before.updatedAt)
        after.revision = before.revision + 1
        return .done(before: before, after: after)
    }

    /// What a done write does to the account's disabled items, at `now` (see `DisabledItemChange.of`);
    /// `.none` for a write that did not happen.
    @inlinable
    package static func disabledItem(of result: ContactWriteResult, at now: Timestamp) -> DisabledItemChange {
        guard case .done(let before, let after) = result else { return .none }
        return DisabledItemChange.of(before: before, after: after, at: now)
    }

    /// What a conditional delete of the stored contact `before` (nil: no contact has the id)
    /// comes to: `.notFound`, `.revisionMismatch` as `update` says (nothing may be removed), or
    /// `.done`: remove `before`.
    @inlinable
    package static func delete(_ before: Contact?, expectedRevision: Int64?) -> ContactWriteResult {
        guard let before else { return .notFound }
        if let expectedRevision, expectedRevision != before.revision { return .revisionMismatch(current: before) }
        return .done(before: before, after: nil)
    }
}
