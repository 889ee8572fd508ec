// cairn-bench-map: times MapStore.viewFeatures(in:zoom:) (the flat result the map drawing reads,
// its geometry blobs copied and decoded by the drawing while projecting, DECISIONS 1010-1011;
// `--api features`: MapStore.features(in:zoom:), one decoded MapFeature per feature) for a
// terminal-sized map view over the densest part of a map store, and prints the median and p99.
//
// Usage: cairn-bench-map --map PATH [--zoom 16] [--cols 200] [--rows 60] [--iterations 2000]
//                        [--center LAT,LON]  (time this view instead of searching the densest)
//                        [--api view|features]
//
// A view of COLS × ROWS terminal cells is (2·COLS) × (4·ROWS) braille dots, one dot being one
// pixel of a 256-pixel slippy tile (see WebMercator.viewBounds). The densest view is found by
// MapStore.busiestView (features drawn at that zoom, one pass over the R*Tree); the timed queries are centred on it, jittered by up to half a view in each
// direction with a fixed-seed generator so runs are comparable. Wall time and this thread's
// CPU time are both reported: on shared cores the wall-time tail is mostly waiting to run.
//
// References measured in the same run over the same views, on a second read-only SQLite
// connection with the store's mmap setting: the bare R*Tree query (`SELECT id FROM
// feature_bbox WHERE <box> AND min_zoom <= z`, every row stepped) and that query joined to
// `features` reading each row's stored geometry blob (no decoding); and MapStore's own query
// (the columns `features(in:zoom:)` reads: id and the packed view record, or from z16 on the
// full geometry with the view fields after it (map-6; a map-5 store: the view record and the
// full geometry); in a store before map-5, id, class, kind, min_zoom, complete, tags,
// the R*Tree box and the zoom level's or the full geometry blob) with every column fetched
// but nothing decoded. The ratios say how much of cairn's time is SQLite handing out the columns
// it reads and how much is decoding them into `MapFeature`s.
import Foundation
import TrailCore
import TrailMap
import TrailSQLite

struct Options {
    var map = ""
    var zoom = 16
    var cols = 200
    var rows = 60
    var iterations = 2000
    var center: Coordinate?
    /// "view": MapStore.viewFeatures (the flat result the drawing reads); "features": MapStore.features ([MapFeature]).
    var api = "view"
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
        case "--zoom": o.zoom = Int(v) ?? o.zoom
        case "--cols": o.cols = Int(v) ?? o.cols
        case "--rows": o.rows = Int(v) ?? o.rows
        case "--iterations": o.iterations = max(10, Int(v) ?? o.iterations)
        case "--api":
            guard v == "view" || v == "features" else { fail("--api wants view or features") }
            o.api = v
        case "--center":
            let ll = v.split(separator: ",").compactMap { Double($0) }
            guard ll.count == 2 else { fail("--center wants LAT,LON") }
            o.center = Coordinate(latitude: ll[0], longitude: ll[1])
        default: fail("unknown option \(a)")
        }
    }
    if o.map.isEmpty { fail("--map PATH is required") }
    return o
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("cairn-bench-map: \(message)\n".utf8))
    exit(64)
}

/// A fixed-seed 64-bit linear congruential generator (Knuth MMIX constants).
struct LCG: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state
    }
}

let o = parseOptions()
let store: MapStore
do { store = try MapStore(path: o.map, readOnly: true) } catch { fail("\(error)") }
let width = Double(o.cols * 2), height = Double(o.rows * 4)

// 1. The densest view over the covered area.
let covered = (try? store.coverageAreas()) ?? []
guard var area = covered.first else { fail("the store has no coverage; import an extract first") }
for c in covered { area.extend(c) }
let probe = WebMercator.viewBounds(center: area.center, zoom: Double(o.zoom), widthPixels: width, heightPixels: height)
let stepLat = (probe.maxLatitude - probe.minLatitude) / 2, stepLon = (probe.maxLongitude - probe.minLongitude) / 2
var best = (count: -1, center: area.center)
if let c = o.center {
    let box = WebMercator.viewBounds(center: c, zoom: Double(o.zoom), widthPixels: width, heightPixels: height)
    best = ((try? store.featureCount(in: box, zoom: o.zoom)) ?? 0, c)
} else if let b = try? store.busiestView(zoom: o.zoom, widthPixels: width, heightPixels: height) {
    best = (b.features, b.center)
}

