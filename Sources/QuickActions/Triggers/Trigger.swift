/// A trigger as a device reports it: a person picked the quick action of this type.
public struct Trigger: Sendable, Equatable {
    /// The picked item's type.
    public var type: String
    /// The picked item's userInfo.
    public var userInfo: [String: PropertyListValue]?
    /// `cold` or `warm`, when the device said.
    public var launch: String?
    /// The device, when it said.
    public var deviceId: String?

    /// Creates a trigger.
    public init(type: String, userInfo: [String: PropertyListValue]? = nil, launch: String? = nil, deviceId: String? = nil) {
        self.type = type
        self.userInfo = userInfo
        self.launch = launch
        self.deviceId = deviceId
    }
}
