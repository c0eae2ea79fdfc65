import Foundation
import Testing

@testable import HTTPServer

/// The RequestHead fuzz target's seeds and regression inputs (fuzz/seeds/RequestHead,
/// fuzz/regressions/RequestHead), replayed through its check (fuzz/FuzzRequestHead.swift): a
/// head `RequestHeadCheck` accepts is one every HTTP implementation reads the same way. Fails
/// when there are no inputs: a replay over nothing proves nothing.
@Suite struct RequestHeadFuzzRegressionTests {
    static let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fuzz")

    @Test func inputsReplay() throws {
        let inputs = ["seeds", "regressions"].flatMap { kind in
            let directory = Self.fuzz.appendingPathComponent("\(kind)/RequestHead")
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }
            return names.sorted().compactMap { FileManager.default.contents(atPath: directory.appendingPathComponent($0).path) }
        }
        try #require(!inputs.isEmpty, "fuzz/seeds/RequestHead and fuzz/regressions/RequestHead are empty")
        for input in inputs {
            let text = String(decoding: input, as: UTF8.self)
            guard case let (method, check, names)? = Self.split(text) else { continue }
            guard check.failure(method: method) == nil else { continue }
            // Accepted: the fuzz target's independent, plainer statement of what that must mean.
            #expect(Self.isToken(method), "a method that is not a token passed: \(text.debugDescription)")
            #expect(names.allSatisfy(Self.isToken), "a field name that is not a token passed: \(text.debugDescription)")
            #expect(check.folded == 0, "obs-fold passed: \(text.debugDescription)")
            #expect(check.hosts <= 1 && !(check.version == "HTTP/1.1" && check.hosts == 0), "Host count passed: \(text.debugDescription)")
            #expect(check.authorizations <= 1, "two Authorization fields passed: \(text.debugDescription)")
            #expect(
                check.contentLengths <= 1 && check.transferEncodings <= 1 && !(check.contentLengths > 0 && check.transferEncodings > 0),
                "ambiguous framing passed: \(text.debugDescription)")
            if let length = check.firstContentLength {
                #expect(!length.isEmpty && length.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }, "Content-Length '\(length)' passed")
            }
            if let codings = check.firstTransferEncoding {
                let trimmed = codings.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
                #expect(trimmed.lowercased() == "chunked", "Transfer-Encoding '\(codings)' passed")
            }
        }
    }

    /// The head split as libmicrohttpd hands it over (CRLF lines, field names as sent, folded
    /// lines counted), as the fuzz target does; nil when there is no three-part request line.
    static func split(_ text: String) -> (method: String, check: RequestHeadCheck, names: [String])? {
        var lines: [String] = []
        var rest = Substring(text)
        while let end = rest.firstRange(of: "\r\n") {
            lines.append(String(rest[..<end.lowerBound]))
            rest = rest[end.upperBound...]
        }
        lines.append(String(rest))
        let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
        guard requestLine.count == 3 else { return nil }
        var check = RequestHeadCheck()
        check.version = String(requestLine[2])
        var names: [String] = []
        for line in lines {
            if line.isEmpty { break }
            if line.hasPrefix(" ") || line.hasPrefix("\t") {
                check.folded += 1
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = String(line[..<colon])
            let value = String(line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" })
            names.append(name)
            if !RequestHeadCheck.isToken(name.utf8) { check.badNames += 1 }
            switch name.lowercased() {
            case "host": check.hosts += 1
            case "authorization": check.authorizations += 1
            case "content-length":
                check.contentLengths += 1
                if check.firstContentLength == nil { check.firstContentLength = value }
            case "transfer-encoding":
                check.transferEncodings += 1
                if check.firstTransferEncoding == nil { check.firstTransferEncoding = value }
            default: break
            }
        }
        return (String(requestLine[0]), check, names)
    }

    /// RFC 9110's token, stated plainly (not through `RequestHeadCheck.isToken`).
    static func isToken(_ text: String) -> Bool {
        let tchars = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        return !text.isEmpty && text.utf8.allSatisfy(tchars.contains)
    }
}
