import Foundation

/// Why a dynamic item is where it is, as `GET /shortcuts?explain=true` shows it.
public enum DynamicOrderReason: Sendable, Equatable {
    /// Pinned; `place` among the pinned, from 1 (pinned first).
    case pinned(place: Int)
    /// Ordered by its use score: the decayed score now (`UsageScore.value`).
    case score(Double)
    /// Ordered by creation (never picked, or the `created` order).
    case created
    /// Ordered by name (the `name` order).
    case name
    /// A scheduled item, showing from `from` until `until`.
    case scheduled(from: Timestamp, until: Timestamp)

    /// The JSON form: `{"reason":"pinned","pinOrder":1}`, `{"reason":"score","score":3.27}`,
    /// `{"reason":"created"}`, `{"reason":"name"}`,
    /// `{"reason":"scheduled","from":"…","until":"…"}` (RFC 3339, UTC).
    public var json: JSONValue {
        switch self {
        case .pinned(let place): ["reason": "pinned", "pinOrder": .integer(Int64(place))]
        case .score(let score): ["reason": "score", "score": .double(Self.rounded(score))]
        case .created: ["reason": "created"]
        case .name: ["reason": "name"]
        case .scheduled(let from, let until): ["reason": "scheduled", "from": .string(from.rfc3339), "until": .string(until.rfc3339)]
        }
    }

    /// `score` to three significant digits, keeping every digit before the point and at most
    /// six after it: 3.2741 → 3.27, 0.012345 → 0.0123, 1234.5 → 1235, 4e-9 → 0. An infinite
    /// score (none `UsageScore` gives) is the largest finite one, never 0.
    public static func rounded(_ score: Double) -> Double {
        if score == .infinity { return .greatestFiniteMagnitude }
        guard score.isFinite, score > 0 else { return 0 }
        let decimals = min(6, max(0, 2 - Int(log10(score).rounded(.down))))
        let scale = pow(10, Double(decimals))
        return (score * scale).rounded() / scale
    }
}
