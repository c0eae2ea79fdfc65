import Dispatch
import Foundation
import Sharding
import Synchronization

/// A connection of its own worked by a thread of its own (a `PGconn` is not thread-safe; and not
/// a Dispatch worker: the thread blocks for good, and Dispatch's pool is shared with the writer's
/// completions). The listener and the index maintenance each run on one.
final class PostgreSQLSessionThread: Sendable {
    let session: PostgreSQLSession
    private let stopped = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    init(session: PostgreSQLSession) {
        self.session = session
    }

    /// Whether `stop()` was called: `body` returns soon after.
    var isStopped: Bool {
        stopped.load(ordering: .relaxed)
    }

    /// Runs `body` on a new thread named `name`; `body` returns once `isStopped` (or on its own).
    func start(name: StaticString, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread { [finished] in
            ThreadName.set(name)
            body()
            finished.signal()
        }
        thread.start()
    }

    /// Stops the thread (waiting up to 2 s for `body` to return) and closes the connection.
    func stop() {
        stopped.store(true, ordering: .relaxed)
        _ = finished.wait(timeout: .now() + 2)
        session.disconnect()
    }
}
