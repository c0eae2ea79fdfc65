import Foundation
import TestSupport
import Testing

/// Request framing as a smuggler sends it: each case pipelines a request behind a head that
/// RFC 9112 says to refuse. The refusal must be prompt, a problem, and end the connection, so
/// the pipelined request is never served and nothing is written.
@Suite struct SmugglingEndToEndTests {
    /// A head that must be refused, the status it gets, and the raw request (a second request
    /// is pipelined after it).
    struct Case: CustomTestStringConvertible, Sendable {
        let label: String
        let status: Int
        let head: [String]
        let body: String

        var testDescription: String { label }
    }

    static let smuggled =
        "POST /contacts HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n{\"name\":\"Smuggled\"}\n"
    static let json = ["Content-Type: application/json"]

    static let cases: [Case] = [
        Case(
            label: "Transfer-Encoding with white space before the colon, and Content-Length", status: 400,
            head: ["POST /contacts HTTP/1.1", "Host: x"] + json + ["Transfer-Encoding : chunked", "Content-Length: 5"], body: "0\r\n\r\n"),
        Case(
            label: "Content-Length with white space before the colon", status: 400,
            head: ["POST /contacts HTTP/1.1", "Host: x", "Content-Length : 2"] + json, body: "{}"),
        Case(
            label: "an obs-folded Content-Length", status: 400, head: ["POST /contacts HTTP/1.1", "Host: x", "Content-Length:", " 2"] + json,
            body: "{}"),
        Case(label: "an obs-folded other field", status: 400, head: ["GET /healthz HTTP/1.1", "Host: x", "X-Note: a", "\tb"], body: ""),
        Case(
            label: "Transfer-Encoding: xchunked (unknown coding)", status: 501,
            head: ["POST /contacts HTTP/1.1", "Host: x", "Transfer-Encoding: xchunked"] + json, body: "2\r\n{}\r\n0\r\n\r\n"),
        Case(
            label: "Transfer-Encoding: gzip (unsupported coding)", status: 501,
            head: ["POST /contacts HTTP/1.1", "Host: x", "Transfer-Encoding: gzip"] + json, body: ""),
        Case(
            label: "Transfer-Encoding: gzip, chunked", status: 501,
            head: ["POST /contacts HTTP/1.1", "Host: x", "Transfer-Encoding: gzip, chunked"] + json, body: "0\r\n\r\n"),
        Case(
            label: "Transfer-Encoding: chunked, identity (chunked not final)", status: 400,
            head: ["POST /contacts HTTP/1.1", "Host: x", "Transfer-Encoding: chunked, identity"] + json, body: "0\r\n\r\n"),
        Case(
            label: "Transfer-Encoding: chunked, chunked", status: 400,
            head: ["POST /contacts HTTP/1.1", "Host: x", "Transfer-Encoding: chunked, chunked"] + json, body: "0\r\n\r\n"),
        Case(label: "HTTP/1.1 without Host", status: 400, head: ["GET /healthz HTTP/1.1"], body: ""),
        Case(label: "two Host headers", status: 400, head: ["GET /healthz HTTP/1.1", "Host: a", "Host: b"], body: ""),
        Case(
            label: "two Authorization headers", status: 400,
            head: ["GET /healthz HTTP/1.1", "Host: x", "Authorization: Bearer a", "Authorization: Bearer b"], body: ""),
        Case(label: "a method that is not a token", status: 400, head: ["G(T /healthz HTTP/1.1", "Host: x"], body: ""),
        Case(label: "a method with a quote in it", status: 400, head: ["GE\"T /healthz HTTP/1.1", "Host: x"], body: ""),
    ]

    @Test("Refused promptly, as a problem, and the connection closed: the pipelined request is never served", arguments: cases)
    func refusedAndClosed(_ test: Case) throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        let client = try server.connect()
        defer { client.close() }
        let started = Date()
        try? client.sendRaw(Array((test.head.joined(separator: "\r\n") + "\r\n\r\n" + test.body + Self.smuggled).utf8))
        let response = try client.readResponse(method: "POST")
        #expect(response.status == test.status, "\(response.status) \(response.text)")
        #expect(response.header("Content-Type") == "application/problem+json")
        #expect(response.header("Connection")?.lowercased() == "close")
        #expect(client.awaitClose(within: 2), "the connection stayed open")
        #expect(Date().timeIntervalSince(started) < 2, "the refusal took \(Date().timeIntervalSince(started)) s")
        #expect(try server.listContacts().total == 0, "the pipelined request was served")
    }

    @Test("The same requests, well formed, are served: chunked in any case, HTTP/1.0 without Host, one Authorization")
    func wellFormedIsServed() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        let body = #"{"name":"Chunked"}"#
        let chunked = try server.connect()
        defer { chunked.close() }
        try chunked.sendRaw(
            Array(
                ("POST /contacts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: CHUNKED\r\n\r\n"
                    + String(body.utf8.count, radix: 16) + "\r\n" + body + "\r\n0\r\n\r\n").utf8))
        #expect(try chunked.readResponse(method: "POST").status == 201)
        let old = try server.connect()
        defer { old.close() }
        try old.sendRaw(Array("GET /healthz HTTP/1.0\r\n\r\n".utf8))
        #expect(try old.readResponse().status == 200)
        #expect(try server.request("GET", "/healthz", headers: [("Authorization", "Bearer whatever")]).status == 200)
        #expect(try server.listContacts().total == 1)
    }
}
