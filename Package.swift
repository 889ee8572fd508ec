// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Cairn",
    products: [
        .executable(name: "cairn", targets: ["cairn"]),
        .executable(name: "stats-benchmark", targets: ["StatsBenchmark"]),
    ],
    targets: [
        // System libraries from Debian (see ../shared/PLATFORM.md and DECISIONS.md).
        .systemLibrary(name: "CNCursesW", path: "Sources/CNCursesW"),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .systemLibrary(name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0",
                       providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CBZip2", path: "Sources/CBZip2", providers: [.apt(["libbz2-dev"])]),
        .systemLibrary(name: "CZip", path: "Sources/CZip", providers: [.apt(["libzip-dev"])]),

        // Plain-Swift libraries.
        .target(name: "TrailCore"),
        .target(name: "TrailFormats", dependencies: ["TrailCore", "CLibXML2"]),
        // Each target depends on exactly the modules its files import (DECISIONS.md 90).
        .target(name: "TrailSQLite", dependencies: ["CSQLite"]),
        .target(name: "TrailStore", dependencies: ["TrailCore", "TrailSQLite", "CSQLite"]),
        .target(name: "TrailMap", dependencies: ["TrailCore", "TrailSQLite", "CSQLite", "CLibXML2", "CZlib", "CBZip2"]),
        .target(name: "TrailLive", dependencies: ["TrailCore"]),
        .target(name: "TrailTerrain", dependencies: ["TrailCore", "CZip"]),
        .target(name: "TermUI"),
        .target(name: "TrailApp", dependencies: ["TrailCore", "TermUI", "TrailStore", "TrailMap", "TrailLive"]),
        .target(name: "CursesTerminal", dependencies: ["TermUI", "CNCursesW"]),
        .target(name: "CairnCLI", dependencies: ["TrailCore", "TrailFormats", "TrailSQLite", "TrailStore", "TrailMap",
                                                 "TrailLive", "TermUI", "TrailApp", "CursesTerminal", "TrailTerrain"]),
        .executableTarget(name: "cairn", dependencies: ["CairnCLI"]),

        // Tests mirror the modules.
        .testTarget(name: "TrailCoreTests", dependencies: ["TrailCore"], exclude: ["Fixtures"]),
        .testTarget(name: "TrailFormatsTests", dependencies: ["TrailFormats", "TrailCore"], exclude: ["Fixtures"]),
        .testTarget(name: "TrailSQLiteTests", dependencies: ["TrailSQLite"]),
        .testTarget(name: "TrailStoreTests", dependencies: ["TrailStore", "TrailSQLite", "CSQLite", "TrailCore", "TrailFormats"]),
        .testTarget(name: "TrailMapTests", dependencies: ["TrailMap", "TrailSQLite", "TrailCore", "TrailStore"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "TrailLiveTests", dependencies: ["TrailLive", "TrailCore", "GPSFakeSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "TermUITests", dependencies: ["TermUI"]),
        .testTarget(name: "TrailTerrainTests", dependencies: ["TrailTerrain", "TrailCore", "CairnCLI"], exclude: ["Fixtures"]),
        .testTarget(name: "TrailAppTests", dependencies: ["TrailApp", "TermUI", "TrailCore", "TrailMap", "TrailStore",
                                                          "TrailFormats", "CairnCLI", "TrailLive", "CursesTerminal"],
                    exclude: ["Snapshots"]),
        // The `cairn` command line in-process and as a built executable (uses TrailMapTests' fixtures).
        .testTarget(name: "CairnCLITests", dependencies: ["CairnCLI", "TrailCore", "TrailFormats", "TrailMap", "TrailStore", "TrailLive"]),
        .testTarget(name: "CairnE2ETests", dependencies: ["GPSFakeSupport", "TrailStore", "TrailCore"]),
        // gpsfake and child processes for the integration tests (TrailLive, end to end).
        .target(name: "GPSFakeSupport", path: "Tests/GPSFakeSupport"),

        // Benchmarks print figures (speed targets are not timed tests); see Benchmarks/README.md.
        .executableTarget(name: "cairn-bench-termui", dependencies: ["TermUI"], path: "Benchmarks/cairn-bench-termui"),
        .executableTarget(name: "cairn-bench-map", dependencies: ["TrailMap", "TrailCore"],
                          path: "Benchmarks/MapQueryBench"),
        .executableTarget(name: "cairn-bench-render", dependencies: ["TrailApp", "TrailMap", "TrailCore", "TrailFormats", "TermUI"],
                          path: "Benchmarks/RenderBench"),
        .executableTarget(name: "cairn-bench-route", dependencies: ["TrailMap", "TrailCore", "TrailTerrain"], path: "Benchmarks/RouteBench"),
        .executableTarget(name: "StoreBenchmark", dependencies: ["TrailStore", "TrailSQLite", "TrailCore"],
                          path: "Benchmarks/StoreBenchmark"),
        .executableTarget(name: "StatsBenchmark", dependencies: ["TrailCore"], path: "Benchmarks/StatsBenchmark"),
        .executableTarget(name: "cairn-bench-tui", dependencies: ["TrailApp", "TermUI", "TrailCore", "TrailMap", "TrailStore"],
                          path: "Benchmarks/TUIBench"),
        .executableTarget(name: "cairn-bench-terrain", dependencies: ["TrailTerrain", "TrailCore", "CSQLite"],
                          path: "Benchmarks/TerrainBench"),
        .executableTarget(name: "FollowBenchmark", dependencies: ["TrailCore"], path: "Benchmarks/FollowBenchmark"),
        .executableTarget(name: "RecordBenchmark", dependencies: ["TrailStore", "TrailCore", "TrailSQLite"], path: "Benchmarks/RecordBenchmark"),
    ]
)
