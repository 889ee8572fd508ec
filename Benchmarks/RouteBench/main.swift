// cairn-bench-route: times building the walking graph of a map store's whole covered area
// and routing between random stop pairs on it, and prints the figures.
//
// Usage: cairn-bench-route --map PATH [--pairs 100] [--seed 42] [--builds 5] [--dem DIR]
//
// With --dem the graph is built with terrain elevations (SRTM tiles in DIR) and every edge
// costs by DIN 33466 with its climb (WalkingGraph.Edge.cost); without, every edge is flat.
//
// Pairs: both ends are junctions of the graph (walkable nodes), drawn with a fixed-seed
// generator, kept when 1-15 km apart (geodesic); pairs with no walk between them are kept
// too (the search then exhausts the reachable network, the worst case). Each pair is timed
// twice: the search alone (snap both ends + A*) and RoutePlanner.leg with the graph cached
// (snapping, search, connectors and way list). Wall time and this thread's CPU time are
// reported: on shared cores the wall-time tail is mostly waiting to run.
import Foundation
import TrailCore
import TrailMap
import TrailTerrain

struct Options {
    var map = ""
    var pairs = 100
    var seed: UInt64 = 42
    var builds = 5
    var dem = ""
}

/// The terrain as the graph's elevation lookup.
struct TerrainLookup: ElevationLookup {
    let store: TerrainStore
    func elevation(at coordinate: Coordinate) -> Double? { store.height(at: coordinate).metres }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("cairn-bench-route: \(message)\n".utf8))
    exit(64)
}

func parseOptions() -> Options {
    var o = Options()
    var args = Array(CommandLine.arguments.dropFirst())
    while !args.isEmpty {
        let a = args.removeFirst()
        guard let v = args.first else { fail("\(a) needs a value") }
        args.removeFirst()
        switch a {
        case "--map": o.map = v
        case "--pairs": o.pairs = max(1, Int(v) ?? o.pairs)
        case "--seed": o.seed = UInt64(v) ?? o.seed
        case "--builds": o.builds = max(1, Int(v) ?? o.builds)
        case "--dem": o.dem = v
        default: fail("unknown option \(a)")
        }
    }
    if o.map.isEmpty { fail("--map PATH is required") }
    return o
}

/// SplitMix64 (Steele, Lea, Flood 2014): a fixed-seed generator so runs are comparable.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Wall and thread CPU seconds.
func clocks() -> (wall: Double, cpu: Double) {
    var w = timespec(), c = timespec()
    clock_gettime(CLOCK_MONOTONIC, &w)
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c)
    return (Double(w.tv_sec) + Double(w.tv_nsec) / 1e9, Double(c.tv_sec) + Double(c.tv_nsec) / 1e9)
}

func timed<T>(_ body: () throws -> T) rethrows -> (T, wall: Double, cpu: Double) {
    let a = clocks()
    let r = try body()
    let b = clocks()
    return (r, b.wall - a.wall, b.cpu - a.cpu)
}

func percentile(_ xs: [Double], _ p: Double) -> Double {
    let s = xs.sorted()
    guard !s.isEmpty else { return .nan }
    return s[min(s.count - 1, Int((p * Double(s.count - 1)).rounded()))]
}

func ms(_ s: Double) -> String { String(format: "%.2f ms", s * 1000) }

let o = parseOptions()
let store: MapStore
do { store = try MapStore(path: o.map, readOnly: true) } catch { fail("\(error)") }
let covered = (try? store.coverageAreas()) ?? []
guard var area = covered.first else { fail("the store has no coverage; import an extract first") }
for c in covered { area.extend(c) }
let elevation: ElevationLookup? = o.dem.isEmpty ? nil : TerrainLookup(store: TerrainStore(directory: o.dem))
print(elevation == nil ? "edges flat (no --dem)" : "edges with terrain climb (DIN 33466 cost, SRTM tiles in \(o.dem))")

// 1. Graph build for the whole covered area.
var buildWall: [Double] = [], buildCPU: [Double] = []
var graph: WalkingGraph!
for _ in 0..<o.builds {
    let (g, w, c) = try timed { try WalkingGraph.build(store: store, box: area, elevation: elevation) }
    graph = g
    buildWall.append(w)
    buildCPU.append(c)
}
print(String(format: "area %.4f,%.4f – %.4f,%.4f: %d junctions, %d edges, %d ways", area.minLatitude, area.minLongitude,
             area.maxLatitude, area.maxLongitude, graph.nodeCount, graph.edges.count, graph.wayIDs.count))
print("graph build (whole area, \(o.builds) runs): median \(ms(percentile(buildWall, 0.5))) wall, "
      + "\(ms(percentile(buildCPU, 0.5))) CPU; best \(ms(buildWall.min()!)) wall")

// 2. Random pairs of junctions 1-15 km apart.
var rng = SplitMix64(state: o.seed)
var pairs: [(Coordinate, Coordinate)] = []
while pairs.count < o.pairs {
    let a = graph.nodes[Int(rng.next() % UInt64(graph.nodeCount))]
    let b = graph.nodes[Int(rng.next() % UInt64(graph.nodeCount))]
    let d = a.distance(to: b)
    if d >= 1000 && d <= 15000 { pairs.append((a, b)) }
}

// 3. Search alone on the built graph.
let options = RouteOptions()
var searchWall: [Double] = [], searchCPU: [Double] = []
var routed = 0, straightDistance = 0.0, walked = 0.0
for (a, b) in pairs {
    let (path, w, c) = timed { () -> WalkingPath? in
        guard let sa = graph.snap(a, maxDistance: options.maxSnapDistance, options: options),
              let sb = graph.snap(b, maxDistance: options.maxSnapDistance, options: options) else { return nil }
        return graph.shortestPath(from: sa, to: sb, options: options)
    }
    searchWall.append(w)
    searchCPU.append(c)
    if let path {
        routed += 1
        straightDistance += a.distance(to: b)
        walked += path.length
    }
}
print("\(pairs.count) pairs 1-15 km apart (seed \(o.seed)): \(routed) routed, \(pairs.count - routed) without a walk "
      + String(format: "(mean %.1f km as the crow flies, %.1f km walked, for the routed)",
               straightDistance / Double(max(routed, 1)) / 1000, walked / Double(max(routed, 1)) / 1000))
print("search (snap + A*): median \(ms(percentile(searchWall, 0.5))), p90 \(ms(percentile(searchWall, 0.9))), "
      + "max \(ms(searchWall.max()!)) wall; CPU median \(ms(percentile(searchCPU, 0.5))), p90 \(ms(percentile(searchCPU, 0.9)))")

// 4. The planner's leg with the graph cached (built once for the whole area first).
let planner = RoutePlanner(store: store, elevation: elevation)
_ = planner.graph(covering: [Coordinate(latitude: area.minLatitude, longitude: area.minLongitude),
                              Coordinate(latitude: area.maxLatitude, longitude: area.maxLongitude)])
var legWall: [Double] = [], legCPU: [Double] = []
for (a, b) in pairs {
    let (_, w, c) = timed { planner.leg(from: a, to: b) }
    legWall.append(w)
    legCPU.append(c)
}
print("RoutePlanner.leg, graph cached: median \(ms(percentile(legWall, 0.5))), p90 \(ms(percentile(legWall, 0.9))), "
      + "max \(ms(legWall.max()!)) wall; CPU median \(ms(percentile(legCPU, 0.5))), p90 \(ms(percentile(legCPU, 0.9))) "
      + "(graphs built: \(planner.graphsBuilt); target < 20 ms per route)")
