import Foundation
import TestSupport
import Testing

/// Requests built to confuse the server: oversized heads, ambiguous framing, malformed
/// targets, bytes that are not HTTP at all. Each is refused, and the server keeps serving.
@Suite struct HostileInputEndToEndTests {
    /// Sends `raw` on a new connection and reads one response. A server that closes early may
    /// make the write fail; the response it sent before closing still counts.
    static func exchange(_ server: ServerProcess, _ raw: [UInt8]) throws -> (response: RawHTTPResponse?, client: RawHTTPConnection) {
        let client = try server.connect()
        do {
            try client.sendRaw(raw)
        } catch {
            // Reset mid-write: read what was answered, if anything.
        }
        return ((try? client.readResponse()), client)
    }

    static func head(_ lines: [String], body: String = "") -> [UInt8] {
        Array((lines.joined(separator: "\r\n") + "\r\n\r\n" + body).utf8)
    }

    @Test("A request head over 16 KiB is refused (431, 413 or 400), never served; one of 4 KiB is served")
    func oversizedHeaders() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }

        let oneHuge = { (size: Int) in ["GET /healthz HTTP/1.1", "Host: 127.0.0.1", "X-Padding: " + String(repeating: "a", count: size)] }
        let manySmall = ["GET /healthz HTTP/1.1", "Host: 127.0.0.1"] + (0..<40).map { "X-Padding-\($0): " + String(repeating: "b", count: 500) }
        let longTarget = ["GET /healthz?pad=\(String(repeating: "c", count: 17 * 1024)) HTTP/1.1", "Host: 127.0.0.1"]
        let cases: [(label: String, lines: [String])] = [
            ("one 17 KiB header", oneHuge(17 * 1024)),
            ("one 24 KiB header", oneHuge(24 * 1024)),
            ("one 64 KiB header", oneHuge(64 * 1024)),
            ("40 headers of 500 bytes (20 KiB)", manySmall),
            ("a 17 KiB request target", longTarget),
        ]
        for (label, lines) in cases {
            let (response, client) = try Self.exchange(server, Self.head(lines))
            defer { client.close() }
            guard let response else {
                Issue.record("\(label): the connection closed without any answer (expected 431, 413 or 400)")
                continue
            }
            #expect(response.status != 200, "\(label): served with 200")
            #expect([400, 413, 431].contains(response.status), "\(label): \(response.status) \(response.text)")
        }

        let (normal, client) = try Self.exchange(server, Self.head(oneHuge(4 * 1024)))
        defer { client.close() }
        #expect(normal?.status == 200, "a 4 KiB header is well within the limit: \(normal?.status ?? 0)")
        #expect(try server.request("GET", "/healthz").status == 200)
    }

    @Test("Ambiguous framing (request smuggling) is 400 and the connection is closed; nothing smuggled runs")
    func smuggling() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        let body = #"{"name":"Smuggled"}"#
        let length = body.utf8.count
        // What a front end reading the other framing would treat as the next request.
        let smuggled = "POST /contacts HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\r\n\(body)"
        let chunked = String(length, radix: 16) + "\r\n" + body + "\r\n0\r\n\r\n"
        let post = ["POST /contacts HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/json"]
        let cases: [(label: String, raw: [UInt8])] = [
            ("duplicated Content-Length", Self.head(post + ["Content-Length: \(length)", "Content-Length: \(length)"], body: body + smuggled)),
            ("conflicting Content-Length", Self.head(post + ["Content-Length: \(length)", "Content-Length: \(length + 10)"], body: body + smuggled)),
            (
                "Content-Length and chunked",
                Self.head(post + ["Content-Length: \(chunked.utf8.count)", "Transfer-Encoding: chunked"], body: chunked + smuggled)
            ),
            (
                "chunked and Content-Length",
                Self.head(post + ["Transfer-Encoding: chunked", "Content-Length: \(chunked.utf8.count)"], body: chunked + smuggled)
            ),
            ("Content-Length list", Self.head(post + ["Content-Length: \(length), \(length)"], body: body + smuggled)),
        ]
        for (label, raw) in cases {
            let (response, client) = try Self.exchange(server, raw)
            defer { client.close() }
            guard let response else {
                Issue.record("\(label): no answer")
                continue
            }
            #expect(response.status == 400, "\(label): \(response.status) \(response.text)")
            #expect(client.awaitClose(within: 2), "\(label): the connection stayed open after the refusal")
        }
        #expect(try server.listContacts().total == 0, "a smuggled or ambiguous request created a contact")
        #expect(try server.request("GET", "/healthz").status == 200)
    }

    @Test("A path with %00, bad percent-encoding or invalid UTF-8 is 400")
    func malformedTargets() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let contact = try #require(try server.listContacts().contacts.first)
        let targets = [
            "/contacts/%00", "/healthz%00", "/contacts/\(contact.id)%00", "/contacts/%ZZ", "/contacts/%", "/contacts/%4", "/%ZZ",
            "/contacts/%FF", "/contacts/%C3%28", "/contacts/%ED%A0%80", "/contacts/%0A", "/contacts?q=%FF", "/contacts?q=%ZZ",
        ]
        for target in targets {
            let (response, client) = try Self.exchange(server, Self.head(["GET \(target) HTTP/1.1", "Host: 127.0.0.1"]))
            defer { client.close() }
            guard let response else {
                Issue.record("\(target): no answer")
                continue
            }
            #expect(response.status == 400, "\(target): \(response.status) \(response.text)")
            #expect(response.mediaType == "application/problem+json", "\(target)")
        }
        #expect(try server.request("GET", "/contacts/\(contact.id)").status == 200)
    }

    @Test("Bytes that are not HTTP (a TLS ClientHello, binary noise) do not hurt the server")
    func garbage() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        // The start of a TLS 1.2 ClientHello, as a client that mistook the scheme sends it.
        var clientHello: [UInt8] = [0x16, 0x03, 0x01, 0x00, 0xA5, 0x01, 0x00, 0x00, 0xA1, 0x03, 0x03]
        clientHello += (0..<32).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        clientHello += [0x00, 0x00, 0x20, 0xC0, 0x2B, 0xC0, 0x2F, 0xC0, 0x2C, 0xC0, 0x30, 0xCC, 0xA9, 0xCC, 0xA8, 0x01, 0x00, 0x00, 0x58]
        clientHello += Array("\0\0\u{0E}\0\u{0C}\0\0\tlocalhost".utf8) + [UInt8](repeating: 0, count: 64)
        let noise = (0..<4096).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) } + Array("\r\n\r\n".utf8)
        let cases: [(String, [UInt8])] = [
            ("TLS ClientHello", clientHello), ("binary noise", noise), ("NUL bytes", [UInt8](repeating: 0, count: 1024) + Array("\r\n\r\n".utf8)),
            ("bare newlines", Array(String(repeating: "\n", count: 2000).utf8)), ("HTTP/9", Self.head(["GET / HTTP/9.9", "Host: x"])),
        ]
        for (label, bytes) in cases {
            let client = try server.connect()
            defer { client.close() }
            try? client.sendRaw(bytes)
            // Whether it answers 400 or just closes, it must not be served, and must not take the server down.
            if client.awaitReadable(within: 0.5), let response = try? client.readResponse() {
                #expect((400..<600).contains(response.status) && response.status != 500, "\(label): \(response.status)")
            }
            client.close()
            let started = Date()
            #expect(try server.request("GET", "/healthz").status == 200, "\(label): the server stopped answering")
            #expect(Date().timeIntervalSince(started) < 1, "\(label)")
        }
        #expect(server.stop() == .exited(0), "the server should still stop cleanly")
    }
}
