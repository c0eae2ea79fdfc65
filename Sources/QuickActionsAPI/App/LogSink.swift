import Dispatch
import Foundation
import Synchronization

/// The buffer behind `RequestLogger`: appended to under a lock, written by whoever flushes.
///
/// Bytes go out under a second lock, `writing`, taken before the buffer's: flushes write in the
/// order they took the buffer, and `flush()` returns only once every write begun before it has
/// ended. Appenders take the buffer's lock alone, so a slow reader of the log never blocks a
/// request thread (unless the buffer passes `highWater`, when the appender flushes itself).
final class LogSink: Sendable {
    /// Buffered bytes past which an append writes them out itself.
    static let highWater = 64 * 1024
    /// How long a request line may wait in the buffer.
    static let delay = DispatchTimeInterval.milliseconds(10)

    private let descriptor: Int32
    private let buffer = Mutex<[UInt8]>([])
    private let writing = Mutex(())
    private let flushScheduled = Atomic<Bool>(false)

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    func append(_ build: (inout [UInt8]) -> Void) {
        let full = buffer.withLock { buffer -> Bool in
            build(&buffer)
            return buffer.count >= Self.highWater
        }
        if full {
            flush()
        } else if !flushScheduled.exchange(true, ordering: .acquiringAndReleasing) {
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.delay) { [self] in
                flushScheduled.store(false, ordering: .releasing)
                flush()
            }
        }
    }

    /// Writes the buffer, then `bytes`, keeping lines in order.
    func writeNow(_ bytes: [UInt8]) {
        writing.withLock { _ in
            let pending = buffer.withLock { buffer -> [UInt8] in
                defer { buffer.removeAll(keepingCapacity: true) }
                return buffer + bytes
            }
            write(pending)
        }
    }

    /// Writes what is buffered; returns once it and any write begun earlier are out.
    func flush() {
        writing.withLock { _ in
            let pending = buffer.withLock { buffer -> [UInt8] in
                defer { buffer.removeAll(keepingCapacity: true) }
                return buffer
            }
            if !pending.isEmpty { write(pending) }
        }
    }

    /// Writes all of `bytes`, or as much as the descriptor takes before an error (then the rest
    /// is dropped: a log that cannot be written has nowhere to say so).
    private func write(_ bytes: [UInt8]) {
        try? FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).write(contentsOf: bytes)
    }
}
