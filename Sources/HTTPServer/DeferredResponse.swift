import CMicroHTTPD
import Glibc
import Synchronization

/// A response that is not ready when the handler returns (it waits on a group commit, say).
/// The connection is parked without holding a thread, and woken when `complete` is called.
public final class DeferredResponse: Sendable {
    private struct State {
        var response: HTTPResponse?
        var suspended = false
        var connection: ConnectionHandle?
        var transforms: [@Sendable (HTTPResponse) -> HTTPResponse] = []
    }

    private let state = Mutex(State())

    /// Creates a pending response.
    public init() {}

    /// Adds a step applied to the response when it completes (logging, headers); steps run in
    /// order, under the lock, so a step added while `complete` runs is never lost.
    public func map(_ transform: @escaping @Sendable (HTTPResponse) -> HTTPResponse) {
        state.withLock { state in
            if let response = state.response {
                state.response = transform(response)
            } else {
                state.transforms.append(transform)
            }
        }
    }

    /// Whether the response was supplied (`complete`).
    public var isCompleted: Bool {
        state.withLock { $0.response != nil }
    }

    /// Supplies the response, from any thread; the second and later calls are ignored (and
    /// return false: their response is never sent).
    @discardableResult
    public func complete(_ response: HTTPResponse) -> Bool {
        state.withLock { state in
            guard state.response == nil else { return false }
            state.response = state.transforms.reduce(response) { $1($0) }
            state.transforms = []
            if state.suspended, let connection = state.connection {
                state.suspended = false
                MHD_resume_connection(connection.pointer)
            }
            return true
        }
    }

    /// The completed response, waiting up to `timeout` (for callers outside the transport,
    /// such as in-process tests); nil if it did not complete in time.
    public func wait(timeout: Duration = .seconds(5)) -> HTTPResponse? {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < deadline {
            if let response = state.withLock({ $0.response }) { return response }
            usleep(1_000)
        }
        return state.withLock { $0.response }
    }

    /// The response when ready; otherwise parks `connection` until `complete` (under the lock,
    /// so a concurrent completion sees the connection suspended and resumes it).
    func responseOrSuspend(_ connection: OpaquePointer) -> HTTPResponse? {
        state.withLock { state in
            if let response = state.response { return response }
            state.connection = ConnectionHandle(pointer: connection)
            state.suspended = true
            MHD_suspend_connection(connection)
            return nil
        }
    }
}

extension HTTPResponse {
    /// A response that will be supplied later through `pending.complete(_:)`.
    public static func deferred(_ pending: DeferredResponse) -> HTTPResponse {
        var response = HTTPResponse(status: 0)
        response.deferred = pending
        return response
    }
}
