import CMicroHTTPD
import Glibc
import Sharding

/// The C callbacks libmicrohttpd calls, as `static let`s of a nonisolated type: a callback
/// written at top level in `main.swift` would be main-actor isolated and trap on MHD's threads.
/// Nothing thrown crosses into C: the handler protocol cannot throw.
enum MHDBridge {
    /// Called once the request line is read, with the raw (undecoded) target, on the HTTP thread
    /// that serves the request: it claims its rows there (a no-op after its first request).
    /// Its result becomes the request's `con_cls`.
    static let requestStarted: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = {
        cls, uri, connection in
        guard let cls else { return nil }
        Unmanaged<ServerContext>.fromOpaque(cls)._withUnsafeGuaranteedRef { server in
            server.threadRows.claim()
            RequestID.threadRows.claim()
            server.inFlight.add(1)
        }
        guard let uri else { return Unmanaged.passRetained(RequestContext(target: "/")).toOpaque() }
        if let connection, let last = ConnectionState.with(connection, { $0?.lastTarget }), last.isTarget(uri) {
            return Unmanaged.passRetained(RequestContext(parsed: last)).toOpaque()
        }
        return Unmanaged.passRetained(RequestContext(target: String(cString: uri))).toOpaque()
    }

    /// Frees the per-request state; runs for completed and aborted requests alike.
    static let requestCompleted: MHD_RequestCompletedCallback = { cls, _, conCls, _ in
        guard let conCls, let raw = conCls.pointee else { return }
        let deferred = Unmanaged<RequestContext>.fromOpaque(raw).takeRetainedValue().deferred
        conCls.pointee = nil
        if let cls {
            Unmanaged<ServerContext>.fromOpaque(cls)._withUnsafeGuaranteedRef { server in
                if let deferred { server.parked.remove(deferred) }
                server.inFlight.add(-1)
            }
        }
    }

    /// A connection was accepted or closed: make or free what it keeps between requests.
    static let connectionEvent: MHD_NotifyConnectionCallback = { cls, connection, socketContext, code in
        guard let cls, let socketContext else { return }
        let server = Unmanaged<ServerContext>.fromOpaque(cls).takeUnretainedValue()
        switch code {
        case .CONNECTION_NOTIFY_STARTED:
            let open = server.openConnections.add(1, ordering: .relaxed).newValue
            let overLimit = open > server.maxConnections
            // A connection in the reserve that sends nothing is not kept waiting for long.
            if overLimit, let connection { _ = qa_mhd_set_connection_timeout(connection, 2) }
            socketContext.pointee = Unmanaged.passRetained(ConnectionState(overLimit: overLimit)).toOpaque()
        case .CONNECTION_NOTIFY_CLOSED:
            guard let raw = socketContext.pointee else { return }
            socketContext.pointee = nil
            server.openConnections.subtract(1, ordering: .relaxed)
            let state = Unmanaged<ConnectionState>.fromOpaque(raw).takeRetainedValue()
            if let owner = state.owner { server.owners?.release(owner) }
            state.release()
        default:
            return
        }
    }

    /// Releases a shared body once libmicrohttpd no longer needs its bytes.
    static let releaseShared: MHD_ContentReaderFreeCallback = { cls in
        guard let cls else { return }
        Unmanaged<SharedBytes>.fromOpaque(cls).release()
    }

    /// Hands buffered stream bytes to libmicrohttpd (or parks the connection when there are none).
    static let readStream: MHD_ContentReaderCallback = { cls, _, buffer, max in
        guard let cls, let buffer else { return -2 }
        return Unmanaged<StreamingBody>.fromOpaque(cls).takeUnretainedValue().read(into: buffer, max: max)
    }

    /// The stream's response is done: mark it closed and drop our reference.
    static let releaseStream: MHD_ContentReaderFreeCallback = { cls in
        guard let cls else { return }
        let stream = Unmanaged<StreamingBody>.fromOpaque(cls)
        stream.takeUnretainedValue().finished()
        stream.release()
    }

