import HTTPServer

/// What a route's handler needs of the store. Where the store's reads may wait on another
/// client's lock (PostgreSQL, see `APIHandler`), it decides, once and before the handler runs,
/// where the handler runs; on the other stores every handler runs on the HTTP thread.
public enum StoreUse: Sendable {
    /// Never reads or writes the store: run on the HTTP thread.
    case never
    /// Reads or writes the store: run on the store's workers.
    case always
    /// Only hands a write to the store's writer, which queues it without waiting (a create):
    /// run on the HTTP thread, with a response deferred until the write's commit returns.
    /// Handing it to a worker would only add two thread hand-offs per write.
    case queuesWrite
    /// Answers from memory when what it needs is there (a cached shortcut list), and reads the
    /// store only through `APIRequest.readingStore`: run on the HTTP thread, which hands that
    /// read (and the rest of the answer) to the store's workers. One function gives the answer
    /// on either thread.
    case whenNotCached
}
