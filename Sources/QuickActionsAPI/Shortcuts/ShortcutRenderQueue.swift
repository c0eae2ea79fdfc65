import Dispatch
import Foundation
import Sharding
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Renders the representations that take long (a full list of thousands of favorites, see
/// `RenderedShortcutList.rendersSlowly`) on a thread of its own, so that an HTTP thread's event
/// loop goes on serving its other connections (a trigger's, a visible list's) meanwhile, instead
/// of stopping for milliseconds per request.
///
/// Requests for the same representation that wait together share one render, which begins
/// after every one of them arrived: each gets a list at least as new as the one current when it
/// asked, as an inline render would give it. A request that comes once a render has begun waits
/// for the next.
///
/// The thread runs at a lower scheduling priority than the HTTP threads and the store's writer
/// (`niceness`). While full lists are fetched flat out and changed every millisecond, renders
/// follow each other without a pause, and would otherwise take a core from the triggers and the
/// short lists, whose answers wait behind them; at a lower priority they take what the others
/// leave, and each render then serves the more requests that waited for it.
final class ShortcutRenderQueue: Sendable {
    private struct Job: Sendable {
        let list: any RenderedShortcutList
        let key: ShortcutRepresentationKey
        var waiters: [@Sendable (ShortcutRepresentation) -> Void]

        func isFor(_ list: any RenderedShortcutList, _ key: ShortcutRepresentationKey) -> Bool {
            self.list === list && self.key == key
        }
    }

    /// What the thread works from: the jobs not yet begun (each with the requests waiting for
    /// it), one signal per job, and whether the queue is gone. The thread holds this, not the
    /// queue, so a queue no longer used ends its thread once its jobs are done.
    private final class Work: Sendable {
        let waiting = Mutex<[Job]>([])
        let wake = DispatchSemaphore(value: 0)
        let closed = Atomic<Bool>(false)
        let started = Atomic<Bool>(false)
    }

    /// The render thread's name, as the system shows it.
    static let threadName: StaticString = "qa-render"

    /// How much lower the renders' priority is than the process's other threads' (a nice value,
    /// per thread on Linux).
    static let niceness: Int32 = 10

    private let work = Work()

    deinit {
        work.closed.store(true, ordering: .releasing)
        work.wake.signal()
    }

    /// Calls `answer` with `list`'s representation for `key`, rendered on the queue's thread by a
    /// render that begins after this call.
    func render(
        _ list: any RenderedShortcutList, _ key: ShortcutRepresentationKey, then answer: @escaping @Sendable (ShortcutRepresentation) -> Void
    ) {
        let isNew = work.waiting.withLock { jobs in
            if let index = jobs.firstIndex(where: { $0.isFor(list, key) }) {
                jobs[index].waiters.append(answer)
                return false
            }
            jobs.append(Job(list: list, key: key, waiters: [answer]))
            return true
        }
        guard isNew else { return }
        startOnce()
        work.wake.signal()
    }

    /// Starts the thread on the first job (a server whose lists are all short has none).
    private func startOnce() {
        guard !work.started.load(ordering: .acquiring), !work.started.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let thread = Thread { [work] in
            #if canImport(Glibc)
                // `who` 0 is the calling thread: Linux keeps a nice value per thread.
                _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.niceness)
            #endif
            ThreadName.set(Self.threadName)
            while true {
                // One signal per job, then one when the queue is gone (after its last job).
                work.wake.wait()
                // Taken before the render reads the list: everyone in it asked before that.
                guard let job = work.waiting.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else {
                    if work.closed.load(ordering: .acquiring) { return }
                    continue
                }
                let representation = job.list.representation(job.key)
                for answer in job.waiters { answer(representation) }
            }
        }
        thread.start()
    }
}
