import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSessionTask {
    /// Cancels the task from another queue. URLSession on Linux cancels by waiting for the
    /// task's work queue, which is busy as long as the network delivers: a delegate that waits
    /// there stops taking the bytes already read, and they pile up in its queue (measured: a
    /// body refused at 16 MiB then held 2 GB). The caller must ignore what still arrives.
    func cancelAsync() {
        DispatchQueue.global().async { self.cancel() }
    }
}
