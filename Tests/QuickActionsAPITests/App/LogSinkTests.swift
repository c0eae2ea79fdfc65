import Dispatch
import Foundation
import Glibc
import HTTPServer
import QuickActions
import Sharding
import Synchronization
import Testing

@testable import QuickActionsAPI

@Suite struct LogSinkTests {
    /// A thread that runs what it is given, in order, and holds one row of `rows` (as an HTTP thread does).
    final class RowThread: Sendable {
        private let work = Mutex<[@Sendable () -> Void]>([])
        private let ready = DispatchSemaphore(value: 0)

        init(rows: ThreadRows) {
            let thread = Thread { [self] in
                rows.claim()
                while true {
                    ready.wait()
                    let next = work.withLock { $0.isEmpty ? nil : $0.removeFirst() }
                    guard let next else { return }
                    next()
                }
            }
            thread.start()
        }

        /// Runs `body` on the thread and waits for it.
        func run(_ body: @escaping @Sendable () -> Void) {
            let done = DispatchSemaphore(value: 0)
            work.withLock {
                $0.append {
                    body()
                    done.signal()
                }
            }
            ready.signal()
            done.wait()
        }

        /// Ends the thread once it has run what it was given.
        func stop() {
            ready.signal()
        }
    }

    /// A pipe whose read end a thread drains into `received` (so a writer never waits on it for long).
    final class DrainedPipe: Sendable {
        let writeEnd: Int32
        private let readEnd: Int32
        private let bytes = Mutex<[UInt8]>([])
        private let finished = DispatchSemaphore(value: 0)

        init() throws {
            var ends: [Int32] = [-1, -1]
            try #require(pipe(&ends) == 0)
            readEnd = ends[0]
            writeEnd = ends[1]
            let thread = Thread { [self] in
                var chunk = [UInt8](repeating: 0, count: 65_536)
                while case let count = read(readEnd, &chunk, chunk.count), count > 0 {
                    bytes.withLock { $0 += chunk[0..<count] }
                }
                close(readEnd)
                finished.signal()
            }
            thread.start()
        }

        /// What was read so far.
        var received: [UInt8] { bytes.withLock { $0 } }

        /// The lines read so far.
        var lines: [String] { received.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) } }

        /// Closes the write end and waits until everything written has been read.
        func finish() -> [String] {
            close(writeEnd)
            finished.wait()
            return lines
        }
    }

    private static func request(_ logger: RequestLogger, _ id: String) {
        logger.request(id: .given(id), method: "GET", path: "/shortcuts", route: "/shortcuts", status: 200, milliseconds: 0.1, bytes: 1)
    }

    /// The request ids and event messages of `lines`, in order.
    private static func names(_ lines: [String]) throws -> [String] {
        try lines.map { line in
            let object = try #require(try JSONParser.parse(Array(line.utf8)).objectValue, "not an object: \(line)")
            if case .string(let id) = object["requestId"] { return id }
            if case .string(let message) = object["msg"] { return message }
            return line
        }
    }

    @Test("Lines from different threads' buffers and other lines come out in the order they were logged")
    func orderAcrossThreads() throws {
        let rows = ThreadRows(ownRows: 2)
        let output = try DrainedPipe()
        let logger = RequestLogger(level: .info, descriptor: output.writeEnd, rows: rows)
        let first = RowThread(rows: rows)
        let second = RowThread(rows: rows)
        defer {
            first.stop()
            second.stop()
        }
        // The second thread's row comes after the first's: its earlier line must still come first.
        first.run {}
        second.run { Self.request(logger, "second-1") }
        first.run { Self.request(logger, "first-1") }
        second.run { Self.request(logger, "second-2") }
        logger.log(.warning, "event")
        first.run { Self.request(logger, "first-2") }
        Self.request(logger, "shared-1")
        second.run { Self.request(logger, "second-3") }
        logger.flush()
        #expect(try Self.names(output.finish()) == ["second-1", "first-1", "second-2", "event", "first-2", "shared-1", "second-3"])
    }

    @Test("Request lines are written by the writer thread soon after, with no flush and no other line")
    func writtenWithoutFlush() throws {
        #expect(LogSink.gatherWindow < LogSink.delay)
        let output = try DrainedPipe()
        let logger = RequestLogger(level: .info, descriptor: output.writeEnd, rows: ThreadRows(ownRows: 0))
        Self.request(logger, "alone")
        // The promise is `LogSink.delay`; the bound is wide because a loaded machine may not run
        // the writer for a while. A line left until the next flush fails it.
        let deadline = Date().addingTimeInterval(5)
        while output.lines.isEmpty, Date() < deadline { usleep(1_000) }
        #expect(try Self.names(output.lines) == ["alone"])
        _ = output.finish()
    }

    @Test("The writer thread is shown as qa-log-writer, not by the name of the thread whose line started it")
    func theWriterThreadIsNamed() throws {
        let output = try DrainedPipe()
        let logger = RequestLogger(level: .info, descriptor: output.writeEnd, rows: ThreadRows(ownRows: 0))
        Self.request(logger, "named")
        let deadline = Date().addingTimeInterval(5)
        while output.lines.isEmpty, Date() < deadline { usleep(1_000) }
        // The writer names itself before its first write.
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")
        let names = tasks.compactMap { try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8) }
        #expect(names.contains("qa-log-writer\n"))
        _ = output.finish()
    }

    @Test("Many threads past full buffers, into a pipe: every line is written once, each thread's in its order")
    func noLineDroppedUnderLoad() throws {
        let rows = ThreadRows(ownRows: 3)
        let output = try DrainedPipe()
        let logger = RequestLogger(level: .info, descriptor: output.writeEnd, rows: rows)
        let threads = (0..<4).map { _ in RowThread(rows: rows) }
        let perThread = 3_000
        DispatchQueue.concurrentPerform(iterations: threads.count) { index in
            threads[index].run {
                for number in 0..<perThread { Self.request(logger, "t\(index)-\(number)") }
            }
        }
        for thread in threads { thread.stop() }
        logger.flush()
        let names = try Self.names(output.finish())
        #expect(names.count == threads.count * perThread)
        #expect(Set(names).count == names.count)
        // Each thread's lines keep their order.
        for index in threads.indices {
            let own = names.filter { $0.hasPrefix("t\(index)-") }
            #expect(own == (0..<perThread).map { "t\(index)-\($0)" })
        }
    }
}
