import Foundation
import Testing

/// Every contract runs against every backend: each test of a contract suite that takes a
/// `RepositoryKind` (run on the `local` backends) has a PostgreSQL test in the suite's
/// `OnPostgreSQL`, which calls it with `.postgres`. Read from the suites' source files.
@Suite struct ContractCoverageTests {
    @Test func everyContractTestHasItsPostgreSQLTest() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix("Tests.swift") }.sorted()
        var contracts = 0
        for file in files {
            let source = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            let local = Set(Self.names(in: source, after: "@Test(arguments: RepositoryKind.local)", before: "(kind:"))
            let onPostgreSQL = Set(Self.names(in: source, after: "try contract.", before: "(kind: .postgres)"))
            #expect(local == onPostgreSQL, "\(file): without a PostgreSQL test: \(local.subtracting(onPostgreSQL).sorted())")
            contracts += local.count
        }
        #expect(contracts >= 45)
    }

    /// The function names found between `after` (and `func `, if the name follows a declaration)
    /// and `before`.
    private static func names(in source: String, after: String, before: String) -> [String] {
        source.components(separatedBy: after).dropFirst().compactMap { rest in
            var text = rest.drop { $0 == " " || $0 == "\n" }
            if text.hasPrefix("func ") { text = text.dropFirst(5) }
            let name = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return text.dropFirst(name.count).hasPrefix(before) && !name.isEmpty ? String(name) : nil
        }
    }
}
