import HTTPServer
import Sharding

/// The buffers behind `RequestLogger`: a request line goes into its HTTP thread's own buffer,
/// and one writer thread writes every buffer's lines together, a few milliseconds later.
///
/// Invariants:
/// - Order: a line is stamped (`MonotonicClock`) under its buffer's lock, so each buffer's
///   lines are in stamp order. A write takes every buffer at once (all their locks held
///   together, under `writing`) and merges them by stamp: a line appended before another began
///   is written before it, whichever threads wrote them. Any other line (`writeNow`) is written
///   after the buffers it found, in the same write.
/// - Delay: the first line after a write wakes the writer, which waits `gatherWindow` and then
///   writes, so a line waits at most `gatherWindow` plus the write before it (under `delay`).
/// - No drop: a buffer past `highWater` is written by the thread that filled it, which waits
///   for the descriptor. Lines are lost only when the descriptor refuses them (a closed pipe).
final class LogSink: Sendable {
    /// Buffered bytes in one thread's buffer past which its appender writes everything itself.
    static let highWater = 64 * 1024
    /// How long the writer gathers lines after the first one wakes it, in microseconds.
    static let gatherWindow: UInt32 = 4_000
    /// How long a request line may wait in a buffer, in microseconds (the promise
    /// `gatherWindow` keeps, with room for the wake-up and the write before it).
    static let delay: UInt32 = 10_000

    /// What the writer thread holds too (strongly: a weak reference would move the sink's
    /// reference count to a side table, slowing every retain of it).
    private let shared: LogBuffers

    /// A sink writing to `descriptor`, with a buffer per row of `rows` (the HTTP threads').
    init(descriptor: Int32, rows: ThreadRows = HTTPThreads.rows) {
        shared = LogBuffers(descriptor: descriptor, rows: rows)
    }

    deinit {
        shared.close()
    }

    /// Appends one request line, written by `build`, to the calling thread's buffer.
    @inline(__always)
    func append(_ build: (inout LogLines) -> Void) {
        shared.append(build)
    }

    /// Writes every buffered line, then `bytes`, in one write.
    func writeNow(_ bytes: [UInt8]) {
        shared.write(then: bytes)
    }

    /// Writes what is buffered; returns once it and any write begun earlier are out.
    func flush() {
        shared.write(then: [])
    }
}
