import QuickActions

/// The answer stored under an `Idempotency-Key`, replayed for a retry.
public struct StoredAnswer: Sendable, Equatable {
    /// The key.
    public var key: String
    /// Digest of the request that first used the key.
    public var requestDigest: String
    /// The answer's status.
    public var status: Int
    /// The answer's body.
    public var body: [UInt8]
    /// When it was stored.
    public var createdAt: Timestamp

    /// Creates a stored answer.
    public init(key: String, requestDigest: String, status: Int, body: [UInt8], createdAt: Timestamp) {
        self.key = key
        self.requestDigest = requestDigest
        self.status = status
        self.body = body
        self.createdAt = createdAt
    }
}
