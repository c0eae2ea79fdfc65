// libFuzzer target: the Info.plist / JSON items loader behind --shortcuts (with build
// settings to expand), then the HIG checks and the property-list writer on whatever it accepts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInfoPlist(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let settings = BuildSettings(["PRODUCT_BUNDLE_IDENTIFIER": "org.example.App", "PRODUCT_NAME": "App", "LOOP": "$(LOOP)x"])
    guard let configuration = try? StaticShortcutConfiguration.parse(bytes, source: "fuzz", buildSettings: settings) else { return 0 }
    _ = ShortcutLinter.warnings(for: configuration.staticItems, appName: configuration.appName)
    _ = PropertyListWriter.xml(items: configuration.staticItems)
    return 0
}
