import Foundation
import Testing
import TrailCore
@testable import TrailMap

/// Places along the Andorra sample track, from the map store of the shipped extract, against
/// `Tools/reference/places_reference.py` (GeographicLib geodesics on the same OSM data, a
/// golden-section nearest point per segment; see the script for its kind rules).
@Suite struct PlacesReferenceTests {
    struct Reference: Decodable {
        struct Row: Decodable { let osm: String; let kind: String; let name: String?; let along: Double; let off: Double }
        struct Case: Decodable { let track: String; let points: Int; let places: [Row] }
        let within: Double
        let cases: [Case]
    }

    /// The track's points, read with a plain scan of `<trkpt lat= lon=>` (the GPX reader is
    /// another module's business).
    static func sampleTrack(_ name: String) throws -> [Coordinate] {
        let text = try String(contentsOf: TestSupport.repoRoot.appendingPathComponent("Samples/\(name)"), encoding: .utf8)
        let regex = try NSRegularExpression(pattern: #"<trkpt lat="([-0-9.]+)" lon="([-0-9.]+)""#)
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map {
            Coordinate(latitude: Double(ns.substring(with: $0.range(at: 1)))!,
                       longitude: Double(ns.substring(with: $0.range(at: 2)))!)
        }
    }

    @Test func distancesAlongAndOffMatchGeographicLib() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestSupport.fixture("places-reference.json")))
        let reference = try JSONDecoder().decode(Reference.self, from: data)
        let store = try TestSupport.freshStore()
        try store.importOSM(path: TestSupport.sampleExtract, importedAt: TestSupport.importTime)
        #expect(reference.cases.count == 2)
        for c in reference.cases {
            let points = try Self.sampleTrack(c.track)
            #expect(points.count == c.points)
            let track = Track(segments: [TrackSegment(points: points.map { Trackpoint(latitude: $0.latitude, longitude: $0.longitude) })])
            let found = try store.places(along: TrailProximity(track: track), within: reference.within)
            let nodes = found.filter { $0.place.osmID?.hasPrefix("node/") == true }
            // The reference keeps 10 m beyond the radius; those must be the only ones Cairn leaves out.
            let expectedInside = c.places.filter { $0.off <= reference.within }
            #expect(Set(nodes.map { $0.place.osmID! }) == Set(expectedInside.map(\.osm)), "\(c.track)")
            #expect(c.places.count >= 10)
            for row in c.places {
                guard let p = nodes.first(where: { $0.place.osmID == row.osm }) else {
                    #expect(row.off > reference.within - 0.5, "\(row.osm) missing"); continue
                }
                #expect(p.place.kind.rawValue == row.kind, "\(row.osm)")
                #expect(p.place.name == row.name)
                // The chord in degrees against the geodesic: well under a metre on 10 m–1 km segments.
                #expect(abs(p.distanceAlong - row.along) < 0.5, "\(row.osm) along \(p.distanceAlong) vs \(row.along)")
                #expect(abs(p.distanceOff - row.off) < 0.5, "\(row.osm) off \(p.distanceOff) vs \(row.off)")
            }
            // Walking order.
            #expect(found.map(\.distanceAlong) == found.map(\.distanceAlong).sorted())
        }
    }

    @Test func kindsFilterAndAreasComeAsPlaces() throws {
        let store = try TestSupport.freshStore()
        try store.importOSM(path: TestSupport.sampleExtract, importedAt: TestSupport.importTime)
        let all = try store.places(in: BoundingBox(minLatitude: 42.4, minLongitude: 1.3, maxLatitude: 42.8, maxLongitude: 1.7))
        // osmium counts (SampleExtractTests): 44 peaks, 27 saddles, 6 huts + 3 shelters, 3 springs + 2 drinking water.
        let byKind = Dictionary(grouping: all, by: \.kind).mapValues(\.count)
        #expect(byKind[.peak] == 44 && byKind[.saddle] == 27 && byKind[.hut] == 9 && byKind[.spring] == 5)
        // Huts mapped as buildings are places at their box centre, with the OSM way id.
        let sorteny = try #require(all.first { $0.name == "Refugi Borda de Sorteny" })
        #expect(sorteny.osmID == "way/206379041" && sorteny.kind == .hut)
        let peaks = try store.places(in: BoundingBox(minLatitude: 42.4, minLongitude: 1.3, maxLatitude: 42.8, maxLongitude: 1.7),
                                     kinds: [.peak])
        #expect(peaks.count == 44 && peaks.allSatisfy { $0.kind == .peak })
        let fangasses = try #require(peaks.first { $0.osmID == "node/45160922" })
        #expect(fangasses.elevation == 2682 && fangasses.tags["ele"] == "2682")
    }
}
