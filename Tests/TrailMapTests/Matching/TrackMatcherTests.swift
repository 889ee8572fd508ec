import Foundation
import Testing
import TrailCore
@testable import TrailMap

/// Trail matching (``TrackMatcher``, issue 16) on constructed networks: a loop, an
/// out-and-back, a gap and a stretch off the map.
@Suite struct TrackMatcherTests {
    static let origin = Coordinate(latitude: 46.0, longitude: 7.0)
    static let plane = LocalProjection(origin: origin)

    /// A point `east`, `north` metres from the origin.
    static func at(_ east: Double, _ north: Double) -> Coordinate { plane.unproject(LocalPoint(x: east, y: north)) }

    /// A path way through `nodes` (id, east, north).
    static func way(_ id: Int64, _ nodes: [(Int64, Double, Double)], grade: String? = nil) -> MapFeature {
        let coords = nodes.map { at($0.1, $0.2) }
        var tags = ["highway": "path"]
        if let grade { tags["sac_scale"] = grade }
        return MapFeature(id: MapFeatureID(type: .way, osmID: id), featureClass: .path, kind: .line, parts: [coords], tags: MapTags(tags),
                          minZoom: 14, bounds: BoundingBox(covering: coords)!, isComplete: true, nodeIDs: [nodes.map(\.0)])
    }

    static func graph(_ ways: [MapFeature]) -> WalkingGraph {
        WalkingGraph(features: ways, box: BoundingBox(minLatitude: 45.99, minLongitude: 6.98, maxLatitude: 46.01, maxLongitude: 7.02))
    }

    /// Points every `step` metres along the polyline of (east, north) corners, pushed sideways by
    /// a fixed ±`noise` pattern (left, right, centre, …).
    static func walk(_ corners: [(Double, Double)], step: Double = 8, noise: Double = 3) -> [Coordinate] {
        var out: [Coordinate] = []
        var k = 0
        for (a, b) in zip(corners, corners.dropFirst()) {
            let dx = b.0 - a.0, dy = b.1 - a.1, len = (dx * dx + dy * dy).squareRoot()
            var s = 0.0
            while s < len {
                let side = [noise, -noise, 0][k % 3]
                k += 1
                out.append(at(a.0 + dx * s / len - dy / len * side, a.1 + dy * s / len + dx / len * side))
                s += step
            }
        }
        out.append(at(corners.last!.0, corners.last!.1))
        return out
    }

    func onGraph(_ c: Coordinate, _ g: WalkingGraph) -> Bool {
        (g.snap(c, maxDistance: 5, options: RouteOptions(maxSAC: .t6, allowViaFerrata: true))?.distance ?? 9) < 0.05
    }

    @Test func aLoopWalkedTwiceFollowsTheLoopTwice() {
        let g = Self.graph([Self.way(1, [(1, 0, 0), (2, 200, 0), (3, 200, 200)]),
                            Self.way(2, [(3, 200, 200), (4, 0, 200), (1, 0, 0)])])
        let square = [(0.0, 0.0), (200, 0), (200, 200), (0, 200), (0, 0)]
        let track = Self.walk(square + square.dropFirst())
        let m = TrackMatcher(graph: g).match(segments: [track])
        #expect(m.matchedShare == 1)
        #expect(m.pieces.count == 1)
        #expect(abs(m.length - 1600) < 16, "\(m.length)")
        #expect(m.segments.joined().allSatisfy { onGraph($0, g) })
        #expect(m.sections.allSatisfy { $0.kind != .moved })
    }

    @Test func anOutAndBackTurnsAtTheEnd() {
        let g = Self.graph([Self.way(1, [(1, 0, 0), (2, 250, 0), (3, 500, 0)]), Self.way(2, [(2, 250, 0), (4, 250, 300)])])
        let track = Self.walk([(0, 0), (500, 0), (0, 0)])
        let m = TrackMatcher(graph: g).match(segments: [track])
        #expect(m.matchedShare == 1)
        #expect(abs(m.length - 1000) < 15, "\(m.length)")
        // It never wanders up the side path farther than the GPS noise (a 3 m point on it at the junction).
        #expect(m.segments.joined().allSatisfy { Self.plane.project($0).y < 4 })
    }

