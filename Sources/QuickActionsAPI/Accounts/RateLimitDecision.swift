import HTTPServer

/// What `RateLimiter.take` decided for one request, and the headers that say so
/// (draft-ietf-httpapi-ratelimit-headers-11: `RateLimit-Policy`, `RateLimit`; `Retry-After` on a refusal).
public struct RateLimitDecision: Sendable, Equatable {
    /// Whether the request may proceed (it took a token).
    public var allowed: Bool
    /// The policy's quota: tokens the bucket holds, and refills per second.
    public var limit: Int
    /// Tokens left after this request (0 when refused).
    public var remaining: Int
    /// The `t` of `RateLimit`: whole seconds until the bucket is full again, or, with none
    /// left, until the next token (at least 1).
    public var resetSeconds: Int
    /// Whole seconds until a token is available (at least 1); nil when allowed.
    public var retryAfterSeconds: Int?

    /// Creates a decision.
    public init(allowed: Bool, limit: Int, remaining: Int, resetSeconds: Int, retryAfterSeconds: Int?) {
        self.allowed = allowed
        self.limit = limit
        self.remaining = remaining
        self.resetSeconds = resetSeconds
        self.retryAfterSeconds = retryAfterSeconds
    }

    /// `RateLimit-Policy`: one policy named "default", `limit` requests in a 1-second window.
    public var policyHeader: String { "\"default\";q=\(limit);w=1" }

    /// `RateLimit`: the tokens left under "default" and `resetSeconds`.
    public var rateLimitHeader: String { "\"default\";r=\(remaining);t=\(resetSeconds)" }

    /// Adds `RateLimit-Policy`, `RateLimit` and, on a refusal, `Retry-After` to `headers`.
    public func addHeaders(to headers: inout HTTPHeaders) {
        headers.set("RateLimit-Policy", policyHeader)
        headers.set("RateLimit", rateLimitHeader)
        if let retryAfterSeconds { headers.set("Retry-After", String(retryAfterSeconds)) }
    }

    /// The 429 problem for a refusal (with its three headers); nil when allowed.
    public var problem: Problem? {
        guard !allowed, let retryAfterSeconds else { return nil }
        var headers = HTTPHeaders()
        addHeaders(to: &headers)
        let unit = retryAfterSeconds == 1 ? "second" : "seconds"
        return Problem(
            .rateLimited, detail: "This account may make \(limit) requests per second and has none left; retry after \(retryAfterSeconds) \(unit).",
            headers: headers)
    }
}
