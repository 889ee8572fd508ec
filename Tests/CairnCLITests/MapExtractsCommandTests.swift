import CairnTestSupport
import Foundation
import Testing

/// `cairn map info` and `cairn map remove` over two neighbouring extracts (osmium cuts of the
/// sample that overlap: Tools/reference/make-osm-fixtures.sh).
@Suite struct MapExtractsCommandTests {
    static let west = TestSupport.fixture("ordino-west.osm.pbf")
    static let east = TestSupport.fixture("ordino-east.osm.pbf")

    @Test func infoListsEachExtractAndRemoveTakesOneOut() throws {
        let dir = TestSupport.tempDirectory()
        let store = dir.appendingPathComponent("m.sqlite").path
        let imp = MapCommandTests.Run(["map", "import", "--map", store, Self.west, Self.east], env: [:], cwd: dir.path)
        #expect(imp.code == 0, "\(imp.err.text)")
        #expect(imp.out.text.contains("read as OSM PBF"))
        let info = MapCommandTests.Run(["map", "info", "--map", store], env: [:], cwd: dir.path)
        let t = info.out.text
        #expect(t.contains("Extracts imported (2):\n  ordino-west.osm.pbf  PBF "))
        #expect(t.contains("    bounds 42.57000,1.48000 – 42.66000,1.54000\n"))
        #expect(t.contains("    bounds 42.57000,1.53000 – 42.66000,1.59000\n"))
        #expect(t.contains("  total: 2 extracts"))
        let rm = MapCommandTests.Run(["map", "remove", "--map", store, "ordino-west.osm.pbf"], env: [:], cwd: dir.path)
        #expect(rm.code == 0 && rm.out.text.hasPrefix("removed ordino-west.osm.pbf: "), "\(rm.err.text)")
        #expect(rm.out.text.contains("that other extracts also hold"))
        let again = MapCommandTests.Run(["map", "remove", "--map", store, "ordino-west.osm.pbf"], env: [:], cwd: dir.path)
        #expect(again.code == 1 && again.err.text.contains("no imported extract has this name"))
        let after = MapCommandTests.Run(["map", "info", "--map", store], env: [:], cwd: dir.path).out.text
        #expect(after.contains("Extracts imported (1):\n  ordino-east.osm.pbf"))
    }
    static func run(_ args: [String], in dir: URL) -> MapCommandTests.Run {
        MapCommandTests.Run(args, env: [:], cwd: dir.path)
    }

    /// The whole numbers of `text` matched by `pattern`'s capture groups.
    static func numbers(_ text: String, _ pattern: String) -> [Int] {
        guard let m = try? NSRegularExpression(pattern: pattern).firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return [] }
        return (1..<m.numberOfRanges).compactMap { Range(m.range(at: $0), in: text).flatMap { Int(text[$0]) } }
    }

    @Test func importInfoAndRemoveStateTheSameCounts() throws {
        let dir = TestSupport.tempDirectory()
        let store = dir.appendingPathComponent("m.sqlite").path
        let imp = Self.run(["map", "import", "--map", store, Self.east, Self.west], in: dir)
        #expect(imp.code == 0, "\(imp.err.text)")
        let westLine = imp.out.text.components(separatedBy: "imported \(Self.west)").last ?? ""
        let imported = Self.numbers(westLine, #"^: (\d+) features, (\d+) routes held"#)
        // Some of the west cut's objects were already stored complete from the east cut.
        #expect(westLine.contains("routes written; the store's copy of the others was kept"))
        let info = Self.run(["map", "info", "--map", store], in: dir).out.text
        let westInfo = info.components(separatedBy: "ordino-west.osm.pbf  PBF").last ?? ""
        let listed = Self.numbers(westInfo, #"relations read; (\d+) features, (\d+) routes held"#)
        let rm = Self.run(["map", "remove", "--map", store, "ordino-west.osm.pbf"], in: dir).out.text
        let removed = Self.numbers(rm, #": (\d+) features, (\d+) routes; kept (\d+) features and (\d+) routes"#)
        #expect(imported.count == 2 && imported == listed, "\(imp.out.text)\n\(info)")
        #expect(removed.count == 4 && [removed[0] + removed[2], removed[1] + removed[3]] == imported, "\(rm)")
    }

    @Test func importingAFileAgainListsItOnce() throws {
        let dir = TestSupport.tempDirectory()
        let store = dir.appendingPathComponent("m.sqlite").path
        #expect(Self.run(["map", "import", "--map", store, Self.west], in: dir).code == 0)
        let again = Self.run(["map", "import", "--map", store, Self.west], in: dir)
        #expect(again.code == 0 && again.out.text.contains("replaces the earlier import of this file name; 0 features and 0 routes"),
                "\(again.out.text)")
        let info = Self.run(["map", "info", "--map", store], in: dir).out.text
        #expect(info.contains("Extracts imported (1):\n  ordino-west.osm.pbf") && !info.contains("total:"), "\(info)")
        let rm = Self.run(["map", "remove", "--map", store, "ordino-west.osm.pbf"], in: dir).out.text
        #expect(rm.hasPrefix("removed ordino-west.osm.pbf: ") && !rm.contains("imports)"), "\(rm)")
    }

    @Test func aFailedFirstImportLeavesNoStoreFile() throws {
        let dir = TestSupport.tempDirectory()
        let bad = dir.appendingPathComponent("bad.osm").path
        try Data("this is plain text\n".utf8).write(to: URL(fileURLWithPath: bad))
        let store = dir.appendingPathComponent("new.sqlite").path
        let r = Self.run(["map", "import", "--map", store, bad], in: dir)
        #expect(r.code == 1 && r.err.text.contains("nothing was imported from it"), "\(r.err.text)")
        for suffix in ["", "-wal", "-shm", "-journal"] {
            #expect(!FileManager.default.fileExists(atPath: store + suffix), "\(suffix)")
        }
        // A bad file before a good one: the store is made, with the good one.
        let mixed = Self.run(["map", "import", "--map", store, bad, Self.west], in: dir)
        #expect(mixed.code == 1 && FileManager.default.fileExists(atPath: store))
        // An existing store is left byte for byte as it was.
        let before = try #require(fileBytes(store))
        #expect(Self.run(["map", "import", "--map", store, bad], in: dir).code == 1)
        #expect(fileBytes(store) == before)
    }
    @Test func aClipWithoutHeaderBoxSaysSoInPBFTerms() throws {
        // osmium extract writes no bounding box into the PBF header (DECISIONS 514).
        let osmium = "/usr/bin/osmium"
        guard FileManager.default.isExecutableFile(atPath: osmium) else { print("skipped: no \(osmium)"); return }
        let dir = TestSupport.tempDirectory()
        let clip = dir.appendingPathComponent("clip.osm.pbf").path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: osmium)
        p.arguments = ["extract", "-b", "1.50,42.58,1.52,42.62", Self.west, "-o", clip]
        try p.run()
        p.waitUntilExit()
        let r = Self.run(["map", "import", "--map", dir.appendingPathComponent("m.sqlite").path, clip], in: dir)
        #expect(r.code == 0 && r.out.text.contains(" (node extent: the file's header has no bounding box)\n"), "\(r.out.text)")
    }
}
