// libFuzzer target: the RFC 9112 checks made on every request head (RequestHeadCheck). The
// input is a raw head; this harness splits it the way libmicrohttpd 0.9.75 hands it to us
// (field names as sent, folded lines marked), and checks that whatever is accepted is a head
// every HTTP implementation would read the same way.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestHead(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // Lines end with CRLF; a bare LF inside a line stays part of it (libmicrohttpd reads
    // CRLF-terminated lines; the strict reading is all that matters here).
    var lines: [String] = []
    var rest = Substring(text)
    while let end = rest.firstRange(of: "\r\n") {
        lines.append(String(rest[..<end.lowerBound]))
        rest = rest[end.upperBound...]
    }
    lines.append(String(rest))
    guard !lines.isEmpty else { return 0 }
    let requestLine = lines.removeFirst().split(separator: " ", omittingEmptySubsequences: false)
    guard requestLine.count == 3 else { return 0 }
    let method = String(requestLine[0])
    var check = RequestHeadCheck()
    check.version = String(requestLine[2])
    var names: [String] = []
    for line in lines {
        if line.isEmpty { break }
        if line.hasPrefix(" ") || line.hasPrefix("\t") {
            check.folded += 1
            continue
        }
        guard let colon = line.firstIndex(of: ":") else { return 0 }
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
    guard check.failure(method: method) == nil else { return 0 }
    // Accepted: an independent, plainer statement of what that must mean.
    let tchars = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
    if method.isEmpty || !method.utf8.allSatisfy(tchars.contains) { fatalError("a method that is not a token passed: \(method)") }
    if names.contains(where: { $0.isEmpty || !$0.utf8.allSatisfy(tchars.contains) }) { fatalError("a field name that is not a token passed") }
    if check.folded > 0 { fatalError("obs-fold passed") }
    if check.hosts > 1 || (check.version == "HTTP/1.1" && check.hosts == 0) { fatalError("Host count \(check.hosts) passed") }
    if check.authorizations > 1 { fatalError("two Authorization fields passed") }
    if check.contentLengths > 1 || check.transferEncodings > 1 || (check.contentLengths > 0 && check.transferEncodings > 0) {
        fatalError("ambiguous framing passed")
    }
    if let length = check.firstContentLength, length.isEmpty || !length.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
        fatalError("a Content-Length that is not digits passed: \(length)")
    }
    if let codings = check.firstTransferEncoding {
        let trimmed = String(codings.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        if trimmed.lowercased() != "chunked" { fatalError("Transfer-Encoding '\(codings)' passed") }
    }
    return 0
}
