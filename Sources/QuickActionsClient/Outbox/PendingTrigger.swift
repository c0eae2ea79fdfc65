import QuickActions

/// A trigger waiting in the outbox, exactly as it will be sent, under the `Idempotency-Key`
/// made when it was enqueued.
public struct PendingTrigger: Sendable, Equatable {
    /// The `Idempotency-Key`: the same for every attempt, so the service records it once.
    public var key: String
    /// The picked item's type.
    public var type: String
    /// The picked item's userInfo.
    public var userInfo: [String: PropertyListValue]?
    /// Cold or warm launch.
    public var launch: TriggerLaunch?
    /// The device, when the app says.
    public var deviceId: String?
    /// When it was enqueued, in milliseconds since 1970 (the device's clock).
    public var enqueuedAt: Int64
    /// Attempts made so far (by every process that flushed this outbox).
    public var attempts: Int

    /// Creates a pending trigger.
    public init(
        key: String, type: String, userInfo: [String: PropertyListValue]?, launch: TriggerLaunch?, deviceId: String?, enqueuedAt: Int64,
        attempts: Int = 0
    ) {
        self.key = key
        self.type = type
        self.userInfo = userInfo
        self.launch = launch
        self.deviceId = deviceId
        self.enqueuedAt = enqueuedAt
        self.attempts = attempts
    }

    /// The `POST /trigger` body: the same bytes on every attempt.
    var requestBody: [UInt8] {
        var object: [String: JSONValue] = ["type": .string(type)]
        if let userInfo { object["userInfo"] = .object(userInfo.mapValues(\.json)) }
        if let launch { object["launch"] = .string(launch.rawValue) }
        if let deviceId { object["deviceId"] = .string(deviceId) }
        return JSONWriter.bytes(.object(object))
    }

    /// The outbox file's JSON.
    var fileJSON: [UInt8] {
        var object: [String: JSONValue] = [
            "key": .string(key), "type": .string(type), "enqueuedAt": .integer(enqueuedAt), "attempts": .integer(Int64(attempts)),
        ]
        if let userInfo { object["userInfo"] = .object(userInfo.mapValues(\.json)) }
        if let launch { object["launch"] = .string(launch.rawValue) }
        if let deviceId { object["deviceId"] = .string(deviceId) }
        return JSONWriter.bytes(.object(object))
    }

    /// The entry from an outbox file, or nil when the file is not one (it is then left alone).
    init?(fileJSON bytes: [UInt8]) {
        guard case .object(let object)? = try? JSONParser.parse(bytes), let key = object["key"]?.stringValue,
            let type = object["type"]?.stringValue, case .integer(let enqueuedAt)? = object["enqueuedAt"]
        else { return nil }
        var userInfo: [String: PropertyListValue]?
        if let info = object["userInfo"], case .dictionary(let dictionary)? = PropertyListValue(json: info) { userInfo = dictionary }
        var attempts = 0
        if case .integer(let count)? = object["attempts"] { attempts = Int(count) }
        self.init(
            key: key, type: type, userInfo: userInfo, launch: object["launch"]?.stringValue.flatMap(TriggerLaunch.init(rawValue:)),
            deviceId: object["deviceId"]?.stringValue, enqueuedAt: enqueuedAt, attempts: attempts)
    }
}
