import Foundation
import Testing
import TrailCore
@testable import TrailMap

/// PBF import against the XML of the same data and against osmium-tool's own counts.
@Suite struct PBFImportTests {
    static let samplePBF = TestSupport.fixture("andorra-ordino.osm.pbf")  // `osmium cat` of the sample

    @Test func pbfAndItsXMLGiveTheSameStore() throws {
        let xml = try TestSupport.freshStore()
        let pbf = try TestSupport.freshStore()
        let rx = try xml.importOSM(path: TestSupport.sampleExtract, importedAt: TestSupport.importTime)
        let rp = try pbf.importOSM(path: Self.samplePBF, importedAt: TestSupport.importTime)
        #expect(rp.format == "pbf" && rx.format == "xml" && rp.compression == "pbf")
        #expect(rp.nodesRead == rx.nodesRead && rp.waysRead == rx.waysRead && rp.relationsRead == rx.relationsRead)
        #expect(rp.featuresByClass == rx.featuresByClass && rp.routesWritten == rx.routesWritten)
        #expect(try pbf.featureCounts() == xml.featureCounts())
        #expect(rp.bounds == rx.bounds && rp.coverage == rx.coverage)
        // Every feature and route, geometry included, byte for byte.
        let a = try TestSupport.storedRows(xml), b = try TestSupport.storedRows(pbf)
        #expect(a.count == b.count && a.count > 1000)
        #expect(a == b)
    }

    @Test func sampledGeometryMatchesOsmium() throws {
        let store = try TestSupport.freshStore()
        try store.importOSM(path: Self.samplePBF, importedAt: TestSupport.importTime)
        // Every 50th complete way feature, decoded, against osmium's resolution of its nodes.
        let ways = try store.db.query("SELECT id, geometry FROM features WHERE id % 4 = 1 AND complete = 1 ORDER BY id") { st in
            (st.int64(0) >> 2, st.blob(1))
        }
        var checked = 0
        for (i, (id, blob)) in ways.enumerated() where i % 50 == 0 {
            guard let expected = Osmium.wayCoordinates(Self.samplePBF, wayID: id) else { return }
            let parts = try #require(blob.withUnsafeBytes { GeometryCodec.decodeCoordinates($0) })
            #expect(parts.count == 1, "way \(id)")
            let got = parts[0].map { (FixedPoint.e7($0.latitude), FixedPoint.e7($0.longitude)) }
            #expect(got.count == expected.count && zip(got, expected).allSatisfy { $0 == $1 }, "way \(id)")
            checked += 1
        }
        #expect(checked >= 10)
    }

    /// Classes whose rule is a single tag, so `osmium tags-filter` counts them independently.
    static let simpleClasses: [(FeatureClass, String, Character)] = [
        (.path, "w/highway=path", "w"), (.footway, "w/highway=footway", "w"), (.track, "w/highway=track", "w"),
        (.steps, "w/highway=steps", "w"), (.spring, "n/natural=spring", "n"), (.saddle, "n/natural=saddle", "n"),
    ]

    func checkCountsAgainstOsmium(_ file: String) throws {
        let store = try TestSupport.freshStore()
        try store.importOSM(path: file, importedAt: TestSupport.importTime)
        let counts = try store.featureCounts()
        for (c, expression, type) in Self.simpleClasses {
            guard let expected = Osmium.count(file, expression, type: type) else { return }
            #expect(counts[c, default: 0] == expected, "\(c) vs osmium tags-filter \(expression)")
        }
        guard let peaks = Osmium.count(file, "n/natural=peak,volcano", type: "n") else { return }
        #expect(counts[.peak, default: 0] == peaks)
    }

    @Test func classCountsMatchOsmiumTagsFilterOnTheSample() throws {
        try checkCountsAgainstOsmium(Self.samplePBF)
    }

    @Test func andorraPBFMatchesOsmiumAndItsXML() throws {
        guard let pbf = TestSupport.sharedData("osm/WorldKG-andorra-latest-2021-06-22.osm.pbf") else { return }
        try checkCountsAgainstOsmium(pbf)
        let xmlPath = TestSupport.tempDirectory().appendingPathComponent("andorra-2021.osm").path
        guard Osmium.run(["cat", pbf, "-o", xmlPath]) != nil else { return }
        let a = try TestSupport.freshStore(), b = try TestSupport.freshStore()
        let ra = try a.importOSM(path: pbf, importedAt: TestSupport.importTime)
        let rb = try b.importOSM(path: xmlPath, importedAt: TestSupport.importTime)
        #expect(ra.nodesRead == 246_806 && ra.waysRead == 12_735 && ra.relationsRead == 289)  // data/SOURCES.md
        #expect(rb.nodesRead == ra.nodesRead && rb.waysRead == ra.waysRead)
        #expect(ra.headerTimestamp == "2021-06-22T20:21:08Z")  // osmosis_replication_timestamp
        #expect(try a.featureCounts() == b.featureCounts())
        #expect(try TestSupport.storedRows(a) == TestSupport.storedRows(b))
    }
}
