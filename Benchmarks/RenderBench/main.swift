// cairn-bench-render: times drawing the hike screen (map, elevation chart, statistics) into a
// Buffer over the densest part of an OpenStreetMap extract, and prints median and p99.
//
// Usage: cairn-bench-render [--osm FILE.osm | --store MAP.sqlite] [--gpx FILE.gpx] [--cols 200]
//                           [--rows 60] [--zoom 14] [--iterations 500]
// --store uses an existing map store (read-only) instead of importing --osm.
// Defaults read ../shared/data next to the checkout (found from this file's path):
// osm/WorldKG-andorra-2021-east-clip.osm (imported into a temporary map store, deleted at
// the end) and gpx-unlicensed/adrutas-180430_a.gpx (read at run time, never copied).
//
// Two views, each found by R*Tree feature counts at --zoom: the densest of the covered area
// (MapStore.busiestView; the track may lie outside it), and the densest centred on a track point (every 5th), so the route is drawn too.
// The scrub cursor starts on the track point nearest the view's centre, with a range of ±50
// points selected. Three figures per view, each over --iterations frames after 30 warm-up frames:
//   full frame    = MapBasemap.load (store query + projection) + HikeScreenView.render
//   frame, loaded = HikeScreenView.render with the map data already in memory
//   scrub step    = cursor moved one point + HikeScreenView.render (map data loaded)
// and, with the terrain (Samples/N42E001.hgt.zip imported into the temporary folder, or
// --dem DIR), the loaded frame again with contour lines and with contours + hillshade, the
// ratio of each against the plain loaded frame of the same run, and the terrain's share of a
// map load (SRTM samples, marching squares, Horn hillshade over the basemap's box).
import Foundation
import TermUI
import TrailApp
import TrailCore
import TrailFormats
import TrailMap
import TrailTerrain

extension MapBasemap {
    /// The map data for `viewport`, queried as the TUI's effect performer does
    /// (``MapBasemap/queryArea(for:margin:)``, then the store).
    static func load(from store: MapStore, viewport: MapViewport) throws -> MapBasemap {
        let (box, z) = MapBasemap.queryArea(for: viewport)
        return MapBasemap(view: try store.viewFeatures(in: box, zoom: z), coverageAreas: try store.coverageAreas(),
                          bounds: box, zoom: z)
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("cairn-bench-render: \(message)\n".utf8))
    exit(64)
}

let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/data").path
var osm = data + "/osm/WorldKG-andorra-2021-east-clip.osm"
var gpx = data + "/gpx-unlicensed/adrutas-180430_a.gpx"
var cols = 200, rows = 60, zoom = 14.0, iterations = 500
var storePath: String?
var demPath: String?
var args = Array(CommandLine.arguments.dropFirst())
while !args.isEmpty {
    let a = args.removeFirst()
    guard let v = args.first else { fail("\(a) needs a value") }
    args.removeFirst()
    switch a {
    case "--osm": osm = v
    case "--store": storePath = v
    case "--dem": demPath = v
    case "--gpx": gpx = v
    case "--cols": cols = Int(v) ?? cols
    case "--rows": rows = Int(v) ?? rows
    case "--zoom": zoom = Double(v) ?? zoom
    case "--iterations": iterations = max(10, Int(v) ?? iterations)
    default: fail("unknown option \(a)")
    }
}
for f in [storePath ?? osm, gpx] where !FileManager.default.fileExists(atPath: f) { fail("missing \(f)") }

// 1. The map store, in a temporary directory.
let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-bench-render-\(getpid())")
try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: dir) }
let store: MapStore
do {
    if let storePath {
        store = try MapStore(path: storePath, readOnly: true)
    } else {
        store = try MapStore(path: dir.appendingPathComponent("map.sqlite").path)
        try store.importOSM(path: osm)
    }
} catch { fail("import: \(error)") }

// The terrain: the shipped Andorra tile unless --dem names a folder.
let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let terrain: TerrainStore
do {
    if let demPath {
        terrain = TerrainStore(directory: demPath)
    } else {
        let t = dir.appendingPathComponent("terrain").path
        _ = try TerrainImport.run([(repo.appendingPathComponent("Samples/N42E001.hgt.zip").path, "N42E001.hgt.zip")], into: t)
        terrain = TerrainStore(directory: t)
    }
} catch { fail("terrain: \(error)") }

