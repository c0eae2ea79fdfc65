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
        // Concurrency building blocks for the transport and the API alike: per-thread replicas (one
        // row per HTTP thread), sharded locks, bounded rings, the CLOCK, references read unretained.
        .target(name: "Sharding", swiftSettings: strict),
        // SHA-256 and the system's random bytes: the only module that imports CCrypto.
        .target(name: "Cryptography", dependencies: ["CCrypto"], swiftSettings: strict),
        // Transport only: the only module that imports CMicroHTTPD.
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "Sharding"], swiftSettings: strict),
        // The domain: contacts, shortcut items, the builder. No HTTP, no SQL, no C library: the
        // client shares it and builds for iOS.
        .target(name: "QuickActions", swiftSettings: strict),
        // The stores: in-memory, SQLite and PostgreSQL (one binary serves every backend).
        .target(name: "Storage", dependencies: ["QuickActions", "CSQLite3", "CLibPQ"], swiftSettings: strict),
        // Routes, controllers, JSON, problem+json: the glue.
        .target(
            name: "QuickActionsAPI",
            dependencies: ["Cryptography", "HTTPServer", "QuickActions", "Sharding", "Storage"],
            swiftSettings: strict
        ),
        // The composition root: the command line, and the wiring of every part.
        .executableTarget(
            name: "quickactiond", dependencies: ["HTTPServer", "QuickActions", "QuickActionsAPI", "Sharding", "Storage"], swiftSettings: strict),
        // The companion's client library: decodes into the domain's types.
        .target(name: "QuickActionsClient", dependencies: ["QuickActions"], swiftSettings: strict),
        // The `quickactions` executable. Not a target named so: Sources/quickactions and
        // Sources/QuickActions are one directory on a case-insensitive (default macOS) disk.
        .executableTarget(name: "QuickActionsCompanion", dependencies: ["QuickActionsClient"], swiftSettings: strict),

        // What the end-to-end suites share: children spawned and reaped without Foundation's Process.
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: strict),

        .testTarget(name: "ShardingTests", dependencies: ["Sharding"], swiftSettings: strict),
        .testTarget(name: "CryptographyTests", dependencies: ["Cryptography"], swiftSettings: strict),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "Sharding"], swiftSettings: strict),
        .testTarget(name: "QuickActionsTests", dependencies: ["QuickActions"], resources: [.copy("Fixtures")], swiftSettings: strict),
        .testTarget(name: "StorageTests", dependencies: ["Storage"], swiftSettings: strict),
        .testTarget(name: "QuickActionsAPITests", dependencies: ["Cryptography", "QuickActionsAPI", "Sharding"], swiftSettings: strict),
        .testTarget(name: "quickactiondTests", dependencies: ["quickactiond"], swiftSettings: strict),
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
