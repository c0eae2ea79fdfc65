// libFuzzer target: the Info.plist / JSON items loader behind --shortcuts, then the HIG
// checks and the property-list writer on whatever it accepts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInfoPlist(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let configuration = try? ShortcutConfiguration.parse(bytes, source: "fuzz") else { return 0 }
    _ = ShortcutLinter.warnings(for: configuration.staticItems, appName: configuration.appName)
    _ = PropertyListWriter.xml(items: configuration.staticItems)
    return 0
}
