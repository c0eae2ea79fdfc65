import HTTPServer

/// Where an HTTP thread hands what reads the store when the store's reads may wait on another
/// client's lock (PostgreSQL): the store's workers. A job handed over is answered through a
/// `DeferredResponse`; when `StoreWorkers.queueLimit` jobs wait already, it is refused at once
/// with a 503 (`…/problems/storage-busy`), never queued without end.
final class StoreHandOff: Sendable {
    /// The threads that run the jobs.
    let workers: StoreWorkers
    private let problems: ProblemMapping

    init(workers: StoreWorkers, problems: ProblemMapping) {
        self.workers = workers
        self.problems = problems
    }

    /// `job`'s answer, given on a worker: a deferred response meanwhile, or the 503 when the
    /// workers have too many waiting. A job whose answer was given first (its deadline passed
    /// while it waited, see `RequestDeadline`) is not run.
    func submit(_ job: @escaping @Sendable () -> HTTPResponse) -> HTTPResponse {
        let pending = DeferredResponse()
        let queued = workers.submit {
            guard !pending.isCompleted else { return }
            let response = job()
            // A write's answer comes later still, when its commit returns.
            if let later = response.deferred {
                later.map { completed in
                    pending.complete(completed)
                    return completed
                }
            } else if !pending.complete(response), case .stream(let stream) = response.body {
                // Its deadline answered first: the stream has no client.
                stream.close()
            }
        }
        return queued ? .deferred(pending) : Problem.storeBusy(waiting: workers.queueLimit).response
    }

    /// `read`'s answer, read on a worker for a request of `route`, what it throws mapped as a
    /// handler's throw is (see `APIRequest.readingStore`).
    func read(for route: String, _ read: @escaping @Sendable () throws -> HTTPResponse) -> HTTPResponse {
        submit { [problems] in
            do {
                return try read()
            } catch {
                return problems.response(to: error, route: route)
            }
        }
    }
}
