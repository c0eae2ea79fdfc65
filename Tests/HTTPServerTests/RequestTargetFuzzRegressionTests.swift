import Foundation
import HTTPServer
import Testing

/// The RequestTarget fuzz target's seeds and regression inputs (fuzz/seeds/RequestTarget,
/// fuzz/regressions/RequestTarget), replayed through its check: a decoded path never carries
/// a control character. Fails when there are no inputs: a replay over nothing proves nothing.
@Suite struct RequestTargetFuzzRegressionTests {
    static let fuzz = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fuzz")

    @Test func inputsReplay() throws {
        let inputs = ["seeds", "regressions"].flatMap { kind in
            let directory = Self.fuzz.appendingPathComponent("\(kind)/RequestTarget")
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }
            return names.sorted().compactMap { FileManager.default.contents(atPath: directory.appendingPathComponent($0).path) }
        }
        try #require(!inputs.isEmpty, "fuzz/seeds/RequestTarget and fuzz/regressions/RequestTarget are empty")
        for input in inputs {
            guard let parsed = try? RequestTarget.parse(String(decoding: input, as: UTF8.self)) else { continue }
            #expect(!parsed.path.unicodeScalars.contains { $0.value < 0x20 })
        }
    }
}
