import CairnTestSupport
import Foundation
import TermUI
import Testing
import TrailCore
import TrailMap
import TrailStore
import TrailTerrain
@testable import CairnCLI
@testable import ViewerRuntime
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
        var elevationCoverage: Double?
        var filledAt: [Double?]?
        var terrainAt: [Double?]
        var minElevation: Double?
        var maxElevation: Double?
        var fileMinElevation: Double?
        var fileMaxElevation: Double?
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
            let messages = AnswerRecorder<AppMessage>()
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
        #expect(table.contains(ListCommand.gainLegend))
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

    /// Issue 13, tester: a hike with `ele` on only some points had no terrain line. Now the
    /// terrain's line goes beside the filled profile (`t`), compared over the stretches with
    /// terrain; the cursor names each height ("GPS", "fill", "terrain"), a gap where no tile is.
    @Test func aPartlyFilledHikeHasTheTerrainsLineBesideItsProfile() throws {
        guard let w = try World() else { return }
        let f = TestSupport.environment().format
        for name in ["partial-middle", "half-off-some"] {
            let ref = try #require(w.reference[name]), id = try #require(w.ids[name])
            #expect(ref.source == "file+terrain")
            let show = try #require(try w.json(["show", id, "--json", "--store", w.store, "--dem", w.dem]) as? [String: Any])
            let e = try #require(show["elevation"] as? [String: Any])
            Self.close(e["terrainGain"] as? Double, ref.terrainGain, "\(name) show terrain gain")
            Self.close(e["fileGainWhereTerrain"] as? Double, ref.fileGainWhereTerrain, "\(name) show filled gain where terrain")
            let hike = try w.loaded(name, preview: false, w.performer())
            let t = try #require(hike.terrain)
            #expect(t.source == .fileAndTerrain && t.hasLineBeside)
            Self.close(t.gain, ref.terrainGain, "\(name) screen terrain gain")
            Self.close(t.fileGain, ref.fileGainWhereTerrain, "\(name) screen profile gain where terrain")
            #expect(t.elevations.count == ref.terrainAt.count && hike.pointCount == ref.terrainAt.count)
            for (i, h) in ref.terrainAt.enumerated() {
                if let h { Self.close(t.elevations[i], h, "\(name) terrain at \(i)") } else { #expect(t.elevations[i] == nil) }
            }
            var chart = ElevationChart(hike: hike, environment: TestSupport.environment())
            chart.showsTerrainLine = true
            var buffer = Buffer(width: 140, height: 12)
            chart.render(area: buffer.area, into: &buffer)
            let legend = "━ GPS+fill +\(f.elevation(ref.fileGainWhereTerrain))  ┅ terrain +\(f.elevation(ref.terrainGain))"
            #expect(buffer.textDump().contains(legend), "\(buffer.textDump())")
            // The cursor: the file's own height "GPS", a filled one "fill", each as the reference's.
            let filled = try #require(ref.filledAt)
            let n = ref.terrainAt.count
            let own = try #require((0..<n).first { i in hike.terrain?.isFilled(i) == false && ref.terrainAt[i] != nil })
            let fill = try #require((0..<n).first { i in t.isFilled(i) && ref.terrainAt[i] != nil })
            for i in [own, fill] {
                chart.scrubIndex = i
                let readout = try #require(chart.readoutText())
                let label = i == fill ? "fill " : "GPS "
                #expect(readout.contains(label + f.elevation(filled[i]) + " · terrain " + f.elevation(ref.terrainAt[i])),
                        "\(name) \(i): \(readout)")
            }
            if name == "half-off-some" {
                // Off the tile: no terrain height, and the terrain's line leaves a gap.
                let off = try #require((0..<n).first { ref.terrainAt[$0] == nil && filled[$0] != nil })
                chart.scrubIndex = off
                #expect(chart.readoutText()?.contains("terrain --") == true, "\(chart.readoutText() ?? "")")
                #expect(buffer.textDump().contains("terrain covers 50 % of the hike:"), "\(buffer.textDump())")
            }
            // `t` turns it on (it said "no separate terrain line" before).
            var model = HikeModel(id: HikeID(rowID: 1), screen: HikeScreenState(hike: hike, mapWidth: 80, mapHeight: 24))
            let result = HikeFeature.update(&model, .key(.character("t")), FeatureContext(width: 120, height: 40,
                                                                                           environment: TestSupport.environment()))
            #expect(model.screen.showsTerrainLine && result.status?.text.contains("Terrain line on") == true)
        }
    }

    /// Issue 13, tester: "~828 m" for a hike only half under the tiles. The gain carries the
    /// share of the hike it covers, as the reference measures it: "~311 m (50 %)", the same in
    /// the library ("~+311 m (50 %)"), `list --json` `elevationCoverage`; the columns stay aligned.
    @Test func aTerrainGainOverPartOfTheHikeSaysHowMuchOfItItCovers() throws {
        guard let w = try World() else { return }
        let list = try #require(try w.json(["list", "--json", "--store", w.store, "--dem", w.dem]) as? [[String: Any]])
        for name in ["half-off-no-ele", "half-off-some", "no-ele", "partial-middle"] {
            let ref = try #require(w.reference[name])
            let row = try #require(list.first { $0["id"] as? String == w.ids[name] })
            Self.close(row["elevationCoverage"] as? Double, ref.elevationCoverage, "\(name) elevationCoverage", within: 1e-9)
            Self.close((row["statistics"] as? [String: Any])?["elevationGain"] as? Double, ref.gain, "\(name) gain")
        }
        #expect(list.first { $0["id"] as? String == w.ids["half-off"] }?["elevationCoverage"] == nil, "its own heights")
        let (_, table, _) = w.run(["list", "--store", w.store, "--dem", w.dem, "--units", "metric"])
        let lines = table.split(separator: "\n").map(String.init)
        func line(_ name: String) throws -> String { try #require(lines.first { $0.hasPrefix(w.ids[name]!) }) }
        let half = try #require(w.reference["half-off-no-ele"]), some = try #require(w.reference["half-off-some"])
        #expect(HikeTerrain.percent(half.elevationCoverage!) == 50 && HikeTerrain.percent(some.elevationCoverage!) == 75)
        #expect(try line("half-off-no-ele").contains("~\(Int(half.gain!.rounded())) m (50 %)"), "\(table)")
        #expect(try line("half-off-some").contains("~\(Int(some.gain!.rounded())) m (75 %)"), "\(table)")
        #expect(try !line("no-ele").contains("%)"), "full coverage: nothing added")
        #expect(table.contains(ListCommand.coverageLegend))
        // Right-aligned: every gain ends in the same column as the header's GAIN.
        let header = try #require(lines.first), end = try #require(header.range(of: "GAIN")).upperBound
        let gainEnd = header.distance(from: header.startIndex, to: end)
        for name in ["half-off-no-ele", "no-ele", "half-off"] {
            let l = try line(name)
            let g = try #require(w.reference[name]?.gain)
            let r = try #require(l.range(of: "\(Int(g.rounded())) m" + (name == "half-off-no-ele" ? " (50 %)" : "")))
            #expect(l.distance(from: l.startIndex, to: r.upperBound) == gainEnd, "\(name): \(l)")
        }
        // The library: the same text, the Gain column as wide on every row, the header over it.
        guard case .hikesLoaded(let library) = w.answer(.library(.loadHikes(.date)), w.performer()) else {
            Issue.record("no list"); return
        }
        let summary = try #require(library.first { $0.id.rawValue == w.ids["half-off-no-ele"] })
        #expect(HikeListRow(summary: summary, environment: TestSupport.environment()).values()[2]
                    == "~+\(Int(half.gain!.rounded())) m (50 %)")
        var buffer = Buffer(width: 100, height: 10)
        HikeList(summaries: library, selectedIndex: 0, environment: TestSupport.environment()).render(area: buffer.area, into: &buffer)
        let rows = buffer.textLines()
        let gainColumn = try #require(rows[0].range(of: "Gain")).upperBound
        let column = rows[0].distance(from: rows[0].startIndex, to: gainColumn)
        for r in rows.dropFirst() where r.contains(" m") {
            let m = try #require(r.range(of: #"[~+−-][^ ]* m( \(\d+ %\))?(?= )"#, options: .regularExpression))
            #expect(r.distance(from: r.startIndex, to: m.upperBound) == column, "\(r)")
        }
        #expect(HelpText.library.contains { $0.keys == "(50 %)" })
    }

    /// Issue 13, tester: `stats` printed the file's gain in its table and the filled gain below
    /// it, two walking times; `show` headlined a gain over half the hike as whole. Now `stats`
    /// gives `show`'s one set (the reference's gain), both say the coverage (DECISIONS 411/415),
    /// the walking time says over how much its climb is counted, and a lowest or highest point
    /// that is not the file's own height is marked "~".
    @Test func statsAndShowGiveOneGainWithItsCoverage() throws {
        guard let w = try World() else { return }
        for (name, percent) in [("half-off-some", 75), ("half-off-no-ele", 50), ("no-ele", 100)] {
            let ref = try #require(w.reference[name])
            #expect(HikeTerrain.percent(try #require(ref.elevationCoverage)) == percent)
            let gain = "~+\(Int(try #require(ref.gain).rounded())) m"
            let part = percent == 100 ? "" : " over \(percent) % of the hike"
            let (code, stats, _) = w.run(["stats", ref.path, "--dem", w.dem, "--units", "metric"])
            #expect(code == 0)
            let (_, show, _) = w.run(["show", w.ids[name]!, "--store", w.store, "--dem", w.dem, "--units", "metric"])
            for text in [stats, show] {
                let gains = text.split(separator: "\n").filter { $0.contains("Elevation gain") || $0.contains("Gain / loss:") }
                #expect(gains.count == 1 && gains[0].contains(gain + part + " (with terrain heights"), "\(name): \(text)")
                let times = text.split(separator: "\n").filter { $0.contains("Walking time") }
                #expect(times.count == 1 && times[0].contains(percent == 100 ? "(terrain climb)" : "(climb\(part))"), "\(name): \(text)")
            }
            let doc = try #require(try w.json(["stats", ref.path, "--dem", w.dem, "--json"]) as? [[String: Any]])
            let track = try #require((doc.first?["tracks"] as? [[String: Any]])?.first)
            Self.close((track["statistics"] as? [String: Any])?["elevationGain"] as? Double, ref.gain, "\(name) stats --json")
            Self.close(track["elevationCoverage"] as? Double, ref.elevationCoverage, "\(name) stats coverage", within: 1e-9)
            // Highest point: the filled profile's (file heights, else terrain) against the file's own.
            let filled = (ref.filledAt ?? ref.terrainAt).compactMap { $0 }
            let own = try #require(try w.json(["show", w.ids[name]!, "--json", "--store", w.store, "--dem", w.noDem]) as? [String: Any])
            let ownMax = ((own["hike"] as? [String: Any])?["statistics"] as? [String: Any])?["maxElevation"] as? Double
            let top = try #require(filled.max())
            let marked = ownMax.map { abs($0 - top) > 0.05 } ?? true
            #expect(show.contains("Highest point             \(marked ? "~" : "")\(Int(top.rounded())) m"), "\(name): \(show)")
        }
        // A file with all its heights: nothing marked, one gain, no coverage.
        let (_, full, _) = w.run(["stats", try #require(w.reference["half-off"]).path, "--dem", w.dem, "--units", "metric"])
        #expect(!full.contains("~") && !full.contains("over "), "\(full)")
        // route --json: the share of the line whose climb the walking time counts, across the
        // tile's east edge at 2° E: half of 1.95-2.05° E along the parallel, within a 30 m sample.
        let route = try #require(try w.json(["route", "--straight", "--map", w.dir.appendingPathComponent("none.sqlite").path,
                                             "--dem", w.dem, "--json", "42.55,1.95", "42.55,2.05"]) as? [String: Any])
        #expect(route["walkingTimeIncludesClimb"] as? Bool == true)
        Self.close(route["walkingTimeClimbCoverage"] as? Double, 0.5, "route climb coverage", within: 0.005)
    }

    /// Issue 13, tester: the hike screen's panel said "Gain +577 m" for a terrain gain over half
    /// the hike, and cut "Terrain covers 51 % of the hi…" at 120x40. Now "~+311 m (50 %)" as in
    /// the library (the reference's gain and coverage) and long values wrap.
    @Test func theHikePanelMarksATerrainGainOverPartOfTheHike() throws {
        guard let w = try World() else { return }
        let p = w.performer()
        let env = TestSupport.environment()
        for (name, percent) in [("half-off-no-ele", 50), ("half-off-some", 75), ("no-ele", 100)] {
            let ref = try #require(w.reference[name])
            let hike = try w.loaded(name, preview: false, p)
            let lines = StatsPanel(hike: hike, environment: env).lines(for: hike.statistics, full: true)
            let gain = try #require(lines.flatMap { $0 }.first { $0.label == "Gain" }?.value)
            let expected = "~+\(Int(try #require(ref.gain).rounded())) m" + (percent == 100 ? "" : " (\(percent) %)")
            #expect(gain == expected, "\(name): \(gain)")
        }
        // A value alone on its row wraps at the panel's width instead of being cut.
        let some = try w.loaded("half-off-some", preview: false, p)
        var buffer = Buffer(width: 30, height: 30)
        StatsPanel(hike: some, environment: env).render(area: buffer.area, into: &buffer)
        let text = buffer.textLines().joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(text.contains("covers 50 % of the hike") && !text.contains("…"), "\(buffer.textDump())")
    }

    /// Issue 13, tester: `render HIKE --contours` at z10.4 was byte-identical to without, and
    /// further out nothing said why. Now z10.4 draws (500 m lines) and z7 says from which zoom.
    @Test func renderContoursAtTheOpeningZoomOrSaysFromWhichZoom() throws {
        guard let w = try World() else { return }
        let id = try #require(w.ids["no-ele"])
        let base = ["render", id, "--size", "100x30", "--store", w.store, "--dem", w.dem,
                    "--map", w.dir.appendingPathComponent("none.sqlite").path]
        let (c1, with, e1) = w.run(base + ["--zoom", "10.4", "--contours"])
        let (_, without, _) = w.run(base + ["--zoom", "10.4"])
        #expect(c1 == 0 && with != without && !e1.contains("Contours from"), "\(e1)")
        let (c2, far, e2) = w.run(base + ["--zoom", "7", "--contours"])
        let (_, farWithout, _) = w.run(base + ["--zoom", "7"])
        #expect(c2 == 0 && far == farWithout && e2.contains("Contours from zoom 8: zoom in"), "\(e2)")
    }

    /// Issue 13, tester: Totals summed the stored file-only gains. Now each hike counts the gain
    /// the lists give it, and the terrain's part is said: against the sum of the reference's
    /// per-hike gains (the six hikes are dated 1-6 July 2024).
    @Test func totalsCountEachHikesGainAsTheListsDo() throws {
        guard let w = try World() else { return }
        let all = w.reference.values.compactMap(\.gain).reduce(0, +)
        let fromTerrain = w.reference.values.filter { $0.source != "file" }.compactMap(\.gain).reduce(0, +)
        #expect(w.reference.count == 6 && fromTerrain > 0)
        let doc = try #require(try w.json(["totals", "--json", "--year", "2024", "--store", w.store, "--dem", w.dem])
                                as? [String: Any])
        let totals = try #require(doc["totals"] as? [String: Any])
        let allTime = try #require(totals["allTime"] as? [String: Any])
        Self.close(allTime["elevationGain"] as? Double, all, "all-time climb", within: 0.06)
        Self.close(allTime["elevationGainFromTerrain"] as? Double, fromTerrain, "its terrain part", within: 0.06)
        let year = try #require((totals["thisYear"] as? [String: Any])?["total"] as? [String: Any])
        Self.close(year["elevationGain"] as? Double, all, "2024's climb", within: 0.06)
        // Without terrain: the stored file-only gains, as the reference computes them.
        let bare = try #require(try w.json(["totals", "--json", "--year", "2024", "--store", w.store, "--dem", w.noDem])
                                 as? [String: Any])
        let bareAll = try #require((bare["totals"] as? [String: Any])?["allTime"] as? [String: Any])
        Self.close(bareAll["elevationGain"] as? Double, w.reference.values.compactMap(\.fileOnlyGain).reduce(0, +),
                   "file-only climb", within: 0.06)
        #expect(bareAll["elevationGainFromTerrain"] == nil)
        let u = TestSupport.environment().format
        let (_, text, _) = w.run(["totals", "--year", "2024", "--store", w.store, "--dem", w.dem, "--units", "metric"])
        let expected = try #require(TotalsText.terrainNote(TotalsFigures(elevationGain: all, elevationGainFromTerrain: fromTerrain), u))
        #expect(text.contains(expected) && text.contains("~" + u.elevationChange(all)), "\(text)")
        // The Totals screen reads the same.
        guard case .loaded(let list, _) = w.answer(.totals(.load), w.performer())?.totalsMessage else { Issue.record("no totals"); return }
        let report = TotalsCalculator.report(list.outings, year: 2024, timeZone: TimeZone(identifier: "UTC")!)
        Self.close(report.allTime.elevationGain, all, "screen climb", within: 0.06)
        Self.close(report.allTime.elevationGainFromTerrain, fromTerrain, "screen terrain part", within: 0.06)
        var model = TotalsModel()
        model.report = report
        model.year = 2024
        var buffer = Buffer(width: 120, height: 40)
        TotalsScreenView.render(model: model, environment: TestSupport.environment(), area: buffer.area, into: &buffer)
        #expect(buffer.textDump().contains(String(expected.prefix(40))), "\(buffer.textDump())")
        // Hikes whose terrain gain covers part of their line are counted in the note (the
        // reference's elevationCoverage under 99.5 %: half-off-no-ele 50 %, half-off-some 75 %),
        // and the note wraps at 80 columns instead of being cut.
        let partial = w.reference.values.filter { $0.source != "file" && ($0.elevationCoverage ?? 1) < 0.995 }.count
        #expect(partial == 2 && allTime["hikesWithPartialHeights"] as? Int == partial)
        #expect(text.contains("\(partial) of them have heights under only part of the line"), "\(text)")
        var narrow = Buffer(width: 80, height: 24)
        TotalsScreenView.render(model: model, environment: TestSupport.environment(), area: narrow.area, into: &narrow)
        let words = narrow.textLines().joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(words.contains("whose climb counts that part"), "\(narrow.textDump())")
        // The highest-point record: "~" when it is not its hike's own file height.
        let records = try #require(totals["records"] as? [[String: Any]])
        let highest = try #require(records.first { $0["kind"] as? String == "highest" })
        let hikeID = try #require(highest["trailID"] as? String)
        let own = try #require(try w.json(["show", hikeID, "--json", "--store", w.store, "--dem", w.noDem]) as? [String: Any])
        let ownMax = ((own["hike"] as? [String: Any])?["statistics"] as? [String: Any])?["maxElevation"] as? Double
        let value = try #require(highest["value"] as? Double)
        let filled = ownMax.map { abs($0 - value) > 0.05 } ?? true
        #expect((highest["fromTerrain"] as? Bool ?? false) == filled)
        #expect(text.contains((filled ? "~" : "") + u.elevation(value)), "\(text)")
    }

    /// Issue 13, tester: the drawing screen gave +29/−38 m where `cairn route --straight` with
    /// the stop coordinates the screen shows gave +30/−37 m (the pins kept the cursor's full
    /// precision). Stops now go where the screen says they are; the same figures both ways.
    @Test func theDrawingScreensGainIsRouteStraightsForTheCoordinatesItShows() throws {
        guard let w = try World() else { return }
        let (clock, app) = ViewerFixtures.drawingApp()
        var s = ViewerFixtures.drawingState(app)
        var requests: [DrawPlanRequest] = []
        func press(_ key: Key) {
            clock.now += 0.5
            for e in app.update(&s, .input(.key(key))) { if case .draw(.plan(let r)) = e { requests.append(r) } }
        }
        // A leg where the precision shows (found by trying legs in the tile): at full precision
        // +110.5/−301.2 m, at the five decimals shown +111.9/−302.8 m (checked below).
        let first = Coordinate(latitude: 42.57058354317177, longitude: 1.5392661928583575)
        let second = Coordinate(latitude: 42.564619237663024, longitude: 1.5472328132214246)
        s.drawing?.cursor = first
        press(.enter); press(.character("s"))
        s.drawing?.cursor = second
        press(.enter); press(.character("d"))
        let stops = try #require(s.drawing?.stops)
        #expect(stops.count == 2)
        // The cursor is anywhere between dots; the stops are at the five decimals shown.
        #expect(first != DrawScreenView.atShownPrecision(first) && second != DrawScreenView.atShownPrecision(second))
        let shown = stops.map(DrawScreenView.position)
        #expect(shown == [first, second].map(DrawScreenView.position))
        func parsed(_ text: String) throws -> String {
            let p = text.split(separator: " ")
            let lat = try #require(Double(p[0])), lon = try #require(Double(p[2]))
            #expect(p[1] == "N" && p[3] == "E")
            #expect(Coordinate(latitude: lat, longitude: lon) == stops[shown.firstIndex(of: text)!], "a stop is what it shows")
            return String(p[0]) + "," + String(p[2])
        }
        let request = try #require(requests.last)
        #expect(request.stops == stops)
        // The screen's figures (its planner and terrain) against `cairn route --straight` with
        // the printed coordinates.
        let messages = AnswerRecorder<AppMessage>()
        let performer = EffectPerformer(storePath: w.store, mapPath: w.dir.appendingPathComponent("none.sqlite").path,
                                        terrainPath: w.dem, now: { Date(timeIntervalSince1970: 0) },
                                        speech: SpeechOutput(environment: [:]), terminal: .init(bell: {}, suspend: {}))
        performer.perform(.draw(.plan(request))) { messages.append($0) }
        guard case .draw(.planned(_, _, _, _, let elevation)) = messages.wait(until: { !$0.isEmpty }).first else {
            Issue.record("no plan"); return
        }
        let e = try #require(elevation)
        let route = try #require(try w.json(["route", "--straight", "--map", w.dir.appendingPathComponent("none.sqlite").path,
                                             "--dem", w.dem, "--json"] + shown.map(parsed)) as? [String: Any])
        let ascent = try #require(route["ascentMetres"] as? Double), descent = try #require(route["descentMetres"] as? Double)
        // (The same heights summed along two code paths: equal to rounding noise.)
        Self.close(e.gain, ascent, "screen gain vs route", within: 1e-6)
        Self.close(e.loss, descent, "screen loss vs route", within: 1e-6)
        // The pins' own positions give other figures: what the screen showed before.
        let exact = try #require(try w.json(["route", "--straight", "--map", w.dir.appendingPathComponent("none.sqlite").path,
                                             "--dem", w.dem, "--json"] + [first, second].map {
                                                String(format: "%.14f,%.14f", $0.latitude, $0.longitude) }) as? [String: Any])
        let exactAscent = try #require(exact["ascentMetres"] as? Double)
        #expect(abs(exactAscent - ascent) > 1, "the leg must tell the two apart: \(exactAscent) vs \(ascent)")
        let f = TestSupport.environment().format
        var model = try #require(s.drawing)
        model.elevation = e
        model.elevationKnown = true
        let lines = DrawScreenView.readouts(model, TestSupport.environment()).map(\.text)
        #expect(lines.contains { $0.contains("Gain \(f.elevationChange(ascent)) · Loss \(f.elevationChange(-descent))") }, "\(lines)")
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
