import Foundation
import TermUI
import Testing
import TrailCore
import TrailMap
import TrailStore
import TrailTerrain
@testable import CairnCLI
@testable import TrailApp

/// One hike, one gain (DECISIONS 260-267): hikes with some, none or all of their own elevations,
/// one of them half off the tile, made and measured by Tools/reference/terrain_figures_reference.py
/// (its own tile reader, fill rule, runs and filter), against `cairn list`, `cairn show`, the
/// library list, the preview and the hike screen; and what the terrain's absence says.
@Suite(.serialized) struct TerrainFiguresTests {
    struct Figures: Decodable {
        var path: String
        var source: String
        var fileOnlyGain: Double?
        var gain: Double?
        var loss: Double?
        var coverage: Double?
        var terrainGain: Double?
        var fileGainWhereTerrain: Double?
        var terrainAt: [Double?]
    }

    /// A folder with the shipped tile imported (`dem/`), a store with the reference's hikes,
    /// their ids by name, and the reference; nil (with a notice) without python3.
    final class World: @unchecked Sendable {
        let dir: URL
        let reference: [String: Figures]
        var ids: [String: String] = [:]
        var store: String { dir.appendingPathComponent("hikes.sqlite").path }
        var dem: String { dir.appendingPathComponent("dem").path }
        var noDem: String { dir.appendingPathComponent("no-dem").path }

        init?() throws {
            dir = FileManager.default.temporaryDirectory.appendingPathComponent("terrain-figures-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir.appendingPathComponent("no-dem"), withIntermediateDirectories: true)
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = ["python3", TerrainFixturesPath.repository + "/Tools/reference/terrain_figures_reference.py", dir.path]
            let pipe = Pipe()
            p.standardOutput = pipe
            guard (try? p.run()) != nil else { print("skipped: python3 not found"); return nil }
            let out = pipe.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            guard p.terminationStatus == 0 else { Issue.record("terrain_figures_reference.py failed"); return nil }
            reference = try JSONDecoder().decode([String: Figures].self, from: out)
            #expect(run(["dem", "import", TerrainFixturesPath.repository + "/Samples/N42E001.hgt.zip", "--dem", dem]).0 == 0)
            for (name, f) in reference {
                let (code, text, err) = run(["import", f.path, "--store", store])
                #expect(code == 0, "\(err)")
                ids[name] = String(text.prefix(6))
            }
        }

        func run(_ args: [String]) -> (Int32, String, String) {
            let out = StringSink(), err = StringSink()
            let ctx = CommandContext(stdout: out, stderr: err, environment: ["HOME": dir.path, "TZ": "UTC", "LANG": "C.UTF-8"],
                                     currentDirectory: dir.path)
            return (CairnCLI.run(args, context: ctx), out.text, err.text)
        }

        func json(_ args: [String]) throws -> Any {
            let (code, text, err) = run(args)
            #expect(code == 0, "\(err)")
            return try JSONSerialization.jsonObject(with: Data(text.utf8))
        }

        func performer() -> EffectPerformer {
            EffectPerformer(storePath: store, mapPath: dir.appendingPathComponent("none.sqlite").path, terrainPath: dem,
                            now: { Date(timeIntervalSince1970: 0) }, speech: SpeechOutput(environment: [:]),
                            terminal: .init(bell: {}, suspend: {}))
        }

        /// The app's answer to one effect.
        func answer(_ effect: AppEffect, _ p: EffectPerformer) -> AppMessage? {
            let messages = Recorder<AppMessage>()
            p.perform(effect) { messages.append($0) }
            return messages.wait(until: { !$0.isEmpty }).first
        }

        func loaded(_ name: String, preview: Bool, _ p: EffectPerformer) throws -> PreparedHike {
            let id = try #require(HikeID(ids[name] ?? ""))
            guard case .hikeLoaded(_, let hike, _) = answer(.library(.loadHike(id, forPreview: preview)), p) else {
                Issue.record("\(name) not loaded"); return PreparedHike(name: "", tracks: [])
            }
            return hike
        }

        deinit { try? FileManager.default.removeItem(at: dir) }
    }

    static func close(_ a: Double?, _ b: Double?, _ what: String, within: Double = 0.01) {
        guard let a, let b else { Issue.record("\(what): \(String(describing: a)) vs \(String(describing: b))"); return }
        #expect(abs(a - b) < within, "\(what): \(a) vs reference \(b)")
    }

