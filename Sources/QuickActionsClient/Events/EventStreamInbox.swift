import Foundation

/// What one `/events` connection received and its reader has not taken yet, bounded as it
/// arrives: past `maxBufferedBytes` waiting, or a line past `maxEventBytes`, the connection is
/// ended and what waited is dropped. The URLSession delegate only appends here (no parsing on
/// its queue, which buffers without limit when its work falls behind the network); the reader
/// parses at its consumer's pace.
///
/// The delegate queue writes and the reader's task reads: what changes is kept in one
/// `LockedState`.
final class EventStreamInbox: Sendable {
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
    private static let lineFeed = Data([0x0A])
    private static let carriageReturn = Data([0x0D])

    let maxEventBytes: Int
    let maxBufferedBytes: Int
    private struct State {
        var pieces: [Data] = []
        var bufferedBytes = 0
        /// Bytes received since the last piece that held a line end: at most the length of the
        /// line being received, so a line is refused only once it is surely too long.
        var lineBytes = 0
        var end: EventStreamEnd?
        /// Whether the stream's answer (its `200`) has begun.
        var answered = false
        var cancelled = false
        var waiter: CheckedContinuation<Delivery, Never>?

        /// Sets `end`; returns the waiter to wake, and with what.
        mutating func finish(_ how: EventStreamEnd) -> (CheckedContinuation<Delivery, Never>, Delivery)? {
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

    private let state = LockedState(State())

    init(maxEventBytes: Int, maxBufferedBytes: Int) {
        self.maxEventBytes = maxEventBytes
        self.maxBufferedBytes = maxBufferedBytes
    }

    /// Takes bytes from the connection. False when they pass a limit: the inbox has then
    /// ended with the error, and the caller cancels the connection.
    func receive(_ data: Data) -> Bool {
        // Once ended, what still arrives before the cancel takes effect is dropped unread: it
        // arrives on URLSession's work queue, which must stay free for the cancel.
        if state.withLock({ $0.end != nil }) { return true }
        // Data's own search (not a per-byte walk), for every piece of a stream that may arrive at
        // loopback speed.
        let hasLineEnd = data.range(of: Self.lineFeed) != nil || data.range(of: Self.carriageReturn) != nil
        let (accepted, wake): (Bool, (CheckedContinuation<Delivery, Never>, Delivery)?) = state.withLock { state in
            guard state.end == nil else { return (true, nil) }
            state.lineBytes = hasLineEnd ? 0 : state.lineBytes + data.count
            if state.lineBytes > maxEventBytes { return (false, state.finish(.failed(.eventTooLarge(limit: maxEventBytes)))) }
            if state.bufferedBytes + data.count > maxBufferedBytes {
                return (false, state.finish(.failed(.eventBufferFull(limit: maxBufferedBytes))))
            }
            if let waiter = state.waiter {
                state.waiter = nil
                return (true, (waiter, .bytes(data)))
            }
            if let last = state.pieces.indices.last, state.pieces[last].count < Self.pieceBytes {
                state.pieces[last].append(data)
            } else {
                state.pieces.append(data)
            }
            state.bufferedBytes += data.count
            return (true, nil)
        }
        if let (waiter, delivery) = wake { waiter.resume(returning: delivery) }
        return accepted
    }

    /// Ends the inbox (the first end given counts): after what was received, unless `how` is
    /// a failure, which drops it.
    func finish(_ how: EventStreamEnd) {
        let wake = state.withLock { state in state.end == nil ? state.finish(how) : nil }
        if let (waiter, delivery) = wake { waiter.resume(returning: delivery) }
    }

    /// Notes that the stream's answer has begun.
    func markAnswered() {
        state.withLock { $0.answered = true }
    }

    /// Ends the inbox with `how` if the answer has not begun (and it has not ended); says whether it did.
    func finishUnlessAnswered(_ how: EventStreamEnd) -> Bool {
        let (ended, wake) = state.withLock { state in state.answered || state.end != nil ? (false, nil) : (true, state.finish(how)) }
        if let (waiter, delivery) = wake { waiter.resume(returning: delivery) }
        return ended
    }

    /// Ends a waiting or later `next()` with `.cancelled`.
    func cancel() {
        let waiter: CheckedContinuation<Delivery, Never>? = state.withLock { state in
            state.cancelled = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: .cancelled)
    }

    /// The next bytes, once there are some; or how the connection ended, once all were taken.
    func next() async -> Delivery {
        await withCheckedContinuation { continuation in
            let ready: Delivery? = state.withLock { state in
                if !state.pieces.isEmpty {
                    let piece = state.pieces.removeFirst()
                    state.bufferedBytes -= piece.count
                    return .bytes(piece)
                }
                if let end = state.end { return .ended(end) }
                if state.cancelled { return .cancelled }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
