import Foundation
import Testing
import TrailCore
@testable import TrailMap

/// The two XML extracts of ../shared/data/osm (skipped with a notice when absent).
///
/// Expected counts computed with osmium-tool 1.15.0 (same commands as in SampleExtractTests):
/// east clip (WorldKG-andorra-2021-east-clip.osm): `osmium fileinfo -e` → 88,462 nodes, 3,986 ways,
/// 85 relations; w/highway=path 504, track 298, footway 54, steps 13, via_ferrata 1;
/// n/natural=peak,volcano 55, saddle 37, spring 6; n/amenity=drinking_water 4;
/// nw/tourism=alpine_hut,wilderness_hut 4 ways; shelters that are not huts 3;
/// water 92 ways (filter as in SampleExtractTests) + 3 multipolygons
/// (`osmium tags-filter … r/natural=water -R -f opl | grep -c type=multipolygon`) = 95;
/// route=hiking,foot with type=route or superroute 21.
/// graphhopper-andorra.osm (2013): 69,385 / 2,722 / 74; path 210, track 152, footway 44, steps 13,
/// bridleway 2; peaks 106; spring 1; huts 10 nodes + 1 way; shelters that are not huts 29;
/// water 97 ways + 1 multipolygon; routes 9.
@Suite struct SharedExtractTests {
    @Test func eastClip() throws {
        guard let file = TestSupport.sharedData("osm/WorldKG-andorra-2021-east-clip.osm") else { return }
        let store = try TestSupport.freshStore()
        let r = try store.importOSM(path: file, importedAt: TestSupport.importTime)
        #expect(r.nodesRead == 88_462 && r.waysRead == 3_986 && r.relationsRead == 85)
        let expected: [FeatureClass: Int] = [
            .path: 504, .track: 298, .footway: 54, .steps: 13, .viaFerrata: 1, .peak: 55, .saddle: 37, .spring: 6,
            .drinkingWater: 4, .hut: 4, .shelter: 3, .water: 95,
        ]
        let counts = try store.featureCounts()
        for (c, n) in expected { #expect(counts[c] == n, "\(c)") }
        #expect(r.routesWritten == 21 && r.waysWithMissingNodes == 0)
        #expect(r.relationsWithMissingMembers > 0 && r.warnings.contains { $0.contains("missing from the file") })
        #expect(r.newestObjectTimestamp == "2021-06-21T09:39:52Z" && r.headerTimestamp == nil)
        // Node locations on disk: 16 bytes per node (id + location, libosmium sparse_file_array);
        // in memory only the node lists of member ways of kept relations (DECISIONS 101).
        print("east clip: location index \(r.locationIndexBytes) bytes on disk, member-way lists \(r.indexBytes) bytes")
        #expect(r.locationIndexBytes == 88_462 * 16)
        #expect(r.indexBytes > 0 && r.indexBytes < 2_000_000)

        // Ensagents (grep -B1 -A4 'v="Ensagents"' …): node 2188747920, 42.5203511 N 1.6601654 E, ele 2857.
        let ensagents = Coordinate(latitude: 42.5203511, longitude: 1.6601654)
        let view = WebMercator.viewBounds(center: ensagents, zoom: 16, widthPixels: 400, heightPixels: 240)
        let features = try store.features(in: view, zoom: 16)
        let peak = try #require(features.first { $0.id == MapFeatureID(type: .node, osmID: 2_188_747_920) })
        #expect(peak.name == "Ensagents" && peak.elevation == 2857 && peak.featureClass == .peak)
        let here = try #require(try store.nearestNamedFeature(to: Coordinate(latitude: 42.52036, longitude: 1.66017), maxDistance: 300))
        #expect(here.id == peak.id && here.distance! < 2)
        // "Refugi d'Ensagents" is way 358129350, tagged amenity=shelter and tourism=wilderness_hut: a hut.
        let refuge = try store.search(name: "refugi ensagents")
        #expect(refuge.map(\.id) == [MapFeatureID(type: .way, osmID: 358_129_350)] && refuge[0].featureClass == .hut)
        #expect(refuge[0].tags["ele"] == "2420")
        let lakes = try store.search(name: "estanys d'ensagents", near: ensagents, classes: [.water])
        // osmium tags-filter … "name=Estanys d'Ensagents" -R -f opl → ways 208669638, 208669643, 382239334
        #expect(Set(lakes.map(\.id.osmID)) == [208_669_638, 208_669_643, 382_239_334])
        #expect(lakes.allSatisfy { $0.id.type == .way && $0.featureClass == .water })

        // Coverage is <bounds> (42.50..42.61 N, 1.58..1.72 E); node 625025 at 1.5527 E lies outside.
        #expect(try store.coverage(for: BoundingBox(minLatitude: 42.51, minLongitude: 1.60, maxLatitude: 42.60, maxLongitude: 1.70)) == 1)
        #expect(try !store.isCovered(Coordinate(latitude: 42.5142133, longitude: 1.5527243)))
        #expect(try store.coverage(for: BoundingBox(minLatitude: 41, minLongitude: 0, maxLatitude: 41.1, maxLongitude: 0.1)) == 0)
    }

    @Test func graphhopper2013() throws {
        guard let file = TestSupport.sharedData("osm/graphhopper-andorra.osm") else { return }
        let store = try TestSupport.freshStore()
        let r = try store.importOSM(path: file, importedAt: TestSupport.importTime)
        #expect(r.nodesRead == 69_385 && r.waysRead == 2_722 && r.relationsRead == 74)
        #expect(r.headerTimestamp == "2013-05-23T18:59:04Z" && r.generator == "osmconvert 0.7P")
        let expected: [FeatureClass: Int] = [
            .path: 210, .track: 152, .footway: 44, .steps: 13, .bridleway: 2, .peak: 106, .spring: 1, .hut: 11,
            .shelter: 29, .water: 98,
        ]
        let counts = try store.featureCounts()
        for (c, n) in expected { #expect(counts[c] == n, "\(c)") }
        #expect(r.routesWritten == 9)
    }

    @Test func newerDataWinsWhicheverOrderTheExtractsComeIn() throws {
        guard let old = TestSupport.sharedData("osm/graphhopper-andorra.osm"),
              let new = TestSupport.sharedData("osm/WorldKG-andorra-2021-east-clip.osm") else { return }
        // Node 2188365878 (osmium getid … n2188365878): v2 "Pic de l'Estany" in 2013, v6 "Pic de l'Estanyó" in 2021.
        let id = MapFeatureID(type: .node, osmID: 2_188_365_878)
        let a = try TestSupport.freshStore()
        try a.importOSM(path: new, importedAt: TestSupport.importTime)
        let r = try a.importOSM(path: old, importedAt: TestSupport.importTime)
        #expect(r.olderVersionsSkipped > 0)
        #expect(try a.feature(id)?.name == "Pic de l'Estanyó")
        let b = try TestSupport.freshStore()
        try b.importOSM(path: old, importedAt: TestSupport.importTime)
        #expect(try b.feature(id)?.name == "Pic de l'Estany")
        try b.importOSM(path: new, importedAt: TestSupport.importTime)
        #expect(try b.feature(id)?.name == "Pic de l'Estanyó")
        #expect(try a.summary().dataTimestamp == "2021-06-21T09:39:52Z")
    }
}
