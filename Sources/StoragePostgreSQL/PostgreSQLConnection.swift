import CLibPQ
import Glibc
import StorageCore

/// One libpq connection: finished on deinit, statements prepared once and reused, and every
/// result read through one `check` that turns a failure into a `StorageError` carrying the
/// SQLSTATE and the server's message (without the password). The server's notices go to the
/// store's log (`PostgreSQLNoticeBridge`), never to stderr as libpq would print them.
///
/// `@unchecked Sendable` because a `PGconn` is not thread-safe: every instance is reachable
/// only inside a `Mutex` (the writer, one reader slot) or from the one listener thread that
/// owns it, so at most one thread uses a connection at a time.
final class PostgreSQLConnection: @unchecked Sendable {
    /// Where it connects, for messages.
    let location: PostgreSQLLocation
    /// The limits its session set when it opened.
    let timeouts: PostgreSQLTimeouts
    private let handle: OpaquePointer
    /// What the notice receiver writes to, retained for as long as libpq may call it.
    private let notices: Unmanaged<PostgreSQLNoticeBridge.Context>?
    /// Prepared statements' names, keyed by their SQL text.
    private var prepared: [String: String] = [:]
    /// How many statement names were given (each name is used once).
    private var statements = 0

    /// Connects to `location` (`database`, when given, replaces its database name), checks the
    /// connection is usable, hands the server's notices to `log` (libpq prints them on stderr
    /// otherwise) and sets `timeouts` on the session. Throws naming the server and libpq's reason.
    init(
        _ location: PostgreSQLLocation, database: String? = nil, timeouts: PostgreSQLTimeouts = .none, log: StorageLog = .discard
    ) throws(StorageError) {
        // Defaults first (`PostgreSQLConnectionDefaults`), then the location (expanded by libpq,
        // so what it names wins), then what must win.
        var keywords = PostgreSQLConnectionDefaults.parameters.map(\.keyword) + ["dbname"]
        var values = PostgreSQLConnectionDefaults.parameters.map(\.value) + [location.conninfo]
        if let database {
            keywords.append("dbname")
            values.append(database)
        }
        let connection = Self.withCStrings(keywords) { keywords in
            Self.withCStrings(values) { values in PQconnectdbParams(keywords, values, 1) }
        }
        guard let connection else { throw StorageError.postgreSQLConnection("cannot connect to PostgreSQL at \(location.server): out of memory") }
        guard PQstatus(connection) == CONNECTION_OK else {
            let reason = location.redact(Self.trimmed(String(cString: PQerrorMessage(connection))))
            PQfinish(connection)
            throw StorageError.postgreSQLConnection("cannot connect to PostgreSQL at \(location.server): \(reason)")
        }
        let notices = Unmanaged.passRetained(PostgreSQLNoticeBridge.Context(log: log, location: location))
        _ = PQsetNoticeReceiver(connection, PostgreSQLNoticeBridge.receiver, notices.toOpaque())
        self.location = location
        self.timeouts = timeouts
        self.handle = connection
        self.notices = notices
        var settings = timeouts == .none ? "" : timeouts.sessionSettings
        if !PostgreSQLConnectionDefaults.setsIdleInTransaction(Self.option("options", of: connection)) {
            let limit = PostgreSQLTimeouts.milliseconds(PostgreSQLConnectionDefaults.idleInTransaction)
            settings += (settings.isEmpty ? "" : "; ") + "SET idle_in_transaction_session_timeout = \(limit)"
        }
        if !settings.isEmpty { try run(settings) }
    }

    /// The value of the libpq parameter `keyword` the connection was made with (`keepalives_idle`).
    func parameter(_ keyword: String) -> String? {
        Self.option(keyword, of: handle)
    }

    /// The value of `keyword` the connection was made with (after the location was expanded).
    private static func option(_ keyword: String, of connection: OpaquePointer) -> String? {
        guard let options = PQconninfo(connection) else { return nil }
        defer { PQconninfoFree(options) }
        var option = options
        while let name = option.pointee.keyword {
            if String(cString: name) == keyword { return option.pointee.val.map { String(cString: $0) } }
            option += 1
        }
        return nil
    }

    deinit {
        PQfinish(handle)
        notices?.release()
    }

    /// Whether the connection still works, as far as libpq knows.
    var isOpen: Bool { PQstatus(handle) == CONNECTION_OK }

    /// The socket, for waiting on notifications.
    var socket: Int32 { PQsocket(handle) }

