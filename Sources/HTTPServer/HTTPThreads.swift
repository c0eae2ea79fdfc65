import Sharding

/// The HTTP threads of this process, for values each thread should hold a copy of.
public enum HTTPThreads {
    /// A row for each HTTP thread of every server in this process (up to
    /// `HTTPServerConfiguration.maximumThreads`; past that, and on other threads, the shared
    /// row). Every HTTP thread claims its row as it starts a request, so a `PerThreadReplica`
    /// over these rows gives each thread its own copy without being told of the server.
    public static var rows: ThreadRows { RequestID.threadRows }
}
