import Dispatch
import Synchronization

/// Renders the representations that take long (a full list of thousands of favorites, see
/// `RenderedShortcutList.rendersSlowly`) on a queue of its own, so that an HTTP thread's event
/// loop goes on serving its other connections (a trigger's, a visible list's) meanwhile, instead
/// of stopping for milliseconds per request.
///
/// Requests for the same representation that wait together share one render, which begins
/// after every one of them arrived: each gets a list at least as new as the one current when it
/// asked, as an inline render would give it. A request that comes once a render has begun waits
/// for the next.
final class ShortcutRenderQueue: Sendable {
    private struct Job: Sendable {
        let list: any RenderedShortcutList
        let key: ShortcutRepresentationKey
        var waiters: [@Sendable (ShortcutRepresentation) -> Void]

        func isFor(_ list: any RenderedShortcutList, _ key: ShortcutRepresentationKey) -> Bool {
            self.list === list && self.key == key
        }
    }

    private let queue = DispatchQueue(label: "quickactiond.render")
    /// The jobs not yet begun, each with the requests waiting for it.
    private let waiting = Mutex<[Job]>([])

    /// Calls `answer` with `list`'s representation for `key`, rendered on the queue by a render
    /// that begins after this call.
    func render(
        _ list: any RenderedShortcutList, _ key: ShortcutRepresentationKey, then answer: @escaping @Sendable (ShortcutRepresentation) -> Void
    ) {
        let isNew = waiting.withLock { jobs in
            if let index = jobs.firstIndex(where: { $0.isFor(list, key) }) {
                jobs[index].waiters.append(answer)
                return false
            }
            jobs.append(Job(list: list, key: key, waiters: [answer]))
            return true
        }
        guard isNew else { return }
        queue.async { [self] in
            // Taken before the render reads the list: everyone in it asked before that.
            let waiters = waiting.withLock { jobs in
                jobs.firstIndex { $0.isFor(list, key) }.map { jobs.remove(at: $0).waiters } ?? []
            }
            let representation = list.representation(key)
            for answer in waiters { answer(representation) }
        }
    }
}
