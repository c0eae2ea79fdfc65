import Dispatch
import Foundation
import QuickActions
import StorageCore
import Synchronization

/// The instance's ear on the other instances: one connection of its own that `LISTEN`s on
/// `PostgreSQLChangeNotice.channel`, waited on by a thread of its own (a `PGconn` is not thread-safe).
///
/// For each notice of another instance (its own are skipped: they carry its id):
/// - a contact change publishes a re-read of that account on `changes` (a change with
///   neither before nor after), once per account per wake-up however many arrived;
/// - a trigger is published on `remoteTriggers` (its account, once per wake-up): the event
///   streams read it from the log, in id order;
/// - a replaced token or a deleted account is published on `accountChanges`.
///
/// The same connection carries the heartbeat (`PostgreSQLHeartbeat`): a small query every
/// 500 ms, whose answers readiness reads. A connection whose heartbeat goes unanswered for
/// `PostgreSQLHeartbeat.silenceLimit` is given up as lost, as is one libpq reports broken (a
/// reset, or the keepalives of `PostgreSQLConnectionDefaults`): a network that drops packets
/// silently cannot hide a lost feed for longer than that.
///
/// While the connection is lost, `feed` says so (the API ends its event streams and marks the
/// lists it serves as stale). It is re-established with the session's backoff. Notices sent
/// while it was down are lost, so after each reconnection `AccountChange.everything` is
/// published: the API drops its cached tokens and lists and ends its event streams, whose
/// clients resume with `Last-Event-ID` and get the gap's triggers from the log; every list
/// cached is read again.
final class PostgreSQLListener: Sendable {
    private let database: PostgreSQLDatabase
    private let worker: PostgreSQLSessionThread
    /// How many connections the session has opened (each one after the first follows a gap).
    private let connections = PostgreSQLConnectionCount()

    /// A listener for `database`, on a connection of its own.
    init(database: PostgreSQLDatabase) {
        self.database = database
        let connections = connections
        let session = PostgreSQLSession(database.connector) { (connection) throws(StorageError) in
            try connection.run("LISTEN \(PostgreSQLChangeNotice.channel)")
            // Named apart in pg_stat_activity, whose `query` shows the heartbeat, not the LISTEN.
            try connection.run("SELECT set_config('application_name', current_setting('application_name') || ' (listener)', false)")
            connections.value.add(1, ordering: .relaxed)
        }
        worker = PostgreSQLSessionThread(session: session)
    }

    /// Connects and `LISTEN`s (before the store is handed out, so no notice of a change made
    /// after it opened is missed), then waits for notices on a thread of its own (not a
    /// Dispatch worker: it blocks in `poll` for good, and Dispatch's pool is shared with the
    /// writer's completions).
    func start() throws(StorageError) {
        try worker.session.use(retry: false) { _ throws(StorageError) in }
        database.heartbeat.connected()
        worker.start(name: "qa-pg-listener") { [self] in run() }
    }

    /// Stops the thread (within about 200 ms) and closes the connection.
    func stop() {
        worker.stop()
    }

    private func run() {
        var seen = connections.value.load(ordering: .relaxed)
        let heartbeat = database.heartbeat
        let probe = PostgreSQLDatabase.probe(database.connector.timeouts)
        while !worker.isStopped {
            do {
                let payloads = try worker.session.use(retry: false) { (connection) throws(StorageError) -> [String] in
                    if heartbeat.isDue {
                        try connection.sendQuery(probe)
                        heartbeat.sent()
                    }
                    connection.waitForInput(milliseconds: 100)
                    let input = try connection.readAvailable(queryPending: heartbeat.inFlight)
                    switch input.query {
                    case .success?: heartbeat.answered(nil)
                    case .failure(let failure)?: heartbeat.answered(failure)
                    case nil: break
                    }
                    if heartbeat.isSilent { throw StorageError.postgreSQLConnection("PostgreSQL did not answer the heartbeat in time") }
                    return input.payloads
                }
                let opened = connections.value.load(ordering: .relaxed)
                if opened != seen {
                    seen = opened
                    heartbeat.connected()
                    database.feed.markLive()
                    resynchronize()
                }
                // This instance's own notices (every write it commits) are skipped before they are parsed.
                let own = database.instance + ":"
                let others = payloads.lazy.filter { !$0.hasPrefix(own) }.compactMap(PostgreSQLChangeNotice.init(payload:))
                handle(others.filter { $0.instance != database.instance })
            } catch {
                lost(error)
                // The session throws at once while it backs off: pause instead of spinning.
                usleep(20_000)
            }
        }
    }