// 2. Timed queries around it.
var rng = LCG(state: 0x5EED_CA1B)
var times: [Double] = []
var cpuTimes: [Double] = []
/// CPU time of this thread in nanoseconds: unaffected by other processes on shared cores.
func threadCPUNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}
/// The reference queries (see the header), on their own connection.
let reference: Connection
do {
    reference = try Connection(path: o.map, mode: .readOnly)
    try reference.execute("PRAGMA mmap_size = 2147418112")
} catch { fail("\(error)") }
let boxWhere = "r.max_lat >= ?1 AND r.min_lat <= ?2 AND r.max_lon >= ?3 AND r.min_lon <= ?4 AND r.min_zoom <= ?5"
let rtreeOnly = try! reference.prepare("SELECT r.id FROM feature_bbox r WHERE \(boxWhere)")
let rtreeBlob = try! reference.prepare("SELECT length(f.geometry) FROM feature_bbox r JOIN features f ON f.id = r.id WHERE \(boxWhere)")
@MainActor func hasColumn(_ name: String) -> Bool {
    ((try? reference.scalar("SELECT count(*) FROM pragma_table_info('features') WHERE name = '\(name)'")?.integer) ?? 0) > 0
}
/// A map-5 store packs the per-view columns in `features.view` (DECISIONS 940).
let viewRecords = hasColumn("view")
let levels = o.zoom < MapStore.simplificationMaxZoom && (viewRecords || hasColumn("zoom_geometry"))
/// A map-6 store's `features.geometry` carries the view fields after the geometry: from z16 the
/// query reads that column alone (DECISIONS 1060).
let geometryViewFields = viewRecords
    && ((try? reference.scalar("SELECT count(*) FROM cairn_migrations WHERE name = 'map-6-geometry-view-fields'")?.integer) ?? 0) > 0
let cairnColumns = try! reference.prepare(viewRecords ? """
    SELECT f.id, \(levels ? "f.view" : geometryViewFields ? "f.geometry" : "f.view, f.geometry")
    FROM feature_bbox r JOIN features f ON f.id = r.id WHERE \(boxWhere)
    """ : """
    SELECT f.id, f.class, f.kind, f.min_zoom, f.complete, f.geometry, f.tags, r.min_lat, r.max_lat, r.min_lon, r.max_lon,
           \(levels ? "f.zoom_geometry" : "NULL")
    FROM feature_bbox r JOIN features f ON f.id = r.id WHERE \(boxWhere)
    """)
