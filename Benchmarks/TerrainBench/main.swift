// Terrain benchmark (issue 13): prints figures, never fails.
//  1. Heights for 1,000,000 points along a long synthetic track over the Andorra tile
//     (target < 100 ms), against a reference loop in the same run that only reads the nearest
//     sample of a plain [Int16] array (the least work any lookup does).
//  2. Storage: opening a tile as a memory-mapped file against reading the same bytes as an
//     SQLite blob (DECISIONS.md 115), first height included.
//  3. Contours for a 200×60-cell view (400×240 braille dots) of Andorra (target < 5 ms median).
import CSQLite
import Foundation
import TrailCore
import TrailTerrain

func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
/// This thread's CPU seconds: on shared cores the wall-time tail is mostly waiting to run.
func cpu() -> Double { var t = timespec(); clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9 }
func median(_ xs: [Double]) -> Double { let s = xs.sorted(); return s[s.count / 2] }
func percentile(_ xs: [Double], _ p: Double) -> Double { let s = xs.sorted(); return s[min(s.count - 1, Int(Double(s.count) * p))] }

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-terrain-bench-\(getpid())").path
defer { try? FileManager.default.removeItem(atPath: dir) }
_ = try TerrainImport.run([(root.appendingPathComponent("Samples/N42E001.hgt.zip").path, "N42E001.hgt.zip")], into: dir)
let tilePath = dir + "/N42E001.hgt"

// 1. A million points: a random walk of 5 m steps over Andorra (a long track).
struct LCG { var seed: UInt64; mutating func next() -> Double { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Double(seed >> 11) / Double(1 << 53) } }
var rng = LCG(seed: 42)
var points: [Coordinate] = []
points.reserveCapacity(1_000_000)
var lat = 42.55, lon = 1.55, heading = 0.0
for _ in 0..<1_000_000 {
    heading += (rng.next() - 0.5) * 0.6
    lat = min(42.65, max(42.43, lat + cos(heading) * 4.5e-5)); lon = min(1.78, max(1.41, lon + sin(heading) * 6.1e-5))
    points.append(Coordinate(latitude: lat, longitude: lon))
}
let store = TerrainStore(directory: dir)
var out = [Double](repeating: 0, count: points.count)
var runs: [Double] = []
for _ in 0..<7 {
    let t0 = now()
    points.withUnsafeBufferPointer { p in out.withUnsafeMutableBufferPointer { store.heights(at: p, into: $0) } }
    runs.append(now() - t0)
}
let noData = out.filter(\.isNaN).count
// Reference: nearest sample from a plain array, no interpolation, no voids, no tile lookup.
let raw = try Data(contentsOf: URL(fileURLWithPath: tilePath))
let samples: [Int16] = raw.withUnsafeBytes { b in (0..<(1201 * 1201)).map { Int16(bigEndian: b.loadUnaligned(fromByteOffset: $0 * 2, as: Int16.self)) } }
var refRuns: [Double] = []
var checksum = 0.0
for _ in 0..<7 {
    let t0 = now()
    var s = 0.0
    for c in points {
        let r = Int(((43 - c.latitude) * 1200).rounded()), k = Int(((c.longitude - 1) * 1200).rounded())
        s += Double(samples[r * 1201 + k])
    }
    checksum += s
    refRuns.append(now() - t0)
}
print(String(format: "heights for 1,000,000 points: median %.1f ms (min %.1f), %d without data; target < 100 ms",
             median(runs) * 1000, runs.min()! * 1000, noData))
print(String(format: "  reference (nearest sample of a plain [Int16], no interpolation): median %.1f ms; ratio %.2f×  [checksum %.0f]",
             median(refRuns) * 1000, median(runs) / median(refRuns), checksum / 7))