    /// Waits up to `milliseconds` for the server to send something (a notification).
    func waitForInput(milliseconds: Int32) {
        _ = qa_pq_wait_readable(PQsocket(handle), milliseconds)
    }

    /// Reads what the server sent and returns the payloads of the notifications received.
    func notifications() throws(StorageError) -> [String] {
        guard PQconsumeInput(handle) == 1 else { throw failure() }
        var payloads: [String] = []
        while let notification = PQnotifies(handle) {
            payloads.append(String(cString: notification.pointee.extra))
            PQfreemem(notification)
        }
        // A closed socket reads as "nothing new": ask the server, so a lost connection shows.
        if payloads.isEmpty && !isOpen { throw failure() }
        return payloads
    }

    /// Sends `sql` (constants of this module only) without waiting for its results: they are
    /// read by `readAvailable(queryPending:)`, beside the notifications.
    func sendQuery(_ sql: String) throws(StorageError) {
        guard PQsendQuery(handle, sql) == 1 else { throw failure() }
    }

    /// Reads what the server sent without waiting: the notifications' payloads and, when a query
    /// sent with `sendQuery` is pending and all its results are in, how it ended (nil while it
    /// runs). Throws when the connection is lost.
    func readAvailable(queryPending: Bool) throws(StorageError) -> (payloads: [String], query: Result<Void, StorageError>?) {
        guard PQconsumeInput(handle) == 1 else { throw failure() }
        var outcome: Result<Void, StorageError>?
        var queryFailure: StorageError?
        while queryPending && outcome == nil && PQisBusy(handle) == 0 {
            guard let result = PQgetResult(handle) else {
                outcome = queryFailure.map { .failure($0) } ?? .success(())
                break
            }
            do {
                _ = try check(result, sql: "")
            } catch {
                if error.isPostgreSQLConnectionLoss || !isOpen { throw error }
                queryFailure = queryFailure ?? error
            }
        }
        var payloads: [String] = []
        while let notification = PQnotifies(handle) {
            payloads.append(String(cString: notification.pointee.extra))
            PQfreemem(notification)
        }
        if payloads.isEmpty && outcome == nil && !isOpen { throw failure() }
        return (payloads, outcome)
    }

    /// Runs `sql` with `values` bound (a prepared statement, made on first use); returns its
    /// result in binary format.
    @discardableResult
    func execute(_ sql: String, _ values: [PostgreSQLValue] = []) throws(StorageError) -> PostgreSQLResult {
        let name = try statement(sql, types: values.map(\.type))
        let result = Self.withParameters(values) { count, pointers, lengths, formats in
            PQexecPrepared(handle, name, count, pointers, lengths, formats, 1)
        }
        return try check(result, sql: sql)
    }

    /// Runs `body` with `values` as libpq's parameter arrays (count, values, lengths, formats).
    private static func withParameters<Result>(
        _ values: [PostgreSQLValue], _ body: (Int32, [UnsafePointer<CChar>?], [Int32], [Int32]) -> Result
    ) -> Result {
        let encoded = values.map(\.encoded)
        var buffer: [UInt8] = []
        var offsets: [Int?] = []
        for bytes in encoded {
            offsets.append(
                bytes.map { bytes in
                    defer {
                        buffer.append(contentsOf: bytes)
                        buffer.append(0)
                    }
                    return buffer.count
                })
        }
        buffer.append(0)
        let lengths = encoded.map { Int32($0?.count ?? 0) }
        let formats = values.map(\.format)
        return buffer.withUnsafeBufferPointer { buffer -> Result in
            let base = UnsafeRawPointer(buffer.baseAddress)
            let pointers = offsets.map { offset -> UnsafePointer<CChar>? in
                guard let offset, let base else { return nil }
                return (base + offset).assumingMemoryBound(to: CChar.self)
            }
            return body(Int32(values.count), pointers, lengths, formats)
        }
    }

    /// Runs `sql` (one or more statements without parameters: schema, transaction control,
    /// constants written in this module, never text from a request).
    func run(_ sql: String) throws(StorageError) {
        _ = try check(PQexec(handle, sql), sql: sql)
    }

    /// The name of the prepared statement for `sql`, preparing it on first use.
    private func statement(_ sql: String, types: [Oid]) throws(StorageError) -> String {
        if let name = prepared[sql] { return name }
        statements += 1
        let name = "q\(statements)"
        _ = try check(PQprepare(handle, name, sql, Int32(types.count), types), sql: sql)
        prepared[sql] = name
        return name
    }

