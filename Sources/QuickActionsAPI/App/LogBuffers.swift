import Dispatch
import Foundation
import Sharding
import Synchronization

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

    /// Buffers for the rows of `rows`, written to `descriptor`.
    init(descriptor: Int32, rows: ThreadRows) {
        self.descriptor = descriptor
        buffers = PerThreadReplica(rows: rows) { _ in LogBuffer() }
        writing = Mutex(LogWrite(rows: rows.count))
    }

    /// Appends a request line to the calling thread's buffer: wakes the writer when it is the
    /// first line since its last pass, writes everything itself when the buffer is full.
    func append(_ build: (inout LogLines) -> Void) {
        let full = buffers.current.append(build) >= LogSink.highWater
        if full {
            write(then: [])
        } else if !pending.load(ordering: .relaxed), !pending.exchange(true, ordering: .acquiringAndReleasing) {
            startWriterOnce()
            wake.signal()
        }
    }

    /// Writes every buffered line in order, then `bytes`, in one write.
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
            ThreadName.set("qa-log-writer")
            while true {
                wake.wait()
                if closed.load(ordering: .acquiring) { return }
                usleep(LogSink.gatherWindow)
                // Cleared before the buffers are taken: a line appended after this wakes the writer again.
                pending.store(false, ordering: .releasing)
                write(then: [])
            }
        }
        thread.start()
    }
}
