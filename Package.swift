// swift-tools-version:6.0
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "quickactiond",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "quickactiond", targets: ["quickactiond"])
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
            name: "CSQLite3",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // Per-thread replicas (one row per HTTP thread), for the transport and the API alike.
        .target(name: "Sharding", swiftSettings: strict),
        // Transport only: the only module that imports CMicroHTTPD.
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "Sharding"], swiftSettings: strict),
        // The domain: contacts, shortcut items, the builder. No HTTP, no SQL (libcrypto for SHA-256).
        .target(name: "QuickActions", dependencies: ["CCrypto"], swiftSettings: strict),
        // Contact repositories: in-memory and SQLite.
        .target(name: "Storage", dependencies: ["QuickActions", "CSQLite3"], swiftSettings: strict),
        // Routes, controllers, JSON, problem+json: the glue.
        .target(
            name: "QuickActionsAPI",
            dependencies: ["HTTPServer", "QuickActions", "Sharding", "Storage"],
            swiftSettings: strict
        ),
        // The composition root: the command line, and the wiring of every part.
        .executableTarget(
            name: "quickactiond", dependencies: ["HTTPServer", "QuickActions", "QuickActionsAPI", "Sharding", "Storage"], swiftSettings: strict),

        .testTarget(name: "ShardingTests", dependencies: ["Sharding"], swiftSettings: strict),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "Sharding"], swiftSettings: strict),
        .testTarget(name: "QuickActionsTests", dependencies: ["QuickActions"], resources: [.copy("Fixtures")], swiftSettings: strict),
        .testTarget(name: "StorageTests", dependencies: ["Storage"], swiftSettings: strict),
        .testTarget(name: "QuickActionsAPITests", dependencies: ["QuickActionsAPI", "Sharding"], swiftSettings: strict),
        .testTarget(name: "quickactiondTests", dependencies: ["quickactiond"], swiftSettings: strict),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["quickactiond"],
            swiftSettings: strict
        ),
    ]
)
