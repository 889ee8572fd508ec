// Totals benchmark (issue 18): a store of 1,000 dated hikes over ten years and 5,000 walks
// (each with its summary), in a temporary folder; then `HikeStore.outings()` (two queries over
// stored statistics), `TotalsCalculator.report` (months in Europe/Zurich) and both together,
// 30 times each: median and max. Reference measured in the same run: `HikeStore.summaries()`,
// the one query `cairn list` makes over the same 1,000 hikes.
// Run: swift run -c release TotalsBenchmark [hikes] [walks]
import Foundation
import TrailCore
import TrailSQLite
import TrailStore

let args = CommandLine.arguments
let hikeCount = args.count > 1 ? Int(args[1]) ?? 1000 : 1000
let walkCount = args.count > 2 ? Int(args[2]) ?? 5000 : 5000
let dir = NSTemporaryDirectory() + "cairn-totals-bench-\(UUID().uuidString)"
try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: dir) }
let clock = ContinuousClock()

func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18 }
func ms(_ d: Duration) -> String { String(format: "%.2f ms", seconds(d) * 1e3) }

let store = try HikeStore(path: dir + "/hikes.sqlite")
let t0 = Date(timeIntervalSince1970: 1_483_228_800)  // 2017-01-01
var hikes: [NewHike] = []
for i in 0..<hikeCount {
    let start = t0.addingTimeInterval(Double(i) * 86400 * 3.6 + 8 * 3600)
    var points: [Trackpoint] = []
    for k in 0..<50 {
        let lat: Double = 46 + Double(i) * 1e-4 + Double(k) * 9e-4
        let ele: Double = 1000 + Double(k * 8)
        points.append(Trackpoint(latitude: lat, longitude: 7.5, elevation: ele, time: start.addingTimeInterval(Double(k) * 60)))
    }
    let track = Track(segments: [TrackSegment(points: points)])
    hikes.append(NewHike(name: "hike \(i)", kind: .imported, tracks: [track],
                         statistics: StatisticsCalculator().statistics(for: track)))
}
try store.insert(hikes)
let ids = try store.summaries().map(\.id)
try store.connection.transaction {
    for w in 0..<walkCount {
        let start = t0.addingTimeInterval(Double(w) * 86400 * 0.72 + 9 * 3600)
        let walk = try store.beginWalk(of: ids[w % ids.count], startedAt: start, offRouteThreshold: 30)
        var s = FollowSummary(startTime: start, endTime: start.addingTimeInterval(7200), routeLength: 5000,
                              coverage: 0.9, activeTime: 7200, distanceWalked: 5000 + Double(w % 700),
                              elevationGain: 300 + Double(w % 90), acceptedFixes: 7200)
        s.movingTime = 6000
        s.movingDistance = 4900
        try store.finishWalk(walk, endedAt: start.addingTimeInterval(7200), summary: s)
    }
}
let zone = TimeZone(identifier: "Europe/Zurich")!

func measure(_ label: String, _ body: () throws -> Void) rethrows -> Duration {
    var times: [Duration] = []
    for _ in 0..<30 {
        let t = clock.now
        try body()
        times.append(clock.now - t)
    }
    times.sort()
    print("  \(label.padding(toLength: 44, withPad: " ", startingAt: 0)) median \(ms(times[times.count / 2]))  max \(ms(times.last!))")
    return times[times.count / 2]
}

print("Totals over \(hikeCount) hikes and \(walkCount) walks (release build, store in \(NSTemporaryDirectory()))")
let list = try store.outings()
precondition(list.outings.count == hikeCount + walkCount, "every hike and walk counted")
let reference = try measure("reference: summaries() (cairn list's query)") { _ = try store.summaries() }
let read = try measure("outings(): two queries over stored statistics") { _ = try store.outings() }
let sums = measure("TotalsCalculator.report (months, records)") {
    _ = TotalsCalculator.report(list.outings, year: 2026, timeZone: zone)
}
let both = try measure("outings() + report: what cairn totals does") {
    _ = TotalsCalculator.report(try store.outings().outings, year: 2026, timeZone: zone)
}
print(String(format: "  read / reference %.2fx; sums %.2f ms; total %.2f ms (target < 100 ms)",
             seconds(read) / seconds(reference), seconds(sums) * 1e3, seconds(both) * 1e3))
