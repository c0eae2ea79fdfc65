import Sharding

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
