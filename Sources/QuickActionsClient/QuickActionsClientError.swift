/// Why a call to the service failed.
public enum QuickActionsClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No answer: the service is down, unreachable, or the connection failed (retry later).
    case unreachable(String)
    /// 401: the token is missing or wrong.
    case unauthorized
    /// Any other unexpected status, with the problem's `detail` when the service gave one.
    case status(Int, String)
    /// The answer could not be read.
    case malformedResponse(String)

    public var description: String {
        switch self {
        case .unreachable(let reason): "the service is unreachable (\(reason))"
        case .unauthorized: "the service refused the token (401): check --token"
        case .status(let status, let detail): "the service answered \(status)\(detail.isEmpty ? "" : ": \(detail)")"
        case .malformedResponse(let reason): "the service's answer is malformed: \(reason)"
        }
    }
}
