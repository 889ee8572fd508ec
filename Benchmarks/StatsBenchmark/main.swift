// Statistics benchmark: times StatisticsCalculator on a synthetic 1,000,000-point track with
// elevation and time (a hike-like random walk, 1 s apart, deterministic) and prints figures.
// Run: swift build -c release --product stats-benchmark && .build/release/stats-benchmark [points]
import Foundation
import TrailCore

/// Deterministic xorshift generator so every run measures the same track.
struct XorShift {
    var state: UInt64
    mutating func next() -> Double {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return Double(state % 1_000_000) / 1_000_000
    }
}

let count = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 1_000_000 : 1_000_000
var rng = XorShift(state: 0x9E37_79B9_7F4A_7C15)
var points: [Trackpoint] = []
points.reserveCapacity(count)
var lat = 42.5, lon = 1.5, ele = 1500.0, heading = 0.0
let start = Date(timeIntervalSince1970: 1_500_000_000)
for i in 0..<count {
    heading += (rng.next() - 0.5) * 0.3
    let step = 1.2 + rng.next() * 0.3  // metres per second
    lat += step * cos(heading) / 111_000
    lon += step * sin(heading) / 82_000
    ele += (rng.next() - 0.5) * 0.8
    points.append(Trackpoint(latitude: lat, longitude: lon, elevation: ele, time: start.addingTimeInterval(Double(i))))
}
let track = Track(name: "benchmark", segments: [TrackSegment(points: points)])
let calculator = StatisticsCalculator()

/// Process CPU time in seconds (less disturbed than wall time when other jobs share the cores).
func cpuSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

func measure(_ label: String, runs: Int = 5, _ body: () -> Void) {
    var best = Double.infinity, bestCPU = Double.infinity
    for _ in 0..<runs {
        let t0 = DispatchTime.now().uptimeNanoseconds, c0 = cpuSeconds()
        body()
        bestCPU = min(bestCPU, cpuSeconds() - c0)
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9)
    }
    print(String(format: "%@: best of %d = %.3f s wall, %.3f s CPU (%.0f ns/point CPU)",
                 label, runs, best, bestCPU, bestCPU * 1e9 / Double(count)))
}

var sink = 0.0
measure("StatisticsCalculator.statistics(for:) \(count) points") {
    sink += calculator.statistics(for: track).distance
}
measure("ElevationProfile(track:) \(count) points") {
    sink += ElevationProfile(track: track).length
}
let coordinates = points.map(\.coordinate)
measure("Polyline cumulative distances \(count) points") {
    sink += Polyline(coordinates: coordinates).length
}
let polyline = Polyline(coordinates: coordinates)
measure("Polyline.closestPoint full scan \(count) points") {
    sink += polyline.closestPoint(to: Coordinate(latitude: lat, longitude: lon))?.distanceAlong ?? 0
}
measure("DouglasPeucker 5 m \(count) points", runs: 1) {
    sink += Double(DouglasPeucker.keptIndices(of: coordinates, tolerance: 5).count)
}
let s = calculator.statistics(for: track)
print(String(format: "check: distance %.1f m, moving %.0f s, gain %.0f m, max speed %.2f m/s (sink %.0f)",
             s.distance, s.movingTime ?? -1, s.elevationGain ?? -1, s.maxSpeed ?? -1, sink))
