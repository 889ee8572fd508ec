import Foundation
import Testing
import TrailCore

/// ``DouglasPeucker/importance(of:)`` gives, for every tolerance, exactly the vertices
/// ``DouglasPeucker/keptIndices(of:tolerance:)`` keeps (the map import relies on it to store a
/// line per zoom from one run).
@Suite struct DouglasPeuckerImportanceTests {
    /// A fixed-seed random walk of `n` points near 42.5° N (a mountain path's wiggle), with
    /// some exact repeats and a closed loop when `closed`.
    func walk(_ n: Int, seed: UInt64, closed: Bool) -> [Coordinate] {
        var state = seed
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53) - 0.5
        }
        var lat = 42.5, lon = 1.5
        var out: [Coordinate] = []
        for i in 0..<n {
            if i % 17 != 5 {  // every 17th point repeats the previous one
                lat += next() * 2e-4
                lon += next() * 3e-4
            }
            out.append(Coordinate(latitude: lat, longitude: lon))
        }
        if closed, let first = out.first { out.append(first) }
        return out
    }

    @Test func thresholdingImportanceIsDouglasPeuckerAtEveryTolerance() {
        var checked = 0
        for seed in UInt64(1)...40 {
            let line = walk(Int(seed * 7 % 300) + 1, seed: seed, closed: seed % 3 == 0)
            let importance = DouglasPeucker.importance(of: line)
            #expect(importance.count == line.count)
            // Tolerances from 0 to 200 m, and every importance value itself (the boundary).
            let tolerances = [0.0, 0.01, 0.5, 1, 2.5, 7, 20, 60, 200] + importance.filter(\.isFinite)
            for t in tolerances {
                let kept = importance.indices.filter { importance[$0] > t }
                #expect(kept == DouglasPeucker.keptIndices(of: line, tolerance: t), "seed \(seed), tolerance \(t)")
                checked += 1
            }
        }
        #expect(checked > 1000)
    }

    /// With a floor, the values above it are the full run's and the rest are 0 (the
    /// recursion stops early), so every tolerance at or above the floor keeps the same vertices.
    @Test func aFloorKeepsTheValuesAboveIt() {
        var checked = 0
        for seed in UInt64(1)...40 {
            let line = walk(Int(seed * 7 % 300) + 1, seed: seed, closed: seed % 3 == 0)
            let full = DouglasPeucker.importance(of: line)
            guard line.count > 2, let box = BoundingBox(covering: line) else { continue }
            let projection = LocalProjection(origin: box.center)
            let points = line.map(projection.project)
            for floor in [0.0, 0.3, 1, 4, 15, 60] + full.filter(\.isFinite).prefix(3) {
                let cut = [Double](unsafeUninitializedCapacity: line.count) { out, n in
                    points.withUnsafeBufferPointer { DouglasPeucker.importance(ofPlanePoints: $0, into: out, floor: floor) }
                    n = line.count
                }
                #expect(cut == full.map { $0 > floor ? $0 : 0 }, "seed \(seed), floor \(floor)")
                checked += 1
            }
        }
        #expect(checked > 200)
    }

    @Test func endsAreAlwaysKeptAndShortLinesWhole() {
        #expect(DouglasPeucker.importance(of: []) == [])
        let two = [Coordinate(latitude: 1, longitude: 1), Coordinate(latitude: 1, longitude: 2)]
        #expect(DouglasPeucker.importance(of: two) == [.infinity, .infinity])
        let straight = (0..<5).map { Coordinate(latitude: 0, longitude: Double($0) * 0.001) }
        let imp = DouglasPeucker.importance(of: straight)
        #expect(imp.first == .infinity && imp.last == .infinity)
        #expect(imp[1..<4].allSatisfy { $0 < 1e-6 }, "\(imp)")
    }
}
