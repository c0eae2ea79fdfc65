import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking

    /// The delegate queue of the client's sessions on Linux: runs each delegate call at once,
    /// on URLSession's own serial work queue, which makes it.
    ///
    /// URLSession on Linux hands each piece of a body to the delegate queue as soon as it reads
    /// it, with no flow control: when an `OperationQueue` falls behind (a busy machine, a fast
    /// server), the pieces pile up in it, where no limit can count them (measured: 500 MB held
    /// while the event stream's own buffer was capped at 32 MiB). Run inline, every piece is
    /// counted against the limits as it is read, and dropped at once after one is passed.
    ///
    /// The delegates it serves never block and never call URLSession synchronously (a task is
    /// cancelled through `cancelAsync()`), so running on the work queue cannot deadlock it.
    ///
    /// `@unchecked Sendable` restates what `OperationQueue` declares (Swift asks a subclass to);
    /// this subclass adds no state.
    final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
        override func addOperation(_ block: @escaping @Sendable () -> Void) {
            block()
        }

        override func addOperation(_ operation: Operation) {
            operation.start()
        }

        /// The queue to give a session: this one on Linux (nil elsewhere: the system's own).
        static func forSession() -> OperationQueue? {
            InlineDelegateQueue()
        }
    }
#else
    /// On Apple platforms the session's own delegate queue.
    enum InlineDelegateQueue {
        static func forSession() -> OperationQueue? {
            nil
        }
    }
#endif
