import CMicroHTTPD

/// What one HTTP thread keeps between requests: the libmicrohttpd responses it made for
/// prepared responses (up to `capacity`, the oldest made leaving first), which every connection
/// of the thread reuses.
///
/// Many clients ask for the same few things (the popular accounts' lists, every account's 304).
/// Making a response costs a `MHD_Response` and, per header field, three allocations and a
/// validation, then as many frees once it is sent; reusing one costs a lookup and rewriting its
/// X-Request-Id, and its variable field (an account's ETag) when that changed, in place.
///
/// Why reuse is safe:
/// - Only its thread touches a `ThreadResponses` (one per row the thread owns in
///   `ServerContext.threadRows`; a thread without a row of its own keeps nothing), and a
///   connection is served by one thread only. At stop, the threads are joined first.
/// - A kept response may still be queued on other connections of the thread, which are sending
///   it. They no longer read its header fields: libmicrohttpd writes a response's head into the
///   connection's own buffer (`build_header_response`) in the same call that ran the handler
///   (`MHD_CONNECTION_FULL_REQ_RECEIVED`, then `START_REPLY`), before the thread serves anything
///   else. Afterwards it reads only the body, and the body's bytes never change
///   (`SharedBytes`). So the fields may be rewritten for the next request.
/// - What was made is right for the next response because reuse is keyed on the
///   `PreparedResponse` and the body alone: the prepared response's status and fields never
///   change, nor do the body's bytes. The id and the variable field are set per request.
/// - The entry holds both, so neither identity can be taken by another object while it is kept.
///   An evicted response is destroyed by us; libmicrohttpd frees it once no connection sends it.
final class ThreadResponses: @unchecked Sendable {
    /// What responses are reused for: a prepared response, and the body sent with a template
    /// (nil when the prepared response carries its own).
    struct Key: Hashable {
        let prepared: ObjectIdentifier
        let body: ObjectIdentifier?
    }

    /// A kept response (a class: the thread changes its id and field in place).
    private final class Kept {
        let key: Key
        /// One reference, ours.
        let response: OpaquePointer
        let prepared: PreparedResponse
        let body: SharedBytes?
        var requestId: RequestID?
        var variableField: (name: String, value: String)?

        init(key: Key, response: OpaquePointer, prepared: PreparedResponse, body: SharedBytes?) {
            self.key = key
            self.response = response
            self.prepared = prepared
            self.body = body
        }
    }

    /// The most responses kept.
    let capacity: Int
    /// Kept responses in the order they were made, as a ring (grown up to `capacity`): the next
    /// to leave is at `next`.
    private var slots: [Kept] = []
    private var next = 0
    private var index: [Key: Int] = [:]
    /// The one used last, checked before `index`: every 304 of the thread's accounts is made
    /// from one template, so a stream of them needs no hashing.
    private var last: Kept?

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// How many responses are kept (for tests).
    var count: Int { slots.count }

    /// The key `response` may be reused under: it has an id, leaves the connection open, is not
    /// completed later, and is a prepared response's (with a shared body when the prepared one
    /// has none).
    static func key(of response: HTTPResponse) -> Key? {
        guard response.requestId != nil, !response.closeConnection, response.deferred == nil, let prepared = response.prepared else {
            return nil
        }
        if prepared.body != nil { return Key(prepared: ObjectIdentifier(prepared), body: nil) }
        switch response.body {
        case .shared(let body): return Key(prepared: ObjectIdentifier(prepared), body: ObjectIdentifier(body))
        case .empty: return Key(prepared: ObjectIdentifier(prepared), body: nil)
        case .bytes, .stream: return nil
        }
    }

    /// The kept response for `key`, given `response`'s X-Request-Id and variable field; nil when
    /// none is kept.
    func reuse(_ key: Key, for response: HTTPResponse) -> OpaquePointer? {
        guard let newId = response.requestId else { return nil }
        let kept: Kept
        if let last, last.key == key {
            kept = last
        } else {
            guard let found = index[key] else { return nil }
            kept = slots[found]
            last = kept
        }
        let made = kept.response
        newId.withCString { new in
            if let requestId = kept.requestId {
                requestId.withCString { old in Self.replace("X-Request-Id", old: old, new: new, in: made) }
            } else {
                _ = MHD_add_response_header(made, "X-Request-Id", new)
            }
        }
        kept.requestId = newId
        let field = response.variableField
        if field?.name != kept.variableField?.name || field?.value != kept.variableField?.value {
            // Explicit `withCString`: a short name ("ETag") passed as a pointer argument would be
            // copied to the heap first.
            if let old = kept.variableField, let field, old.name == field.name {
                field.name.withCString { name in
                    old.value.withCString { oldValue in
                        field.value.withCString { newValue in Self.replace(name, old: oldValue, new: newValue, in: made) }
                    }
                }
            } else {
                if let old = kept.variableField {
                    _ = old.name.withCString { name in old.value.withCString { MHD_del_response_header(made, name, $0) } }
                }
                if let field {
                    _ = field.name.withCString { name in field.value.withCString { MHD_add_response_header(made, name, $0) } }
                }
            }
            kept.variableField = field
        }
        return made
    }

    /// Gives `response`'s field `name` the value `new` in place of `old`: rewritten in place when
    /// the two have the same length (a made request id always has; an ETag of one list's
    /// representation has, from one account to the next), else deleted and added.
    private static func replace(_ name: UnsafePointer<CChar>, old: UnsafePointer<CChar>, new: UnsafePointer<CChar>, in response: OpaquePointer) {
        guard qa_mhd_rewrite_header(response, name, old, new) == 0 else { return }
        _ = MHD_del_response_header(response, name, old)
        _ = MHD_add_response_header(response, name, new)
    }

    /// Keeps `made` (taking over the caller's reference) under `key`, made for `response`; the
    /// oldest kept leaves when `capacity` are.
    func keep(_ made: OpaquePointer, under key: Key, for response: HTTPResponse) {
        guard let prepared = response.prepared else {
            MHD_destroy_response(made)
            return
        }
        var body: SharedBytes?
        if case .shared(let shared) = response.body { body = shared }
        let kept = Kept(key: key, response: made, prepared: prepared, body: body)
        kept.requestId = response.requestId
        kept.variableField = response.variableField
        if let found = index[key] {
            // Not found by `reuse` (no id then): replaced.
            MHD_destroy_response(slots[found].response)
            slots[found] = kept
        } else if slots.count < capacity {
            index[key] = slots.count
            slots.append(kept)
        } else {
            let leaving = slots[next]
            index[leaving.key] = nil
            MHD_destroy_response(leaving.response)
            slots[next] = kept
            index[key] = next
            next = (next + 1) % capacity
        }
        last = kept
    }

    /// Drops every kept response (the server stopped: its threads are joined).
    func releaseAll() {
        for kept in slots { MHD_destroy_response(kept.response) }
        slots = []
        index = [:]
        next = 0
        last = nil
    }
}
