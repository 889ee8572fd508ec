import Foundation
import Testing
@testable import TrailCore

/// TrailProximity on constructed lines (values by hand on a meridian and a parallel) and the
/// GPX waypoint mapping of places.
@Suite struct TrailProximityTests {
    /// A line due north along 1°E from 42°N, 0.01° (≈ 1111 m) a point, two segments.
    let north = [Coordinate(latitude: 42, longitude: 1), Coordinate(latitude: 42.01, longitude: 1),
                 Coordinate(latitude: 42.02, longitude: 1)]

    @Test func placeBesideTheLineMeasuresAlongAndOff() throws {
        let trail = TrailProximity(coordinates: north, distances: Polyline(coordinates: north).cumulativeDistances)
        // Beside the middle of the second segment, 0.001° of longitude east.
        let p = Coordinate(latitude: 42.015, longitude: 1.001)
        let r = try #require(trail.nearest(to: p, within: 1000))
        let alongExpected = Geodesy.distance(from: north[0], to: Coordinate(latitude: 42.015, longitude: 1))
        let offExpected = Geodesy.distance(from: p, to: Coordinate(latitude: 42.015, longitude: 1))
        #expect(abs(r.along - alongExpected) < 0.05)
        #expect(abs(r.off - offExpected) < 0.05)
        #expect(r.index == 1)
        #expect(trail.nearest(to: p, within: offExpected - 1) == nil)
    }

    @Test func beyondTheEndsMeasuresToTheEndPoints() throws {
        let trail = TrailProximity(coordinates: north, distances: Polyline(coordinates: north).cumulativeDistances)
        let before = Coordinate(latitude: 41.995, longitude: 1)
        let r = try #require(trail.nearest(to: before))
        #expect(r.along == 0)
        #expect(abs(r.off - Geodesy.distance(from: before, to: north[0])) < 1e-6)
        #expect(TrailProximity(coordinates: [], distances: []).nearest(to: before) == nil)
    }

    @Test func theGapBetweenSegmentsIsNotPartOfTheLine() throws {
        // Two segments: 0–1 and 2–3 with a gap from point 1 to 2 that runs past the place.
        let coords = [Coordinate(latitude: 42, longitude: 1), Coordinate(latitude: 42.01, longitude: 1),
                      Coordinate(latitude: 42.01, longitude: 1.02), Coordinate(latitude: 42.02, longitude: 1.02)]
        let d = [0, 1111.0, 1111.0, 2222.0]
        let trail = TrailProximity(coordinates: coords, distances: d, segmentStarts: [0, 2])
        let p = Coordinate(latitude: 42.0101, longitude: 1.01)
        let r = try #require(trail.nearest(to: p))
        // The nearest is an end of a segment (about 820 m away), never the gap 11 m away.
        #expect(r.off > 800)
    }

    @Test func placesComeInWalkingOrder() {
        let trail = TrailProximity(coordinates: north, distances: Polyline(coordinates: north).cumulativeDistances)
        let places = [
            Place(kind: .hut, name: "late", coordinate: Coordinate(latitude: 42.018, longitude: 1.0005)),
            Place(kind: .peak, name: "early", coordinate: Coordinate(latitude: 42.002, longitude: 0.9995)),
            Place(kind: .spring, name: "far", coordinate: Coordinate(latitude: 42.01, longitude: 1.05)),
        ]
        let along = trail.placesAlong(places, within: 1000)
        #expect(along.map(\.place.name) == ["early", "late"])
    }
}

@Suite struct PlaceWaypointTests {
    @Test func aPlaceRoundTripsThroughItsWaypoint() {
        let p = Place(kind: .spring, name: "Font", coordinate: Coordinate(latitude: 42.6, longitude: 1.53), elevation: 1900,
                      note: "cold", osmID: "node/6641690286")
        let w = p.waypoint
        #expect(w.type == "spring" && w.symbol == "Drinking Water" && w.description == "cold" && w.elevation == 1900)
        #expect(w.links.first?.href == "https://www.openstreetmap.org/node/6641690286")
        let back = Place(waypoint: w)
        #expect(back == p)
    }

    @Test func kindsOfForeignWaypoints() throws {
        #expect(PlaceKind(gpxType: nil, symbol: "Summit") == .peak)
        #expect(PlaceKind(gpxType: "Alpine_Hut", symbol: nil) == .hut)
        #expect(PlaceKind(gpxType: "stop", symbol: nil) == .other)
        #expect(Place.osmID(fromURL: "http://osm.org/node/1") == nil)
        #expect(Place.osmID(fromURL: "https://www.openstreetmap.org/way/42/history") == "way/42")
        #expect(try PlaceKind.parseList("peak, spring/water,bus_stop").get() == [.peak, .spring, .busStop])
        #expect(throws: PlaceKindError.self) { try PlaceKind.parseList("peak,castle").get() }
    }

    @Test func terrainHeightOnlyWhereThePlaceHasNone() {
        let c = Coordinate(latitude: 42.6, longitude: 1.5)
        let bare = Place(kind: .spring, name: "Font", coordinate: c)
        let filled = bare.withTerrainHeight { $0 == c ? 1593.332 : nil }
        #expect(filled.elevation == 1593.3 && filled.elevationFromTerrain)
        let tagged = Place(kind: .peak, name: "Tuc", coordinate: c, elevation: 2501)
        #expect(tagged.withTerrainHeight { _ in 1 } == tagged)
        #expect(bare.withTerrainHeight { _ in nil } == bare && bare.withTerrainHeight { _ in .nan } == bare)
        // No height, no mark.
        #expect(!Place(kind: .other, name: nil, coordinate: c, elevationFromTerrain: true).elevationFromTerrain)
    }
}
