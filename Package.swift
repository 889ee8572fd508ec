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

        // Plain-Swift libraries.
        .target(name: "TrailCore"),
        .target(name: "TrailFormats", dependencies: ["TrailCore", "CLibXML2"]),
        .target(name: "TrailStore", dependencies: ["TrailCore", "CSQLite"]),
        .target(name: "TrailMap", dependencies: ["TrailCore", "TrailStore", "CLibXML2"]),
        .target(name: "TrailLive", dependencies: ["TrailCore", "TrailFormats"]),
        .target(name: "TermUI"),
        .target(name: "TrailApp", dependencies: ["TrailCore", "TermUI", "TrailStore", "TrailMap", "TrailFormats", "TrailLive"]),
        .target(name: "CursesTerminal", dependencies: ["TermUI", "CNCursesW"]),
        .target(name: "CairnCLI", dependencies: ["TrailCore", "TrailFormats", "TrailStore", "TrailMap",
                                                 "TrailLive", "TermUI", "TrailApp", "CursesTerminal"]),
        .executableTarget(name: "cairn", dependencies: ["CairnCLI"]),
        .executableTarget(name: "StatsBenchmark", dependencies: ["TrailCore"], path: "Benchmarks/StatsBenchmark"),
        .executableTarget(name: "FollowBenchmark", dependencies: ["TrailCore"], path: "Benchmarks/FollowBenchmark"),

        // Tests mirror the modules.
        .testTarget(name: "TrailStoreTests", dependencies: ["TrailStore", "TrailCore"]),
        .testTarget(name: "TrailCoreTests", dependencies: ["TrailCore"], exclude: ["Fixtures"]),
        .testTarget(name: "TrailLiveTests", dependencies: ["TrailLive", "TrailCore"], exclude: ["Fixtures"]),
    ]
)