    /// The connection failed or fell silent: it is dropped (the next use reconnects) and the
    /// feed counts as lost until then.
    private func lost(_ error: StorageError) {
        worker.session.disconnect()
        database.heartbeat.disconnected()
        if !database.feed.isLost {
            database.connector.log.log(
                .warning, "PostgreSQL change feed lost; reconnecting", ["server": database.location.server, "error": error.message])
        }
        database.feed.markLost()
    }

    /// Most contacts of one account whose notices, in one batch, are read one by one; more, and
    /// the account's lists are read again whole.
    static let contactsReadOneByOne = 64

    /// Publishes what `notices` say changed.
    private func handle(_ notices: [PostgreSQLChangeNotice]) {
        var contacts: [(account: AccountKey, sequences: [Int64])] = []
        var scheduled = false
        var triggers: Set<AccountKey> = []
        for notice in notices {
            switch notice.kind {
            case .contact:
                if let index = contacts.firstIndex(where: { $0.account == notice.account }) {
                    contacts[index].sequences.append(notice.number)
                } else {
                    contacts.append((notice.account, [notice.number]))
                }
            case .trigger:
                triggers.insert(notice.account)
            case .usage:
                // Read once the trigger's transaction committed: the key as it is now.
                let key = try? database.readers.read { (connection) throws(StorageError) -> Double? in
                    let result = try connection.execute(
                        PostgreSQLContactSQL.usageBySequence, [.integer(notice.account.rawValue), .integer(notice.number)])
                    return result.count > 0 ? result.optionalDouble(0, 0) : nil
                }
                if let key = key ?? nil {
                    database.changes.publish(ContactChange(account: notice.account, usage: UsageChange(sequence: notice.number, usageKey: key)))
                }
            case .tokenReplaced:
                database.accountChanges.publish(.tokenReplaced(notice.account))
            case .accountDeleted:
                database.accountChanges.publish(.deleted(notice.account))
            case .scheduledItems:
                scheduled = true
            }
        }
        if scheduled { database.scheduledItemChanges.publish() }
        for account in triggers { database.remoteTriggers.publish(account: account) }
        for (account, sequences) in contacts { publishContacts(sequences, of: account) }
    }

    /// Reads the contacts another instance wrote, once they are committed, and publishes each as
    /// it is now (`ContactChange.changedElsewhere`), so a list moves those entries only; a long
    /// batch, or a read that fails, makes the account's lists read again whole.
    private func publishContacts(_ sequences: [Int64], of account: AccountKey) {
        let unique = Array(Set(sequences))
        guard unique.count <= Self.contactsReadOneByOne,
            let found = try? database.readers.read({ (connection) throws(StorageError) -> [Contact] in
                try connection.execute(PostgreSQLContactSQL.bySequences, [.integer(account.rawValue), .words(unique.map(String.init))])
                    .rows(PostgreSQLContactSQL.contact)
            })
        else {
            database.changes.publish(.reread(account))
            return
        }
        let current = Dictionary(found.map { ($0.sequence, $0) }, uniquingKeysWith: { _, last in last })
        for sequence in unique.sorted() {
            database.changes.publish(ContactChange(account: account, changedElsewhere: sequence, now: current[sequence]))
        }
    }

    /// After a gap: anything may have changed. One signal (`AccountChange.everything`) drops
    /// every cached token and list and ends the event streams, whose clients resume with
    /// Last-Event-ID; the account `default`'s list (single-account mode's) is read again.
    private func resynchronize() {
        database.accountChanges.publish(.everything)
        database.changes.publish(ContactChange(account: .default, before: nil, after: nil))
        database.scheduledItemChanges.publish()
    }
}

/// A count the listener's connection hook and its thread share.
private final class PostgreSQLConnectionCount: Sendable {
    let value = Atomic<Int>(0)
}
