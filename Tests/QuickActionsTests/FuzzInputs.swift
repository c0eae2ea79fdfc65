import Foundation

/// The fuzz targets of the repository and their inputs, read from `fuzz/`.
enum FuzzInputs {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fuzz")

    /// Every target: a `fuzz/Fuzz<Target>.swift` source, or a directory of seeds or regressions.
    static func targets() -> [String] {
        let sources = names(in: root).filter { $0.hasPrefix("Fuzz") && $0.hasSuffix(".swift") }.map { String($0.dropFirst(4).dropLast(6)) }
        return Set(sources + names(in: root.appendingPathComponent("seeds")) + names(in: root.appendingPathComponent("regressions"))).sorted()
    }

    /// The seeds and regression inputs of `target`, in name order.
    static func inputs(_ target: String) -> [[UInt8]] {
        ["seeds", "regressions"].flatMap { kind in
            let directory = root.appendingPathComponent(kind).appendingPathComponent(target)
            return names(in: directory).compactMap {
                FileManager.default.contents(atPath: directory.appendingPathComponent($0).path).map { Array($0) }
            }
        }
    }

    private static func names(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }
}
