// swift-tools-version:6.0
import PackageDescription
import Foundation

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

        // Plain-Swift libraries.
        .target(name: "TrailCore"),
        .target(name: "TrailFormats", dependencies: ["TrailCore", "CLibXML2"]),
        .target(name: "TrailStore", dependencies: ["TrailCore", "CSQLite"]),
        .target(name: "TrailMap", dependencies: ["TrailCore", "TrailStore", "CSQLite", "CLibXML2", "CZlib", "CBZip2"]),
        .target(name: "TrailLive", dependencies: ["TrailCore", "TrailFormats"]),
        .target(name: "TermUI"),
        .target(name: "TrailApp", dependencies: ["TrailCore", "TermUI", "TrailStore", "TrailMap", "TrailFormats", "TrailLive"]),
        .target(name: "CursesTerminal", dependencies: ["TermUI", "CNCursesW"]),
        .target(name: "CairnCLI", dependencies: ["TrailCore", "TrailFormats", "TrailStore", "TrailMap",
                                                 "TrailLive", "TermUI", "TrailApp", "CursesTerminal"]),
        .executableTarget(name: "cairn", dependencies: ["CairnCLI"]),

        // Tests mirror the modules.
        .testTarget(name: "TrailCoreTests", dependencies: ["TrailCore"], exclude: ["Fixtures"]),
        .testTarget(name: "TrailFormatsTests", dependencies: ["TrailFormats", "TrailCore"], exclude: ["Fixtures"]),
        .testTarget(name: "TrailStoreTests", dependencies: ["TrailStore", "TrailCore", "TrailFormats", "CairnCLI"]),
        .testTarget(name: "TrailMapTests", dependencies: ["TrailMap", "TrailCore", "TrailStore", "TrailFormats", "CairnCLI"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "TrailLiveTests", dependencies: ["TrailLive", "TrailCore", "GPSFakeSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "TermUITests", dependencies: ["TermUI"]),
        .testTarget(name: "TrailAppTests", dependencies: ["TrailApp", "TermUI", "TrailCore", "TrailMap", "TrailStore",
                                                          "TrailFormats", "CairnCLI", "TrailLive"],
                    exclude: ["Snapshots"]),
        .testTarget(name: "CairnE2ETests", dependencies: ["GPSFakeSupport"]),
        // gpsfake and child processes for the integration tests (TrailLive, end to end).
        .target(name: "GPSFakeSupport", path: "Tests/GPSFakeSupport"),

        // Benchmarks print figures (speed targets are not timed tests); see Benchmarks/README.md.
        .executableTarget(name: "cairn-bench-termui", dependencies: ["TermUI"], path: "Benchmarks/cairn-bench-termui"),
        .executableTarget(name: "cairn-bench-map", dependencies: ["TrailMap", "TrailCore"],
                          path: "Benchmarks/MapQueryBench"),
        .executableTarget(name: "cairn-bench-render", dependencies: ["TrailApp", "TrailMap", "TrailCore", "TrailFormats", "TermUI"],
                          path: "Benchmarks/RenderBench"),
        .executableTarget(name: "cairn-bench-route", dependencies: ["TrailMap", "TrailCore"], path: "Benchmarks/RouteBench"),
        .executableTarget(name: "StoreBenchmark", dependencies: ["TrailStore", "TrailCore"],
                          path: "Benchmarks/StoreBenchmark"),
        .executableTarget(name: "StatsBenchmark", dependencies: ["TrailCore"], path: "Benchmarks/StatsBenchmark"),
        .executableTarget(name: "cairn-bench-tui", dependencies: ["TrailApp", "TermUI", "TrailCore", "TrailMap", "TrailStore"],
                          path: "Benchmarks/TUIBench"),
        .executableTarget(name: "FollowBenchmark", dependencies: ["TrailCore"], path: "Benchmarks/FollowBenchmark"),
    ]
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
    ]
    package.targets.append(.target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"))
    for t in fuzzTargets {
        package.targets.append(.executableTarget(name: t.name, dependencies: t.dependencies + ["FuzzSupport"],
                                                 path: "Fuzz/" + t.name,
                                                 linkerSettings: [.unsafeFlags(["-use-ld=lld"])]))
    }
}
