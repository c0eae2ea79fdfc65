/// A response body.
public enum HTTPBody: Sendable {
    /// No body.
    case empty
    /// Bytes copied into the response.
    case bytes([UInt8])
    /// Immutable bytes shared between responses without a copy per request.
    case shared(SharedBytes)
    /// Bytes written while the response is sent (chunked), e.g. Server-Sent Events.
    case stream(StreamingBody)

    /// Number of bytes in the body.
    public var count: Int {
        switch self {
        case .empty: 0
        case .bytes(let bytes): bytes.count
        case .shared(let shared): shared.count
        case .stream: 0
        }
    }

    /// The body as an array (copies for `.shared`).
    public var bytes: [UInt8] {
        switch self {
        case .empty: []
        case .bytes(let bytes): bytes
        case .shared(let shared): shared.array
        case .stream: []
        }
    }
}
