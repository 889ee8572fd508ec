import Foundation
import Testing
import TrailCore
@testable import TrailMap

/// The shipped sample `Samples/andorra-ordino.osm` (always present).
///
/// Expected counts were computed with osmium-tool 1.15.0, independently of Cairn:
///   osmium tags-filter Samples/andorra-ordino.osm w/highway=path -R -f opl -o - | grep -c '^w'   → 333
///   … w/highway=track → 94, w/highway=footway → 11, w/highway=steps → 3
///   … n/natural=peak,volcano → 44, n/natural=saddle → 27, n/natural=spring → 3
///   … n/amenity=drinking_water → 2, nw/tourism=viewpoint → 2 nodes
///   … nw/tourism=alpine_hut,wilderness_hut → 2 nodes + 4 ways = 6
///   … nw/amenity=shelter -R -f osm | osmium tags-filter -F osm - -i nw/tourism=alpine_hut,wilderness_hut → 3
///     (shelters that are also huts are huts: tourism comes first)
///   … w/natural=water w/landuse=reservoir,basin w/waterway=riverbank, then -i w/highway w/aerialway w/tourism
///     w/amenity w/waterway=river,canal,stream,ditch,drain → 20 ways (no water multipolygon)
///   osmium tags-filter … r/route=hiking,foot -R -f opl | grep -cE 'type=(super)?route' → 18
///   osmium fileinfo -e → 43,247 nodes, 1,280 ways, 75 relations
@Suite struct SampleExtractTests {
    let expected: [FeatureClass: Int] = [
        .path: 333, .track: 94, .footway: 11, .steps: 3, .peak: 44, .saddle: 27, .spring: 3, .drinkingWater: 2,
        .viewpoint: 2, .hut: 6, .shelter: 3, .water: 20,
    ]

    /// The Samples track (graphhopper-andorra_for_map_matching.gpx) spans these coordinates.
    let trackBox = BoundingBox(minLatitude: 42.6213, minLongitude: 1.5329, maxLatitude: 42.6236, maxLongitude: 1.5401)

