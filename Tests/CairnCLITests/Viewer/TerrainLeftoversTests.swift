import CairnTestSupport
import Foundation
import TermUI
import Testing
import TrailCore
import TrailMap
import TrailStore
import TrailTerrain
@testable import ViewerRuntime
@testable import TrailApp

/// Issue 13, the leftovers a tester found after it was resolved (DECISIONS 497, 502, 503, and
/// 20, 264, 414): the "~" of a figure that is not the file's own on the hike panel and the
/// Totals records, one grade format, the contour message at opening, `dem contours` off the
/// tiles, a places-only GPX in the lists, the list's legend, and a stop chosen by search
/// carrying that place's name.
/// Figures are Tools/reference/terrain_figures_reference.py's.
@Suite(.serialized) struct TerrainLeftoversTests {
    typealias World = TerrainFiguresTests.World

    /// The panel's Lowest/Highest (and Steepest) carry "~" when the figure is not the file's
    /// own, as `show` and `stats` mark them: against the reference's lowest and highest of the
    /// heights the gain is measured on, and of the file's own heights.
    @Test func theHikePanelMarksLowestAndHighestFromTheTerrain() throws {
        guard let w = try World() else { return }
        let p = w.performer()
        let env = TestSupport.environment(), f = env.format
        var marked: [String] = []
        for name in ["no-ele", "partial-middle", "every-other", "half-off-some", "half-off", "half-off-no-ele"] {
            let ref = try #require(w.reference[name])
            let hike = try w.loaded(name, preview: false, p)
            let pairs = StatsPanel(hike: hike, environment: env).lines(for: hike.statistics, full: true).flatMap { $0 }
            func value(_ label: String) throws -> String { try #require(pairs.first { $0.label == label }?.value) }
            let lowMarked = ref.source != "file" && ref.fileMinElevation.map { abs($0 - ref.minElevation!) > 0.005 } ?? true
            let highMarked = ref.source != "file" && ref.fileMaxElevation.map { abs($0 - ref.maxElevation!) > 0.005 } ?? true
            #expect(try value("Lowest") == (lowMarked ? "~" : "") + f.elevation(ref.minElevation), "\(name)")
            #expect(try value("Highest") == (highMarked ? "~" : "") + f.elevation(ref.maxElevation), "\(name)")
            if lowMarked { marked.append(name + " lowest") }
            if highMarked { marked.append(name + " highest") }
            // The steepest grade: marked when it is not the file's own (the file-only figure
            // `show` gives without terrain), on the panel and in `show`.
            let id = try #require(w.ids[name])
            let bare = try #require(try w.json(["show", id, "--json", "--store", w.store, "--dem", w.noDem]) as? [String: Any])
            let ownGrade = ((bare["hike"] as? [String: Any])?["statistics"] as? [String: Any])?["steepestGrade"] as? Double
            let grade = try #require(hike.statistics.steepestGrade)
            let steepMarked = ref.source != "file" && ownGrade.map { abs($0 - grade) > 1e-9 } ?? (ref.source != "file")
            #expect(try value("Steepest") == (steepMarked ? "~" : "") + f.grade(grade), "\(name)")
            if steepMarked { marked.append(name + " steepest") }
            // `show` marks the same ones.
            let (_, show, _) = w.run(["show", try #require(w.ids[name]), "--store", w.store, "--dem", w.dem, "--units", "metric"])
            #expect(show.contains("Lowest point              \(lowMarked ? "~" : "")\(f.elevation(ref.minElevation))"), "\(name): \(show)")
            #expect(show.contains("Highest point             \(highMarked ? "~" : "")\(f.elevation(ref.maxElevation))"), "\(name): \(show)")
            #expect(show.contains("Steepest grade            \(steepMarked ? "~" : "")\(f.grade(grade))"), "\(name): \(show)")
        }
        // The test can fail both ways: some marked, some not (a filled hike whose lowest is its own).
        #expect(marked.contains("partial-middle highest") && !marked.contains("partial-middle lowest"), "\(marked)")
        #expect(marked.contains("half-off-some lowest") && !marked.contains("half-off-some highest"), "\(marked)")
        #expect(marked.contains("no-ele lowest") && !marked.contains { $0.hasPrefix("half-off ") })
        #expect(marked.contains("no-ele steepest") && !marked.contains("partial-middle steepest"), "\(marked)")
    }

    /// The Totals "steepest" record carries "~" when its grade is not the file's own (the
    /// file-only figure `show` gives without terrain), as the highest point does; the grade is
    /// written as everywhere else ("51 %", a space before %).
    @Test func theTotalsSteepestRecordIsMarkedWhenItIsTheTerrains() throws {
        guard let w = try World() else { return }
        let u = TestSupport.environment().format
        // All six hikes: the record is half-off's own (its file heights step at the tile's
        // edge), so not marked. Without it and half-off-some (the same step in its own
        // heights): a hike whose grade is the terrain's, marked.
        let terrainOnly = w.dir.appendingPathComponent("terrain-grades.sqlite").path
        for name in ["no-ele", "partial-middle", "every-other", "half-off-no-ele"] {
            #expect(w.run(["import", try #require(w.reference[name]?.path), "--store", terrainOnly]).0 == 0)
        }
        for (store, expectMarked) in [(w.store, false), (terrainOnly, true)] {
            let doc = try #require(try w.json(["totals", "--json", "--year", "2024", "--store", store, "--dem", w.dem])
                                    as? [String: Any])
            let records = try #require((doc["totals"] as? [String: Any])?["records"] as? [[String: Any]])
            let steepest = try #require(records.first { $0["kind"] as? String == "steepest" })
            let hikeID = try #require(steepest["trailID"] as? String)
            let own = try #require(try w.json(["show", hikeID, "--json", "--store", store, "--dem", w.noDem]) as? [String: Any])
            let ownGrade = ((own["hike"] as? [String: Any])?["statistics"] as? [String: Any])?["steepestGrade"] as? Double
            let value = try #require(steepest["value"] as? Double)
            let fromTerrain = ownGrade.map { abs($0 - value) > 1e-9 } ?? true
            #expect(fromTerrain == expectMarked, "the test needs a record of each kind")
            #expect((steepest["fromTerrain"] as? Bool ?? false) == fromTerrain)
            let (_, text, _) = w.run(["totals", "--year", "2024", "--store", store, "--dem", w.dem, "--units", "metric"])
            let percent = "\(Int((abs(value) * 100).rounded())) %" + (value >= 0 ? " up" : " down")
            #expect(text.contains((fromTerrain ? "  ~" : "  ") + percent), "\(text)")
            // The Totals screen reads the same.
            let p = EffectPerformer(storePath: store, mapPath: w.dir.appendingPathComponent("none.sqlite").path, terrainPath: w.dem,
                                    now: { Date(timeIntervalSince1970: 0) }, speech: SpeechOutput(environment: [:]),
                                    terminal: .init(bell: {}, suspend: {}))
            guard case .loaded(let list, _) = w.answer(.totals(.load), p)?.totalsMessage else { Issue.record("no totals"); return }
            let report = TotalsCalculator.report(list.outings, year: 2024, timeZone: TimeZone(identifier: "UTC")!)
            let record = try #require(report.records.first { $0.kind == .steepest })
            #expect((record.fromTerrain ?? false) == fromTerrain)
            #expect(TotalsText.value(record, u, .standard).hasPrefix((fromTerrain ? "~" : "") + percent))
        }
    }

    /// One grade format everywhere: sign, whole percent, a space before "%" ("+51 %", "-70 %"),
    /// in `show` (both its lines), `stats`, the hike panel, the profile cursor; the value is the
    /// hike's steepest grade as `show --json` gives it.
    @Test func theSteepestGradeReadsTheSameEverywhere() throws {
        guard let w = try World() else { return }
        let u = UnitFormatter(system: .metric)
        #expect(u.grade(0.514) == "+51 %" && u.grade(-0.7) == "-70 %" && u.grade(0.004) == "0 %" && u.grade(nil) == "--")
        for name in ["half-off", "no-ele"] {
            let id = try #require(w.ids[name])
            let json = try #require(try w.json(["show", id, "--json", "--store", w.store, "--dem", w.dem]) as? [String: Any])
            let g = try #require(((json["hike"] as? [String: Any])?["statistics"] as? [String: Any])?["steepestGrade"] as? Double)
            let expected = u.grade(g)
            #expect(expected.hasSuffix(" %") && expected.first == (g > 0 ? "+" : "-"))
            let (_, show, _) = w.run(["show", id, "--store", w.store, "--dem", w.dem, "--units", "metric"])
            let lines = show.split(separator: "\n").filter { $0.contains("Steepest grade") }
            #expect(!lines.isEmpty && lines.allSatisfy { $0.hasSuffix(expected) }, "\(name): \(lines)")
            let (_, stats, _) = w.run(["stats", try #require(w.reference[name]?.path), "--dem", w.dem, "--units", "metric"])
            let statsLines = stats.split(separator: "\n").filter { $0.contains("Steepest grade") }
            #expect(!statsLines.isEmpty && statsLines.allSatisfy { $0.hasSuffix(expected) }, "\(name): \(statsLines)")
            let hike = try w.loaded(name, preview: false, w.performer())
            let panel = StatsPanel(hike: hike, environment: TestSupport.environment()).lines(for: hike.statistics, full: true)
            let steep = try #require(panel.flatMap { $0 }.first { $0.label == "Steepest" }?.value)
            #expect(steep.hasSuffix(expected), "\(name): \(steep)")
        }
    }

    /// A hike that opens below zoom 8 with contours on says so at once, not only after `C`;
    /// zooming out past zoom 8 says it too. A hike with no terrain under it says nothing.
    @Test func aHikeOpeningBelowZoom8SaysWhereContoursBegin() throws {
        let app = CairnApp()
        // About 330 km corner to corner: fitted at 120x40 it opens below zoom 8.
        let far = Track(segments: [TrackSegment(points: [
            Trackpoint(latitude: 41.0, longitude: 0.0, elevation: 500),
            Trackpoint(latitude: 43.5, longitude: 2.5, elevation: 900)])])
        var hike = PreparedHike(name: "Far", tracks: [far])
        hike.terrain = HikeTerrain(source: .file, elevations: [700, 800], gain: 100, loss: 0, coverage: 1)
        var s = AppState(environment: ViewerFixtures.environment(), storeLabel: "t", width: 120, height: 40)
        _ = app.update(&s, .hikesLoaded([ViewerFixtures.summary(1, "Far", distance: 1, start: 0)]))
        _ = app.update(&s, .hikeLoaded(HikeID(rowID: 1), hike, forPreview: false))
        let zoom = try #require(s.hike?.screen.viewport.zoom)
        #expect(MapBasemap.contoursTooFarOut(zoom: zoom) != nil, "opens at z\(zoom)")
        #expect(s.status.text.contains("Contours from zoom 8: zoom in"), "\(s.status.text)")
        // Without terrain under the hike: no contours anywhere, so no such word.
        var bare = hike
        bare.terrain = nil
        var t = AppState(environment: ViewerFixtures.environment(), storeLabel: "t", width: 120, height: 40)
        _ = app.update(&t, .hikeLoaded(HikeID(rowID: 1), bare, forPreview: false))
        #expect(!t.status.text.contains("Contours"), "\(t.status.text)")
        // A small hike opens above zoom 8 and says nothing; zooming out past it does.
        let near = Track(segments: [TrackSegment(points: [
            Trackpoint(latitude: 42.55, longitude: 1.55, elevation: 1500),
            Trackpoint(latitude: 42.56, longitude: 1.56, elevation: 1600)])])
        var small = PreparedHike(name: "Near", tracks: [near])
        small.terrain = hike.terrain
        var n = AppState(environment: ViewerFixtures.environment(), storeLabel: "t", width: 120, height: 40)
        _ = app.update(&n, .hikeLoaded(HikeID(rowID: 1), small, forPreview: false))
        #expect(!n.status.text.contains("Contours"))
        var presses = 0
        while MapBasemap.contoursTooFarOut(zoom: n.hike!.screen.viewport.zoom) == nil && presses < 30 {
            _ = app.update(&n, .input(.key(.character("-"))))
            presses += 1
        }
        #expect(MapBasemap.contoursTooFarOut(zoom: n.hike!.screen.viewport.zoom) != nil)
        #expect(n.status.text.contains("Contours from zoom 8: zoom in"), "\(n.status.text)")
        // Zooming back in to where they are drawn takes the sentence away.
        _ = app.update(&n, .input(.key(.character("+"))))
        #expect(MapBasemap.contoursTooFarOut(zoom: n.hike!.screen.viewport.zoom) == nil)
        #expect(!n.status.text.contains("Contours"), "\(n.status.text)")
    }

    /// `dem contours` where no imported tile lies under the view: an error naming the tile,
    /// where to get it and the import command, exit status 1 (as `dem at`), nothing drawn.
    @Test func demContoursOffTheTilesSaysWhichTileIsMissing() throws {
        guard let w = try World() else { return }
        let (code, out, err) = w.run(["dem", "contours", "41.5,1.5", "--dem", w.dem])
        #expect(code == 1, "exit \(code)")
        #expect(out.isEmpty, "\(out)")
        #expect(err.contains("N41E001") && err.contains(SRTMTileID(name: "N41E001")!.downloadURL)
                && err.contains("cairn dem import N41E001.SRTMGL3.hgt.zip"), "\(err)")
        // On the tile it draws as before.
        let (ok, drawn, _) = w.run(["dem", "contours", "42.55,1.55", "--dem", w.dem])
        #expect(ok == 0 && drawn.contains("Contours every"))
    }

    /// A GPX with only waypoints (a list of places, no track): no distance, gain or time to
    /// give, so `cairn list` and the library both say "--", not "0 m" and "~0 s".
    @Test func aPlacesOnlyFileReadsTheSameInTheListAndTheLibrary() throws {
        guard let w = try World() else { return }
        let gpx = w.dir.appendingPathComponent("places-only.gpx")
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
            <wpt lat="42.6227" lon="1.5641"><name>Refugi de Sorteny</name></wpt>
            <wpt lat="42.6100" lon="1.5500"><name>Font</name></wpt>
            </gpx>
            """.write(to: gpx, atomically: true, encoding: .utf8)
        let (code, text, err) = w.run(["import", gpx.path, "--store", w.store])
        #expect(code == 0, "\(err)")
        let id = String(text.prefix(6))
        let (_, table, _) = w.run(["list", "--store", w.store, "--dem", w.dem, "--units", "metric"])
        let line = try #require(table.split(separator: "\n").first { $0.hasPrefix(id) })
        let cells = line.split(separator: " ").map(String.init)
        // DISTANCE GAIN DURATION are the three cells before the kind.
        #expect(Array(cells.suffix(4).prefix(3)) == ["--", "--", "--"], "\(line)")
        guard case .hikesLoaded(let library) = w.answer(.library(.loadHikes(.date)), w.performer()) else {
            Issue.record("no list"); return
        }
        let summary = try #require(library.first { $0.id.rawValue == id })
        let values = HikeListRow(summary: summary, environment: TestSupport.environment()).values()
        #expect(Array(values[1...3]) == ["--", "--", "--"], "\(values)")
    }

    /// The list's legend explains "~" on a gain (the terrain's) and on a duration (DIN 33466's
    /// estimate): printed when either mark is in the table, each part only when its mark is.
    @Test func theListLegendExplainsTheMarksShownAndOnlyThose() throws {
        guard let w = try World() else { return }
        let timed = w.dir.appendingPathComponent("timed.sqlite").path
        // Timed hikes with all their heights: no mark, no legend.
        for name in ["half-off"] { _ = w.run(["import", try #require(w.reference[name]?.path), "--store", timed]) }
        let (_, plain, _) = w.run(["list", "--store", timed, "--dem", w.dem])
        #expect(!plain.contains("~"), "\(plain)")
        // An untimed route with its own heights: "~" on its duration, explained, not the gain's.
        let route = TerrainFixturesPath.repository + "/Samples/cairn-route-serrat-sorteny.gpx"
        #expect(w.run(["import", route, "--store", timed]).0 == 0)
        let (_, untimed, _) = w.run(["list", "--store", timed, "--dem", w.dem])
        #expect(untimed.contains("~ duration: DIN 33466 estimate"), "\(untimed)")
        #expect(!untimed.contains("~ gain"), "\(untimed)")
        // Terrain gains on timed hikes: the gain's part only.
        let gains = w.dir.appendingPathComponent("gains.sqlite").path
        _ = w.run(["import", try #require(w.reference["no-ele"]?.path), "--store", gains])
        let (_, terrain, _) = w.run(["list", "--store", gains, "--dem", w.dem])
        #expect(terrain.contains("~ gain: from the terrain") && !terrain.contains("~ duration"), "\(terrain)")
        // Both in one table: both parts.
        #expect(w.run(["import", route, "--store", gains]).0 == 0)
        let (_, mixed, _) = w.run(["list", "--store", gains, "--dem", w.dem])
        #expect(mixed.contains("~ gain: from the terrain") && mixed.contains("~ duration: DIN 33466 estimate"), "\(mixed)")
    }
}