// 2. Storage: mmap open + first height, against an SQLite blob read + first height.
var mmapRuns: [Double] = []
for _ in 0..<50 {
    let t0 = now()
    let t = try HGTTile(id: SRTMTileID(latitude: 42, longitude: 1), path: tilePath)
    _ = t.height(latitude: 42.556, longitude: 1.533)
    mmapRuns.append(now() - t0)
}
var db: OpaquePointer?
let dbPath = dir + "/terrain.sqlite"
sqlite3_open(dbPath, &db)
sqlite3_exec(db, "CREATE TABLE tiles(name TEXT PRIMARY KEY, data BLOB)", nil, nil, nil)
var insert: OpaquePointer?
sqlite3_prepare_v2(db, "INSERT INTO tiles VALUES('N42E001', ?)", -1, &insert, nil)
let tImport0 = now()
raw.withUnsafeBytes { _ = sqlite3_bind_blob(insert, 1, $0.baseAddress, Int32($0.count), cairn_sqlite_transient()) }
sqlite3_step(insert); sqlite3_finalize(insert)
let sqliteWrite = now() - tImport0
sqlite3_close(db)
var blobRuns: [Double] = []
for _ in 0..<50 {
    let t0 = now()
    var d: OpaquePointer?
    sqlite3_open_v2(dbPath, &d, SQLITE_OPEN_READONLY, nil)
    var q: OpaquePointer?
    sqlite3_prepare_v2(d, "SELECT data FROM tiles WHERE name = 'N42E001'", -1, &q, nil)
    sqlite3_step(q)
    let bytes = Data(bytes: sqlite3_column_blob(q, 0), count: Int(sqlite3_column_bytes(q, 0)))
    sqlite3_finalize(q); sqlite3_close(d)
    let t = try HGTTile(id: SRTMTileID(latitude: 42, longitude: 1), data: bytes)
    _ = t.height(latitude: 42.556, longitude: 1.533)
    blobRuns.append(now() - t0)
}
print(String(format: "tile open + first height: mmap'd file median %.3f ms; SQLite blob read median %.3f ms (%.0f× slower); blob insert %.1f ms",
             median(mmapRuns) * 1000, median(blobRuns) * 1000, median(blobRuns) / median(mmapRuns), sqliteWrite * 1000))

// 3. Contours for a 200×60-cell view: 400×240 braille dots. At zoom z a dot is one Web
//    Mercator pixel of a 256-pixel tile, so the view spans 400 × 240 pixels around Coma Pedrosa
//    (the steepest corner of Andorra). Grid sampling (SRTM samples through the store) and
//    marching squares are timed separately.
let centre = Coordinate(latitude: 42.5918, longitude: 1.4435)
for zoom in [8, 9, 10, 11, 12, 13, 14, 15] {
    // Below z11 every k-th sample (MapBasemap.contourStride, DECISIONS 414).
    let stride = zoom >= 11 ? 1 : 1 << (11 - zoom)
    let degPerPixelLon = 360.0 / (256 * pow(2, Double(zoom)))
    let degPerPixelLat = degPerPixelLon * cos(centre.latitude * .pi / 180)
    let box = BoundingBox(minLatitude: centre.latitude - 120 * degPerPixelLat, minLongitude: centre.longitude - 200 * degPerPixelLon,
                          maxLatitude: centre.latitude + 120 * degPerPixelLat, maxLongitude: centre.longitude + 200 * degPerPixelLon)
    let interval = Contours.interval(forZoom: zoom)
    var gridTimes: [Double] = [], lineTimes: [Double] = [], cpuTimes: [Double] = []
    var count = 0, pointCount = 0, samplesCount = 0
    for _ in 0..<30 {
        let c0 = cpu()
        let t0 = now()
        let grid = HeightGrid.samples(from: store, covering: box, stride: stride)!
        let t1 = now()
        let lines = Contours.lines(grid, interval: interval)
        let t2 = now()
        cpuTimes.append(cpu() - c0)
        gridTimes.append(t1 - t0); lineTimes.append(t2 - t1)
        count = lines.count; pointCount = lines.reduce(0) { $0 + $1.points.count }; samplesCount = grid.values.count
    }
    let total = zip(gridTimes, lineTimes).map { $0 + $1 }
    print(String(format: "contours z%d (%.0f m, stride %d, %d samples): %d lines, %d points; grid %.2f ms + lines %.2f ms = median %.2f ms, p90 %.2f ms wall; CPU median %.2f ms; target < 5 ms",
                 zoom, interval, stride, samplesCount, count, pointCount, median(gridTimes) * 1000, median(lineTimes) * 1000,
                 median(total) * 1000, percentile(total, 0.9) * 1000, median(cpuTimes) * 1000))
}
