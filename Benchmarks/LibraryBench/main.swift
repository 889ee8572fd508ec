// cairn-bench-library: the library preview's load against the hike screen's, on the same
// hikes in the same run (DECISIONS 267). The hike-screen load (`HikeLoads.full` without a map,
// so the ground costs only its cache read) is exactly what the preview did before: terrain
// line and comparison, places. Hikes: the demo route (its own heights), a copy without `ele`,
// one with every other `ele` removed; the Andorra tile imported.
//
// Usage: swift run -c release cairn-bench-library [--iterations N]
// The hikes and tiles are imported through the services `cairn import` and `cairn dem import`
// use (HikeFileImport, TerrainImport); no target but the executable depends on the CLI.
import Foundation
import HikeServices
import TrailSQLite
import TrailStore
import TrailTerrain

let args = CommandLine.arguments
let iterations = args.firstIndex(of: "--iterations").flatMap { Int(args[$0 + 1]) } ?? 30
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-bench-library-\(getpid())")
try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: dir) }
let store = dir.appendingPathComponent("hikes.sqlite").path, dem = dir.appendingPathComponent("dem").path

/// Imports the track file at `path` into the store at `storePath` as `cairn import` does; the new hikes' ids.
func importFile(_ path: String, into storePath: String) throws -> [HikeID] {
    let read = try HikeFileRead.read(path: path)
    return try HikeFileImport.store(read.plan, selecting: nil, into: try HikeStore(path: storePath), allowDuplicates: false)
        .compactMap { if case .inserted(let id) = $0.outcome { return id } else { return nil } }
}
/// What `cairn list --store S --dem D` computes (the summaries with the terrain's gains), without the table.
func list(_ storePath: String, dem: String) throws -> [HikeSummary] {
    let store = try HikeStore(path: storePath, create: false)
    let tiles = TerrainStore(directory: dem)
    var cache: [HikeSummary: TerrainStatistics?] = [:]
    return try HikeElevationFigures.summaries(try store.summaries(sortedBy: .date), store: store,
                                              terrain: tiles.tilePaths.isEmpty ? nil : TerrainElevation(store: tiles), sort: .date,
                                              cache: &cache)
}
let tile = root.appendingPathComponent("Samples/N42E001.hgt.zip").path
_ = try TerrainImport.run(try TerrainImport.expand(tile, shownAs: "N42E001.hgt.zip"), into: dem)
let demo = try String(contentsOf: root.appendingPathComponent("Samples/cairn-route-serrat-sorteny.gpx"), encoding: .utf8)
var n = 0
let everyOther = demo.replacing(/<ele>[^<]*<\/ele>/) { m in n += 1; return n % 2 == 0 ? "" : String(m.output) }
let variants = [("own heights", demo), ("no ele", demo.replacing(/<ele>[^<]*<\/ele>/, with: "")), ("every other ele", everyOther)]
var ids: [(String, HikeID)] = []
for (i, (name, text)) in variants.enumerated() {
    let path = dir.appendingPathComponent("h\(i).gpx").path
    try text.replacingOccurrences(of: "<name>El Serrat", with: "<name>\(name) El Serrat").write(toFile: path, atomically: true, encoding: .utf8)
    ids.append((name, try importFile(path, into: store)[0]))
}
let hikes = try HikeStore(path: store)
let terrain = TerrainStore(directory: dem)

func median(_ f: () throws -> Void) rethrows -> Double {
    var t: [Double] = []
    for _ in 0..<iterations {
        let s = DispatchTime.now().uptimeNanoseconds
        try f()
        t.append(Double(DispatchTime.now().uptimeNanoseconds - s) / 1e6)
    }
    return t.sorted()[t.count / 2]
}
print("Library preview load against the hike screen's (= the preview before), median of \(iterations), ms")
for (name, id) in ids {
    // No map store (the path does not exist): the ground costs only its cache read.
    let before = try median { _ = try HikeLoads.full(hikes, id, terrain: terrain, map: MapFile(path: "/nonexistent/map.sqlite"), now: Date()) }
    let after = try median { _ = try HikeLoads.preview(hikes, id, terrain: terrain) }
    print(String(format: "  %-16@ before %7.2f  preview now %7.2f  (%.1f× faster)", name as NSString, before, after, before / after))
}

// The list's figures (`cairn list` without its table) with the terrain's gains against without terrain, over `--list-hikes` hikes (a third each of the three kinds above).
let listHikes = args.firstIndex(of: "--list-hikes").flatMap { Int(args[$0 + 1]) } ?? 300
let big = dir.appendingPathComponent("big.sqlite").path
var files: [String] = []
for k in 0..<listHikes {
    let (_, text) = variants[k % variants.count]
    // A different first point for each copy, so the store does not take it for a duplicate.
    let moved = text.replacingOccurrences(of: "<trkpt lat=\"42.6236\"", with: "<trkpt lat=\"\(String(format: "%.7f", 42.6236 + Double(k) * 1e-7))\"")
    let path = dir.appendingPathComponent("big\(k).gpx").path
    try moved.write(toFile: path, atomically: true, encoding: .utf8)
    files.append(path)
}
for file in files { _ = try importFile(file, into: big) }
let noDem = dir.appendingPathComponent("no-dem").path
try FileManager.default.createDirectory(atPath: noDem, withIntermediateDirectories: true)
// Before (DECISIONS 268): every list computed the figures, as a store without kept rows
// still does (a copy with the table dropped: the list finds no row and cannot keep one).
let before = dir.appendingPathComponent("before.sqlite").path
_ = try list(big, dem: dem)  // keeps the rows (`dem import` came before the hikes)
try FileManager.default.copyItem(atPath: big, toPath: before)
for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: big + suffix) {
    try FileManager.default.copyItem(atPath: big + suffix, toPath: before + suffix)
}
try Connection(path: before, mode: .readWrite).execute("DROP TABLE terrain_figures")
let plain = try median { _ = try list(big, dem: noDem) }
let computed = try median { _ = try list(before, dem: dem) }
let withTerrain = try median { _ = try list(big, dem: dem) }
let computedFigures = try list(before, dem: dem), keptFigures = try list(big, dem: dem)
precondition(computedFigures == keptFigures, "kept figures differ from computed ones")
print(String(format: "the list's figures (cairn list without its table), %d hikes of 1,280 points under the tile, median of %d: without terrain %.1f ms; "
             + "with the terrain's gains computed at list time (before) %.1f ms (%.1f×), kept in the store (now) %.1f ms (%.1f×)",
             listHikes, iterations, plain, computed, computed / plain, withTerrain, withTerrain / plain))