    @Test func aGapBreaksTheChainAndBothSidesMatch() {
        let g = Self.graph([Self.way(1, [(1, 0, 0), (2, 1000, 0)])])
        let track = Self.walk([(0, 0), (300, 0)]) + Self.walk([(700, 0), (1000, 0)])
        let m = TrackMatcher(graph: g).match(segments: [track])
        #expect(m.matchedShare == 1)
        #expect(m.pieces.count == 2 && m.pieces.allSatisfy(\.isMatched))
        #expect(m.pieces[0].points.upperBound + 1 == m.pieces[1].points.lowerBound)
        #expect(abs(m.length - 1000) < 10)
    }

    @Test func aStretchOffTheMapStaysRawAndSaysSo() {
        let g = Self.graph([Self.way(1, [(1, 0, 0), (2, 400, 0)]), Self.way(2, [(3, 400, 400), (4, 800, 400)])])
        let track = Self.walk([(0, 0), (400, 0), (400, 400), (800, 400)])
        let m = TrackMatcher(graph: g).match(segments: [track])
        let raw = m.pieces.filter { !$0.isMatched }
        #expect(raw.count == 1)
        let off = raw[0]
        // Every raw point is farther than the 30 m radius from both ways, and kept as recorded.
        #expect(off.coordinates == Array(track[off.points]))
        #expect(off.coordinates.allSatisfy { p in let y = Self.plane.project(p).y; return y > 30 && y < 370 })
        #expect(m.sections.contains { $0.kind == .unmatched && $0.points == off.points.lowerBound - 1...off.points.upperBound + 1 })
        #expect(m.matchedShare > 0.6 && m.matchedShare < 0.8)
        // The pieces cover every point once, in order.
        var next = 0
        for p in m.pieces {
            #expect(p.points.lowerBound == next)
            next = p.points.upperBound + 1
        }
        #expect(next == track.count)
    }

    @Test func aShortCutAcrossTwoPathsIsAMovedSection() {
        // Two paths meet at a right angle; the walker cut the corner 40 m inside it.
        let g = Self.graph([Self.way(1, [(1, 0, 0), (2, 300, 0)]), Self.way(2, [(2, 300, 0), (3, 300, 300)])])
        let track = Self.walk([(0, 0), (250, 0), (300, 50), (300, 300)], noise: 1)
        let m = TrackMatcher(graph: g).match(segments: [track])
        let moved = m.sections.filter { $0.kind == .moved }
        #expect(moved.count == 1)
        if let s = moved.first {
            #expect(s.maxOffset > 15)
            #expect(s.lengthDifference > 10)   // round the corner is longer than across it
            #expect(s.matched.allSatisfy { onGraph($0, g) })
        }
    }

    @Test func candidatesAndWalkingDistances() {
        let g = Self.graph([Self.way(1, [(1, 0, 0), (2, 100, 0)]), Self.way(2, [(2, 100, 0), (3, 100, 100)])])
        let c = g.candidates(near: Self.at(95, 5), maxDistance: 30, limit: 8)
        #expect(c.count == 2)
        #expect(c.allSatisfy { abs($0.distance - 5) < 0.01 })
        let a = g.candidates(near: Self.at(10, 0), maxDistance: 5, limit: 1)[0]
        let b = g.candidates(near: Self.at(100, 50), maxDistance: 5, limit: 1)[0]
        let d = g.walkingDistances(from: a, to: [b], limit: 500)[0]
        #expect(abs(d - 140) < 0.05)
        #expect(g.walkingDistances(from: a, to: [b], limit: 100)[0] == .infinity)
    }
}
