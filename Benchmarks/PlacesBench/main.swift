// cairn-bench-places: times the Places search for a 30 km hike over a map store (issue 15:
// under 50 ms over the whole Andorra map) and prints the median and p90, wall and CPU.
//
// Usage: cairn-bench-places --map PATH [--dem DIR] [--within 1000] [--iterations 50]
//
// The hike: a line through Andorra (El Serrat, Ordino, La Massana, Andorra la Vella, Encamp,
// Canillo, Soldeu, Pas de la Casa) densified to a point every 10 m, as a GPS track is, and cut
// at 30 km (3,001 points). Timed in the same run:
//   search    MapStore.places(along:within:kinds:) with the TrailProximity built each time
//             (what the Places screen and `cairn places` do);
//   + terrain with --dem: the search and the terrain's height for each place without an `ele`
//             tag (Place.withTerrainHeight over TerrainStore.height(at:)), as the screen does;
//   query     the R*Tree query of the same box alone (MapStore.features(in:zoom:classes:));
//   naive     the same candidates against Polyline.closestPoint over every segment (no block
//             index), the reference the search's index is measured against.
import Foundation
import TrailCore
import TrailMap
import TrailTerrain

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("cairn-bench-places: \(message)\n".utf8))
    exit(64)
}

var map = "", dem = "", within = 1000.0, iterations = 50
var args = Array(CommandLine.arguments.dropFirst())
while let a = args.first {
    args.removeFirst()
    guard let v = args.first else { fail("\(a) needs a value") }
    args.removeFirst()
    switch a {
    case "--map": map = v
    case "--dem": dem = v
    case "--within": within = Double(v) ?? within
    case "--iterations": iterations = max(5, Int(v) ?? iterations)
    default: fail("unknown option \(a)")
    }
}
if map.isEmpty { fail("--map PATH is required") }
let store: MapStore
do { store = try MapStore(path: map, readOnly: true) } catch { fail("\(error)") }

let stops = [(42.6236, 1.5329), (42.5560, 1.5330), (42.5450, 1.5148), (42.5063, 1.5218), (42.5347, 1.5800),
             (42.5670, 1.5982), (42.5767, 1.6676), (42.5428, 1.7333)].map { Coordinate(latitude: $0.0, longitude: $0.1) }
let corner = Polyline(coordinates: stops)
var points: [Coordinate] = []
var d = 0.0
while d <= min(30_000, corner.length) {
    points.append(corner.coordinate(atDistance: d)!)
    d += 10
}
let line = Polyline(coordinates: points)
let track = Track(segments: [TrackSegment(points: points.map { Trackpoint(latitude: $0.latitude, longitude: $0.longitude) })])

func threadCPU() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
}
func wall() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e6 }
func measure(_ iterations: Int, _ body: () throws -> Int) rethrows -> (wall: [Double], cpu: [Double], result: Int) {
    var w: [Double] = [], c: [Double] = [], r = 0
    for i in 0..<(iterations + 3) {
        let c0 = threadCPU(), w0 = wall()
        r = try body()
        let w1 = wall(), c1 = threadCPU()
        if i >= 3 { w.append(w1 - w0); c.append(c1 - c0) }  // three warm the caches
    }
    return (w.sorted(), c.sorted(), r)
}
func pct(_ a: [Double], _ p: Double) -> Double { a[min(a.count - 1, Int((Double(a.count - 1) * p).rounded()))] }

let box = TrailProximity(track: track).bounds!.expanded(byMetres: within)
do {
    let search = try measure(iterations) { try store.places(along: TrailProximity(track: track), within: within).count }
    let terrain = dem.isEmpty ? nil : TerrainStore(directory: dem)
    let withTerrain = try terrain.map { t in
        try measure(iterations) {
            try store.places(along: TrailProximity(track: track), within: within)
                .map { $0.place.withTerrainHeight { t.height(at: $0).metres } }.filter(\.elevationFromTerrain).count
        }
    }
    let query = try measure(iterations) { try store.features(in: box, zoom: 16, classes: PlaceKind.featureClasses(for: Set(PlaceKind.searchable))).count }
    let candidates = try store.places(in: box)
    let naive = measure(iterations) {
        candidates.reduce(0) { n, p in n + ((line.closestPoint(to: p.coordinate)?.distance ?? .infinity) <= within ? 1 : 0) }
    }
    print(String(format: "hike: %.1f km, %d points; box %.4f-%.4f N %.4f-%.4f E; %d candidate places, %d within %.0f m",
                 line.length / 1000, points.count, box.minLatitude, box.maxLatitude, box.minLongitude, box.maxLongitude,
                 candidates.count, search.result, within))
    var rows = [("search (query + nearest points)", search), ("R*Tree query alone", query), ("naive nearest points alone", naive)]
    if let w = withTerrain {
        rows.insert(("search + terrain heights", w), at: 1)
        print("terrain: \(terrain!.tileIDs.map(\.description).joined(separator: ", ")); \(w.result) places got the terrain's height")
    }
    for (name, m) in rows {
        print(String(format: "%@: wall median %.2f ms, p90 %.2f ms; CPU median %.2f ms, p90 %.2f ms",
                     name, pct(m.wall, 0.5), pct(m.wall, 0.9), pct(m.cpu, 0.5), pct(m.cpu, 0.9)))
    }
    print(String(format: "search / R*Tree query (CPU medians): %.2f; naive nearest points / search's: %.1f",
                 pct(search.cpu, 0.5) / max(0.001, pct(query.cpu, 0.5)),
                 pct(naive.cpu, 0.5) / max(0.001, pct(search.cpu, 0.5) - pct(query.cpu, 0.5))))
    let screen = withTerrain ?? search
    print(String(format: "target: search%@ under 50 ms — %@", withTerrain == nil ? "" : " + terrain heights",
                 pct(screen.wall, 0.5) < 50 ? "met" : "NOT met"))
    if search.result != naive.result { print("warning: the search found \(search.result), the naive loop \(naive.result)") }
} catch { fail("\(error)") }
