import HTTPServer
import StorageCore

/// The pipeline's problem mapping (see `APIHandler`): whatever a step threw, as the answer the
/// client gets. A `Problem` is its own answer; a `StorageError` is logged and answered by its
/// cause (`RequestLogger.storageFailure`); anything else is a 500, logged, since nothing thrown
/// may cross into C.
struct ProblemMapping: Sendable {
    let logger: RequestLogger

    /// The answer for `error`, thrown while answering a request of `route` (a pattern, or
    /// `APIHandler.unmatchedRoute` before routing).
    func response(to error: any Error, route: String) -> HTTPResponse {
        switch error {
        case let problem as Problem:
            return problem.response
        case let error as StorageError:
            return logger.storageFailure(error, route: route)
        default:
            logger.log(.error, "unexpected error", ["route": .string(route), "error": .string(String(describing: error))])
            return Problem.internalError().response
        }
    }
}
