import CairnTestSupport
import Foundation
import Testing
import TrailCore
@testable import TrailTerrain

/// Elevation for hikes that lack it: drawn routes against the Python reference that
/// integrates the same terrain heights along the same line with the same 5 m filter.
@Suite struct TerrainElevationTests {
    @Test func aDrawnRoutesGainMatchesTheReference() throws {
        let ref = try TerrainFixtures.reference()
        let terrain = TerrainElevation(store: try TerrainFixtures.sampleStore())
        #expect(ref.routes.count >= 4)
        for r in ref.routes {
            let stops = r.stops.map { Trackpoint(latitude: $0[0], longitude: $0[1]) }
            let route = Track(name: r.name, segments: [TrackSegment(points: stops)])
            let (line, sources) = terrain.plannedTrack(route)
            #expect(line.segments[0].points.count == r.points, "\(r.name): densified points")
            #expect(sources.withoutData == r.withoutData && sources.source == .terrain)
            let stats = TerrainStatistics.compute(route, planned: true, terrain: terrain)
            let gain = try #require(stats.elevationGain), loss = try #require(stats.elevationLoss)
            print(String(format: "%@: terrain gain %.2f m (reference %.2f), loss %.2f m (reference %.2f), DIN 33466 %.0f min",
                         r.name, gain, r.gain, loss, r.loss, stats.estimatedWalkingTime / 60))
            #expect(abs(gain - r.gain) < 0.01, "\(r.name)")
            #expect(abs(loss - r.loss) < 0.01, "\(r.name)")
            #expect(stats.elevationSource == .terrain)
            // 900 m of climb must cost time: DIN 33466 is longer than the flat 4 km/h.
            let flat = StatisticsCalculator().statistics(for: route).estimatedWalkingTime
            if gain > 300 { #expect(stats.estimatedWalkingTime > flat * 1.3, "\(r.name)") }
        }
    }

    @Test func missingElevationsAreFilledAndTheSourceSaid() throws {
        let terrain = TerrainElevation(store: try TerrainFixtures.sampleStore())
        let pts = [Trackpoint(latitude: 42.556, longitude: 1.533, elevation: 1300),
                   Trackpoint(latitude: 42.557, longitude: 1.534),
                   Trackpoint(latitude: 42.558, longitude: 1.535, elevation: 1330),
                   Trackpoint(latitude: 43.2, longitude: 1.535)]
        let track = Track(segments: [TrackSegment(points: pts)])
        let (filled, sources) = terrain.elevated(track, planned: false)
        #expect(sources.fromFile == 2 && sources.fromTerrain == 1 && sources.withoutData == 1)
        #expect(sources.source == .fileAndTerrain)
        let p = filled.segments[0].points
        #expect(p[0].elevation == 1300 && p[2].elevation == 1330)
        // On the file's datum (DECISIONS 260): the terrain height plus the file − terrain
        // offsets of its neighbours, interpolated by distance along.
        let h = pts.map { terrain.store.height(at: $0.coordinate).metres }
        let o0 = 1300 - h[0]!, o2 = 1330 - h[2]!
        let d01 = Geodesy.sphericalDistance(from: pts[0].coordinate, to: pts[1].coordinate)
        let d12 = Geodesy.sphericalDistance(from: pts[1].coordinate, to: pts[2].coordinate)
        let expected = h[1]! + o0 + (o2 - o0) * d01 / (d01 + d12)
        #expect(abs(p[1].elevation! - expected) < 1e-9, "\(p[1].elevation!) vs \(expected)")
        #expect(p[3].elevation == nil, "no tile: a gap, never 0")
        let stats = TerrainStatistics.compute(track, planned: false, terrain: terrain)
        #expect(stats.elevationSource == .fileAndTerrain && stats.points.withoutData == 1)
    }

    @Test func aFullyElevatedTrackKeepsItsOwnFiguresAndGetsTheTerrainsBeside() throws {
        let terrain = TerrainElevation(store: try TerrainFixtures.sampleStore())
        let pts = (0..<50).map { i in Trackpoint(latitude: 42.556 + Double(i) * 0.0003, longitude: 1.533, elevation: 1300 + Double(i) * 2) }
        let track = Track(segments: [TrackSegment(points: pts)])
        let stats = TerrainStatistics.compute(track, planned: false, terrain: terrain)
        #expect(stats.elevationSource == .file)
        #expect(abs(stats.elevationGain! - 98) < 1e-9)
        #expect(stats.terrainGain != nil)
        // Without tiles only the file counts.
        let none = TerrainStatistics.compute(track, planned: false, terrain: nil)
        #expect(none.elevationSource == .file && none.terrainGain == nil)
    }

    @Test func densificationKeepsTheStopsAndSpacing() throws {
        let t = TerrainElevation(store: TerrainStore(tiles: []))
        let a = Coordinate(latitude: 42.5, longitude: 1.5), b = Coordinate(latitude: 42.51, longitude: 1.5)
        let line = t.densified([a, b])
        #expect(line.first == a && line.last == b)
        #expect(line.count == Int((Geodesy.sphericalDistance(from: a, to: b) / 30).rounded(.up)) + 1)
        for (p, q) in zip(line, line.dropFirst()) { #expect(Geodesy.sphericalDistance(from: p, to: q) <= 30) }
        // Outside every tile: all points without data.
        let (_, s) = t.plannedTrack(Track(segments: [TrackSegment(points: [Trackpoint(a), Trackpoint(b)])]))
        #expect(s.source == .none && s.withoutData == line.count)
    }
}
