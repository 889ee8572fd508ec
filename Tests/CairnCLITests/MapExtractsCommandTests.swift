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
}