extension MapBasemap {
    /// Contours and hillshade over the basemap's box, as the TUI's basemap performer adds them.
    mutating func addTerrain(_ store: TerrainStore) {
        guard let grid = HeightGrid.samples(from: store, covering: bounds, maxSamples: 1_500_000) else { return }
        contours = Contours.lines(grid, interval: Contours.interval(forZoom: zoom)).map {
            ContourLayer.Line(level: $0.level, isIndex: $0.isIndex, points: $0.points)
        }
        hillshade = HillshadeRaster(rows: grid.rows, columns: grid.columns, north: grid.north, west: grid.west,
                                    spacing: grid.spacing, values: Hillshade.shades(grid))
    }
}

// 2. The track.
let hike: PreparedHike
do {
    let doc = try GPXReader.read(url: URL(fileURLWithPath: gpx)).document
    hike = PreparedHike(name: doc.tracks.first?.name ?? "track", tracks: doc.tracks)
} catch { fail("gpx: \(error)") }

// 3. The densest view for the screen's map panel.
let screen = Rect(x: 0, y: 0, width: cols, height: rows)
let layout = HikeScreenLayout(area: screen)
let mapW = Double(layout.map.width * 2), mapH = Double(layout.map.height * 4)
let covered = (try? store.coverageAreas()) ?? []
guard var area = covered.first else { fail("no coverage after import") }
for c in covered { area.extend(c) }
var best = (count: -1, center: area.center)
if let b = try? store.busiestView(zoom: Int(zoom), widthPixels: mapW, heightPixels: mapH) { best = (b.features, b.center) }

// The densest view centred on a track point (every 5th), so the route is drawn as well.
var onTrack = (count: -1, center: hike.coordinates.first ?? area.center)
for c in stride(from: 0, to: hike.pointCount, by: 5).map({ hike.coordinates[$0] }) {
    let box = WebMercator.viewBounds(center: c, zoom: zoom, widthPixels: mapW, heightPixels: mapH)
    let n = (try? store.featureCount(in: box, zoom: Int(zoom))) ?? 0
    if n > onTrack.count { onTrack = (n, c) }
}

let theme: Theme
do {
    let themes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Themes").path
    theme = try ThemeLoader(directory: themes).load(named: "dark")
} catch { fail("theme: \(error)") }
let environment = WidgetEnvironment(theme: theme, format: UnitFormatter(system: .metric))

/// Thread CPU time, ms (what the frame costs this thread, whatever else the machine runs).
func cpuNow() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) / 1e6
}
/// Wall-clock and thread-CPU milliseconds of `body`, each sorted.
@MainActor func measure(_ body: () -> Void) -> (wall: [Double], cpu: [Double]) {
    for _ in 0..<30 { body() }
    var wall: [Double] = [], cpu: [Double] = []
    for _ in 0..<iterations {
        let t0 = DispatchTime.now().uptimeNanoseconds, c0 = cpuNow()
        body()
        cpu.append(cpuNow() - c0)
        wall.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
    }
    return (wall.sorted(), cpu.sorted())
}
func percentile(_ a: [Double], _ p: Double) -> Double { a[min(a.count - 1, Int((Double(a.count - 1) * p).rounded()))] }

var load = [0.0, 0.0, 0.0]
if let l = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) {
    load = l.split(separator: " ").prefix(3).compactMap { Double($0) }
}
print(String(format: "screen %dx%d cells, map %dx%d cells at z%.1f; track %d points; machine load average %.2f (%d cores)",
             cols, rows, layout.map.width, layout.map.height, zoom, hike.pointCount, load.first ?? 0,
             ProcessInfo.processInfo.activeProcessorCount))
print("wall times suffer when other work runs on the machine, thread CPU times less")

