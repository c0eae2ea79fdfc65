import Dispatch
import Foundation
import Glibc
import HTTPServer
import Sharding
import Synchronization
import TestSupport
import Testing

/// Records, per request, the serving thread and the row it holds in the server's `ThreadRows`.
final class ThreadRowHandler: HTTPRequestHandler {
    let rows: ThreadRows
    let seen = Mutex<[(thread: UInt, row: Int)]>([])

    init(rows: ThreadRows) {
        self.rows = rows
    }

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        let row = rows.current
        seen.withLock { $0.append((UInt(pthread_self()), row)) }
        // Long enough that the connections overlap and both HTTP threads serve some.
        usleep(2_000)
        return HTTPResponse(status: 200, body: .bytes(Array("\(row)".utf8)))
    }

    func reject(_ error: HTTPTransportError, method: String, target: String, startedAt: UInt64) -> HTTPResponse {
        HTTPResponse(status: 400)
    }
}

/// The invariant every `PerThreadReplica` relies on, over real loopback: each HTTP thread of a
/// server has a row of its own in the rows it was given, sized from `threads`.
@Suite struct HTTPServerThreadRowsTests {
    @Test func twoHTTPThreadsNeverShareARow() throws {
        let rows = ThreadRows(ownRows: 2)
        let handler = ThreadRowHandler(rows: rows)
        let server = try HTTPServer(
            configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0, threads: 2), handler: handler, threadRows: rows)
        defer { server.stop(grace: .zero) }
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            do {
                let connection = try RawHTTPConnection(port: server.port)
                for _ in 0..<10 {
                    try connection.sendRaw("GET /row HTTP/1.1\r\nHost: x\r\n\r\n")
                    if try connection.readResponse().status != 200 { failures.add(1, ordering: .relaxed) }
                }
            } catch {
                failures.add(1, ordering: .relaxed)
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        let seen = handler.seen.withLock { $0 }
        #expect(seen.count == 80)
        var rowOfThread: [UInt: Int] = [:]
        for (thread, row) in seen {
            #expect(row != rows.sharedRow, "an HTTP thread fell back to the shared row")
            #expect(rowOfThread[thread, default: row] == row, "a thread changed rows")
            rowOfThread[thread] = row
        }
        #expect(rowOfThread.count <= 2)
        #expect(Set(rowOfThread.values).count == rowOfThread.count, "two HTTP threads shared a row: \(rowOfThread)")
    }
}
