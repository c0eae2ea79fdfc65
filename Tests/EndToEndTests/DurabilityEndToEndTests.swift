import Foundation
import Glibc
import TestSupport
import Testing

/// A crash in the middle of many concurrent writes loses no acknowledged write and leaves no
/// half-written row.
@Suite struct DurabilityEndToEndTests {
    static let writers = 8

    /// What one writer saw.
    struct WriterLog: Sendable {
        /// Contacts answered 201: id → name sent.
        var acknowledged: [String: String] = [:]
        /// Answers other than 201 (there should be none).
        var unexpected: [String] = []
        /// Requests sent.
        var sent = 0
    }

    @Test("8 keep-alive writers, kill -9 after ~1 s: every 201 survives, every stored row is complete")
    func crashDuringConcurrentWrites() throws {
        let directory = try TemporaryDirectory()
        let first = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        defer { first.stop() }
        let port = first.port
        let stopWriting = Date().addingTimeInterval(5)  // A bound in case the kill never lands.

        // kill -9 about a second in, whatever the writers are doing.
        let pid = first.pid
        let killer = Thread {
            usleep(1_000_000)
            _ = Glibc.kill(pid, SIGKILL)
        }
        killer.start()
        let (logs, errors) = ThreadGroup.run(count: Self.writers, timeout: 15) { writer in
            Self.write(as: writer, port: port, until: stopWriting)
        }
        #expect(errors.isEmpty, "\(errors)")
        #expect(first.kill() == .signalled(SIGKILL), "the server should have died of the kill")

        let acknowledged = logs.compactMap { $0 }.reduce(into: [String: String]()) { $0.merge($1.acknowledged) { a, _ in a } }
        let unexpected = logs.compactMap { $0 }.flatMap(\.unexpected)
        let sent = logs.compactMap { $0 }.reduce(0) { $0 + $1.sent }
        #expect(unexpected.isEmpty, "answers other than 201 before the crash: \(unexpected.prefix(5))")
        print("durability: \(sent) POSTs sent, \(acknowledged.count) answered 201 before kill -9")
        try #require(acknowledged.count > Self.writers, "too few writes before the kill to test anything")

        let second = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        defer { second.stop() }

        // Every acknowledged contact is there, with the name it was sent with.
        let reader = try second.connect()
        defer { reader.close() }
        var lost: [String] = []
        for (id, name) in acknowledged {
            let response = try reader.send("GET", "/contacts/\(id)")
            if response.status != 200 || (try? response.decode(ContactBody.self).name) != name {
                lost.append("\(id) (\(name)): \(response.status)")
            }
        }
        #expect(lost.isEmpty, "\(lost.count) acknowledged contacts lost or changed, e.g. \(lost.prefix(5))")

        // Every stored contact is whole: at most the acknowledged ones plus those in flight.
        let listed = try Self.everyContact(reader)
        #expect(listed.count >= acknowledged.count)
        #expect(listed.count <= sent, "more contacts than were ever sent")
        #expect(Set(listed.map(\.id)).count == listed.count, "a contact is listed twice")
        let pattern = #/Writer (\d+) #(\d+)/#
        for contact in listed {
            let match = contact.name.wholeMatch(of: pattern)
            #expect(match != nil, "incomplete or foreign name: \(contact)")
            if let match { #expect(contact.email == "w\(match.1).n\(match.2)@example.com", "\(contact)") }
            #expect(Expect.isRFC3339UTC(contact.createdAt) && Expect.isRFC3339UTC(contact.updatedAt), "\(contact)")
        }
        #expect(Set(acknowledged.keys).isSubset(of: Set(listed.map(\.id))), "an acknowledged contact is missing from the list")
        #expect(try second.listContacts("?limit=1").total == listed.count)
        #expect(second.stop() == .exited(0))
    }

    /// Writer `writer`'s contacts, POSTed one after the other on one keep-alive connection until
    /// `deadline` or until the connection fails (the kill ends it).
    private static func write(as writer: Int, port: Int, until deadline: Date) -> WriterLog {
        var log = WriterLog()
        guard let client = try? RawHTTPConnection(port: port) else { return log }
        defer { client.close() }
        while Date() < deadline {
            let name = "Writer \(writer) #\(log.sent)"
            let body = #"{"name":"\#(name)","email":"w\#(writer).n\#(log.sent)@example.com","favorite":\#(log.sent % 5 == 0)}"#
            log.sent += 1
            // The kill ends the connection: a failed exchange ends this writer.
            guard let response = try? client.send("POST", "/contacts", headers: [("Content-Type", "application/json")], body: Array(body.utf8))
            else { break }
            guard response.status == 201, let location = response.header("Location"), location.hasPrefix("/contacts/") else {
                log.unexpected.append("\(response.status) \(response.header("Location") ?? "no Location") \(response.text)")
                continue
            }
            log.acknowledged[String(location.dropFirst("/contacts/".count))] = name
        }
        return log
    }

    /// Every stored contact, page after page.
    private static func everyContact(_ reader: RawHTTPConnection) throws -> [ContactBody] {
        var listed: [ContactBody] = []
        var cursor: String?
        for _ in 0..<1000 {
            let page = try reader.send("GET", "/contacts?limit=1000" + (cursor.map { "&cursor=\($0)" } ?? ""))
            try #require(page.status == 200, "\(page.status) \(page.text)")
            let body = try page.decode(ContactListBody.self)
            listed += body.contacts
            cursor = body.nextCursor
            if cursor == nil { break }
        }
        return listed
    }
}