    @Test func oneHikeHasOneGainInTheListShowTheLibraryThePreviewAndTheHikeScreen() throws {
        guard let w = try World() else { return }
        let list = try #require(try w.json(["list", "--json", "--store", w.store, "--dem", w.dem]) as? [[String: Any]])
        let performer = w.performer()
        guard case .hikesLoaded(let library) = w.answer(.library(.loadHikes(.date)), performer) else {
            Issue.record("no list"); return
        }
        for name in ["partial-middle", "every-other", "no-ele"] {
            let ref = try #require(w.reference[name]), id = try #require(w.ids[name])
            let row = try #require(list.first { $0["id"] as? String == id })
            let stats = try #require(row["statistics"] as? [String: Any])
            Self.close(stats["elevationGain"] as? Double, ref.gain, "\(name) list --json")
            #expect(row["elevationFromTerrain"] as? Bool == true, "\(name) marked")
            let show = try #require(try w.json(["show", id, "--json", "--store", w.store, "--dem", w.dem]) as? [String: Any])
            let hike = try #require(show["hike"] as? [String: Any]), hs = try #require(hike["statistics"] as? [String: Any])
            Self.close(hs["elevationGain"] as? Double, ref.gain, "\(name) show --json")
            Self.close(hs["elevationLoss"] as? Double, ref.loss, "\(name) show --json loss")
            let elevation = try #require(show["elevation"] as? [String: Any])
            #expect(elevation["elevationSource"] as? String == ref.source)
            let summary = try #require(library.first { $0.id.rawValue == id })
            Self.close(summary.statistics.elevationGain, ref.gain, "\(name) library list")
            #expect(summary.elevationFromTerrain)
            Self.close(try w.loaded(name, preview: true, performer).statistics.elevationGain, ref.gain, "\(name) preview")
            Self.close(try w.loaded(name, preview: false, performer).statistics.elevationGain, ref.gain, "\(name) hike screen")
            // Without terrain the store's file-only figure, as the reference computes it.
            let bare = try #require(try w.json(["list", "--json", "--store", w.store, "--dem", w.noDem]) as? [[String: Any]])
            let bareStats = try #require(bare.first { $0["id"] as? String == id }?["statistics"] as? [String: Any])
            if let only = ref.fileOnlyGain {
                Self.close(bareStats["elevationGain"] as? Double, only, "\(name) without terrain")
                #expect(abs(only - (ref.gain ?? 0)) > 5, "\(name): the rule must matter here")
            } else {
                #expect(bareStats["elevationGain"] == nil)
            }
        }
        // The table marks them "~" and says why; a hike with all its own heights is not marked.
        let (_, table, _) = w.run(["list", "--store", w.store, "--dem", w.dem, "--units", "metric"])
        let noEle = try #require(table.split(separator: "\n").first { $0.hasPrefix(w.ids["no-ele"]!) })
        #expect(noEle.contains("~\(Int(w.reference["no-ele"]!.gain!.rounded())) m"), "\(noEle)")
        let halfOff = try #require(table.split(separator: "\n").first { $0.hasPrefix(w.ids["half-off"]!) })
        #expect(!halfOff.contains("~\(Int(w.reference["half-off"]!.gain!.rounded()))"))
        #expect(table.contains(ListCommand.legend))
    }

    @Test func theLibraryRowMarksATerrainGainAndTheHelpSaysWhat() throws {
        guard let w = try World() else { return }
        guard case .hikesLoaded(let library) = w.answer(.library(.loadHikes(.gain)), w.performer()) else {
            Issue.record("no list"); return
        }
        let ref = try #require(w.reference["no-ele"])
        let row = try #require(library.first { $0.id.rawValue == w.ids["no-ele"] })
        let values = HikeListRow(summary: row, environment: TestSupport.environment()).values()
        #expect(values[2] == "~+\(Int(ref.gain!.rounded())) m", "\(values)")
        // Sorted by gain with the terrain's gains in place.
        let gains = library.map { $0.statistics.elevationGain ?? -1 }
        #expect(gains == gains.sorted(by: >))
        #expect(HelpText.library.contains { $0.keys == "~" && $0.what.contains("terrain") })
    }

