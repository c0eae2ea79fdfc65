/// Transport settings: where to listen and how much a client may ask of us.
public struct HTTPServerConfiguration: Sendable {
    /// Address to bind (`127.0.0.1`, `::1`, `0.0.0.0`, a host name).
    public var host: String
    /// Port to bind; 0 picks an ephemeral port (read it back from `HTTPServer.port`).
    public var port: Int
    /// Largest request body accepted; larger is refused with 413 before it is stored.
    public var maxBodyBytes: Int
    /// Largest request head (request line and headers) accepted.
    public var maxHeaderBytes: Int
    /// Most connections served at once; a connection past it gets a prompt 503 (see `HTTPServer`).
    public var maxConnections: Int
    /// Most connections one owner may hold (see `HTTPConnection.attribute(to:)`); nil: no share.
    /// A connection counts once the application attributes it; one that sends nothing is
    /// governed by `maxConnections` and `idleTimeoutSeconds` alone.
    public var maxConnectionsPerOwner: Int?
    /// Seconds a connection may stay silent before it is closed.
    public var idleTimeoutSeconds: Int
    /// Threads serving connections.
    public var threads: Int
    /// The most `threads` may be.
    public static let maximumThreads = 64

    /// Creates a configuration with the service's defaults.
    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        maxBodyBytes: Int = 1 << 20,
        maxHeaderBytes: Int = 16 << 10,
        maxConnections: Int = 4096,
        maxConnectionsPerOwner: Int? = nil,
        idleTimeoutSeconds: Int = 30,
        threads: Int = 2
    ) {
        self.host = host
        self.port = port
        self.maxBodyBytes = maxBodyBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxConnections = maxConnections
        self.maxConnectionsPerOwner = maxConnectionsPerOwner
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.threads = threads
    }
}
