/// The libpq parameters every connection of a store (readers, writer, listener) gets unless its
/// location names them itself: a URL's `?keepalives_idle=2`, a keyword string's
/// `connect_timeout=3`, or the `options` of `-c idle_in_transaction_session_timeout=…`.
///
/// Without them a connection whose network drops packets silently (no reset) waits for ever:
/// the listener never learns it missed notifications and a request waits on a reply that never
/// comes. With them the kernel gives up on such a connection about 11 s after its last packet
/// when idle, or 10 s after a query sent into the silence; so every connection of a cut instance
/// is given up within about 21 s of the cut (a query sent just before an idle one's keepalives
/// would have closed it, plus 10 s), inside the 30 s an operator is promised.
enum PostgreSQLConnectionDefaults {
    /// Keywords and values handed to libpq before the location, which overrides any of them.
    /// - keepalives after 5 s of silence, every 2 s, 3 unanswered close it: an idle connection
    ///   is found dead about 11 s after its last packet;
    /// - `tcp_user_timeout` 10 s: a connection with data sent and not acknowledged for 10 s is
    ///   closed (a query in flight), whatever the keepalives say. A healthy server acknowledges
    ///   within a round trip, so only a network that holds packets for 10 s trips it;
    /// - `connect_timeout` 5 s: an attempt to a server that does not answer gives up (libpq's
    ///   least is 2 s).
    static let parameters: [(keyword: String, value: String)] = [
        ("application_name", "quickactiond"),
        ("connect_timeout", "5"),
        ("keepalives", "1"),
        ("keepalives_idle", "5"),
        ("keepalives_interval", "2"),
        ("keepalives_count", "3"),
        ("tcp_user_timeout", "10000"),
    ]

    /// How long a session may sit inside a transaction without sending a statement before the
    /// server ends it (`idle_in_transaction_session_timeout`), so that an instance cut off in the
    /// middle of a transaction releases its row locks within seconds instead of holding them
    /// until the server's own keepalives notice.
    static let idleInTransaction = Duration.seconds(10)

    /// Whether `options` (libpq's `options` parameter, `-c name=value` flags) sets
    /// `idle_in_transaction_session_timeout` itself: then the session keeps it.
    static func setsIdleInTransaction(_ options: String?) -> Bool {
        options?.contains("idle_in_transaction_session_timeout") ?? false
    }
}
