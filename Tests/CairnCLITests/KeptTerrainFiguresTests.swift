import Foundation
import HikeServices
import Testing
import TrailCore
import TrailTerrain
@testable import CairnCLI
@testable import TrailStore

/// The terrain figures kept per hike (DECISIONS 268): equal to fresh ones, refreshed when the
/// tiles or the line change, gone with their hike, and never needed to list right.
@Suite(.serialized) struct KeptTerrainFiguresTests {
    /// A store with the demo route three ways (its own heights, no `ele`, every other `ele`)
    /// and a terrain folder, the shipped tile imported after the hikes (`dem import` keeps the
    /// figures).
    struct World {
        let dir: String
        var store: String { dir + "/hikes.sqlite" }
        var dem: String { dir + "/dem" }
        var ids: [String: HikeID] = [:]

        init(importTile: Bool = true) throws {
            dir = makeTempDirectory("kept-terrain")
            let demo = try String(contentsOfFile: repoRoot + "/Samples/cairn-route-serrat-sorteny.gpx", encoding: .utf8)
            var n = 0
            let everyOther = demo.replacing(/<ele>[^<]*<\/ele>/) { m in n += 1; return n % 2 == 0 ? "" : String(m.output) }
            for (name, text) in [("own", demo), ("none", demo.replacing(/<ele>[^<]*<\/ele>/, with: "")), ("some", everyOther)] {
                let path = dir + "/\(name).gpx"
                try text.replacingOccurrences(of: "<name>El Serrat", with: "<name>\(name) El Serrat")
                    .write(toFile: path, atomically: true, encoding: .utf8)
                let r = cairn(["import", path, "--store", store])
                #expect(r.status == 0, "\(r.stderr)")
                ids[name] = HikeID(String(r.stdout.prefix(6)))
            }
            if importTile { try self.importTile() }
        }

        func importTile() throws {
            let r = cairn(["dem", "import", repoRoot + "/Samples/N42E001.hgt.zip", "--dem", dem], environment: ["CAIRN_STORE": store])
            #expect(r.status == 0, "\(r.stderr)")
        }

        var terrain: TerrainElevation { TerrainElevation(store: TerrainStore(directory: dem)) }

        /// The list's figures of `id` computed now from its points.
        func fresh(_ id: HikeID) throws -> TerrainStatistics? {
            let s = try HikeStore(path: store)
            return HikeElevationFigures.figures(try s.tracks(of: id), kind: try s.summary(id).kind, terrain: terrain, comparison: false)
        }

        func kept() throws -> [HikeID: StoredTerrainFigures] { try HikeStore(path: store).storedTerrainFigures() }

        func decoded(_ row: StoredTerrainFigures?) throws -> TerrainStatistics? {
            try row?.figuresJSON.map { try JSONDecoder().decode(TerrainStatistics.self, from: $0) }
        }

        /// `cairn list --json`'s gain by hike id.
        func listedGains() throws -> [String: Double] {
            let r = cairn(["list", "--json", "--store", store, "--dem", dem])
            #expect(r.status == 0, "\(r.stderr)")
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
            var out: [String: Double] = [:]
            for row in rows {
                let stats = row["statistics"] as? [String: Any]
                out[row["id"] as? String ?? ""] = stats?["elevationGain"] as? Double
            }
            return out
        }
    }

    @Test func keptFiguresEqualFreshOnesAndFullElevationsAreMarked() throws {
        let w = try World()
        let kept = try w.kept()
        #expect(kept.count == 3, "dem import keeps a row per hike under the tile")
        let own = try #require(kept[w.ids["own"]!])
        #expect(own.ownElevations && own.figuresJSON == nil)
        for name in ["none", "some"] {
            let row = try #require(kept[w.ids[name]!])
            #expect(!row.ownElevations)
            let fresh = try #require(try w.fresh(w.ids[name]!))
            #expect(try w.decoded(row) == fresh, "\(name)")
            #expect(fresh.elevationSource != .file)
        }
        // The list shows the kept gains: the same as fresh ones.
        let gains = try w.listedGains()
        for name in ["none", "some"] {
            #expect(gains[w.ids[name]!.rawValue] == (try w.fresh(w.ids[name]!))?.elevationGain)
        }
    }

