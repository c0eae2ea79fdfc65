import Dispatch
import Foundation
import HTTPServer
import Sharding
import Synchronization

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
    func append(_ build: (inout [UInt8]) -> Void) {
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

/// The buffers and the writer thread behind a `LogSink`.
final class LogBuffers: Sendable {
    private let descriptor: Int32
    private let buffers: PerThreadReplica<LogBuffer>
    /// Held by whoever writes; holds what a write reuses (each buffer's spare, the merged bytes).
    private let writing: Mutex<LogWrite>
    /// Whether lines wait that no writer pass has taken yet (read before it is set, so a
    /// request thread writes this shared word only once per pass).
    private let pending = Atomic<Bool>(false)
    private let writerStarted = Atomic<Bool>(false)
    private let closed = Atomic<Bool>(false)
    private let wake = DispatchSemaphore(value: 0)

    init(descriptor: Int32, rows: ThreadRows) {
        self.descriptor = descriptor
        buffers = PerThreadReplica(rows: rows) { _ in LogBuffer() }
        writing = Mutex(LogWrite(rows: rows.count))
    }

    func append(_ build: (inout [UInt8]) -> Void) {
        let full = buffers.current.append(build) >= LogSink.highWater
        if full {
            write(then: [])
        } else if !pending.load(ordering: .relaxed), !pending.exchange(true, ordering: .acquiringAndReleasing) {
            startWriterOnce()
            wake.signal()
        }
    }

    func write(then bytes: [UInt8]) {
        writing.withLock { state in
            state.take(from: buffers)
            state.merge()
            state.output.append(contentsOf: bytes)
            if !state.output.isEmpty {
                // A log that cannot be written (a closed pipe) has nowhere to say so: the lines are lost.
                try? FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).write(contentsOf: state.output)
            }
            state.clear()
        }
    }

    /// Writes what is left and ends the writer thread.
    func close() {
        write(then: [])
        closed.store(true, ordering: .releasing)
        wake.signal()
    }

    /// Starts the writer thread the first time lines wait (a sink only ever given other lines,
    /// or none, has no thread).
    private func startWriterOnce() {
        guard !writerStarted.load(ordering: .acquiring), !writerStarted.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let thread = Thread { [self] in
            while true {
                wake.wait()
                if closed.load(ordering: .acquiring) { return }
                usleep(LogSink.gatherWindow)
                // Cleared before the buffers are taken: a line appended after this wakes the writer again.
                pending.store(false, ordering: .releasing)
                write(then: [])
            }
        }
        thread.name = "quickactiond-log"
        thread.start()
    }
}

/// One thread's buffered request lines: their bytes, and where each ends with its stamp.
struct LogLines {
    var bytes: [UInt8] = []
    var marks: [LogLineMark] = []
}

/// Where a buffered line ends in its buffer's bytes, and when it was appended.
struct LogLineMark {
    var stamp: UInt64
    var end: Int
}

/// A thread's buffer, padded so that two threads' buffers never share a cache line.
final class LogBuffer: Sendable {
    let lines = Mutex(LogLines())
    private let padding: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)

    /// Appends the line `build` writes, stamped; returns the bytes now buffered.
    func append(_ build: (inout [UInt8]) -> Void) -> Int {
        lines.withLock { lines in
            build(&lines.bytes)
            lines.marks.append(LogLineMark(stamp: MonotonicClock.nanoseconds(), end: lines.bytes.count))
            return lines.bytes.count
        }
    }
}

/// What a write works with: the buffers it took (swapped with empty ones that keep their
/// capacity, so appending allocates nothing once the buffers have grown), and the merged bytes.
struct LogWrite {
    var taken: [LogLines]
    var output: [UInt8] = []
    private var cursors: [Int]
    private var nonEmpty: [Int] = []

    init(rows: Int) {
        taken = Array(repeating: LogLines(), count: rows)
        cursors = Array(repeating: 0, count: rows)
    }

    /// Takes every buffer's lines, holding all of their locks at once so that the lines taken
    /// are all those appended before some instant: none appended later is among them while one
    /// appended earlier is left.
    mutating func take(from buffers: PerThreadReplica<LogBuffer>) {
        take(from: buffers, row: 0)
    }

    private mutating func take(from buffers: PerThreadReplica<LogBuffer>, row: Int) {
        guard row < taken.count else { return }
        buffers[row].lines.withLock { lines in
            swap(&lines, &taken[row])
            take(from: buffers, row: row + 1)
        }
    }

    /// Appends the taken lines to `output` in stamp order (each buffer's are in order already).
    mutating func merge() {
        nonEmpty.removeAll(keepingCapacity: true)
        for row in taken.indices where !taken[row].marks.isEmpty {
            nonEmpty.append(row)
            cursors[row] = 0
        }
        if nonEmpty.count == 1, let row = nonEmpty.first {
            output.append(contentsOf: taken[row].bytes)
            return
        }
        while true {
            var next = -1
            var earliest = UInt64.max
            for row in nonEmpty where cursors[row] < taken[row].marks.count {
                let stamp = taken[row].marks[cursors[row]].stamp
                if next < 0 || stamp < earliest {
                    next = row
                    earliest = stamp
                }
            }
            guard next >= 0 else { return }
            let cursor = cursors[next]
            let start = cursor == 0 ? 0 : taken[next].marks[cursor - 1].end
            output.append(contentsOf: taken[next].bytes[start..<taken[next].marks[cursor].end])
            cursors[next] = cursor + 1
        }
    }

    /// Empties what was written, keeping the capacity for the next write.
    mutating func clear() {
        for row in nonEmpty {
            taken[row].bytes.removeAll(keepingCapacity: true)
            taken[row].marks.removeAll(keepingCapacity: true)
        }
        nonEmpty.removeAll(keepingCapacity: true)
        output.removeAll(keepingCapacity: true)
    }
}
