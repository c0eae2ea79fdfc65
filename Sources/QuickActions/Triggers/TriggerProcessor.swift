/// What a picked quick action leads to: the rules for `FavoriteAction`, `SearchAction`,
/// `ShareAction` and the other configured static types.
public struct TriggerProcessor: Sendable {
    /// The configured items: a type not among them (nor `FavoriteAction`) is unknown.
    public let builder: ShortcutItemBuilder
    /// Where contacts are looked up.
    public let contacts: any ContactLookup

    /// Creates a processor over `builder`'s static items and `contacts`.
    public init(builder: ShortcutItemBuilder, contacts: any ContactLookup) {
        self.builder = builder
        self.contacts = contacts
    }

    /// The outcome of `trigger`. Throws a `TriggerError`, or what the lookup throws.
    public func process(_ trigger: Trigger) throws -> TriggerOutcome {
        switch trigger.type {
        case ShortcutItemBuilder.favoriteActionType:
            guard let contact = try contact(in: trigger.userInfo) else { throw TriggerError.missingContact }
            return TriggerOutcome(message: "FavoriteAction triggered for \(contact.name)", contact: contact, link: "/contacts/\(contact.id)")
        case _ where !builder.isStaticType(trigger.type):
            throw TriggerError.unknownType(trigger.type, configured: builder.staticItems.map(\.type))
        case "SearchAction":
            return TriggerOutcome(message: "SearchAction triggered", link: "/contacts?q=")
        case "ShareAction":
            if let contact = try contact(in: trigger.userInfo) {
                return TriggerOutcome(message: "ShareAction triggered for \(contact.name)", contact: contact, link: "/contacts/\(contact.id)/vcard")
            }
            return TriggerOutcome(message: "ShareAction triggered")
        default:
            return TriggerOutcome(message: "\(trigger.type) triggered")
        }
    }

    /// The contact `userInfo` names: by `contactId`, else by a `Name` exactly one contact has;
    /// nil when it names none. A stale item (the contact no longer a favorite) still opens it.
    private func contact(in userInfo: [String: PropertyListValue]?) throws -> Contact? {
        if let id = userInfo?["contactId"]?.stringValue {
            guard let contact = try contacts.contact(id: id) else { throw TriggerError.contactGone("No contact has id '\(id)' any more.") }
            return contact
        }
        if let name = userInfo?["Name"]?.stringValue {
            let matches = try contacts.contacts(named: name)
            if matches.count > 1 { throw TriggerError.ambiguousName(name: name, count: matches.count) }
            guard let contact = matches.first else { throw TriggerError.contactGone("No contact is named '\(name)' any more.") }
            return contact
        }
        return nil
    }
}
