/// A response to hand back to the transport.
public struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int {
        didSet { prepared = nil }
    }
    /// Header fields to send (the transport adds `Content-Length` and `Date`).
    public var headers: HTTPHeaders {
        didSet { prepared = nil }
    }
    /// The body.
    public var body: HTTPBody {
        didSet { prepared = nil }
    }
    /// The prepared response this one was made from, while its status, headers and body are
    /// still that response's: then the transport may reuse what it made for it. Any change
    /// to them drops it.
    public private(set) var prepared: PreparedResponse?
    /// Whether the connection must be closed after this response.
    public var closeConnection: Bool
    /// Set when the real response comes later (see `HTTPResponse.deferred`).
    public var deferred: DeferredResponse?
    /// Sent as X-Request-Id, after `headers` (kept apart so that shared header lists are
    /// never copied to add it).
    public var requestId: RequestID?

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: HTTPBody = .empty, closeConnection: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = body
        self.closeConnection = closeConnection
    }

    /// A response sending `prepared` (given its own request id by whoever answers).
    public init(_ prepared: PreparedResponse) {
        status = prepared.status
        headers = prepared.headers
        body = prepared.body.map(HTTPBody.shared) ?? .empty
        closeConnection = false
        self.prepared = prepared
    }
}

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

/// An immutable byte buffer that libmicrohttpd may send from directly, kept alive
/// for as long as any response still refers to it.
public final class SharedBytes: Sendable {
    /// The stored bytes; never mutated after `init`, which is why sharing is safe.
    nonisolated(unsafe) let buffer: UnsafeMutableRawBufferPointer

    /// Copies `bytes` once into a buffer of its own.
    public init(_ bytes: [UInt8]) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        self.buffer = buffer
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress, let target = buffer.baseAddress {
                target.copyMemory(from: base, byteCount: source.count)
            }
        }
        count = bytes.count
    }

    /// Number of bytes.
    public let count: Int

    /// A copy of the bytes.
    public var array: [UInt8] {
        Array(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
    }

    deinit {
        buffer.deallocate()
    }
}
