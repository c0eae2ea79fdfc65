// swift-tools-version:6.0
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "quickactiond",
    platforms: [.macOS(.v15), .iOS(.v17)],
    products: [
        .executable(name: "quickactiond", targets: ["quickactiondMain"]),
        // The device companion's client: fetch, watch and trigger (Foundation only; builds for iOS).
        .library(name: "QuickActionsClient", targets: ["QuickActionsClient"]),
        // The companion on a terminal: `quickactions menu|watch|trigger`.
        .executable(name: "quickactions", targets: ["QuickActionsCompanion"]),
    ],
    targets: [
        // C libraries from Debian -dev packages, reached through pkg-config.
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite3",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // Concurrency building blocks for the transport and the API alike: per-thread replicas (one
        // row per HTTP thread), sharded locks, bounded rings, the CLOCK, references read unretained, thread names.
        .target(name: "Sharding", swiftSettings: strict),
        // SHA-256 and the system's random bytes: the only module that imports CCrypto.
        .target(name: "Cryptography", dependencies: ["CCrypto"], swiftSettings: strict),
        // Transport only: the only module that imports CMicroHTTPD.
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "Sharding"], swiftSettings: strict),
        // The domain: contacts, shortcut items, the builder. No HTTP, no SQL, no C library: the
        // client shares it and builds for iOS.
        .target(name: "QuickActions", swiftSettings: strict),
        // The Home Screen menu drawn as SVG: the server's picture, not linked by the client.
        .target(name: "QuickActionsPreview", dependencies: ["QuickActions"], swiftSettings: strict),
        // What every store promises (the protocols, `StorageError`, the change feeds, the shared
        // write rules) and the in-memory store. No C library: a program links only the backends it uses.
        .target(name: "StorageCore", dependencies: ["QuickActions"], swiftSettings: strict),
        // One module per backend: the only ones that import their C library.
        .target(name: "StorageSQLite", dependencies: ["QuickActions", "StorageCore", "CSQLite3"], swiftSettings: strict),
        .target(name: "StoragePostgreSQL", dependencies: ["QuickActions", "Sharding", "StorageCore", "CLibPQ"], swiftSettings: strict),
        // Routes, controllers, JSON, problem+json: the glue.
        .target(
            name: "QuickActionsAPI",
            dependencies: ["Cryptography", "HTTPServer", "QuickActions", "QuickActionsPreview", "Sharding", "StorageCore"],
            swiftSettings: strict
        ),
        // The command line of both executables: options, `--flag=value`, `--help`, one `UsageError`.
        // Only the two executables link it: no server or client library depends on it.
        .target(name: "ArgumentParsing", swiftSettings: strict),
        // The composition root: the command line, and the wiring of every part. A library, so that
        // the allocation check runs this very composition in its own process; `quickactiondMain`
        // is the executable's `main`, and nothing else.
        .target(
            name: "quickactiond",
            dependencies: [
                "ArgumentParsing", "HTTPServer", "QuickActions", "QuickActionsAPI", "Sharding", "StorageCore", "StorageSQLite", "StoragePostgreSQL",
            ],
            swiftSettings: strict),
        .executableTarget(name: "quickactiondMain", dependencies: ["quickactiond"], swiftSettings: strict),
        // The companion's client library: decodes into the domain's types.
        .target(name: "QuickActionsClient", dependencies: ["QuickActions"], swiftSettings: strict),
        // The `quickactions` executable. Not a target named so: Sources/quickactions and
        // Sources/QuickActions are one directory on a case-insensitive (default macOS) disk.
        .executableTarget(
            name: "QuickActionsCompanion", dependencies: ["ArgumentParsing", "QuickActionsClient", "QuickActions"], swiftSettings: strict),

        // Counts every call into the C allocator (it replaces malloc for the process that links it):
        // only the allocation check links it, never a test runner (the sanitizer replaces malloc too).
        .target(name: "CAllocationCounter", path: "Tests/CAllocationCounter"),
        // `make perf-check`: the hot paths' allocations per request, held to allocation-thresholds.json.
        .executableTarget(
            name: "quickactiond-perf-check",
            dependencies: ["ArgumentParsing", "CAllocationCounter", "QuickActions", "quickactiond", "TestSupport"],
            path: "Tests/PerformanceTests", exclude: ["allocation-thresholds.json"], swiftSettings: strict),

        // What the suites that run servers share: the real binary's launcher (ServerProcess), children spawned
        // and reaped without Foundation's Process, the sockets on 127.0.0.1 (LoopbackSocket) and the raw HTTP/1.1
        // connection (RawHTTPConnection); a clock the test moves (ManualEdgeClock).
        .target(name: "TestSupport", dependencies: ["QuickActions"], path: "Tests/TestSupport", swiftSettings: strict),
        // A program that links only the SQLite backend: StorageTests checks it needs no libpq.
        .executableTarget(
            name: "SQLiteOnlyProgram", dependencies: ["QuickActions", "StorageCore", "StorageSQLite"], path: "Tests/SQLiteOnlyProgram",
            swiftSettings: strict),

        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"], swiftSettings: strict),
        .testTarget(name: "ShardingTests", dependencies: ["Sharding"], swiftSettings: strict),
        .testTarget(name: "CryptographyTests", dependencies: ["Cryptography"], swiftSettings: strict),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "Sharding", "TestSupport"], swiftSettings: strict),
        // TestSupport: the Android checks run Debian's aapt on what the domain writes.
        .testTarget(
            name: "QuickActionsTests", dependencies: ["QuickActions", "QuickActionsPreview", "TestSupport"], resources: [.copy("Fixtures")],
            swiftSettings: strict),
        .testTarget(
            name: "QuickActionsPreviewTests", dependencies: ["QuickActions", "QuickActionsPreview"], resources: [.copy("Fixtures")],
            swiftSettings: strict),
        // The storage contract suites run against every backend, so they link all three.
        .testTarget(
            name: "StorageTests",
            dependencies: ["StorageCore", "StorageSQLite", "StoragePostgreSQL", "QuickActions", "CSQLite3", "SQLiteOnlyProgram", "TestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "QuickActionsAPITests",
            dependencies: [
                "Cryptography", "QuickActionsAPI", "HTTPServer", "QuickActions", "Sharding", "StorageCore", "StorageSQLite", "StoragePostgreSQL",
                "TestSupport",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "quickactiondTests", dependencies: ["ArgumentParsing", "quickactiond", "QuickActionsAPI", "StorageCore", "StoragePostgreSQL"],
            exclude: ["Fixtures"],
            swiftSettings: strict),
        .testTarget(
            name: "QuickActionsClientTests",
            dependencies: ["ArgumentParsing", "QuickActionsClient", "QuickActionsCompanion", "QuickActions", "quickactiondMain", "TestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["quickactiondMain", "TestSupport"],
            swiftSettings: strict
        ),
    ]
)
