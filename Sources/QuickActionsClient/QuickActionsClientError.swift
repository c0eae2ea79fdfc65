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
    /// The answer's body is larger than `Limits.maxBodyBytes` (this many bytes); it was not read further.
    case bodyTooLarge(limit: Int)
    /// An event of `/events` (one line, or one event's data) is larger than `Limits.maxEventBytes`
    /// (this many bytes); the stream ends.
    case eventTooLarge(limit: Int)
    /// More than `Limits.maxBufferedEventBytes` (this many bytes) of `/events` arrived before the
    /// consumer took it; the stream ends (resume with `events(lastEventID:)` from the last event handled).
    case eventBufferFull(limit: Int)
    /// The request did not end within `Limits.requestDeadline` (this many seconds), however
    /// steadily the service trickled its answer.
    case deadlineExceeded(seconds: Double)
    /// The service redirected to another origin (scheme, host or port), named here; the redirect
    /// was not followed, so the token never went there.
    case redirectRefused(origin: String)

    public var description: String {
        switch self {
        case .unreachable(let reason): "the service is unreachable (\(reason))"
        case .unauthorized: "the service refused the token (401): check --token"
        case .status(let status, let detail): "the service answered \(status)\(detail.isEmpty ? "" : ": \(detail)")"
        case .malformedResponse(let reason): "the service's answer is malformed: \(reason)"
        case .bodyTooLarge(let limit):
            "the service's answer is larger than \(Self.bytes(limit)) (QuickActionsClient.Limits.maxBodyBytes): not read further"
        case .eventTooLarge(let limit):
            "an event from the service is larger than \(Self.bytes(limit)) (QuickActionsClient.Limits.maxEventBytes): the stream was closed"
        case .eventBufferFull(let limit):
            "the service sent events faster than they were taken, more than \(Self.bytes(limit)) waiting "
                + "(QuickActionsClient.Limits.maxBufferedEventBytes): the stream was closed"
        case .deadlineExceeded(let seconds):
            "the service did not finish answering within \(Self.seconds(seconds)) (QuickActionsClient.Limits.requestDeadline)"
        case .redirectRefused(let origin):
            "the service redirected to another origin, \(origin): not followed (the token is never sent to another origin)"
        }
    }

    /// `16 MiB`, `512 KiB` or `1000 bytes`: the unit a limit was most likely set in.
    static func bytes(_ count: Int) -> String {
        if count >= 1 << 20 && count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
        if count >= 1 << 10 && count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
        return "\(count) bytes"
    }

    /// `30 s`, or `1.5 s`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? "\(Int(value)) s" : "\(value) s"
    }
}