    /// The access handler (see `handle`): the first call reads the head and answers nothing,
    /// middle calls take body chunks, the last call (no data) answers.
    static let access: MHD_AccessHandlerCallback = { cls, connection, _, method, version, uploadData, uploadDataSize, conCls in
        guard let cls, let connection, let conCls, let raw = conCls.pointee else { return .NO }
        // Borrowed, not retained: both outlive the call, and the server context is shared by
        // every HTTP thread, so a retain and release per call would pass its cache line
        // between cores on every request.
        return Unmanaged<ServerContext>.fromOpaque(cls)._withUnsafeGuaranteedRef { server in
            Unmanaged<RequestContext>.fromOpaque(raw)._withUnsafeGuaranteedRef { context in
                handle(
                    server: server, context: context, connection: connection, method: method, version: version, uploadData: uploadData,
                    uploadDataSize: uploadDataSize)
            }
        }
    }

    /// One access-handler call for the request `context`: the first reads the head, the calls
    /// with upload data collect the body, and the call without data answers.
    private static func handle(
        server: ServerContext, context: RequestContext, connection: OpaquePointer, method: UnsafePointer<CChar>?,
        version: UnsafePointer<CChar>?, uploadData: UnsafePointer<CChar>?, uploadDataSize: UnsafeMutablePointer<Int>?
    ) -> MHD_Result {
        if !context.sawHead {
            return startRequest(server: server, context: context, connection: connection, method: method, version: version)
        }
        if let uploadDataSize, uploadDataSize.pointee > 0 {
            return collectBody(server: server, context: context, uploadData: uploadData, uploadDataSize: uploadDataSize)
        }
        return finishRequest(server: server, context: context, connection: connection)
    }

    /// The first call: copies the head out of libmicrohttpd into `context` and refuses at once
    /// what must not be read further. Otherwise it answers nothing, so the connection stays
    /// alive (libmicrohttpd 0.9.75 closes one answered on the first call).
    private static func startRequest(
        server: ServerContext, context: RequestContext, connection: OpaquePointer, method: UnsafePointer<CChar>?,
        version: UnsafePointer<CChar>?
    ) -> MHD_Result {
        context.sawHead = true
        context.method = method.map(methodName) ?? ""
        readHeaders(of: connection, version: version, into: context)
        if let refusal = headRefusal(server: server, context: context, connection: connection) {
            return reject(refusal, context: context, server: server, connection: connection)
        }
        if context.hasContentLength { context.body.reserveCapacity(context.declaredLength ?? 0) }
        return .YES
    }

    /// Why the request whose head `context` holds is refused before its body, if it is.
    private static func headRefusal(server: ServerContext, context: RequestContext, connection: OpaquePointer) -> HTTPTransportError? {
        // libmicrohttpd's own cap is its memory pool, a little larger than our limit.
        if context.headBytes > server.maxHeaderBytes { return .headersTooLarge(limit: server.maxHeaderBytes) }
        // A request begun after stop() started (its connection was kept alive) is refused at
        // once: one deferred or streamed now would be parked when libmicrohttpd stops, which
        // it answers with abort() ("called while we have suspended connections").
        if server.stopping.load(ordering: .sequentiallyConsistent) { return .shuttingDown }
        if ConnectionState.with(connection, { $0?.overLimit == true }) { return .overLimit(connections: server.maxConnections) }
        if let failure = context.headFailure() { return failure }
        // A length too big for Int is too big for us: refuse before reading any of it.
        if context.hasContentLength, (context.declaredLength ?? Int.max) > server.maxBodyBytes {
            return .bodyTooLarge(limit: server.maxBodyBytes)
        }
        return nil
    }

