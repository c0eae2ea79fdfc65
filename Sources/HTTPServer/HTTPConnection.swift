/// The connection a request arrived on, lent to the handler while it answers (see
/// `HTTPRequestHandler.handle(_:on:)`). Noncopyable and only ever borrowed: it cannot outlive
/// the call, so it holds the connection without retaining anything.
///
/// What the handler may do with it: attribute the connection to an owner (an account), so that
/// no owner holds more than its share of the server's connections
/// (`HTTPServerConfiguration.maxConnectionsPerOwner`).
public struct HTTPConnection: ~Copyable {
    private let connection: OpaquePointer?
    private let server: Unmanaged<ServerContext>?

    init(_ connection: OpaquePointer, server: Unmanaged<ServerContext>) {
        self.connection = connection
        self.server = server
    }

    private init() {
        connection = nil
        server = nil
    }

    /// No connection: a request handled in-process (tests). It is never refused.
    public static var detached: HTTPConnection { HTTPConnection() }

    /// The most connections one owner may hold, when the server sets a share.
    public var share: Int? {
        server?._withUnsafeGuaranteedRef { $0.owners?.share }
    }

    /// Attributes the connection to `owner`, once: a connection counts for the owner of the first
    /// request that attributes it, until it closes, whoever sends on it later. False when the
    /// connection is not attributed yet and `owner` already holds its share of connections:
    /// refuse the request and close the connection. Costs one field compare once attributed.
    public func attribute(to owner: Int64) -> Bool {
        guard let connection, let server else { return true }
        return server._withUnsafeGuaranteedRef { server in
            guard let owners = server.owners else { return true }
            return ConnectionState.with(connection) { state in
                guard let state else { return true }
                if state.owner != nil { return true }
                guard owners.admit(owner) else { return false }
                state.owner = owner
                return true
            }
        }
    }
}