    @Test func aHikeHalfOffTheTileComparesGainsOnlyWhereTheTerrainIs() throws {
        guard let w = try World() else { return }
        let ref = try #require(w.reference["half-off"]), id = try #require(w.ids["half-off"])
        let show = try #require(try w.json(["show", id, "--json", "--store", w.store, "--dem", w.dem]) as? [String: Any])
        let e = try #require(show["elevation"] as? [String: Any])
        Self.close(e["terrainCoverage"] as? Double, ref.coverage, "coverage", within: 1e-6)
        Self.close(e["terrainGain"] as? Double, ref.terrainGain, "terrain gain over the covered part")
        Self.close(e["fileGainWhereTerrain"] as? Double, ref.fileGainWhereTerrain, "file gain over the covered part")
        #expect((e["missingTiles"] as? [String]) == ["N41E001"])
        let (_, text, _) = w.run(["show", id, "--store", w.store, "--dem", w.dem, "--units", "metric"])
        #expect(text.contains("Terrain coverage: terrain covers 50 % of the hike"), "\(text)")
        #expect(text.contains("N41E001.hgt") && text.contains(SRTMTileID(name: "N41E001")!.downloadURL))
        // The hike screen: the same figures, said in the legend and the panel.
        let hike = try w.loaded("half-off", preview: false, w.performer())
        let t = try #require(hike.terrain)
        Self.close(t.coverage, ref.coverage, "screen coverage", within: 1e-6)
        Self.close(t.gain, ref.terrainGain, "screen terrain gain")
        Self.close(t.fileGain, ref.fileGainWhereTerrain, "screen GPS gain over the covered part")
        var chart = ElevationChart(hike: hike, environment: TestSupport.environment())
        chart.showsTerrainLine = true
        var buffer = Buffer(width: 120, height: 12)
        chart.render(area: buffer.area, into: &buffer)
        let f = TestSupport.environment().format
        let legend = "terrain covers 50 % of the hike: ━ GPS +\(f.elevation(ref.fileGainWhereTerrain)) "
            + " ┅ terrain +\(f.elevation(ref.terrainGain))"
        #expect(buffer.textDump().contains(legend), "\(buffer.textDump())")
        var panel = Buffer(width: 50, height: 24)
        StatsPanel(hike: hike, environment: TestSupport.environment()).render(area: panel.area, into: &panel)
        #expect(panel.textDump().contains("covers 50 % of the hike"))
        // The cursor readout gives both heights at the cursor, the terrain's as the reference's.
        for i in [10, 150, 300] {
            chart.scrubIndex = i
            let readout = try #require(chart.readoutText())
            #expect(readout.contains("GPS " + f.elevation(hike.profile.elevations[i])), "\(readout)")
            #expect(readout.contains("terrain " + f.elevation(ref.terrainAt[i])), "\(i): \(readout) vs \(String(describing: ref.terrainAt[i]))")
        }
        chart.showsTerrainLine = false
        chart.scrubIndex = 10
        #expect(!(chart.readoutText() ?? "").contains("terrain"))
    }

    @Test func thePreviewLoadsOnlyWhatItDraws() throws {
        guard let w = try World() else { return }
        let performer = w.performer()
        let preview = try w.loaded("half-off", preview: true, performer)
        let full = try w.loaded("half-off", preview: false, performer)
        #expect(preview.terrain == nil, "a hike with its own heights: no terrain line in the preview")
        #expect(full.terrain?.elevations.count == full.pointCount)
        let noEle = try w.loaded("no-ele", preview: true, performer)
        #expect(noEle.terrain?.source == .terrain && noEle.terrain?.elevations.isEmpty == true)
        #expect(noEle.pointCount == w.reference["no-ele"]!.terrainAt.count, "the stored line, not densified")
    }

    @Test func withoutTheTerrainTheCLINamesTheTileAndWhereToGetIt() throws {
        guard let w = try World() else { return }
        let url = SRTMTileID(name: "N42E001")!.downloadURL
        #expect(url.hasSuffix("/N42E001.SRTMGL3.hgt.zip") && SRTMTileID.fromFileName("N42E001.SRTMGL3.hgt.zip")?.name == "N42E001")
        let (_, show, _) = w.run(["show", w.ids["no-ele"]!, "--store", w.store, "--dem", w.noDem])
        #expect(show.contains("No terrain imported") && show.contains("N42E001.hgt") && show.contains(url), "\(show)")
        // A hike with all its own heights needs none: nothing said.
        let (_, full, _) = w.run(["show", w.ids["half-off"]!, "--store", w.store, "--dem", w.noDem])
        #expect(!full.contains("No terrain imported"))
        let (_, at, _) = w.run(["dem", "at", "41.5,1.5", "--dem", w.dem])
        #expect(at.contains("N41E001") && at.contains(SRTMTileID(name: "N41E001")!.downloadURL), "\(at)")
    }

