import Foundation
import QuickActions
import Testing

/// Inputs the fuzzers (fuzz/run.sh) once found problems with, replayed on every test run
/// through the same checks the fuzz targets make.
@Suite struct FuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func inputs(_ target: String) -> [[UInt8]] {
        let directory = root.appendingPathComponent("fuzz/regressions/\(target)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().compactMap { name in
            FileManager.default.contents(atPath: directory.appendingPathComponent(name).path).map { Array($0) }
        }
    }

    @Test func jsonRequestInputsParseAndWriteStably() throws {
        let inputs = Self.inputs("JSONRequest")
        #expect(!inputs.isEmpty)
        for input in inputs {
            guard let value = try? JSONParser.parse(input) else { continue }
            let written = JSONWriter.bytes(value)
            #expect(JSONWriter.bytes(try JSONParser.parse(written)) == written)
        }
    }

    @Test func stringsFileInputsNeverCrash() {
        for input in Self.inputs("StringsFile") { _ = try? StringsFile.parse(input) }
    }

    @Test func infoPlistInputsNeverCrash() {
        for input in Self.inputs("InfoPlist") { _ = try? ShortcutConfiguration.parse(input, source: "regression") }
    }
}
