// swift-tools-version:6.0
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "quickactiond",
    platforms: [.macOS(.v15), .iOS(.v17)],
    products: [
        .executable(name: "quickactiond", targets: ["quickactiond"]),
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
        // Per-thread replicas (one row per HTTP thread), for the transport and the API alike.
        .target(name: "Sharding", swiftSettings: strict),
        // Transport only: the only module that imports CMicroHTTPD.
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "Sharding"], swiftSettings: strict),
        // The domain: contacts, shortcut items, the builder. No HTTP, no SQL, no C library: the
        // client shares it and builds for iOS.
        .target(name: "QuickActions", swiftSettings: strict),
        // What every store promises (the protocols, `StorageError`, the change feeds, the shared
        // write rules) and the in-memory store. No C library: a program links only the backends it uses.
        .target(name: "StorageCore", dependencies: ["QuickActions"], swiftSettings: strict),
        // One module per backend: the only ones that import their C library.
        .target(name: "StorageSQLite", dependencies: ["QuickActions", "StorageCore", "CSQLite3"], swiftSettings: strict),
        .target(name: "StoragePostgreSQL", dependencies: ["QuickActions", "StorageCore", "CLibPQ"], swiftSettings: strict),
        // Routes, controllers, JSON, problem+json: the glue.
        .target(
            name: "QuickActionsAPI",
            dependencies: ["HTTPServer", "QuickActions", "Sharding", "StorageCore", "CCrypto"],
            swiftSettings: strict
        ),
        // The composition root: the command line, and the wiring of every part.
        .executableTarget(
            name: "quickactiond",
            dependencies: ["HTTPServer", "QuickActions", "QuickActionsAPI", "Sharding", "StorageCore", "StorageSQLite", "StoragePostgreSQL"],
            swiftSettings: strict),
        // The companion's client library: decodes into the domain's types.
        .target(name: "QuickActionsClient", dependencies: ["QuickActions"], swiftSettings: strict),
        // The `quickactions` executable. Not a target named so: Sources/quickactions and
        // Sources/QuickActions are one directory on a case-insensitive (default macOS) disk.
        .executableTarget(name: "QuickActionsCompanion", dependencies: ["QuickActionsClient"], swiftSettings: strict),

        // What the end-to-end suites share: children spawned and reaped without Foundation's Process.
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: strict),
        // A program that links only the SQLite backend: StorageTests checks it needs no libpq.
        .executableTarget(
            name: "SQLiteOnlyProgram", dependencies: ["QuickActions", "StorageCore", "StorageSQLite"], path: "Tests/SQLiteOnlyProgram",
            swiftSettings: strict),

        .testTarget(name: "ShardingTests", dependencies: ["Sharding"], swiftSettings: strict),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "Sharding"], swiftSettings: strict),
        .testTarget(name: "QuickActionsTests", dependencies: ["QuickActions"], resources: [.copy("Fixtures")], swiftSettings: strict),
        // The storage contract suites run against every backend, so they link all three.
        .testTarget(
            name: "StorageTests",
            dependencies: ["StorageCore", "StorageSQLite", "StoragePostgreSQL", "QuickActions", "CSQLite3", "SQLiteOnlyProgram", "TestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "QuickActionsAPITests", dependencies: ["QuickActionsAPI", "Sharding", "StorageCore", "StorageSQLite", "StoragePostgreSQL"],
            swiftSettings: strict),
        .testTarget(name: "quickactiondTests", dependencies: ["quickactiond", "StoragePostgreSQL"], swiftSettings: strict),
        .testTarget(
            name: "QuickActionsClientTests",
            dependencies: ["QuickActionsClient", "QuickActionsCompanion", "quickactiond", "TestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["quickactiond", "TestSupport"],
            swiftSettings: strict
        ),
    ]
)
