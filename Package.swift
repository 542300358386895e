// swift-tools-version: 6.1
import PackageDescription

// Dependencies point one way: cotside → {CotsideApp, CalcContract, WardStorePostgres (moving a ward
// to a server: `cotside migrate`)}; CotsideApp → {TerminalUI, WardStore, Clinical, ReportKit,
// ChildProcess (CUPS' lp, printing reports), WardStorePostgres (connecting to a ward's server: the
// engine is chosen where the ward is opened)}; CalcContract → {Clinical, TerminalUI (display widths for the text's columns)};
// WardStore → Clinical (the pure values both count with: calendar days, the text of numbers) and
// WardSQL (its queries, for either engine); WardStorePostgres → {WardSQL, PostgresNIO, Crypto (a ward copy's checksums)}, never
// WardStore, so NIO stays out of WardStore; TerminalUI → {CNcurses, TextFolding}; ReportKit →
// TextFolding (the one ASCII table). Clinical (the pure model) and WardStore never import a UI
// module; only CalcContract does the calculators' I/O.
let package = Package(
    name: "Cotside",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "cotside", targets: ["cotside"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // PBKDF2-HMAC-SHA256 for staff PINs (CryptoExtras, on BoringSSL here).
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // The PostgreSQL engine (SCRAM, TLS through swift-nio-ssl); needs swift-tools-version 6.1.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CNcurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        // Data the program ships (growth/BP/bilirubin tables, drugs, stroke centres,
        // language catalogues). Located at run time by ResourceLocator, not only Bundle.module.
        .target(
            name: "CotsideResources",
            path: "Resources",
            exclude: ["README.md"],
            resources: [
                .copy("clinical"),
                .copy("stroke"),
                .copy("l10n"),
                .copy("export"),
            ]
        ),
        .target(name: "Clinical", dependencies: ["CotsideResources"]),
        // The store's SQL written once for SQLite and PostgreSQL: statements with bound values and
        // per-engine spellings, rows read by name, the read/write interface both engines implement.
        // Depends on nothing, so neither GRDB nor NIO comes with it.
        .target(name: "WardSQL"),
        // The calculators' machine interface: `cotside calc` text and JSON, the JSON Lines batch.
        // TerminalUI for TextWidth alone: the text output pads its columns by display width.
        .target(name: "CalcContract", dependencies: ["Clinical", "TerminalUI"]),
        .target(
            name: "WardStore",
            dependencies: [
                "Clinical",
                "WardSQL",
                .product(name: "GRDB", package: "GRDB.swift"),
                // sqlite3_file_control for a persistent WAL (see WardDatabase).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ]
        ),
        // WardSQL on PostgreSQL through postgres-nio. Its own target, so a build that never talks to
        // a server carries no NIO or TLS stack into WardStore.
        .target(
            name: "WardStorePostgres",
            dependencies: ["WardSQL", .product(name: "PostgresNIO", package: "postgres-nio"),
                           .product(name: "Crypto", package: "swift-crypto")]
        ),
        .target(name: "TerminalUI", dependencies: ["CNcurses", "TextFolding"]),
        // The one ASCII transliteration table, for the screen in a non-UTF-8 locale and for
        // ASCII reports: its own module, so ReportKit still needs nothing of the UI.
        .target(name: "TextFolding"),
        // Reports as plain values and their text, HTML and PDF renderers; depends on nothing but
        // the ASCII table, so the PDF writer is tested on its own.
        .target(name: "ReportKit", dependencies: ["TextFolding"]),
        .target(
            name: "CotsideApp",
            dependencies: ["TerminalUI", "WardStore", "Clinical", "CotsideResources", "ReportKit", "ChildProcess", "WardStorePostgres"]
        ),
        .executableTarget(
            name: "cotside",
            dependencies: [
                "CotsideApp", "CalcContract", "Clinical", "WardStore", "TerminalUI", "ReportKit", "WardStorePostgres",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Multi-process store tests run this helper as a separate process (see WardStoreTests).
        .executableTarget(name: "cotside-store-probe", dependencies: ["WardStore"]),
        .executableTarget(
            name: "cotside-bench",
            dependencies: ["CotsideApp", "Clinical", "WardStore", "TerminalUI", "ChildProcess", "ReportKit"],
            path: "Benchmarks"
        ),
        // Tests and benchmarks start real processes (cotside, the store probe, tmux, sqlite3)
        // through this, never Foundation.Process; the app links it for one thing only: printing
        // a report (`p` in a report preview, `cotside report --print`) runs CUPS' lp
        // (ReportPrinter, in CotsideApp, one copy for both).
        .target(name: "ChildProcess"),
        .testTarget(name: "ChildProcessTests", dependencies: ["ChildProcess"]),
        .testTarget(name: "ClinicalTests", dependencies: ["Clinical"]),
        .testTarget(name: "WardSQLTests", dependencies: ["WardSQL"]),
        .testTarget(name: "CalcContractTests", dependencies: ["CalcContract", "Clinical", "ChildProcess", "TerminalUI"], exclude: ["Golden"]),
        .testTarget(name: "WardStoreTests", dependencies: ["WardStore", "WardSQL", "Clinical", "ChildProcess", "WardStorePostgres"]),
        // One test body on both engines: SQLite always, PostgreSQL when COTSIDE_TEST_POSTGRES_URL
        // names a server (scripts/postgres-test-server starts a throwaway one).
        .testTarget(
            name: "WardStorePostgresTests",
            dependencies: [
                "WardStorePostgres", "WardStore", "WardSQL",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TextFolding"]),
        // Golden/ holds the expected text reports, read from the source tree by path.
        .testTarget(name: "ReportKitTests", dependencies: ["ReportKit", "ChildProcess"], exclude: ["Golden"]),
        .testTarget(name: "CotsideAppTests",
                    dependencies: ["CotsideApp", "TerminalUI", "WardStore", "Clinical", "ChildProcess"]),
    ],
    swiftLanguageModes: [.v6]
)