    /// Enters libpq's pipeline mode: statements are then sent (`send`) without waiting for the
    /// results of those before them, which come back in order (`nextPipelineEvent`).
    func enterPipeline() throws(StorageError) {
        guard PQenterPipelineMode(handle) == 1 else { throw failure() }
    }

    /// Leaves pipeline mode, once every result sent for was read.
    func exitPipeline() throws(StorageError) {
        guard PQexitPipelineMode(handle) == 1 else { throw failure() }
    }

    /// Queues `sql` with `values` bound in pipeline mode, after a prepare of it (in the
    /// pipeline too) on its first use; true when it queued that prepare, whose results then
    /// come first. Nothing is sent before `sync()`.
    func send(_ sql: String, _ values: [PostgreSQLValue]) throws(StorageError) -> Bool {
        var preparing = false
        let name: String
        if let known = prepared[sql] {
            name = known
        } else {
            statements += 1
            name = "q\(statements)"
            let types = values.map(\.type)
            guard PQsendPrepare(handle, name, sql, Int32(types.count), types) == 1 else { throw failure() }
            prepared[sql] = name
            preparing = true
        }
        let sent = Self.withParameters(values) { count, pointers, lengths, formats in
            PQsendQueryPrepared(handle, name, count, pointers, lengths, formats, 1)
        }
        guard sent == 1 else { throw failure() }
        return preparing
    }

    /// Forgets that `sql` is prepared (its prepare, sent in a pipeline, failed).
    func forgetStatement(_ sql: String) {
        prepared[sql] = nil
    }

    /// Ends what was queued since the last sync point with one and sends it all: the server
    /// commits the implicit transaction of those statements when it reaches the sync point (or
    /// rolls it back after an error in one of them), then reports `.sync`.
    func sync() throws(StorageError) {
        guard PQpipelineSync(handle) == 1 else { throw failure() }
    }

    /// Reads what the server sent so far, without waiting.
    func readInput() throws(StorageError) {
        guard PQconsumeInput(handle) == 1 else { throw failure() }
    }

    /// The pipeline's next event when it has arrived (after `readInput`); nil when it has not.
    /// Throws when the connection is lost or the server is shutting down.
    func nextPipelineEvent() throws(StorageError) -> PostgreSQLPipelineEvent? {
        guard PQisBusy(handle) == 0 else { return nil }
        guard let result = PQgetResult(handle) else { return .endOfStatement }
        let status = PQresultStatus(result)
        if status == PGRES_PIPELINE_SYNC || status == PGRES_PIPELINE_ABORTED {
            PQclear(result)
            return status == PGRES_PIPELINE_SYNC ? .sync : .aborted
        }
        do {
            return .result(try check(result, sql: ""))
        } catch {
            if error.isPostgreSQLConnectionLoss || !isOpen { throw error }
            return .failed(error)
        }
    }

    /// Waits up to `milliseconds` for the server to send something or `wakeup` to be signalled.
    func waitForInput(orWakeup wakeup: PostgreSQLWakeup, milliseconds: Int32) {
        _ = qa_pq_wait_either(PQsocket(handle), wakeup.descriptor, milliseconds)
    }

    /// Returns `result` when the statement succeeded; otherwise clears it and throws an error
    /// with the SQLSTATE and PostgreSQL's message.
    func check(_ result: OpaquePointer?, sql: String) throws(StorageError) -> PostgreSQLResult {
        guard let result else { throw failure() }
        let status = PQresultStatus(result)
        if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK { return PostgreSQLResult(result) }
        defer { PQclear(result) }
        let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
        let message = PQresultErrorMessage(result).map { Self.trimmed(String(cString: $0)) } ?? ""
        guard let state, isOpen else { throw failure(message) }
        throw StorageError.postgreSQL(state: state, message: "PostgreSQL at \(location.server): \(location.redact(message))")
    }

    /// The error for a statement that got no answer from the server (no SQLSTATE): libpq lost
    /// the connection, whether or not its status says so yet.
    private func failure(_ message: String = "") -> StorageError {
        let reason = message.isEmpty ? Self.trimmed(String(cString: PQerrorMessage(handle))) : message
        return StorageError.postgreSQLConnection("PostgreSQL at \(location.server): \(location.redact(reason))")
    }

    /// `text` without the newline libpq ends its messages with, on one line.
    static func trimmed(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { line in
            line.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
        }.map { String($0) }.joined(separator: " ")
    }

    /// Runs `body` with `strings` as an array of C strings ending in NULL.
    private static func withCStrings<Result>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> Result) -> Result {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return body(copies.map { UnsafePointer($0) } + [nil])
    }
}
