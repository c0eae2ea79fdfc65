/// A response made once and sent many times, unchanged but for its X-Request-Id: the one kind
/// of response the transport may reuse (see `ConnectionState`).
///
/// Its header fields are laid out once as the C strings libmicrohttpd takes, and its body is
/// shared bytes libmicrohttpd sends from directly. Invariant, held by construction (every
/// property is a `let`): what a connection made for this object is right for every response
/// made from it, so reuse is keyed on this object alone. A `PreparedResponse` may be queued on
/// many connections because libmicrohttpd drops its reference to a response once it is sent,
/// before it reads the next request on that connection.
public final class PreparedResponse: Sendable {
    /// The status code.
    public let status: Int
    /// The header fields (the transport adds `Content-Length`, `Date` and the request's id).
    public let headers: HTTPHeaders
    /// The body, or nil for none.
    public let body: SharedBytes?
    /// `headers` as C strings, made once.
    let cStrings: HeaderCStrings

    /// Prepares a response of `status` with `headers` and `body`.
    public init(status: Int, headers: HTTPHeaders, body: SharedBytes? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        cStrings = HeaderCStrings(headers.fields)
    }
}
