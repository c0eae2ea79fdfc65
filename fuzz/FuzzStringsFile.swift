// libFuzzer target: the InfoPlist.strings reader (UTF-8 and UTF-16, comments, escapes).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStringsFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = try? StringsFile.parse(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
