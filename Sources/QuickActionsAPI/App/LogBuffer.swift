import HTTPServer
import QuickActions
import Synchronization

/// One thread's buffered request lines: their bytes, and where each ends with its stamp.
struct LogLines {
    var bytes: [UInt8] = []
    var marks: [LogLineMark] = []
    /// The text of the minute the last line's time was in.
    var minute = Timestamp.RFC3339Minute()

    /// Makes room for a full buffer's lines at once, so that appending does not grow the arrays
    /// a little at a time, allocating on a request's thread whenever a pass holds more lines than
    /// any before it.
    mutating func reserveFullBuffer() {
        bytes.reserveCapacity(LogSink.highWater + 16 * 1024)
        marks.reserveCapacity(1024)
    }
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
    func append(_ build: (inout LogLines) -> Void) -> Int {
        lines.withLock { lines in
            // Each array is reserved once: writes swap it with the write's spare, keeping capacities.
            if lines.marks.capacity == 0 { lines.reserveFullBuffer() }
            build(&lines)
            lines.marks.append(LogLineMark(stamp: MonotonicClock.nanoseconds(), end: lines.bytes.count))
            return lines.bytes.count
        }
    }
}
