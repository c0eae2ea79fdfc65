import HTTPServer
import QuickActions
import StorageCore

extension RequestLogger {
    /// Logs a storage failure at error level (with the backend's whole message and its cause)
    /// and returns the 503 problem the client gets: one line and one answer wherever a write or
    /// read failed, thrown or completed later. A refusal of the request (a client error, see
    /// `Problem.storage`) is logged at debug level only: it says nothing of the store's health,
    /// and a client repeating it must not fill the log.
    func storageFailure(_ error: StorageError, route: String) -> HTTPResponse {
        let fields: [String: JSONValue] = ["route": .string(route), "cause": .string(error.cause.rawValue), "error": .string(error.description)]
        if error.cause.isRefusal {
            log(.debug, "storage refused the request", fields)
        } else {
            log(.error, "storage failure", fields)
        }
        return Problem.storage(error).response
    }
}
