import QuickActions

/// How every store reads back a favorite's disabled item from its columns (contact id, reason,
/// `since` in ms), so that the backends agree.
package enum StoredDisabledItem {
    /// The disabled item of the favorite `contactId`; a reason this binary does not know reads as `deleted`.
    package static func favorite(contactId: String, reason: String, since: Int64) -> DisabledItem {
        DisabledItem.favorite(contactId, reason: DisabledReason(rawValue: reason) ?? .deleted, since: Timestamp(millisecondsSince1970: since))
    }
}
