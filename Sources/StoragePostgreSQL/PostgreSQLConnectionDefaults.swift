/// The libpq parameters every connection of a store (readers, writer, listener) gets unless its
/// location names them itself: a URL's `?keepalives_idle=2`, a keyword string's
/// `connect_timeout=3`, or the `options` of `-c idle_in_transaction_session_timeout=…`.
///
/// Without them a connection whose network drops packets silently (no reset) waits for ever:
/// the listener never learns it missed notifications and a request waits on a reply that never
/// comes. With them the kernel gives up on such a connection 25 s after its last packet when
/// idle, or 25 s after a query sent into the silence.
enum PostgreSQLConnectionDefaults {
    /// Keywords and values handed to libpq before the location, which overrides any of them.
    /// - keepalives after 10 s of silence, every 5 s, 3 unanswered close it: an idle connection
    ///   (the listener's) is found dead 25 s after its last packet;
    /// - `tcp_user_timeout` 25 s: a connection with data sent and not acknowledged for 25 s is
    ///   closed (a query in flight), whatever the keepalives say;
    /// - `connect_timeout` 5 s: an attempt to a server that does not answer gives up (libpq's
    ///   least is 2 s).
    static let parameters: [(keyword: String, value: String)] = [
        ("application_name", "quickactiond"),
        ("connect_timeout", "5"),
        ("keepalives", "1"),
        ("keepalives_idle", "10"),
        ("keepalives_interval", "5"),
        ("keepalives_count", "3"),
        ("tcp_user_timeout", "25000"),
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
