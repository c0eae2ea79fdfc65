import CMicroHTTPD

/// What one connection keeps between its requests: whether it was accepted past the limit.
/// (Responses are kept per thread, for every connection of the thread: see `ThreadResponses`.)
///
/// Created when libmicrohttpd accepts the connection and freed when it closes it (also at stop):
/// see `MHDBridge.connectionEvent`.
final class ConnectionState {
    /// Accepted past `--max-connections` (into the reserve): its request gets a prompt 503, and
    /// the connection is closed (see `HTTPServer`).
    let overLimit: Bool

    init(overLimit: Bool = false) {
        self.overLimit = overLimit
    }

    /// The state libmicrohttpd holds for `connection`, borrowed for the length of `body`.
    static func with<Result>(_ connection: OpaquePointer, _ body: (ConnectionState?) -> Result) -> Result {
        guard let raw = qa_mhd_socket_context(connection) else { return body(nil) }
        return Unmanaged<ConnectionState>.fromOpaque(raw)._withUnsafeGuaranteedRef { body($0) }
    }
}
