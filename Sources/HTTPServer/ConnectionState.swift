import CMicroHTTPD

/// What one connection keeps between its requests: the last libmicrohttpd response made for a
/// `PreparedResponse`, so that the next request answered with the same one reuses it, and the
/// last request target parsed, so that the next request sending the same target reuses that.
///
/// A keep-alive client mostly asks again for what it had (a companion polling `/shortcuts`).
/// Making a response costs a `MHD_Response` and, per header field, three allocations and a
/// validation; reusing one costs rewriting its X-Request-Id, and its variable field (an
/// account's ETag) when that changed, in place.
///
/// Why reuse is safe: libmicrohttpd handles one request at a time per connection, and drops its
/// reference to a response once the response is sent, before it reads the next request on that
/// connection (`connection_reset` at `MHD_CONNECTION_FOOTERS_SENT`). When the next request is
/// answered, the kept response is therefore ours alone, and changing its X-Request-Id touches
/// nothing another request can see. A connection is served by one thread only. What was made
/// is right for the next response because reuse is keyed on the `PreparedResponse` alone,
/// whose status, header fields and body never change.
///
/// Created when libmicrohttpd accepts the connection and freed when it closes it (also at stop):
/// see `MHDBridge.connectionEvent`.
final class ConnectionState {
    /// The kept response (one reference, ours), what it was made for, and the id it carries.
    /// Holding `source` keeps it alive, so its identity can never be taken by another object
    /// while it is kept here.
    private var kept: OpaquePointer?
    private var source: PreparedResponse?
    /// `source`'s identity, compared without retaining it: the prepared 304 of a thread is
    /// every account's, so its reference count is touched by requests enough as it is.
    private var sourceID: ObjectIdentifier?
    private var requestId: RequestID?
    private var variableField: (name: String, value: String)?
    /// Accepted past `--max-connections` (into the reserve): its request gets a prompt 503, and
    /// the connection is closed (see `HTTPServer`).
    let overLimit: Bool
    /// Whom the connection counts for, once the application attributed it (see
    /// `HTTPConnection.attribute(to:)` and `ConnectionOwners`); released when it closes.
    var owner: Int64?
    /// The last request target parsed on this connection, reused when the next request sends
    /// the same bytes (see `ParsedTarget`).
    var lastTarget: ParsedTarget?

    init(overLimit: Bool = false) {
        self.overLimit = overLimit
    }

    /// The prepared response `response` sends, when what is made for it may be kept: it has an
    /// id, leaves the connection open and is not completed later.
    static func keepable(_ response: HTTPResponse) -> PreparedResponse? {
        guard response.requestId != nil, !response.closeConnection, response.deferred == nil else { return nil }
        return response.prepared
    }

    /// The kept response, given `response`'s X-Request-Id, if it was made for the prepared
    /// response `response` sends and `response` may be kept; otherwise nil.
    func reuse(for response: HTTPResponse) -> OpaquePointer? {
        guard let kept, let sourceID, let newId = response.requestId, Self.keepable(response).map(ObjectIdentifier.init) == sourceID else {
            return nil
        }
        newId.withCString { new in
            if let requestId {
                requestId.withCString { old in Self.replace("X-Request-Id", old: old, new: new, in: kept) }
            } else {
                _ = MHD_add_response_header(kept, "X-Request-Id", new)
            }
        }
        requestId = newId
        let field = response.variableField
        if field?.name != variableField?.name || field?.value != variableField?.value {
            // Explicit `withCString`: a short name ("ETag") passed as a pointer argument would be
            // copied to the heap first.
            if let old = variableField, let field, old.name == field.name {
                field.name.withCString { name in
                    old.value.withCString { oldValue in
                        field.value.withCString { newValue in Self.replace(name, old: oldValue, new: newValue, in: kept) }
                    }
                }
            } else {
                if let old = variableField {
                    _ = old.name.withCString { name in old.value.withCString { MHD_del_response_header(kept, name, $0) } }
                }
                if let field {
                    _ = field.name.withCString { name in field.value.withCString { MHD_add_response_header(kept, name, $0) } }
                }
            }
            variableField = field
        }
        return kept
    }

    /// Gives `response`'s field `name` the value `new` in place of `old`: rewritten in place when
    /// the two have the same length (a made request id always has; an ETag of one list's
    /// representation has, from one account to the next), else deleted and added.
    private static func replace(_ name: UnsafePointer<CChar>, old: UnsafePointer<CChar>, new: UnsafePointer<CChar>, in response: OpaquePointer) {
        guard qa_mhd_rewrite_header(response, name, old, new) == 0 else { return }
        _ = MHD_del_response_header(response, name, old)
        _ = MHD_add_response_header(response, name, new)
    }

    /// Keeps `made` (taking over the caller's reference), made for `prepared` with
    /// `variableField`, for the next request, in place of the response kept so far.
    func keep(_ made: OpaquePointer, for prepared: PreparedResponse, requestId: RequestID?, variableField: (name: String, value: String)?) {
        release()
        kept = made
        source = prepared
        sourceID = ObjectIdentifier(prepared)
        self.requestId = requestId
        self.variableField = variableField
    }

    /// Drops the kept response; libmicrohttpd frees it once no connection still sends it.
    func release() {
        if let kept { MHD_destroy_response(kept) }
        kept = nil
        source = nil
        sourceID = nil
        requestId = nil
        variableField = nil
    }

    /// The state libmicrohttpd holds for `connection`, borrowed for the length of `body`.
    static func with<Result>(_ connection: OpaquePointer, _ body: (ConnectionState?) -> Result) -> Result {
        guard let raw = qa_mhd_socket_context(connection) else { return body(nil) }
        return Unmanaged<ConnectionState>.fromOpaque(raw)._withUnsafeGuaranteedRef { body($0) }
    }
}
