/// Whether a request is in an audience, and why not: what `?explain=true` shows of an item with
/// an audience.
public struct AudienceDecision: Sendable, Hashable {
    /// The parts the request fails; empty when it matches.
    public var failed: AudienceParts
    /// The request's rollout bucket (1...100), or nil without a rollout or a stickiness id.
    public var bucket: Int?
    /// The rollout evaluated, if any.
    public var rollout: Rollout?
    /// The rollout's group as used (its own, or the item's type).
    public var group: String

    /// A decision.
    public init(failed: AudienceParts, bucket: Int?, rollout: Rollout?, group: String) {
        self.failed = failed
        self.bucket = bucket
        self.rollout = rollout
        self.group = group
    }

    /// Whether the request is in the audience.
    public var matches: Bool { failed.isEmpty }

    /// `{"matches": false, "failed": ["rollout"], "rollout": {"bucket": 37, "percent": 10,
    /// "group": "…", "stickiness": "account"}}`; `bucket` is absent when the request has no
    /// stickiness id, `rollout` when the audience has none.
    public var json: JSONValue {
        var object: [String: JSONValue] = ["matches": .bool(matches), "failed": .array(failed.names.map { .string($0) })]
        if let rollout {
            var details: [String: JSONValue] = [
                "percent": .integer(Int64(rollout.percent)), "group": .string(group), "stickiness": .string(rollout.stickiness.rawValue),
            ]
            if let bucket { details["bucket"] = .integer(Int64(bucket)) }
            object["rollout"] = .object(details)
        }
        return .object(object)
    }
}
