import StorageCore
import Synchronization

/// One connection slot that re-establishes its connection after a loss: the first attempt at
/// once, then as the store's `PostgreSQLBackoff` allows (50 ms doubling up to 2 s). Meanwhile every use throws
/// `StorageError(.unavailable)` at once with the last attempt's reason, without waiting for the
/// server, so a request during an outage gets its 503 promptly and readiness reports the outage.
final class PostgreSQLSession: Sendable {
    private struct State {
        var connection: PostgreSQLConnection?
    }

    private let state = Mutex(State())
    private let connector: PostgreSQLConnector
    /// Runs on every new connection before its first use (the listener's `LISTEN`).
    private let opened: (@Sendable (PostgreSQLConnection) throws(StorageError) -> Void)?

    /// A slot for the connections `connector` makes, holding `first` to begin with when given.
    init(
        _ connector: PostgreSQLConnector, first: PostgreSQLConnection? = nil,
        opened: (@Sendable (PostgreSQLConnection) throws(StorageError) -> Void)? = nil
    ) {
        self.connector = connector
        self.opened = opened
        state.withLock { $0.connection = first }
    }

    /// Runs `body` with the slot's connection, reconnecting first when it was lost. When
    /// `body` fails because the connection broke and `retry` is set (the body is safe to run
    /// twice: a read, or a write that did not reach the server), it runs once more on a
    /// new connection, so the first request after a server restart does not fail.
    func use<Result: Sendable>(retry: Bool = true, _ body: (PostgreSQLConnection) throws(StorageError) -> Result) throws(StorageError) -> Result {
        try state.withLock { (state) throws(StorageError) -> Result in try run(&state, retry: retry, body) }
    }

    /// `use(retry:_:)` when no other thread holds the slot; nil (without running `body`) when one does.
    func useIfIdle<Result: Sendable>(_ body: (PostgreSQLConnection) throws(StorageError) -> Result) throws(StorageError) -> Result? {
        try state.withLockIfAvailable { (state) throws(StorageError) -> Result in try run(&state, retry: true, body) }
    }

    private func run<Result: Sendable>(
        _ state: inout State, retry: Bool, _ body: (PostgreSQLConnection) throws(StorageError) -> Result
    ) throws(StorageError) -> Result {
        let connection = try connected(&state)
        do {
            return try body(connection)
        } catch {
            guard !connection.isOpen || error.isPostgreSQLConnectionLoss else { throw error }
            state.connection = nil
            guard retry else { throw error }
            let again = try connected(&state)
            do {
                return try body(again)
            } catch {
                if !again.isOpen || error.isPostgreSQLConnectionLoss { state.connection = nil }
                throw error
            }
        }
    }

    /// Whether the slot holds a working connection now (without trying to make one).
    var isConnected: Bool {
        state.withLock { $0.connection?.isOpen ?? false }
    }

    /// Drops the connection (the next use reconnects).
    func disconnect() {
        state.withLock { $0.connection = nil }
    }

    /// The open connection, or a new one when the backoff allows an attempt.
    private func connected(_ state: inout State) throws(StorageError) -> PostgreSQLConnection {
        if let connection = state.connection, connection.isOpen { return connection }
        state.connection = nil
        guard connector.backoff.allowsAttempt else { throw connector.unreachable() }
        let opened = opened
        let connection = try connector.connect { (connection) throws(StorageError) in try opened?(connection) }
        state.connection = connection
        return connection
    }
}
