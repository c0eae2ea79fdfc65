import CMicroHTTPD

/// What one connection keeps between its requests: the last libmicrohttpd response made for a
/// shared representation, so that the next request given the same one reuses it.
///
/// A keep-alive client mostly asks again for what it had (a companion polling `/shortcuts`).
/// Making a response costs a `MHD_Response` and, per header field, three allocations and a
/// validation; reusing one costs swapping its X-Request-Id.
///
/// Why reuse is safe: libmicrohttpd handles one request at a time per connection, and drops its
/// reference to a response once the response is sent, before it reads the next request on that
/// connection (`connection_reset` at `MHD_CONNECTION_FOOTERS_SENT`). When the next request is
/// answered, the kept response is therefore ours alone, and changing its X-Request-Id touches
/// nothing another request can see. A connection is served by one thread only.
///
/// Created when libmicrohttpd accepts the connection and freed when it closes it (also at stop):
/// see `MHDBridge.connectionEvent`.
final class ConnectionState {
    /// The kept response (one reference, ours), what it was made for, and the id it carries.
    private var kept: OpaquePointer?
    private var key: Key?
    private var requestId: RequestID?
    /// Accepted past `--max-connections` (into the reserve): its request gets a prompt 503, and
    /// the connection is closed (see `HTTPServer`).
    let overLimit: Bool

    init(overLimit: Bool = false) {
        self.overLimit = overLimit
    }

    /// What makes two responses the same apart from their X-Request-Id: status, body and header
    /// list, the last two compared by identity. Holding them keeps them alive, so an identity
    /// can never be taken by a different object while it is kept here.
    struct Key {
        let status: Int
        let body: SharedBytes?
        let headers: HeaderCStrings

        /// The key of `response`, or nil when it is not kept: only a response with a shared or
        /// empty body, prepared headers and an id, that leaves the connection open.
        init?(_ response: HTTPResponse) {
            guard Self.mayKeep(response), let headers = response.headers.cStrings else { return nil }
            switch response.body {
            case .shared(let shared): body = shared
            case .empty: body = nil
            case .bytes, .stream: return nil
            }
            status = response.status
            self.headers = headers
        }

        /// Whether a response with a shared or empty body and prepared headers may be kept.
        static func mayKeep(_ response: HTTPResponse) -> Bool {
            response.requestId != nil && !response.closeConnection && response.deferred == nil
        }

        /// Whether `response` has this status, body and header list (compared without
        /// making a key of it).
        func matches(_ response: HTTPResponse) -> Bool {
            guard status == response.status, response.headers.cStrings === headers else { return false }
            switch response.body {
            case .shared(let shared): return shared === body
            case .empty: return body == nil
            case .bytes, .stream: return false
            }
        }
    }

    /// The kept response, given `response`'s X-Request-Id, if it was made for the same status,
    /// body and headers and `response` may be kept; otherwise nil.
    func reuse(for response: HTTPResponse) -> OpaquePointer? {
        guard let kept, let key, let newId = response.requestId, Key.mayKeep(response), key.matches(response) else { return nil }
        if let requestId {
            _ = requestId.withCString { MHD_del_response_header(kept, "X-Request-Id", $0) }
        }
        _ = newId.withCString { MHD_add_response_header(kept, "X-Request-Id", $0) }
        requestId = newId
        return kept
    }

    /// Keeps `made` (taking over the caller's reference) for the next request, in place of the
    /// response kept so far.
    func keep(_ made: OpaquePointer, key: Key, requestId: RequestID?) {
        release()
        kept = made
        self.key = key
        self.requestId = requestId
    }

    /// Drops the kept response; libmicrohttpd frees it once no connection still sends it.
    func release() {
        if let kept { MHD_destroy_response(kept) }
        kept = nil
        key = nil
        requestId = nil
    }

    /// The state libmicrohttpd holds for `connection`, borrowed for the length of `body`.
    static func with<Result>(_ connection: OpaquePointer, _ body: (ConnectionState?) -> Result) -> Result {
        guard let raw = qa_mhd_socket_context(connection) else { return body(nil) }
        return Unmanaged<ConnectionState>.fromOpaque(raw)._withUnsafeGuaranteedRef { body($0) }
    }
}
