import Foundation

/// What one `/events` connection received and its reader has not taken yet, bounded as it
/// arrives: past `maxBufferedBytes` waiting, or a line past `maxEventBytes`, the connection is
/// ended and what waited is dropped. The URLSession delegate only appends here (no parsing on
/// its queue, which buffers without limit when its work falls behind the network); the reader
/// parses at its consumer's pace.
///
/// `@unchecked Sendable`: the delegate queue writes and the reader's task reads; every stored
/// property but the constants is read and written only while `lock` is held.
final class EventStreamInbox: @unchecked Sendable {
    /// What `next()` hands the reader.
    enum Delivery: Sendable {
        /// Bytes in the order received.
        case bytes(Data)
        /// Everything received was taken, and the connection ended so.
        case ended(EventStreamEnd)
        /// The reader's task was cancelled.
        case cancelled
    }

    /// Received bytes are kept in pieces of about this size, so a flood of tiny writes costs
    /// no more bookkeeping than a few large ones.
    static let pieceBytes = 64 * 1024

    let maxEventBytes: Int
    let maxBufferedBytes: Int
    private let lock = NSLock()
    private var pieces: [Data] = []
    private var bufferedBytes = 0
    /// Bytes received since the last piece that held a line end: at most the length of the
    /// line being received, so a line is refused only once it is surely too long.
    private var lineBytes = 0
    private var end: EventStreamEnd?
    /// Whether the stream's answer (its `200`) has begun.
    private var answered = false
    private var cancelled = false
    private var waiter: CheckedContinuation<Delivery, Never>?

    init(maxEventBytes: Int, maxBufferedBytes: Int) {
        self.maxEventBytes = maxEventBytes
        self.maxBufferedBytes = maxBufferedBytes
    }

    /// Takes bytes from the connection. False when they pass a limit: the inbox has then
    /// ended with the error, and the caller cancels the connection.
    func receive(_ data: Data) -> Bool {
        let hasLineEnd = data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return false }
            return memchr(base, 0x0A, raw.count) != nil || memchr(base, 0x0D, raw.count) != nil
        }
        let (accepted, wake): (Bool, (CheckedContinuation<Delivery, Never>, Delivery)?) = lock.withLock {
            guard end == nil else { return (true, nil) }
            lineBytes = hasLineEnd ? 0 : lineBytes + data.count
            if lineBytes > maxEventBytes { return (false, endLocked(.failed(.eventTooLarge(limit: maxEventBytes)))) }
            if bufferedBytes + data.count > maxBufferedBytes {
                return (false, endLocked(.failed(.eventBufferFull(limit: maxBufferedBytes))))
            }
            if let waiter {
                self.waiter = nil
                return (true, (waiter, .bytes(data)))
            }
            if let last = pieces.indices.last, pieces[last].count < Self.pieceBytes {
                pieces[last].append(data)
            } else {
                pieces.append(data)
            }
            bufferedBytes += data.count
            return (true, nil)
        }
        if let (waiter, delivery) = wake { waiter.resume(returning: delivery) }
        return accepted
    }

    /// Ends the inbox (the first end given counts): after what was received, unless `how` is
    /// a failure, which drops it.
    func finish(_ how: EventStreamEnd) {
        let wake = lock.withLock { end == nil ? endLocked(how) : nil }
        if let (waiter, delivery) = wake { waiter.resume(returning: delivery) }
    }

    /// Notes that the stream's answer has begun.
    func markAnswered() {
        lock.withLock { answered = true }
    }

    /// Ends the inbox with `how` if the answer has not begun (and it has not ended); says whether it did.
    func finishUnlessAnswered(_ how: EventStreamEnd) -> Bool {
        let (ended, wake) = lock.withLock { answered || end != nil ? (false, nil) : (true, endLocked(how)) }
        if let (waiter, delivery) = wake { waiter.resume(returning: delivery) }
        return ended
    }

    /// Ends a waiting or later `next()` with `.cancelled`.
    func cancel() {
        let waiter: CheckedContinuation<Delivery, Never>? = lock.withLock {
            cancelled = true
            defer { self.waiter = nil }
            return self.waiter
        }
        waiter?.resume(returning: .cancelled)
    }

    /// The next bytes, once there are some; or how the connection ended, once all were taken.
    func next() async -> Delivery {
        await withCheckedContinuation { continuation in
            let ready: Delivery? = lock.withLock {
                if !pieces.isEmpty {
                    let piece = pieces.removeFirst()
                    bufferedBytes -= piece.count
                    return .bytes(piece)
                }
                if let end { return .ended(end) }
                if cancelled { return .cancelled }
                waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Sets `end` (lock held); returns the waiter to wake, and with what.
    private func endLocked(_ how: EventStreamEnd) -> (CheckedContinuation<Delivery, Never>, Delivery)? {
        end = how
        if case .failed = how {
            pieces = []
            bufferedBytes = 0
        }
        guard let waiter, pieces.isEmpty else { return nil }
        self.waiter = nil
        return (waiter, .ended(how))
    }
}