    @Test func aStraightRouteOffTheTileHasUnknownClimbAndSaysItsTimeIgnoresIt() throws {
        guard let w = try World() else { return }
        let stops = ["41.5,1.5", "41.52,1.52", "41.53,1.5"]
        let base = ["route", "--straight", "--map", w.dir.appendingPathComponent("none.sqlite").path, "--dem", w.dem] + stops
        let (code, text, _) = w.run(base + ["--units", "metric"])
        #expect(code == 0)
        #expect(!text.contains("+0 m") && !text.contains("−0 m"), "\(text)")
        #expect(text.contains("climb -- (no terrain)") && text.contains("Gain / loss: -- / --"))
        #expect(text.contains("climb unknown so left out") && text.contains("N41E001.hgt"))
        let json = try #require(try w.json(base + ["--json"]) as? [String: Any])
        let legs = try #require(json["legs"] as? [[String: Any]])
        #expect(legs.count == 2 && legs.allSatisfy { $0["ascentMetres"] == nil && $0["descentMetres"] == nil })
        #expect(json["walkingTimeIncludesClimb"] as? Bool == false && json["ascentMetres"] == nil)
        // Flat DIN 33466: the length at 4 km/h; the length (on the ellipsoid) within 0.3 % of
        // the haversine sum between the stops (the sphere's error at 41.5° N is under that).
        let c = [(41.5, 1.5), (41.52, 1.52), (41.53, 1.5)].map { Coordinate(latitude: $0.0, longitude: $0.1) }
        let sphere = zip(c, c.dropFirst()).reduce(0.0) { $0 + Self.haversine($1.0, $1.1) }
        let length = try #require(json["lengthMetres"] as? Double)
        #expect(abs(length - sphere) < 0.003 * sphere, "\(length) vs \(sphere)")
        Self.close(json["walkingTimeSeconds"] as? Double, length / (4000.0 / 3600), "flat time", within: 1e-3)
    }

    /// A straight leg from 0.02° south of the tile's edge (N42) to 0.02° north of it: half the
    /// leg on the tile. The leg's climb says it covers only that half, and the text gives the
    /// length without terrain (the densified samples are no hiker's points).
    @Test func aStraightLegAcrossTheTileEdgeSaysHowMuchTheTerrainCovers() throws {
        guard let w = try World() else { return }
        let stops = ["41.98,1.5", "42.02,1.5"]
        let (code, text, _) = w.run(["route", "--straight", "--map", w.dir.appendingPathComponent("none.sqlite").path,
                                     "--dem", w.dem, "--units", "metric"] + stops)
        #expect(code == 0)
        // Half of the meridian arc of 0.04°: 2.22 km on the sphere (haversine), within a sample.
        let half = Self.haversine(Coordinate(latitude: 41.98, longitude: 1.5), Coordinate(latitude: 42.02, longitude: 1.5)) / 2
        #expect(abs(half - 2224) < 2)
        #expect(text.contains("where the terrain covers it (terrain covers 50 % of the leg)")
                || text.contains("where the terrain covers it (terrain covers 49 % of the leg)")
                || text.contains("where the terrain covers it (terrain covers 51 % of the leg)"), "\(text)")
        #expect(text.contains("No terrain data under \(String(format: "%.2f", half / 1000)) km of the line"), "\(text)")
        #expect(text.contains("Terrain coverage: terrain covers 5") && text.contains("% of the route"), "\(text)")
        #expect(!text.contains("point(s)"), "\(text)")
    }

    /// Great-circle distance on the sphere of radius 6 371 008.771415 m (the reference's).
    static func haversine(_ a: Coordinate, _ b: Coordinate) -> Double {
        let r = 6_371_008.771415, p1 = a.latitude * .pi / 180, p2 = b.latitude * .pi / 180
        let dp = p2 - p1, dl = (b.longitude - a.longitude) * .pi / 180
        let h = min(1, sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2))
        return 2 * r * asin(h.squareRoot())
    }

    @Test func theDrawingScreenGivesNoGainForOneStopAndTheTerrainsForTwo() throws {
        let env = TestSupport.environment()
        let stop = Coordinate(latitude: 42.55, longitude: 1.55)
        let one = DrawModel(stops: [stop], legRouting: [], routingOn: false,
                            viewport: MapViewport(center: stop, zoom: 13, width: 80, height: 40))
        let lines = DrawScreenView.readouts(one, env).map(\.text)
        #expect(!lines.contains { $0.hasPrefix("Gain") || $0.contains("no terrain") }, "\(lines)")
        // Two stops while the leg is still routed: not "no terrain" either.
        let two = DrawModel(stops: [stop, Coordinate(latitude: 42.56, longitude: 1.56)], legRouting: [true], routingOn: true,
                            viewport: MapViewport(center: stop, zoom: 13, width: 80, height: 40))
        let pending = DrawScreenView.readouts(two, env).map(\.text)
        #expect(pending.contains { $0.hasPrefix("Gain") && $0.contains("routing…") }, "\(pending)")
    }
}

/// The repository root, for the reference script and the shipped tile.
enum TerrainFixturesPath {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
}