/// Thread CPU time of stepping `st` through every row for `box` (bound as MapStore binds it),
/// in ms; with `allColumns`, every column of `cairnColumns` is fetched as MapStore fetches it
/// (integers, the text and blob pointers, the level blob else the full geometry), not decoded.
func referenceCPU(_ st: Statement, _ box: BoundingBox, allColumns: Bool = false) -> Double {
    let c0 = threadCPUNanoseconds()
    let e7 = { (d: Double) in SQLiteValue.integer(Int64((d * 1e7).rounded())) }
    try! st.bind([e7(max(-90, box.minLatitude)), e7(min(90, box.maxLatitude)), e7(max(-180, box.minLongitude)),
                  e7(min(180, box.maxLongitude)), .integer(Int64(o.zoom))])
    var sink = 0
    while (try? st.step()) == true {
        sink &+= Int(st.int64(0))
        guard allColumns else { continue }
        if viewRecords {
            sink &+= st.withBlob(1) { $0.count } &+ (levels || geometryViewFields ? 0 : st.withBlob(2) { $0.count })
            continue
        }
        sink &+= st.withBlob(1) { $0.count } &+ st.int(2) &+ st.int(3) &+ st.int(4) &+ st.withBlob(6) { $0.count }
        sink &+= Int(st.int64(7) &+ st.int64(8) &+ st.int64(9) &+ st.int64(10))
        sink &+= st.isNull(11) ? st.withBlob(5) { $0.count } : st.withBlob(11) { $0.count }
    }
    st.reset()
    blackHole = sink
    return Double(threadCPUNanoseconds() - c0) / 1e6
}
nonisolated(unsafe) var blackHole = 0
var rtreeTimes: [Double] = []
var blobTimes: [Double] = []
var columnTimes: [Double] = []
var featureCounts: [Int] = []
var vertexCounts: [Int] = []
times.reserveCapacity(o.iterations)
for i in 0..<(o.iterations + 50) {
    let c = Coordinate(latitude: best.center.latitude + Double.random(in: -stepLat...stepLat, using: &rng) / 2,
                       longitude: best.center.longitude + Double.random(in: -stepLon...stepLon, using: &rng) / 2)
    let box = WebMercator.viewBounds(center: c, zoom: Double(o.zoom), widthPixels: width, heightPixels: height)
    let c0 = threadCPUNanoseconds()
    let t0 = DispatchTime.now().uptimeNanoseconds
    var flat: ViewFeatures?
    var features: [MapFeature] = []
    if o.api == "view" {
        flat = try? store.viewFeatures(in: box, zoom: o.zoom)
    } else {
        features = (try? store.features(in: box, zoom: o.zoom)) ?? []
    }
    let t1 = DispatchTime.now().uptimeNanoseconds
    let c1 = threadCPUNanoseconds()
    // Counted after the clock stops (the flat result's geometry is decoded to count it).
    let counts: (features: Int, vertices: Int) = flat.map { v in (v.count, (0..<v.count).reduce(0) { $0 + (v.coordinates($1)?.reduce(0) { $0 + $1.count } ?? 0) }) }
        ?? (features.count, features.reduce(0) { $0 + $1.parts.vertexCount })
    let r1 = referenceCPU(rtreeOnly, box), r2 = referenceCPU(rtreeBlob, box)
    let r3 = referenceCPU(cairnColumns, box, allColumns: true)
    if i >= 50 {  // the first 50 warm the page cache and statement cache
        rtreeTimes.append(r1)
        blobTimes.append(r2)
        columnTimes.append(r3)
        times.append(Double(t1 - t0) / 1e6)
        cpuTimes.append(Double(c1 - c0) / 1e6)
        featureCounts.append(counts.features)
        vertexCounts.append(counts.vertices)
    }
}
times.sort()
cpuTimes.sort()
featureCounts.sort()
vertexCounts.sort()
rtreeTimes.sort()
blobTimes.sort()
columnTimes.sort()
func percentile(_ a: [Double], _ p: Double) -> Double { a[min(a.count - 1, Int((Double(a.count - 1) * p).rounded()))] }
let view = WebMercator.viewBounds(center: best.center, zoom: Double(o.zoom), widthPixels: width, heightPixels: height)
print(String(format: "view: %d x %d cells = %.0f x %.0f px at z%d (%.5f deg lon x %.5f deg lat), densest centre %.5f,%.5f (%d features)",
             o.cols, o.rows, width, height, o.zoom, view.maxLongitude - view.minLongitude, view.maxLatitude - view.minLatitude,
             best.center.latitude, best.center.longitude, best.count))
print(String(format: "queries: %d, features per view: median %d (max %d), vertices per view: median %d (max %d)",
             times.count, featureCounts[featureCounts.count / 2], featureCounts.last ?? 0,
             vertexCounts[vertexCounts.count / 2], vertexCounts.last ?? 0))
print(String(format: "bbox query time: median %.3f ms, p90 %.3f ms, p99 %.3f ms, max %.3f ms",
             percentile(times, 0.5), percentile(times, 0.9), percentile(times, 0.99), times.last ?? 0))
print(String(format: "bbox query CPU time (this thread): median %.3f ms, p99 %.3f ms",
             percentile(cpuTimes, 0.5), percentile(cpuTimes, 0.99)))
print(String(format: "reference, same views, CPU median: R*Tree ids %.3f ms, R*Tree + features geometry blob %.3f ms; ratio cairn / R*Tree %.2f, cairn / R*Tree + blob %.2f",
             percentile(rtreeTimes, 0.5), percentile(blobTimes, 0.5), percentile(cpuTimes, 0.5) / percentile(rtreeTimes, 0.5),
             percentile(cpuTimes, 0.5) / percentile(blobTimes, 0.5)))
print(String(format: "cairn's own SQL, every column it reads fetched, nothing decoded: CPU median %.3f ms, %.2f x the R*Tree + blob query; decoding %.3f ms (%.2f x)",
             percentile(columnTimes, 0.5), percentile(columnTimes, 0.5) / percentile(blobTimes, 0.5),
             percentile(cpuTimes, 0.5) - percentile(columnTimes, 0.5),
             (percentile(cpuTimes, 0.5) - percentile(columnTimes, 0.5)) / percentile(blobTimes, 0.5)))
