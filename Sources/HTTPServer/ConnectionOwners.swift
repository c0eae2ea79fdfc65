import Synchronization

/// Open connections per owner, and the share of them one owner may hold.
///
/// An owner is an opaque number the application gives a connection once it knows who sends on
/// it (see `HTTPConnection.attribute(to:)`); the transport knows connections, not who they
/// belong to. A connection counts for its owner from its attribution until it closes, so that
/// one owner cannot take every connection `--max-connections` allows and leave none for the
/// others. Changed once per connection (attributed, closed), never per request.
final class ConnectionOwners: Sendable {
    /// The most connections one owner may hold at once.
    let share: Int
    private let counts = Mutex<[Int64: Int]>([:])

    init(share: Int) {
        self.share = max(1, share)
    }

    /// Counts one more connection for `owner`, unless it holds its share already: then false,
    /// and nothing is counted.
    func admit(_ owner: Int64) -> Bool {
        let share = share
        return counts.withLock { counts in
            let held = counts[owner, default: 0]
            guard held < share else { return false }
            counts[owner] = held + 1
            return true
        }
    }

    /// One of `owner`'s connections closed.
    func release(_ owner: Int64) {
        counts.withLock { counts in
            guard let held = counts[owner] else { return }
            if held <= 1 { counts[owner] = nil } else { counts[owner] = held - 1 }
        }
    }

    /// The connections `owner` holds now.
    func held(by owner: Int64) -> Int {
        counts.withLock { $0[owner, default: 0] }
    }
}
