import HTTPServer
import Storage

extension RequestLogger {
    /// Logs a storage failure at error level (with the backend's whole message and its cause)
    /// and returns the 503 problem the client gets: one line and one answer wherever a write or
    /// read failed, thrown or completed later.
    func storageFailure(_ error: StorageError, route: String) -> HTTPResponse {
        log(.error, "storage failure", ["route": .string(route), "cause": .string(error.cause.rawValue), "error": .string(error.description)])
        return Problem.storage(error).response
    }
}
