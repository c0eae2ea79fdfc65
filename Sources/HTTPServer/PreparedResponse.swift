/// A response made once and sent many times, unchanged but for its X-Request-Id (and a
/// variable field): the one kind of response the transport may reuse (see `ThreadResponses`).
/// Without a body it may also be a template, sent with many bodies (`HTTPResponse(_:body:)`).
///
/// Its header fields are laid out once as the C strings libmicrohttpd takes, and its body is
/// shared bytes libmicrohttpd sends from directly. Invariant, held by construction (every
/// property is a `let`): what a thread made for this object (and a template's body) is right
/// for every response made from it, so reuse is keyed on this object (and that body) alone.
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