    /// A middle call: appends the chunk to the body and marks it consumed. A body over the limit
    /// is dropped and the rest discarded as it arrives, to be refused on the last call:
    /// libmicrohttpd 0.9.75 cannot queue a response in the middle of a body (a chunked body
    /// has no declared length to refuse on the first call).
    private static func collectBody(
        server: ServerContext, context: RequestContext, uploadData: UnsafePointer<CChar>?, uploadDataSize: UnsafeMutablePointer<Int>
    ) -> MHD_Result {
        let size = uploadDataSize.pointee
        uploadDataSize.pointee = 0
        if context.rejection != nil { return .YES }
        guard context.body.count + size <= server.maxBodyBytes else {
            context.body = []
            context.rejection = .bodyTooLarge(limit: server.maxBodyBytes)
            return .YES
        }
        if let uploadData {
            uploadData.withMemoryRebound(to: UInt8.self, capacity: size) { bytes in
                context.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: size))
            }
        }
        return .YES
    }

    /// The last call (and any call after a deferred response woke the connection): answers the
    /// refusal noted on a middle call, the deferred response once it is ready, or the handler's.
    private static func finishRequest(server: ServerContext, context: RequestContext, connection: OpaquePointer) -> MHD_Result {
        if let rejection = context.rejection {
            return reject(rejection, context: context, server: server, connection: connection)
        }
        if let deferred = context.deferred {
            return answer(deferred, context: context, server: server, connection: connection)
        }
        let response = dispatch(server: server, context: context, connection: connection)
        if let deferred = response.deferred {
            context.deferred = deferred
            // Known before it may park: stop() answers whatever is still parked after its grace.
            server.parked.add(deferred)
            return answer(deferred, context: context, server: server, connection: connection)
        }
        // Most answers are not to HEAD: queued as they are, not copied through `headOnly`.
        guard context.method == "HEAD" else { return queue(response, on: connection, server: server) }
        return queue(headOnly(response, method: context.method), on: connection, server: server)
    }

    /// Queues `deferred`'s response when it is ready; otherwise suspends the connection until it is.
    private static func answer(_ deferred: DeferredResponse, context: RequestContext, server: ServerContext, connection: OpaquePointer) -> MHD_Result
    {
        guard let ready = deferred.responseOrSuspend(connection) else { return .YES }
        guard context.method == "HEAD" else { return queue(ready, on: connection, server: server) }
        return queue(headOnly(ready, method: context.method), on: connection, server: server)
    }

    /// The handler's response to the request `context` holds, or its refusal of a target that
    /// does not parse.
    private static func dispatch(server: ServerContext, context: RequestContext, connection: OpaquePointer) -> HTTPResponse {
        do throws(RequestTargetError) {
            let parsed: ParsedTarget
            if let known = context.parsed {
                parsed = known
            } else {
                parsed = try ParsedTarget(context.target)
                ConnectionState.with(connection) { $0?.lastTarget = parsed }
            }
            let request = HTTPRequest(
                method: context.method, parsed: parsed, headers: RequestHeaders(packed: context.headers), body: context.body,
                startedAt: context.startedAt)
            return server.handler.handle(request, on: HTTPConnection(connection, server: Unmanaged.passUnretained(server)))
        } catch {
            return server.handler.reject(.badTarget(error), method: context.method, target: context.target, startedAt: context.startedAt)
        }
    }

    /// `response` as sent for `method`: libmicrohttpd 0.9.75 ends a chunked body with
    /// `0\r\n\r\n` even for HEAD, which the client would read as the start of its next
    /// response, so a streamed answer to HEAD is sent as its head only.
    private static func headOnly(_ response: HTTPResponse, method: String) -> HTTPResponse {
        guard method == "HEAD", case .stream(let stream) = response.body else { return response }
        stream.close()
        var response = response
        response.body = .empty
        return response
    }

    /// The request method as a string; the usual ones are string literals, made without decoding.
    static func methodName(_ method: UnsafePointer<CChar>) -> String {
        if strcmp(method, "GET") == 0 { return "GET" }
        if strcmp(method, "POST") == 0 { return "POST" }
        if strcmp(method, "HEAD") == 0 { return "HEAD" }
        if strcmp(method, "PATCH") == 0 { return "PATCH" }
        if strcmp(method, "DELETE") == 0 { return "DELETE" }
        return String(cString: method)
    }

    /// The HTTP version as sent; the usual ones are string literals.
    static func httpVersion(_ version: UnsafePointer<CChar>) -> String {
        if strcmp(version, "HTTP/1.1") == 0 { return "HTTP/1.1" }
        if strcmp(version, "HTTP/1.0") == 0 { return "HTTP/1.0" }
        return String(cString: version)
    }

    /// Copies the request's header fields out of libmicrohttpd in one buffer, without making a
    /// string per field, and notes what framing needs to know of them.
    private static func readHeaders(of connection: OpaquePointer, version: UnsafePointer<CChar>?, into context: RequestContext) {
        var summary = qa_header_summary()
        qa_mhd_summarize_headers(connection, &summary)
        let packed = PackedHeaderFields(count: summary.packed_bytes) { buffer in
            buffer.baseAddress.map { qa_mhd_copy_headers(connection, $0.assumingMemoryBound(to: UInt8.self), buffer.count) } ?? 0
        }
        var check = RequestHeadCheck()
        check.version = version.map(httpVersion) ?? ""
        check.contentLengths = Int(summary.content_lengths)
        check.firstContentLength = summary.content_length.map {
            String(decoding: UnsafeRawBufferPointer(start: $0, count: summary.content_length_size), as: UTF8.self)
        }
        check.transferEncodings = Int(summary.transfer_encodings)
        check.firstTransferEncoding = summary.transfer_encoding.map {
            String(decoding: UnsafeRawBufferPointer(start: $0, count: summary.transfer_encoding_size), as: UTF8.self)
        }
        check.hosts = Int(summary.hosts)
        check.authorizations = Int(summary.authorizations)
        check.badNames = Int(summary.bad_names)
        check.folded = Int(summary.folded)
        context.setHead(headers: packed, fieldBytes: summary.head_bytes, check: check)
    }

    private static func reject(
        _ error: HTTPTransportError, context: RequestContext, server: ServerContext, connection: OpaquePointer
    ) -> MHD_Result {
        context.rejection = error
        var response = server.handler.reject(error, method: context.method, target: context.target, startedAt: context.startedAt)
        // The rest of the request cannot be trusted or will not be read: close after answering.
        response.closeConnection = true
        return queue(response, on: connection, server: server)
    }

    private static func queue(_ response: HTTPResponse, on connection: OpaquePointer, server: ServerContext) -> MHD_Result {
        ConnectionState.with(connection) { state in
            if let state, let kept = state.reuse(for: response) {
                return MHD_queue_response(connection, UInt32(response.status), kept)
            }
            guard let made = makeResponse(response, on: connection, server: server) else { return .NO }
            let result = MHD_queue_response(connection, UInt32(response.status), made)
            if let state, let prepared = ConnectionState.keepable(response) {
                state.keep(made, for: prepared, requestId: response.requestId, variableField: response.variableField)
            } else {
                MHD_destroy_response(made)
            }
            return result
        }
    }

    /// A new libmicrohttpd response for `response`, holding one reference (the caller's).
    private static func makeResponse(_ response: HTTPResponse, on connection: OpaquePointer, server: ServerContext) -> OpaquePointer? {
        let made: OpaquePointer?
        switch response.body {
        case .empty:
            made = MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
        case .bytes(let bytes):
            made = bytes.withUnsafeBytes { buffer in
                MHD_create_response_from_buffer(buffer.count, UnsafeMutableRawPointer(mutating: buffer.baseAddress), .RESPMEM_MUST_COPY)
            }
        case .shared(let shared):
            let retained = Unmanaged.passRetained(shared).toOpaque()
            made = MHD_create_response_from_buffer_with_free_callback_cls(shared.count, shared.buffer.baseAddress, releaseShared, retained)
            if made == nil { Unmanaged<SharedBytes>.fromOpaque(retained).release() }
        case .stream(let stream):
            stream.attach(connection, registry: server.streams)
            let retained = Unmanaged.passRetained(stream).toOpaque()
            made = MHD_create_response_from_callback(UInt64.max, 4096, readStream, retained, releaseStream)
            if made == nil { Unmanaged<StreamingBody>.fromOpaque(retained).release() }
        }
        guard let made else { return nil }
        if let prepared = response.prepared {
            for field in prepared.cStrings.pairs { _ = MHD_add_response_header(made, field.name, field.value) }
        } else {
            for field in response.headers {
                // withCString borrows a native string's own bytes: no C copy per header.
                _ = field.name.withCString { name in field.value.withCString { value in MHD_add_response_header(made, name, value) } }
            }
        }
        if let field = response.variableField {
            _ = field.name.withCString { name in field.value.withCString { value in MHD_add_response_header(made, name, value) } }
        }
        if let requestId = response.requestId {
            _ = requestId.withCString { MHD_add_response_header(made, "X-Request-Id", $0) }
        }
        if response.closeConnection {
            _ = MHD_add_response_header(made, "Connection", "close")
        }
        return made
    }
}
