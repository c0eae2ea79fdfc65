import Dispatch
import Glibc
import Synchronization

/// The buffer behind `RequestLogger`: appended to under a lock, written by whoever flushes.
final class LogSink: Sendable {
    /// Buffered bytes past which an append writes them out itself.
    static let highWater = 64 * 1024
    /// How long a request line may wait in the buffer.
    static let delay = DispatchTimeInterval.milliseconds(10)

    private let descriptor: Int32
    private let buffer = Mutex<[UInt8]>([])
    private let flushScheduled = Atomic<Bool>(false)

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    func append(_ build: (inout [UInt8]) -> Void) {
        let full = buffer.withLock { buffer -> [UInt8]? in
            build(&buffer)
            guard buffer.count >= Self.highWater else { return nil }
            defer { buffer.removeAll(keepingCapacity: true) }
            return buffer
        }
        if let full {
            write(full)
        } else if !flushScheduled.exchange(true, ordering: .acquiringAndReleasing) {
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.delay) { [self] in
                flushScheduled.store(false, ordering: .releasing)
                flush()
            }
        }
    }

    /// Writes the buffer, then `bytes`, keeping lines in order.
    func writeNow(_ bytes: [UInt8]) {
        buffer.withLock { buffer in
            buffer.append(contentsOf: bytes)
            write(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    func flush() {
        let pending = buffer.withLock { buffer -> [UInt8] in
            defer { buffer.removeAll(keepingCapacity: true) }
            return buffer
        }
        if !pending.isEmpty { write(pending) }
    }

    private func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let written = Glibc.write(descriptor, base + offset, raw.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