    @Test func importsTheSampleWithTheExpectedCounts() throws {
        let store = try TestSupport.freshStore()
        let report = try store.importOSM(path: TestSupport.sampleExtract, importedAt: TestSupport.importTime)
        #expect(report.nodesRead == 43_247 && report.waysRead == 1_280 && report.relationsRead == 75)
        #expect(report.routesWritten == 18)
        #expect(report.headerTimestamp == "2021-06-22T20:21:08Z")
        #expect(report.bounds == [BoundingBox(minLatitude: 42.57, minLongitude: 1.48, maxLatitude: 42.66, maxLongitude: 1.59)])
        let counts = try store.featureCounts()
        for (c, n) in expected { #expect(counts[c] == n, "\(c)") }
        for (c, n) in expected { #expect(report.featuresByClass[c] == n, "\(c)") }
        #expect(try store.routeCount() == 18)
        // Every feature has a box in the R*Tree, and every named feature a row in the name index.
        #expect(try store.db.scalar("SELECT count(*) FROM feature_bbox")?.integer == Int64(report.featuresWritten))
        #expect(try store.db.scalar("SELECT count(*) FROM feature_names")?.integer
                == store.db.scalar("SELECT count(*) FROM features WHERE name IS NOT NULL")?.integer)
    }

    @Test func queryAroundTheSampleTrackFindsWhatAHikerExpects() throws {
        let store = try TestSupport.freshStore()
        try store.importOSM(path: TestSupport.sampleExtract, importedAt: TestSupport.importTime)
        var around = trackBox
        around.extend(Coordinate(latitude: 42.6150, longitude: 1.5450))  // down to el Serrat
        around.extend(Coordinate(latitude: 42.6400, longitude: 1.5400))  // up the Besalí valley
        let features = try store.features(in: around, zoom: 16)
        let ids = Set(features.map(\.id))
        // Found with: grep -B2 -A6 'Besalí\|el Serrat\|Esquirol' Samples/andorra-ordino.osm
        #expect(ids.contains(MapFeatureID(type: .node, osmID: 64_954_451)))      // place "el Serrat"
        #expect(ids.contains(MapFeatureID(type: .way, osmID: 391_568_717)))      // hut "Cabana de Besalí"
        #expect(ids.contains(MapFeatureID(type: .node, osmID: 3_947_873_430)))   // peak "Pic de Besalí", 2639 m
        #expect(ids.contains(MapFeatureID(type: .way, osmID: 289_560_381)))      // path "sender de l'Esquirol"
        let peak = try #require(features.first { $0.id.osmID == 3_947_873_430 })
        #expect(peak.featureClass == .peak && peak.kind == .point && peak.name == "Pic de Besalí" && peak.elevation == 2639)
        #expect(peak.parts == [[Coordinate(latitude: 42.6384013, longitude: 1.5377946)]])
        let hut = try #require(features.first { $0.id.osmID == 391_568_717 })
        #expect(hut.featureClass == .hut && hut.kind == .area && hut.parts.count == 1 && hut.parts[0].count == 7)
        #expect(hut.parts[0].first == hut.parts[0].last)
        // The way's first node n3947874799 (osmium getid … n3947874799 -f opl) is its first vertex.
        let paths = features.filter { $0.featureClass == .path }
        #expect(paths.count >= 5)
        #expect(paths.allSatisfy { $0.kind == .line && $0.isComplete && $0.bounds.intersects(around) })
        // Zoom filtering: at z10 footpaths are not drawn, the river is.
        let wide = try store.features(in: around, zoom: 10)
        #expect(!wide.contains { $0.featureClass == .path })
        #expect(wide.count < features.count)
        // Class filter.
        let onlyPeaks = try store.features(in: around, zoom: 16, classes: [.peak])
        #expect(!onlyPeaks.isEmpty && onlyPeaks.allSatisfy { $0.featureClass == .peak })
        #expect(try store.featureCount(in: around, zoom: 16) == features.count)
    }

    @Test func routesAroundTheTrack() throws {
        let store = try TestSupport.freshStore()
        try store.importOSM(path: TestSupport.sampleExtract, importedAt: TestSupport.importTime)
        // "GPR La volta a Andorra" (relation 5511920) has 192 members, all present after osmium's smart
        // extract: osmium getid -r Samples/andorra-ordino.osm r5511920 -f opl | grep -c '^w' → 192 ways.
        let gpr = try #require(try store.route(id: 5_511_920))
        #expect(gpr.name == "GPR La volta a Andorra" && gpr.route == "hiking")
        #expect(gpr.members.count == 192 && gpr.isComplete && gpr.members.allSatisfy(\.isPresent))
        #expect(gpr.parts.count == 192)
        let near = try store.routes(in: BoundingBox(minLatitude: 42.60, minLongitude: 1.50, maxLatitude: 42.65, maxLongitude: 1.58))
        #expect(near.contains { $0.id == 5_511_920 })
    }

    @Test func namedPlaces() throws {
        let store = try TestSupport.freshStore()
        try store.importOSM(path: TestSupport.sampleExtract, importedAt: TestSupport.importTime)
        let start = Coordinate(latitude: 42.623636, longitude: 1.532909)  // first trackpoint of the Samples track
        // Accent- and case-insensitive prefix search.
        let besali = try store.search(name: "besali", near: start)
        #expect(besali.map(\.id).contains(MapFeatureID(type: .node, osmID: 3_947_873_430)))
        #expect(besali.map(\.id).contains(MapFeatureID(type: .way, osmID: 391_568_717)))
        #expect(zip(besali, besali.dropFirst()).allSatisfy { ($0.distance ?? 0) <= ($1.distance ?? 0) })
        let huts = try store.search(name: "refugi ang", classes: [.hut])
        #expect(huts.map(\.name) == ["Refugi de l'Angonella"])
        #expect(try store.search(name: "   ").isEmpty)
        // The nearest named feature to the peak's own position is the peak, at 0 m.
        let atPeak = try #require(try store.nearestNamedFeature(to: Coordinate(latitude: 42.6384013, longitude: 1.5377946),
                                                               maxDistance: 200))
        #expect(atPeak.id == MapFeatureID(type: .node, osmID: 3_947_873_430) && atPeak.distance! < 0.01)
        #expect(try store.nearestNamedFeature(to: Coordinate(latitude: 45, longitude: 5), maxDistance: 500) == nil)
    }

    @Test func coverageTellsNoDataFromNothingMapped() throws {
        let store = try TestSupport.freshStore()
        try store.importOSM(path: TestSupport.sampleExtract, importedAt: TestSupport.importTime)
        #expect(try store.coverage(for: trackBox) == 1)
        #expect(try store.isCovered(trackBox.center))
        #expect(try store.coverage(for: BoundingBox(minLatitude: 45, minLongitude: 5, maxLatitude: 45.1, maxLongitude: 5.1)) == 0)
        #expect(try !store.isCovered(Coordinate(latitude: 42.5, longitude: 1.7)))
        // Half inside in longitude, same latitudes: half the Web Mercator area.
        let half = BoundingBox(minLatitude: 42.60, minLongitude: 1.57, maxLatitude: 42.62, maxLongitude: 1.61)
        #expect(abs(try store.coverage(for: half) - 0.5) < 1e-9)
        // z14 tiles touched by 42.57..42.66 N, 1.48..1.59 E: x 8259..8264 (6), y 6041..6046 (6).
        // python3 (formula in WebMercatorTests): tile(42.66, 1.48, 14) = (8259, 6041),
        // tile(42.57, 1.59, 14) = (8264, 6046); the track box: (8261, 6043) and (8262, 6043).
        #expect(try store.coverageTileCount() == 36)
        let tiles = try store.coverageTiles(in: trackBox)
        #expect(tiles.map(\.tile) == [SlippyTile(z: 14, x: 8261, y: 6043), SlippyTile(z: 14, x: 8262, y: 6043)])
        #expect(tiles.allSatisfy { $0.fraction == 1 })
        // Edge tiles are partly covered: tile x 8259 spans 1.47216796875..1.494140625 E and the data
        // starts at 1.48 E, so (1.494140625 - 1.48) / (1.494140625 - 1.47216796875) = 0.6435555… is covered.
        let edge = try store.coverageTiles(in: BoundingBox(Coordinate(latitude: 42.62, longitude: 1.485)))
        #expect(edge.count == 1 && abs(edge[0].fraction - 0.6435555555555563) < 1e-9)
    }
}
