/// One accepted trigger, as stored.
public struct TriggerRecord: Sendable, Equatable {
    /// Opaque id, also in the answer.
    public var id: String
    /// The picked item's type.
    public var type: String
    /// The picked item's userInfo.
    public var userInfo: [String: PropertyListValue]?
    /// `cold` or `warm`, when the device said.
    public var launch: String?
    /// The device, when it said.
    public var deviceId: String?
    /// When the service accepted it.
    public var receivedAt: Timestamp
    /// The answer's message.
    public var message: String
    /// The contact it resolved to, if any.
    public var contactId: String?

    /// Creates a record.
    public init(
        id: String, type: String, userInfo: [String: PropertyListValue]?, launch: String?, deviceId: String?, receivedAt: Timestamp,
        message: String, contactId: String?
    ) {
        self.id = id
        self.type = type
        self.userInfo = userInfo
        self.launch = launch
        self.deviceId = deviceId
        self.receivedAt = receivedAt
        self.message = message
        self.contactId = contactId
    }
}
