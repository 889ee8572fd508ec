// swift-tools-version:6.0
import PackageDescription
import Foundation

let package = Package(
    name: "Cairn",
    products: [
        .executable(name: "cairn", targets: ["cairn"]),
        .executable(name: "cairn-overpass", targets: ["cairn-overpass"]),
        .executable(name: "stats-benchmark", targets: ["StatsBenchmark"]),
    ],
    targets: [
        // System libraries from Debian (see ../shared/PLATFORM.md and DECISIONS.md).
        .systemLibrary(name: "CNCursesW", path: "Sources/CNCursesW"),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        .systemLibrary(name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0",
                       providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CZip", path: "Sources/CZip", providers: [.apt(["libzip-dev"])]),
        .systemLibrary(name: "CExif", path: "Sources/CExif", providers: [.apt(["libexif-dev"])]),
        .systemLibrary(name: "CHeif", path: "Sources/CHeif", providers: [.apt(["libheif-dev"])]),
        // gettext as glibc provides it (libintl.h, no library to link): the user's language (issue 37).
        .systemLibrary(name: "CIntl", path: "Sources/CIntl"),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        // libosmium (header-only C++) behind a C API: OSM PBF and XML reading, node-location index.
        .target(name: "COSMReader", path: "Sources/COSMReader",
                cxxSettings: [.unsafeFlags(["-O2"])],
                linkerSettings: [.linkedLibrary("z"), .linkedLibrary("bz2"), .linkedLibrary("expat"),
                                 .linkedLibrary("pthread")]),

        // Plain-Swift libraries.
        .target(name: "Localization", dependencies: ["CIntl"]),
        .target(name: "TrailCore", dependencies: ["Localization"]),
        .target(name: "TrailFormats", dependencies: ["TrailCore", "Localization", "CLibXML2", "CZip", "CZlib"]),
        .target(name: "TrailPhotos", dependencies: ["TrailCore", "Localization", "CExif", "CHeif"]),
        // Each target depends on exactly the modules its files import (DECISIONS.md 90).
        .target(name: "TrailSQLite", dependencies: ["CSQLite"]),
        .target(name: "TrailStore", dependencies: ["TrailCore", "Localization", "TrailSQLite", "CSQLite"]),
        .target(name: "TrailMap", dependencies: ["TrailCore", "Localization", "TrailSQLite", "CSQLite", "COSMReader"]),
        .target(name: "TrailLive", dependencies: ["TrailCore", "Localization"]),
        .target(name: "TrailTerrain", dependencies: ["TrailCore", "Localization", "CZip"]),
        .target(name: "TermUI", dependencies: ["Localization"]),
        .target(name: "TrailApp", dependencies: ["Localization", "TrailCore", "TermUI", "TrailStore", "TrailMap", "TrailLive"]),
        .target(name: "CursesTerminal", dependencies: ["TermUI", "CNCursesW"]),
        // The services under both front ends (the CLI and the viewer): store and map access
        // through serial accessors, and the orchestration both share.
        .target(name: "HikeServices", dependencies: ["Localization", "TrailCore", "TrailFormats", "TrailPhotos", "TrailStore", "TrailMap", "TrailTerrain",
                                                     "TrailLive", "TermUI", "TrailApp", "OverpassSupport"]),
        // `cairn map fetch`'s HTTP request lives in its own program, so that `cairn` does not
        // link FoundationNetworking (libcurl, OpenSSL, Kerberos) and start slower for it
        // (DECISIONS 822): the program, and what cairn and it share (the error, the line protocol).
        .target(name: "OverpassSupport"),
        .executableTarget(name: "cairn-overpass", dependencies: ["OverpassSupport"]),
        // The viewer's runtime: the effect performers, the position-source runner, and its launch on
        // the curses terminal (ViewerLaunch).
        .target(name: "ViewerRuntime", dependencies: ["HikeServices", "Localization", "TrailApp", "TrailCore", "TrailFormats", "TrailStore",
                                                      "TrailMap", "TrailTerrain", "TrailLive", "TermUI", "CursesTerminal"]),
        .target(name: "CairnCLI", dependencies: ["Localization", "HikeServices", "OverpassSupport", "ViewerRuntime", "TrailCore", "TrailFormats", "TrailPhotos", "TrailSQLite", "TrailStore", "TrailMap",
                                                 "TrailLive", "TermUI", "TrailApp", "CursesTerminal", "TrailTerrain"]),
        .executableTarget(name: "cairn", dependencies: ["CairnCLI", "Localization"]),

        // Tests mirror the modules.
        .testTarget(name: "LocalizationTests", dependencies: ["Localization"]),
        .testTarget(name: "TrailCoreTests", dependencies: ["TrailCore"], exclude: ["Fixtures"]),
        .testTarget(name: "TrailPhotosTests", dependencies: ["TrailPhotos", "TrailCore", "TrailFormats"], exclude: ["Fixtures"]),
        .testTarget(name: "TrailFormatsTests", dependencies: ["TrailFormats", "TrailCore"], exclude: ["Fixtures"]),
        .testTarget(name: "TrailSQLiteTests", dependencies: ["TrailSQLite"]),
        .testTarget(name: "TrailStoreTests", dependencies: ["TrailStore", "TrailSQLite", "CSQLite", "TrailCore", "TrailFormats"]),
        // The level-of-detail tests render frames of the map (DECISIONS 105).
        .testTarget(name: "TrailMapTests", dependencies: ["TrailMap", "TrailSQLite", "TrailCore", "TrailStore",
                                                          "TrailApp", "TermUI"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "TrailLiveTests", dependencies: ["TrailLive", "TrailCore", "GPSFakeSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "TermUITests", dependencies: ["TermUI", "CairnTestSupport"]),
        .testTarget(name: "CursesTerminalTests", dependencies: ["CursesTerminal", "TermUI", "CNCursesW"]),
        .testTarget(name: "TrailTerrainTests", dependencies: ["TrailTerrain", "TrailCore", "CairnTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "TrailAppTests", dependencies: ["Localization", "TrailApp", "TermUI", "TrailCore", "TrailMap", "TrailStore",
                                                          "TrailFormats", "TrailLive", "TrailTerrain",
                                                          "HikeServices", "CairnTestSupport"],
                    exclude: ["Snapshots"]),
        // The services under both front ends, each against independently computed figures.
        .testTarget(name: "HikeServicesTests", dependencies: ["HikeServices", "TrailCore", "TrailFormats", "TrailStore", "TrailMap",
                                                              "TrailTerrain", "TrailApp", "TermUI", "CairnTestSupport"]),
        // The viewer's runtime: effect performers against real stores in temporary directories.
        .testTarget(name: "ViewerRuntimeTests", dependencies: ["ViewerRuntime", "HikeServices", "TrailApp", "TermUI", "TrailCore",
                                                               "TrailMap", "TrailStore", "TrailFormats", "TrailTerrain",
                                                               "CairnTestSupport"]),
        // The `cairn` command line in-process and as a built executable (uses TrailMapTests' fixtures).
        .testTarget(name: "CairnCLITests", dependencies: ["CairnCLI", "HikeServices", "OverpassSupport", "ViewerRuntime", "TrailApp", "TermUI", "TrailCore", "TrailFormats", "TrailMap", "TrailStore", "TrailLive",
                                                      "TrailTerrain", "CairnTestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "CairnE2ETests", dependencies: ["GPSFakeSupport", "TrailStore", "TrailCore"]),
        // gpsfake and child processes for the integration tests (TrailLive, end to end).
        .target(name: "GPSFakeSupport", path: "Tests/GPSFakeSupport"),
        // Paths, builders and waiting helpers the test targets share (one copy, DECISIONS 702).
        .target(name: "CairnTestSupport", dependencies: ["TermUI", "TrailApp", "TrailCore", "TrailFormats", "TrailMap", "TrailTerrain",
                                                         "ViewerRuntime"],
                path: "Tests/CairnTestSupport"),

        // Benchmarks print figures (speed targets are not timed tests); see Benchmarks/README.md.
        .executableTarget(name: "cairn-bench-termui", dependencies: ["TermUI"], path: "Benchmarks/cairn-bench-termui"),
        .executableTarget(name: "cairn-bench-map", dependencies: ["TrailMap", "TrailCore", "TrailSQLite"],
                          path: "Benchmarks/MapQueryBench"),
        .executableTarget(name: "cairn-bench-places", dependencies: ["TrailMap", "TrailCore", "TrailTerrain"], path: "Benchmarks/PlacesBench"),
        .executableTarget(name: "cairn-bench-routes", dependencies: ["TrailMap", "TrailStore", "TrailCore"], path: "Benchmarks/RoutesBench"),
        .executableTarget(name: "cairn-bench-render", dependencies: ["TrailApp", "TrailMap", "TrailCore", "TrailFormats", "TermUI", "TrailTerrain", "CZip"],
                          path: "Benchmarks/RenderBench"),
        .executableTarget(name: "cairn-bench-route", dependencies: ["TrailMap", "TrailCore", "TrailTerrain"], path: "Benchmarks/RouteBench"),
        .executableTarget(name: "cairn-bench-match", dependencies: ["TrailMap", "TrailCore", "TrailFormats"], path: "Benchmarks/MatchBench"),
        .executableTarget(name: "StoreBenchmark", dependencies: ["TrailStore", "TrailSQLite", "TrailCore"],
                          path: "Benchmarks/StoreBenchmark"),
        .executableTarget(name: "StatsBenchmark", dependencies: ["TrailCore"], path: "Benchmarks/StatsBenchmark"),
        .executableTarget(name: "cairn-bench-tui", dependencies: ["TrailApp", "TermUI", "TrailCore", "TrailMap", "TrailStore"],
                          path: "Benchmarks/TUIBench"),
        .executableTarget(name: "cairn-bench-library", dependencies: ["HikeServices", "TrailStore", "TrailTerrain", "TrailSQLite"],
                          path: "Benchmarks/LibraryBench"),
        .executableTarget(name: "cairn-bench-terrain", dependencies: ["TrailTerrain", "TrailCore", "CSQLite"],
                          path: "Benchmarks/TerrainBench"),
        .executableTarget(name: "cairn-bench-formats", dependencies: ["TrailFormats"], path: "Benchmarks/FormatsBench"),
        .executableTarget(name: "FollowBenchmark", dependencies: ["TrailCore"], path: "Benchmarks/FollowBenchmark"),
        .executableTarget(name: "RecordBenchmark", dependencies: ["TrailStore", "TrailSQLite", "TrailCore"], path: "Benchmarks/RecordBenchmark"),
        .executableTarget(name: "TotalsBenchmark", dependencies: ["TrailStore", "TrailSQLite", "TrailCore"], path: "Benchmarks/TotalsBenchmark"),
    ],
    cxxLanguageStandard: .cxx17
)

// libFuzzer targets, declared only for `make fuzz` (CAIRN_FUZZ=1), which builds them in
// .build-fuzz with `-sanitize=fuzzer,address`; a normal build never sees them (they have no
// `main` of their own without libFuzzer). lld links them: gold fails on SwiftPM's `main`
// alias next to libFuzzer's. Add a parser's target here and in Fuzz/targets (DECISIONS.md 130).
if ProcessInfo.processInfo.environment["CAIRN_FUZZ"] == "1" {
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("fuzz-gpx", ["TrailFormats", "TrailCore"]),
        ("fuzz-osm", ["TrailMap"]),
        ("fuzz-nmea", ["TrailLive"]),
        ("fuzz-gpsd", ["TrailLive"]),
        ("fuzz-theme", ["TermUI"]),
        ("fuzz-dem", ["TrailTerrain", "TrailCore"]),
        ("fuzz-config", ["CairnCLI"]),
        ("fuzz-fit", ["TrailFormats", "TrailCore"]),
        ("fuzz-tcx", ["TrailFormats", "TrailCore"]),
        ("fuzz-kml", ["TrailFormats", "TrailCore"]),
        ("fuzz-geojson", ["TrailFormats", "TrailCore"]),
    ]
    package.targets.append(.target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"))
    for t in fuzzTargets {
        package.targets.append(.executableTarget(name: t.name, dependencies: t.dependencies + ["FuzzSupport"],
                                                 path: "Fuzz/" + t.name,
                                                 linkerSettings: [.unsafeFlags(["-use-ld=lld"])]))
    }
}