    @Test func theListReadsTheKeptRowAndRecomputesAStaleOne() throws {
        let w = try World()
        let id = w.ids["none"]!
        let s = try HikeStore(path: w.store)
        var row = try #require(try w.kept()[id])
        var marked = try #require(try w.decoded(row))
        marked.elevationGain = 12_345
        row.figuresJSON = try JSONEncoder().encode(marked)
        try s.saveTerrainFigures([id: row])
        // A current row is what the list shows: no point was read for it.
        #expect(try w.listedGains()[id.rawValue] == 12_345)
        // Other tiles (a stamp from another import): computed again and kept again.
        row.terrainStamp = "N42E001:1:0 step 30.0"
        try s.saveTerrainFigures([id: row])
        let fresh = try #require(try w.fresh(id))
        #expect(try w.listedGains()[id.rawValue] == fresh.elevationGain)
        #expect(try w.decoded(try w.kept()[id]) == fresh)
        // Another line (the summary's stamp differs): the same.
        row.terrainStamp = HikeElevationFigures.terrainStamp(w.terrain)
        row.lineStamp = "drawn 1 0"
        try s.saveTerrainFigures([id: row])
        #expect(try w.listedGains()[id.rawValue] == fresh.elevationGain)
        #expect(try w.kept()[id]?.lineStamp == HikeElevationFigures.lineStamp(try s.summary(id)))
    }

    @Test func importingATileFillsThemAndAnotherTileStampsThemStale() throws {
        let w = try World(importTile: false)
        #expect(try w.kept().isEmpty, "no tile, nothing kept")
        try w.importTile()
        #expect(try w.kept().count == 3)
        let id = w.ids["some"]!
        let row = try #require(try w.kept()[id])
        #expect(row.terrainStamp == HikeElevationFigures.terrainStamp(w.terrain))
        // A tile written again (other size or time) is other tiles: the kept figures are stale.
        let tile = try #require(TerrainStore(directory: w.dem).tilePaths.values.first)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: tile)
        #expect(HikeElevationFigures.keptFigures(row, of: try HikeStore(path: w.store).summary(id),
                                                 terrainStamp: HikeElevationFigures.terrainStamp(w.terrain)) == nil)
        _ = try w.listedGains()
        #expect(try w.kept()[id]?.terrainStamp == HikeElevationFigures.terrainStamp(w.terrain))
    }

    @Test func aRewrittenLineOrADeletedHikeDropsItsRow() throws {
        let w = try World()
        let s = try HikeStore(path: w.store)
        let (none, some, own) = (w.ids["none"]!, w.ids["some"]!, w.ids["own"]!)
        // A line written anew (tracks replaced, as a recording or another line version does).
        try s.connection.execute("DELETE FROM tracks WHERE hike_id = (SELECT id FROM hikes WHERE public_id = '\(none.rawValue)')")
        // A line's numbers updated in place.
        try s.connection.execute("UPDATE hikes SET distance = distance + 1 WHERE public_id = '\(some.rawValue)'")
        var kept = try w.kept()
        #expect(kept[none] == nil && kept[some] == nil && kept[own] != nil)
        // A rename keeps it.
        #expect(cairn(["rename", own.rawValue, "Renamed", "--store", w.store]).status == 0)
        #expect(try w.kept()[own] != nil)
        #expect(cairn(["delete", own.rawValue, "--yes", "--store", w.store]).status == 0)
        kept = try w.kept()
        #expect(kept[own] == nil)
        #expect(try s.connection.scalar("SELECT count(*) FROM terrain_figures")?.integer == 0)
    }
}

extension PermissionTests {
    /// A store nobody may write lists the terrain's gains all the same, computed, not kept.
    @Test func aReadOnlyStoreListsTheTerrainGainsWithoutKeepingThem() throws {
        let w = try KeptTerrainFiguresTests.World(importTile: false)
        // The tile in its own folder, not through `dem import` (which would keep the figures).
        let r = cairn(["dem", "import", repoRoot + "/Samples/N42E001.hgt.zip", "--dem", w.dem],
                      environment: ["CAIRN_STORE": w.dir + "/other.sqlite"])
        #expect(r.status == 0)
        #expect(try w.kept().isEmpty)
        // As aReadOnlyStoreIsReadableAndRefusesWritesInWords: the folder writable (-wal, -shm), the file not.
        chmod(w.dir, 0o777)
        chmod(w.store, 0o444)
        chmod(w.dem, 0o755)
        for f in (try? FileManager.default.contentsOfDirectory(atPath: w.dem)) ?? [] { chmod(w.dem + "/" + f, 0o644) }
        let logs = makeTempDirectory("kept-terrain-logs")
        guard let listed = try runUnprivileged(["list", "--json", "--store", w.store, "--dem", w.dem], dir: logs) else { return }
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(try w.kept().isEmpty, "a read-only store keeps nothing")
        let writable = cairn(["list", "--json", "--store", w.store, "--dem", w.dem])
        #expect(listed.stdout == writable.stdout)
        #expect(listed.stdout.contains("\"elevationFromTerrain\" : true") || listed.stdout.contains("\"elevationFromTerrain\":true"))
        #expect(try w.kept().count == 3, "the writable list kept them")
    }
}
