import HTTPServer

extension APIRequest {
    /// The answer `read` gives, reading the store: given here when this thread may read the
    /// store; otherwise `read` runs on the store's workers, and its answer comes later (a
    /// deferred response, or at once a 503 `storage-busy` when too many requests wait for the
    /// workers), what it throws answered there as a handler's throw is. A handler that answers
    /// from memory when it can (`StoreUse.whenNotCached`) reads the store only through this, so
    /// the same code gives its answer on either thread.
    public func readingStore(_ read: @escaping @Sendable () throws -> HTTPResponse) throws -> HTTPResponse {
        guard let storeHandOff else { return try read() }
        return storeHandOff.read(for: route, read)
    }
}
