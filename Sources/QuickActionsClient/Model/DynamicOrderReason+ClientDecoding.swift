import QuickActions

extension DynamicOrderReason {
    /// The reason from an item's `explain` member (`GET /shortcuts?explain=true`), or nil when
    /// it is not one this client knows (a newer server's reason is left out, not an error).
    init?(clientJSON value: JSONValue) {
        guard case .object(let object) = value, let reason = object["reason"]?.stringValue else { return nil }
        switch reason {
        case "pinned":
            guard case .integer(let place)? = object["pinOrder"] else { return nil }
            self = .pinned(place: Int(place))
        case "score":
            switch object["score"] {
            case .double(let score)?: self = .score(score)
            case .integer(let score)?: self = .score(Double(score))
            default: return nil
            }
        case "created": self = .created
        case "name": self = .name
        case "scheduled":
            guard let from = object["from"]?.stringValue.flatMap(Timestamp.init(rfc3339:)),
                let until = object["until"]?.stringValue.flatMap(Timestamp.init(rfc3339:))
            else { return nil }
            self = .scheduled(from: from, until: until)
        default: return nil
        }
    }
}
