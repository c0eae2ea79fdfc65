import QuickActions

/// The result of a conditional write.
public enum ContactWriteResult: Sendable, Equatable {
    /// Done: the contact before and after (after is nil for a delete).
    case done(before: Contact, after: Contact?)
    /// No contact has that id.
    case notFound
    /// The contact's revision is not the one the caller expected: nothing changed.
    case revisionMismatch(current: Contact)
    /// The write breaks a rule that depends on the stored contact (pinning one that is not a
    /// favorite): nothing changed (HTTP 422).
    case refused(ValidationError)
}
