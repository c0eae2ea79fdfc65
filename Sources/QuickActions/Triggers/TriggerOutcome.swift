/// What a trigger leads to: a message, and the contact and link it opens, if any.
public struct TriggerOutcome: Sendable, Equatable {
    /// The answer's message.
    public var message: String
    /// The contact the trigger resolved to.
    public var contact: Contact?
    /// The path the app should open.
    public var link: String?

    /// Creates an outcome.
    public init(message: String, contact: Contact? = nil, link: String? = nil) {
        self.message = message
        self.contact = contact
        self.link = link
    }
}
