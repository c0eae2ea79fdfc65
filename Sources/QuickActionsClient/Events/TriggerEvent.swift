import QuickActions

/// A trigger the service accepted, as the event stream reports it.
public struct TriggerEvent: Sendable, Equatable {
    /// The event's id: the trigger's position in the service's trigger log.
    public var eventID: String?
    /// The trigger's id (as in `GET /triggers`).
    public var id: String
    /// The picked item's type.
    public var type: String
    /// What the service did.
    public var message: String
    /// When the service accepted it (RFC 3339).
    public var receivedAt: String
    /// `cold` or `warm`, when the device said.
    public var launch: String?

    /// Creates an event.
    public init(eventID: String?, id: String, type: String, message: String, receivedAt: String, launch: String?) {
        self.eventID = eventID
        self.id = id
        self.type = type
        self.message = message
        self.receivedAt = receivedAt
        self.launch = launch
    }

    /// The event from a `trigger` event's JSON data.
    init(json text: String, eventID: String?) throws(QuickActionsClientError) {
        guard case .object(let object)? = try? JSONParser.parse(text), let id = object["id"]?.stringValue,
            let type = object["type"]?.stringValue
        else { throw .malformedResponse("a trigger event has no id or type") }
        self.init(
            eventID: eventID, id: id, type: type, message: object["message"]?.stringValue ?? "",
            receivedAt: object["receivedAt"]?.stringValue ?? "", launch: object["launch"]?.stringValue)
    }
}
