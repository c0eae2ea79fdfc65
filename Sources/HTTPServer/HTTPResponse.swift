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
    /// One more header field, sent after `headers`: what sets this answer apart from the others
    /// made from the same prepared response (an ETag, when one prepared 304 serves many lists).
    /// A connection reuses what it made for the prepared response with this field swapped, as
    /// it swaps X-Request-Id.
    public var variableField: (name: String, value: String)?

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
