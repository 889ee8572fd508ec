// cairn-bench-tui: the TUI's costs that do not need a terminal.
//
//   cairn-bench-tui fill STORE [HIKES] [POINTS]   fill a hike store with HIKES generated hikes of
//                                                  POINTS points each (default 1000 x 1000 = 1,000,000
//                                                  points), laid over the Andorra sample map
//   cairn-bench-tui scrub STORE MAP [ITERATIONS]   open the first hike on a 200x60 hike screen with
//                                                  its map data loaded, then time one scrub keypress:
//                                                  CairnApp.update(Right) + CairnApp.view (the Buffer the
//                                                  curses back end diffs and writes); prints median/p99
//
// Benchmarks/tui-bench.sh runs both, plus the start-up time of the real binary.
import Foundation
import TermUI
import TrailApp
import TrailCore
import TrailMap
import TrailStore

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("cairn-bench-tui: \(message)\n".utf8))
    exit(64)
}

/// A deterministic walk of `n` points near Ordino (inside Samples/andorra-ordino.osm).
func walk(_ n: Int, seed: Int) -> Track {
    let t0 = Date(timeIntervalSince1970: 1_600_000_000 + Double(seed) * 86_400)
    let lat0 = 42.58 + Double(seed % 40) * 0.001, lon0 = 1.50 + Double(seed / 40) * 0.002
    let points = (0..<n).map { i -> Trackpoint in
        let x = Double(i)
        return Trackpoint(latitude: lat0 + x * 2e-5, longitude: lon0 + sin(x / 80) * 0.002,
                          elevation: 1500 + 200 * sin(x / 150), time: t0.addingTimeInterval(x * 5))
    }
    return Track(name: "Walk \(seed)", segments: [TrackSegment(points: points)])
}

func fill(_ path: String, hikes: Int, points: Int) throws {
    let store = try HikeStore(path: path)
    let calc = StatisticsCalculator()
    var batch: [NewHike] = []
    for i in 0..<hikes {
        let t = walk(points, seed: i)
        batch.append(NewHike(name: "Walk \(i)", kind: .imported, sourceFileName: "walk\(i).gpx", tracks: [t],
                             statistics: calc.statistics(for: t)))
        if batch.count == 100 {
            _ = try store.insert(batch, allowDuplicates: true)
            batch.removeAll()
        }
    }
    if !batch.isEmpty { _ = try store.insert(batch, allowDuplicates: true) }
    print("filled \(path): \(hikes) hikes x \(points) points")
}

func percentile(_ xs: [Double], _ p: Double) -> Double {
    let s = xs.sorted()
    return s[min(s.count - 1, Int((Double(s.count - 1) * p).rounded()))]
}

func scrub(storePath: String, mapPath: String, iterations: Int) throws {
    let store = try HikeStore(path: storePath)
    let map = try MapStore(path: mapPath, readOnly: true)
    guard let first = try store.summaries(sortedBy: .date).first else { fail("the store is empty") }
    let prepared = PreparedHike(name: first.name, tracks: try store.tracks(of: first.id), statistics: first.statistics)
    let app = CairnApp()
    let env = WidgetEnvironment(theme: .plain, format: UnitFormatter(system: .metric))
    var state = AppState(environment: env, storeLabel: "bench", width: 200, height: 60)
    _ = app.update(&state, .hikesLoaded(try store.summaries()))
    var effects = app.update(&state, .hikeLoaded(first.id, prepared, forPreview: false))
    func serveBasemaps() throws {
        while let e = effects.first {
            effects.removeFirst()
            if case .loadBasemap(let request, let viewport) = e {
                effects += app.update(&state, .basemapLoaded(request: request, try MapBasemap.load(from: map, viewport: viewport)))
            }
        }
    }
    try serveBasemaps()
    var times: [Double] = []
    var served = 0
    for i in 0..<(iterations + 30) {
        let key: Key = (i / 200) % 2 == 0 ? .right : .left
        let t0 = DispatchTime.now().uptimeNanoseconds
        effects = app.update(&state, .input(.key(key)))
        _ = app.view(state, width: 200, height: 60)
        let t1 = DispatchTime.now().uptimeNanoseconds
        if !effects.isEmpty { served += 1; try serveBasemaps() }  // map recentred: data loaded off the key path
        if i >= 30 { times.append(Double(t1 - t0) / 1e6) }
    }
    print(String(format: "scrub keypress (update + view, 200x60, %d points): median %.2f ms, p99 %.2f ms, max %.2f ms (%d of %d steps recentred the map)",
                 prepared.pointCount, percentile(times, 0.5), percentile(times, 0.99), times.max() ?? 0, served, iterations + 30))
}


extension MapBasemap {
    /// The map data for `viewport`, queried as the TUI's effect performer does
    /// (``MapBasemap/queryArea(for:margin:)``, then the store).
    static func load(from store: MapStore, viewport: MapViewport) throws -> MapBasemap {
        let (box, z) = MapBasemap.queryArea(for: viewport)
        return MapBasemap(view: try store.viewFeatures(in: box, zoom: z), coverageAreas: try store.coverageAreas(),
                          bounds: box, zoom: z)
    }
}

var args = Array(CommandLine.arguments.dropFirst())
guard let command = args.first else { fail("usage: cairn-bench-tui fill STORE [HIKES] [POINTS] | scrub STORE MAP [ITERATIONS]") }
args.removeFirst()
do {
    switch command {
    case "fill" where args.count >= 1:
        try fill(args[0], hikes: args.count > 1 ? Int(args[1]) ?? 1000 : 1000, points: args.count > 2 ? Int(args[2]) ?? 1000 : 1000)
    case "scrub" where args.count >= 2:
        try scrub(storePath: args[0], mapPath: args[1], iterations: args.count > 2 ? Int(args[2]) ?? 1000 : 1000)
    default:
        fail("usage: cairn-bench-tui fill STORE [HIKES] [POINTS] | scrub STORE MAP [ITERATIONS]")
    }
} catch {
    fail("\(error)")
}
