import HTTPServer

/// What a route's handler needs of the store. It decides where the handler runs when the
/// store's reads may wait on another client's lock (PostgreSQL, see `APIHandler` and
/// `StoreWorkers`); on the other stores every handler runs on the HTTP thread.
public enum StoreUse: Sendable {
    /// Never reads or writes the store: answered on the HTTP thread.
    case never
    /// Reads or writes the store: run by the store's workers.
    case always
    /// Only hands a write to the store's writer, which queues it without waiting (a create):
    /// answered on the HTTP thread, with a response deferred until the write's commit returns.
    /// Handing it to a worker would only add two thread hand-offs per write. The handler must
    /// not read the store.
    case queuesWrite
    /// Answered on the HTTP thread by `fromMemory` when what it needs is in memory (a cached
    /// shortcut list); when it returns nil, the route's handler runs on the store's workers.
    /// `fromMemory` must not touch the store, and its answer must be the handler's.
    case whenNotCached(_ fromMemory: @Sendable (APIRequest) throws -> HTTPResponse?)
}
