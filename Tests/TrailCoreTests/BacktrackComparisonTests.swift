import Foundation
import Testing
@testable import TrailCore

/// Douglas–Peucker (what the backtrack uses) against the safety app's "drop turns under 30°",
/// on two walks that show the difference (DECISIONS.md 144): a long gentle bend, where dropping
/// small turns cuts the corner far off the path walked, and GPS zig-zag on a straight path,
/// where every noisy 3 m wobble is a "turn" worth keeping.
@Suite struct BacktrackComparisonTests {
    let origin = Coordinate(latitude: 46.5, longitude: 8.0)

    /// The safety app's rule as described: keep a point when the direction changes by at least
    /// `minimumTurn` degrees between the last kept point → it and it → the next point.
    static func turnAngleKept(_ c: [Coordinate], minimumTurn: Double = 30) -> [Int] {
        guard c.count > 2 else { return Array(c.indices) }
        var kept = [0]
        for i in 1..<(c.count - 1) {
            let a = c[kept.last!].bearing(to: c[i]), b = c[i].bearing(to: c[i + 1])
            var turn = abs(b - a).truncatingRemainder(dividingBy: 360)
            if turn > 180 { turn = 360 - turn }
            if turn >= minimumTurn { kept.append(i) }
        }
        return kept + [c.count - 1]
    }

    /// Largest distance of any walked point from the simplified line, metres (local projection).
    static func maxDeviation(_ c: [Coordinate], kept: [Int]) -> Double {
        let proj = LocalProjection(origin: c[0])
        let p = c.map(proj.project)
        var worst = 0.0
        for (a, b) in zip(kept, kept.dropFirst()) {
            for i in a...b {
                worst = max(worst, abs(LocalProjection.closestPointOnSegment(p[i], p[a], p[b]).signedDistance))
            }
        }
        return worst
    }

    /// A 180° bend of radius 300 m walked with a point every 10 m (1.9° per point).
    var bend: [Coordinate] {
        let centre = origin
        return (0...94).map { i in centre.coordinate(at: 300, bearing: Double(i) * 10 / 300 * 180 / .pi) }
    }

    /// 1 km straight north with the fixes alternating 3 m left and right, every 10 m.
    var zigzag: [Coordinate] {
        (0...100).map { i in origin.coordinate(at: Double(i) * 10, bearing: 0).coordinate(at: 3, bearing: i % 2 == 0 ? 90 : 270) }
    }

    @Test func gentleBendDouglasPeuckerStaysOnThePath() {
        let dp = DouglasPeucker.keptIndices(of: bend, tolerance: 10)
        let turns = Self.turnAngleKept(bend)
        let dpOff = Self.maxDeviation(bend, kept: dp), turnOff = Self.maxDeviation(bend, kept: turns)
        print("bend 300 m radius: Douglas-Peucker 10 m keeps \(dp.count) points, \(String(format: "%.1f", dpOff)) m off; "
              + "turns ≥ 30° keep \(turns.count), \(String(format: "%.1f", turnOff)) m off")
        #expect(dpOff <= 10.01)
        // Sagitta of a 60° chord on a 300 m radius: 300 (1 − cos 30°) = 40.2 m.
        #expect(turnOff > 30)
    }

    @Test func zigzagNoiseTurnRuleKeepsTheWobbles() {
        let dp = DouglasPeucker.keptIndices(of: zigzag, tolerance: 10)
        let turns = Self.turnAngleKept(zigzag)
        print("zig-zag ±3 m: Douglas-Peucker keeps \(dp.count) points; turns ≥ 30° keep \(turns.count) of \(zigzag.count)")
        #expect(dp.count == 2)
        #expect(turns.count > 90)
    }

    @Test func backtrackRunsFromTheEndToTheStart() {
        var r = RecordingSession(rules: PositionFilterRules(minimumSpacing: 0))
        for (i, c) in bend.enumerated() {
            if case .accept(let p) = r.judge(PositionFix(time: Date(timeIntervalSince1970: Double(i * 8)), coordinate: c,
                                                         altitude: 1000 + Double(i), source: .replay)) { r.commit(p) }
        }
        let back = r.backtrackPoints()
        #expect(back.first?.coordinate == bend.last && back.last?.coordinate == bend.first)
        #expect(back.first?.elevation == 1094 && back.allSatisfy { $0.time == nil })
        #expect(back.count == DouglasPeucker.keptIndices(of: bend, tolerance: 10).count)
        #expect(Backtrack.points(from: [bend[0]].map { Trackpoint($0) }).isEmpty)
    }
}
