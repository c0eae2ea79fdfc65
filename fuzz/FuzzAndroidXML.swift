// libFuzzer target: the XML reader of Android's res/ files, and what reads its result: a
// shortcuts.xml, a values file's strings (aapt's text rules), and the writer those strings go
// back through, which must give the same text (a difference is a crash here).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAndroidXML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let problem = AndroidXMLFuzzCheck.run(bytes) { fatalError(problem) }
    return 0
}
