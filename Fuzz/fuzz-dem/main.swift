// SRTM tiles through `TerrainImport.run(_:into:)`, the call `cairn dem import` makes (after
// `TerrainImport.expand`), once as `N42E001.hgt.zip` (the zipped SRTMGL3/SRTMGL1 files NASA
// serves: the archive reader, entry name and size checks, inflating) and once as
// `N42E001.hgt` (name and size check). A tile that imports is then read back the way the
// viewer and `cairn dem at` read it, `TerrainStore(directory:)` → `tile(_:)` → heights at a few
// points, and removed, so the scratch terrain folder is empty for the next input.
//
// A valid tile is 2,884,802 bytes (SRTM3) or 25,934,402 (SRTM1), beyond any sensible -max_len:
// the plain `.hgt` branch therefore exercises the refusals, and real tiles arrive zipped (a
// flat SRTM3 tile deflates to ~3 KB: `Fuzz/seeds/fuzz-dem/`).
import Foundation
import FuzzSupport
import TrailCore
import TrailTerrain

let folder = FuzzScratch.file(named: "terrain")
let zipPath = FuzzScratch.file(named: "N42E001.hgt.zip")
let hgtPath = FuzzScratch.file(named: "N42E001.hgt")
let probes = [Coordinate(latitude: 42.5, longitude: 1.5), Coordinate(latitude: 42.0, longitude: 1.0),
              Coordinate(latitude: 43.0, longitude: 2.0), Coordinate(latitude: 42.123, longitude: 1.987)]

func tryImport(_ path: String, shown: String) {
    guard let imported = try? TerrainImport.run([(path, shown)], into: folder) else { return }
    let store = TerrainStore(directory: folder)
    for t in imported {
        guard let tile = store.tile(t.id) else { fatalError("imported tile \(t.id.name) cannot be read back") }
        for p in probes { _ = tile.height(latitude: p.latitude, longitude: p.longitude) }
        _ = store.heights(at: probes)
        unlink((folder as NSString).appendingPathComponent(t.id.name + ".hgt"))
    }
}

FuzzDriver.run { bytes, count in
    for (path, shown) in [(zipPath, "N42E001.hgt.zip"), (hgtPath, "N42E001.hgt")] {
        FuzzScratch.write(bytes, count, to: path)
        tryImport(path, shown: shown)
    }
    return 0
}
