import HTTPServer
import QuickActions
import Storage

/// POST /trigger: a device reports that a person picked a quick action.
struct TriggerController: Sendable {
    let repository: any ContactRepository
    let builder: ShortcutItemBuilder
    let events: EventHub
    let metrics: Metrics

    /// Longest `deviceId` accepted.
    static let maxDeviceIdLength = 64

    /// POST /trigger
    func postTrigger(_ request: APIRequest) throws -> HTTPResponse {
        let trigger = try Self.decode(request.jsonObject())
        let outcome = try resolve(trigger)
        var answer: [String: JSONValue] = [
            "id": .string(ContactID.generate()),
            "type": .string(trigger.type),
            "message": .string(outcome.message),
            "receivedAt": .string(Timestamp.now().rfc3339),
            "launch": trigger.launch.map(JSONValue.string) ?? .null,
        ]
        if let contact = outcome.contact { answer["contact"] = contact.json }
        if let link = outcome.link { answer["link"] = .string(link) }
        let bytes = JSONWriter.bytes(.object(answer))
        metrics.countTrigger(type: trigger.type)
        events.publish("trigger", data: bytes)
        var headers = HTTPHeaders()
        headers.add("Content-Type", "application/json")
        return HTTPResponse(status: 200, headers: headers, body: .bytes(bytes))
    }

    /// A trigger as posted.
    struct Trigger: Sendable, Equatable {
        var type: String
        var userInfo: [String: PropertyListValue]?
        var launch: String?
        var deviceId: String?
    }

    /// What a trigger led to.
    struct Outcome: Sendable {
        var message: String
        var contact: Contact?
        var link: String?
    }

    static func decode(_ body: JSONObject) throws -> Trigger {
        try body.requireKnown(["type", "userInfo", "launch", "deviceId"])
        guard let type = try body.string("type") else {
            throw Problem.badRequest("Field 'type' is required.", extensions: ["field": "type"])
        }
        var userInfo: [String: PropertyListValue]?
        if let object = try body.object("userInfo") {
            guard case .dictionary(let converted)? = PropertyListValue(json: .object(object)) else {
                throw Problem.badRequest("Field 'userInfo' must hold property-list values only (no null).", extensions: ["field": "userInfo"])
            }
            userInfo = converted
        }
        let launch = try body.string("launch")
        if let launch, launch != "cold" && launch != "warm" {
            throw Problem.badRequest("Field 'launch' must be 'cold' or 'warm'.", extensions: ["field": "launch"])
        }
        let deviceId = try body.string("deviceId")
        if let deviceId, deviceId.count > maxDeviceIdLength || deviceId.isEmpty {
            throw Problem.badRequest("Field 'deviceId' must be 1 to \(maxDeviceIdLength) characters.", extensions: ["field": "deviceId"])
        }
        return Trigger(type: type, userInfo: userInfo, launch: launch, deviceId: deviceId)
    }

    func resolve(_ trigger: Trigger) throws -> Outcome {
        switch trigger.type {
        case ShortcutItemBuilder.favoriteActionType:
            let contact = try favoriteContact(trigger.userInfo)
            return Outcome(message: "FavoriteAction triggered for \(contact.name)", contact: contact, link: "/contacts/\(contact.id)")
        case _ where !builder.isStaticType(trigger.type):
            throw Problem.unprocessable(
                "Type '\(trigger.type)' is neither a configured static type (\(builder.staticItems.map(\.type).joined(separator: ", "))) nor FavoriteAction.",
                field: "type")
        case "SearchAction":
            return Outcome(message: "SearchAction triggered", link: "/contacts?q=")
        case "ShareAction":
            if let contact = try optionalContact(trigger.userInfo) {
                return Outcome(message: "ShareAction triggered for \(contact.name)", contact: contact, link: "/contacts/\(contact.id)/vcard")
            }
            return Outcome(message: "ShareAction triggered")
        default:
            return Outcome(message: "\(trigger.type) triggered")
        }
    }

    /// The contact a FavoriteAction names: by `contactId`, else by a `Name` that exactly one
    /// contact has. A stale item (contact no longer a favorite) still opens it.
    private func favoriteContact(_ userInfo: [String: PropertyListValue]?) throws -> Contact {
        guard let contact = try optionalContact(userInfo) else {
            throw Problem.unprocessable("A FavoriteAction needs userInfo.contactId or userInfo.Name.", field: "userInfo")
        }
        return contact
    }

    private func optionalContact(_ userInfo: [String: PropertyListValue]?) throws -> Contact? {
        if let id = userInfo?["contactId"]?.stringValue {
            guard let contact = try repository.get(id: id) else { throw Self.gone("No contact has id '\(id)' any more.") }
            return contact
        }
        if let name = userInfo?["Name"]?.stringValue {
            let matches = try repository.contacts(named: name)
            if matches.count > 1 {
                throw Problem(
                    status: 409, title: "Conflict",
                    detail: "\(matches.count) contacts are named '\(name)'; send userInfo.contactId to say which.")
            }
            guard let contact = matches.first else { throw Self.gone("No contact is named '\(name)' any more.") }
            return contact
        }
        return nil
    }

    static func gone(_ detail: String) -> Problem {
        Problem(
            status: 410, title: "Gone",
            detail: detail + " The device's quick actions are stale: fetch GET /shortcuts and set them again.",
            extensions: ["refresh": "/shortcuts"])
    }
}
