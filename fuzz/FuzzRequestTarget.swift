// libFuzzer target: the request-target (path and query) parser every request goes through.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestTarget(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let target = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let parsed = try? RequestTarget.parse(target) {
        // A decoded path never carries control characters.
        if parsed.path.unicodeScalars.contains(where: { $0.value < 0x20 }) { fatalError("control character passed") }
    }
    return 0
}
