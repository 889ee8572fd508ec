// cairn-bench-routes: the two speed targets of issue 17, timed in one run with references.
//
// Usage: cairn-bench-routes --map PATH [--iterations 30] [--hikes 1000]
//
//   listing     MapStore.routeSummaries(in:near:) for a 4 km × 4 km view centred on the
//               first route's middle (what the Routes screen and `cairn routes --near` do:
//               the R*Tree box query, each route read, assembled, its blaze decoded);
//   query       MapStore.routes(in:) of the same view alone (the store read, no assembly):
//               the reference the listing is measured against. Target: listing < 20 ms.
//   completion  HikeStore.completion(of:) of the longest listed route against a store of
//               `--hikes` recorded hikes (100 of them walking parts of that route, with 5 m of
//               noise; the rest 1 to 9 degrees away): the box prefilter, the tracks read, the
//               25 m coverage. Target: < 500 ms.
//   read-all    the same coverage fed with every stored hike's track (no prefilter): what
//               the prefilter saves.
// Prints median and p90 wall time and the median CPU time of the thread in milliseconds, and the
// ratios (wall medians).
import Foundation
import TrailCore
import TrailMap
import TrailStore

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("cairn-bench-routes: \(message)\n".utf8))
    exit(64)
}

var mapPath = "", iterations = 30, hikeCount = 1000
var args = Array(CommandLine.arguments.dropFirst())
while let a = args.first {
    args.removeFirst()
    guard let v = args.first else { fail("\(a) needs a value") }
    args.removeFirst()
    switch a {
    case "--map": mapPath = v
    case "--iterations": iterations = Int(v) ?? iterations
    case "--hikes": hikeCount = Int(v) ?? hikeCount
    default: fail("unknown option \(a)")
    }
}
guard !mapPath.isEmpty else { fail("--map PATH is required") }

/// The thread's CPU time, milliseconds (on a shared, loaded machine the wall time waits for the cores).
func cpuMilliseconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
}

func time(_ n: Int, _ body: () throws -> Void) rethrows -> (median: Double, p90: Double, cpu: Double) {
    var t: [Double] = [], c: [Double] = []
    for _ in 0..<n {
        let s = DispatchTime.now().uptimeNanoseconds, s0 = cpuMilliseconds()
        try body()
        t.append(Double(DispatchTime.now().uptimeNanoseconds - s) / 1e6)
        c.append(cpuMilliseconds() - s0)
    }
    t.sort()
    c.sort()
    return (t[t.count / 2], t[min(t.count - 1, t.count * 9 / 10)], c[c.count / 2])
}

func row(_ name: String, _ r: (median: Double, p90: Double, cpu: Double), _ note: String = "") {
    print(name.padding(toLength: 12, withPad: " ", startingAt: 0)
          + String(format: "median %8.2f ms   p90 %8.2f ms   cpu %8.2f ms", r.median, r.p90, r.cpu)
          + (note.isEmpty ? "" : "   " + note))
}

do {
    let map = try MapStore(path: mapPath, readOnly: true)
    let world = BoundingBox(minLatitude: -90, minLongitude: -180, maxLatitude: 90, maxLongitude: 180)
    let all = try map.routeSummaries(in: world, includeLongDistance: false)
    guard let route = all.max(by: { $0.length < $1.length }), let line = Optional(route.line.coordinates), line.count > 1 else {
        fail("the map has no routes")
    }
    let middle = Polyline(coordinates: line).coordinate(atDistance: route.length / 2)!
    let view = BoundingBox(middle).expanded(byMetres: 2000)
    var listed = 0
    let listing = try time(iterations) { listed = try map.routeSummaries(in: view, near: middle).count }
    let query = try time(iterations) { _ = try map.routes(in: view) }
    print("map: \(mapPath), \(all.count) routes of at most a day's walk; view 4 km × 4 km: \(listed) listed")
    row("listing", listing, String(format: "target < 20 ms; %.1f× the store query", listing.median / max(query.median, 1e-9)))
    row("query", query)

    // The hike store.
    let dir = NSTemporaryDirectory() + "cairn-bench-routes-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let store = try HikeStore(path: dir + "/hikes.sqlite")
    var generator = SystemRandomNumberGenerator()
    let poly = Polyline(coordinates: line)
    let calculator = StatisticsCalculator()
    var hikes: [NewHike] = []
    let t0 = Date(timeIntervalSince1970: 1_600_000_000)
    for k in 0..<hikeCount {
        var points: [Trackpoint] = []
        let near = k < 100
        let shift = near ? 0 : 1 + Double(k % 9)
        // 3 km of the route (a point every 10 m) or a 3 km line far away.
        let from = near ? Double.random(in: 0...max(0, route.length - 3000), using: &generator) : 0
        for i in 0..<300 {
            let base = near ? poly.coordinate(atDistance: min(route.length, from + Double(i) * 10))!
                : Coordinate(latitude: middle.latitude + shift, longitude: middle.longitude + Double(i) * 1.2e-4)
            let noise = Geodesy.destination(from: base, distance: Double.random(in: 0...5, using: &generator),
                                            bearing: Double.random(in: 0..<360, using: &generator))
            points.append(Trackpoint(noise, elevation: 1500, time: t0.addingTimeInterval(Double(k * 10_000 + i * 5))))
        }
        let track = Track(name: "walk \(k)", segments: [TrackSegment(points: points)])
        hikes.append(NewHike(name: "walk \(k)", kind: .recorded, tracks: [track], statistics: calculator.statistics(for: [track])))
    }
    try store.insert(hikes, allowDuplicates: true)
    var share = 0.0, read = 0
    let completion = try time(max(3, iterations / 3)) {
        let (c, lines) = try store.completion(of: route.line.runs)
        share = c.share
        read = lines.hikesRead
    }
    let ids = try store.summaries().map(\.id)
    let readAll = try time(3) {
        var c = TrailCompletion(runs: route.line.runs)
        for id in ids { for t in try store.tracks(of: id) { for s in t.segments { c.add(stretch: s.points.map(\.coordinate)) } } }
    }
    print("route: \(route.title) (relation \(route.id)), \(Int(route.length)) m; \(hikeCount) stored hikes, \(read) read after the prefilter, \(Int(share * 100)) % walked")
    row("completion", completion, String(format: "target < 500 ms; %.2f× reading every hike", completion.median / max(readAll.median, 1e-9)))
    row("read-all", readAll)
} catch {
    fail("\(error)")
}