/// Measures the three figures with the map centred on `center`.
@MainActor func bench(_ title: String, center: Coordinate, featuresInView: Int) {
    var state = HikeScreenState(hike: hike, mapWidth: layout.map.width, mapHeight: layout.map.height)
    state.viewport = MapViewport(center: center, zoom: zoom, width: layout.map.width, height: layout.map.height)
    let nearest = hike.coordinates.indices.min { a, b in
        hike.coordinates[a].distance(to: center) < hike.coordinates[b].distance(to: center)
    } ?? 0
    state.scrub(to: nearest)
    state.setRange(start: max(0, nearest - 50), end: min(hike.pointCount - 1, nearest + 50))
    var lastFrame: HikeScreenView.Frame?
    let full = measure {
        var s = state
        s.basemap = try? MapBasemap.load(from: store, viewport: state.viewport)
        var buffer = Buffer(width: cols, height: rows)
        lastFrame = HikeScreenView.render(state: s, environment: environment, into: &buffer)
    }
    state.basemap = try? MapBasemap.load(from: store, viewport: state.viewport)
    let loaded = measure {
        var buffer = Buffer(width: cols, height: rows)
        HikeScreenView.render(state: state, environment: environment, into: &buffer)
    }
    var step = 1
    var buffer = Buffer(width: cols, height: rows)
    let scrub = measure {
        if state.scrubIndex + step >= hike.pointCount || state.scrubIndex + step < 0 { step = -step }
        state.scrub(by: step)
        HikeScreenView.render(state: state, environment: environment, into: &buffer)
    }
    // The same loaded frame with the terrain's layers, in the same run.
    var withTerrain = state
    withTerrain.basemap?.addTerrain(terrain)
    withTerrain.showsContours = true
    withTerrain.showsHillshade = false
    let contoured = measure {
        var buffer = Buffer(width: cols, height: rows)
        HikeScreenView.render(state: withTerrain, environment: environment, into: &buffer)
    }
    withTerrain.showsHillshade = true
    let shaded = measure {
        var buffer = Buffer(width: cols, height: rows)
        HikeScreenView.render(state: withTerrain, environment: environment, into: &buffer)
    }
    let terrainLoad = measure {
        var b = state.basemap
        b?.addTerrain(terrain)
    }
    var plainState = state
    plainState.showsContours = false
    let plain = measure {
        var buffer = Buffer(width: cols, height: rows)
        HikeScreenView.render(state: plainState, environment: environment, into: &buffer)
    }
    let view = state.viewport.bounds
    let items = state.basemap?.items.count ?? 0
    let vertices = state.basemap?.items.reduce(0) { $0 + $1.parts.reduce(0) { $0 + $1.count } } ?? 0
    print(String(format: "\n%@: centre %.4f,%.4f (%.4f x %.4f deg, %d features in view by R*Tree)", title,
                 center.latitude, center.longitude, view.maxLongitude - view.minLongitude,
                 view.maxLatitude - view.minLatitude, featuresInView))
    print("  loaded for drawing: \(items) features, \(vertices) vertices (view plus a quarter view around); "
          + "\(lastFrame?.map.routeCells.count ?? 0) route cells, \(lastFrame?.map.labels.count ?? 0) labels placed")
    print("  terrain: \(withTerrain.basemap?.contours.count ?? 0) contour lines, hillshade "
          + "\(withTerrain.basemap?.hillshade.map { "\($0.columns)x\($0.rows)" } ?? "none") samples")
    for (name, t) in [("full frame (query + draw)", full), ("frame, map data loaded", loaded), ("scrub step (cursor +1, draw)", scrub),
                      ("frame, no terrain layers", plain), ("frame + contours", contoured), ("frame + contours + hillshade", shaded),
                      ("terrain on a map load", terrainLoad)] {
        print("  " + name.padding(toLength: 29, withPad: " ", startingAt: 0)
              + String(format: " wall median %6.3f ms  p99 %6.3f ms | CPU median %6.3f ms  p99 %6.3f ms  (%d frames)",
                       percentile(t.wall, 0.5), percentile(t.wall, 0.99), percentile(t.cpu, 0.5), percentile(t.cpu, 0.99),
                       t.wall.count))
    }
    let base = percentile(plain.cpu, 0.5)
    print(String(format: "  ratio to the frame without terrain layers (CPU median, same run): contours %.2fx, contours + hillshade %.2fx",
                 percentile(contoured.cpu, 0.5) / base, percentile(shaded.cpu, 0.5) / base))
}

bench("densest view of the extract", center: best.center, featuresInView: best.count)
bench("densest view on the track", center: onTrack.center, featuresInView: onTrack.count)
