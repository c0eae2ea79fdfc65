import Foundation
import QuickActionsClient
import Synchronization

/// Reads a client's event stream on a task of its own, so a test can wait for what it
/// expects with a deadline. `stop()` ends the iteration, which closes the connection. The task
/// runs on a queue of its own (`QueueTaskExecutor`), so a busy cooperative pool does not hold
/// the stream back.
final class EventCollector: Sendable {
    private let events = Mutex<[QuickActionEvent]>([])
    private let task = Mutex<Task<Void, Never>?>(nil)

    init(_ stream: AsyncThrowingStream<QuickActionEvent, Error>) {
        let task = Task(executorPreference: QueueTaskExecutor(label: "EventCollector")) { [weak self] in
            do {
                for try await event in stream { self?.events.withLock { $0.append(event) } }
            } catch {}
        }
        self.task.withLock { $0 = task }
    }

    deinit { stop() }

    var received: [QuickActionEvent] { events.withLock { $0 } }

    /// The trigger events received so far.
    var triggers: [TriggerEvent] {
        received.compactMap { event in
            if case .trigger(let trigger) = event { return trigger }
            return nil
        }
    }

    /// Waits until `condition` holds for what was received, or `seconds` pass; says which.
    func wait(seconds: Double, until condition: ([QuickActionEvent]) -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(received) { return true }
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
        return condition(received)
    }

    func stop() {
        task.withLock { $0?.cancel() }
    }
}
