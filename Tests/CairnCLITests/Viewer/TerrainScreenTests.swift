import CairnTestSupport
import Foundation
import HikeServices
import TermUI
import Testing
import TrailCore
import TrailMap
import TrailStore
import TrailTerrain
@testable import CairnCLI
@testable import ViewerRuntime
@testable import TrailApp

/// The terrain on the screens, rendered into Buffers: the drawing screen's gain, loss, walking
/// time and profile against `cairn route --dem --json` for the same stops; a hike without `ele`
/// profiled from the terrain; the terrain line beside the GPS line (`t`); a gap where no tile
/// lies, with the note naming it; hillshade backgrounds by theme.
@Suite struct TerrainScreenTests {
    /// Longitude of cone column `c` on the summit's row (latitude 42.5).
    static func onRow(_ column: Double) -> Coordinate { Coordinate(latitude: 42.5, longitude: 1 + column / 1200) }

    static func performer(_ dir: URL) -> EffectPerformer {
        EffectPerformer(storePath: dir.appendingPathComponent("hikes.sqlite").path,
                        mapPath: dir.appendingPathComponent("none.sqlite").path, terrainPath: dir.path,
                        now: { Date(timeIntervalSince1970: 0) }, speech: SpeechOutput(environment: [:]),
                        terminal: .init(bell: {}, suspend: {}))
    }

    func routeJSON(_ stops: [Coordinate], dem: URL) throws -> [String: Any] {
        let out = StringSink(), err = StringSink()
        let context = CommandContext(stdout: out, stderr: err, environment: ["HOME": dem.path, "TZ": "UTC"],
                                     currentDirectory: dem.path)
        let args = ["route", "--map", dem.appendingPathComponent("none.sqlite").path, "--dem", dem.path, "--json"]
            + stops.map { String(format: "%.8f,%.8f", $0.latitude, $0.longitude) }
        #expect(CairnCLI.run(args, context: context) == 0, "\(err.text)")
        return try #require(try JSONSerialization.jsonObject(with: Data(out.text.utf8)) as? [String: Any])
    }

    @Test func theDrawingScreenShowsWhatCairnRoutePrints() throws {
        let dir = try ConeTerrain.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Up the cone's row from column 700 (1000 m) to 620 (2600 m), then back out to 660
        // (1800 m): +1600 m, −800 m by hand; two straight legs (no map store).
        let stops = [Self.onRow(700), Self.onRow(620), Self.onRow(660)]
        let request = DrawPlanRequest(request: 3, base: RoutePlan(), stops: stops, legRouting: [false, false],
                                      insertBetween: nil, routingOn: false)
        let messages = AnswerRecorder<AppMessage>()
        Self.performer(dir).perform(.draw(.plan(request))) { messages.append($0) }
        guard case .draw(.planned(3, let plan, _, let known, let elevation)) = messages.wait(until: { !$0.isEmpty }).first else {
            Issue.record("no plan"); return
        }
        let e = try #require(elevation)
        #expect(known && e.source == .terrain)
        #expect(abs((e.gain ?? 0) - 1600) < 5 && abs((e.loss ?? 0) - 800) < 5, "\(e.gain ?? -1) \(e.loss ?? -1)")
        var model = DrawModel(stops: stops, legRouting: [false, false], routingOn: false,
                              viewport: MapViewport(center: stops[1], zoom: 13, width: 80, height: 40))
        model.plan = plan
        model.elevationKnown = known
        model.elevation = e
        let env = TestSupport.environment()
        var buffer = Buffer(width: 130, height: 40)
        DrawScreenView.render(model: model, environment: env, area: buffer.area, into: &buffer)
        let text = buffer.textDump()
        // The same stops through `cairn route --dem --json`: the screen shows its figures.
        let json = try routeJSON(stops, dem: dir)
        let ascent = try #require(json["ascentMetres"] as? Double), descent = try #require(json["descentMetres"] as? Double)
        let time = try #require(json["walkingTimeSeconds"] as? Double)
        let f = env.format
        #expect(text.contains("Gain \(f.elevationChange(ascent)) · Loss \(f.elevationChange(-descent)) (terrain)"), "\(text)")
        #expect(text.contains("Time \(f.duration(time)) (DIN 33466, climb)"), "\(text)")
        // (The stops went through text at 1e-8°, so the heights differ in the last digits.)
        #expect(abs(ascent - (e.gain ?? 0)) < 0.01 && abs(time - e.walkingTime) < 0.1, "\(ascent) \(e.gain ?? -1)")
        // The profile in the panel: its elevation axis and braille under the readouts.
        let layout = DrawScreenLayout(area: buffer.area)
        let rows = buffer.textLines().map { String($0.dropFirst(layout.panel.x)) }
        #expect(rows.prefix(14).contains { $0.contains("2500 m") || $0.contains("2000 m") }, "\(rows.prefix(14))")
        // Without terrain the figures say so and the time is on the flat.
        model.elevation = nil
        model.elevationKnown = false
        var flat = Buffer(width: 130, height: 40)
        DrawScreenView.render(model: model, environment: env, area: flat.area, into: &flat)
        #expect(flat.textDump().contains("Gain -- · Loss --"))
        #expect(flat.textDump().contains(" flat (no terrain)"), "\(flat.textDump())")
    }

    /// A store with one tile N42E001: 1500 m plus 1 m per sample eastwards.
    static func rampStore() throws -> TerrainStore {
        let side = 1201
        var data = Data(count: side * side * 2)
        data.withUnsafeMutableBytes { buf in
            for r in 0..<side { for c in 0..<side {
                buf.storeBytes(of: Int16(1500 + c).bigEndian, toByteOffset: (r * side + c) * 2, as: Int16.self)
            } }
        }
        return TerrainStore(tiles: [try HGTTile(id: SRTMTileID(latitude: 42, longitude: 1), data: data)])
    }

    static func track(_ coordinates: [Coordinate], elevation: (Coordinate) -> Double? = { _ in nil }) -> Track {
        Track(name: "t", segments: [TrackSegment(points: coordinates.map { Trackpoint($0, elevation: elevation($0)) })])
    }

    @Test func aTrackWithoutEleIsProfiledFromTheTerrainWithAGapWhereNoTileIs() throws {
        let store = try Self.rampStore()
        // Westwards along 42.5° N from 1.10° E (1620 m) into N42E000 (not imported) to 0.95° E.
        let line = [Coordinate(latitude: 42.5, longitude: 1.10), Coordinate(latitude: 42.5, longitude: 1.0),
                    Coordinate(latitude: 42.5, longitude: 0.95)]
        let hike = TerrainForScreens.prepared(name: "No ele", kind: "imported", tracks: [Self.track(line)], statistics: nil,
                                              terrain: TerrainElevation(store: store))
        let t = try #require(hike.terrain)
        #expect(t.source == .terrain)
        #expect(t.gaps.missingTiles == ["N42E000"])
        // 0.05° of longitude at 42.5° N on the sphere: 4.10 km, within one 30 m step.
        let west = Geodesy.sphericalDistance(from: line[1], to: line[2])
        #expect(abs(t.gaps.noTileMetres - west) < 35, "\(t.gaps.noTileMetres) vs \(west)")
        // Descending 120 m (1620 → 1500) on the tile, nothing counted off it; never a 0.
        #expect(abs((hike.statistics.elevationLoss ?? 0) - 120) < 1)
        #expect(!hike.profile.elevations.contains(0))
        #expect(hike.profile.elevations.last! == nil)
        let series = ProfileSeries(profile: hike.profile, axis: .distance)
        let envelope = series.columnEnvelope(columns: 100)
        #expect(envelope.last! == nil && envelope.first! != nil)
        var state = HikeScreenState(hike: hike, mapWidth: 80, mapHeight: 24)
        state.scrub(to: 0)
        var buffer = Buffer(width: 120, height: 40)
        HikeScreenView.render(state: state, environment: TestSupport.environment(), into: &buffer)
        let text = buffer.textDump()
        #expect(text.contains("terrain (SRTM)"))
        #expect(text.contains("no terrain"), "the chart labels the gap")
        // The command, its file name on the next line when the panel is narrow.
        let panel = text.split(separator: "\n").compactMap { $0.split(separator: "│").last.map { $0.trimmingCharacters(in: .whitespaces) } }
        let command = try #require(panel.firstIndex(of: "cairn dem import"), "\(panel)")
        #expect(panel[command + 1] == "N42E000.SRTMGL3.hgt.zip", "\(panel)")
        // NASA's SRTMGL3 v3 address of the missing tile (LP DAAC data pool), whole once the
        // panel's lines are joined: the pieces are broken after slashes, never cut mid-name.
        let address = "https://e4ftl01.cr.usgs.gov/MEASURES/SRTMGL3.003/2000.02.11/N42E000.SRTMGL3.hgt.zip"
        let from = try #require(panel.firstIndex { $0.hasPrefix("https://") }, "\(panel)")
        #expect(panel[from..<(from + 3)].joined() == address, "\(panel)")
    }

    /// A newcomer with no tile imported at all: a line without any height still names the tile
    /// it needs (by its south-west corner: 50.8° N 14.7° E lies in N50E014) and where to get it,
    /// beside the profile, and `t` says which file to import.
    @Test func withNoTileImportedALineWithoutHeightsNamesItsTile() throws {
        let line = (0...20).map { Coordinate(latitude: 50.8, longitude: 14.70 + Double($0) * 0.001) }
        let hike = TerrainForScreens.prepared(name: "No ele", kind: "imported", tracks: [Self.track(line)], statistics: nil,
                                              terrain: nil)
        let t = try #require(hike.terrain)
        #expect(t.source == .none)
        #expect(t.gaps.missingTiles == ["N50E014"])
        let length = zip(line, line.dropFirst()).reduce(0.0) { $0 + Geodesy.sphericalDistance(from: $1.0, to: $1.1) }
        #expect(abs(t.gaps.noTileMetres - length) < 0.01)
        var state = HikeScreenState(hike: hike, mapWidth: 80, mapHeight: 24)
        state.scrub(to: 0)
        var buffer = Buffer(width: 120, height: 40)
        HikeScreenView.render(state: state, environment: TestSupport.environment(), into: &buffer)
        let panel = buffer.textDump().split(separator: "\n").compactMap { $0.split(separator: "│").last.map { $0.trimmingCharacters(in: .whitespaces) } }
        let from = try #require(panel.firstIndex { $0.hasPrefix("https://") }, "\(panel)")
        #expect(panel[from..<(from + 3)].joined() == "https://e4ftl01.cr.usgs.gov/MEASURES/SRTMGL3.003/2000.02.11/N50E014.SRTMGL3.hgt.zip",
                "\(panel)")
        var model = HikeModel(id: HikeID(rowID: 1), screen: state)
        var result = HikeFeature.Result()
        HikeFeature.toggleTerrainLine(&model, &result)
        #expect(result.status?.text.contains("cairn dem import N50E014.SRTMGL3.hgt.zip") == true, "\(String(describing: result.status))")
        // A hike with its own heights needs no tile: nothing said.
        let own = TerrainForScreens.prepared(name: "Ele", kind: "imported", tracks: [Self.track(line) { _ in 400 }], statistics: nil,
                                             terrain: nil)
        #expect(own.terrain == nil)
    }

    @Test func aLongAddressBreaksAfterSlashes() {
        let lines = TerrainGaps.addressLines("https://example.org/aaaa/bbbb/cccccccccccc.zip", width: 22)
        #expect(lines == ["  https://example.org/", "  aaaa/bbbb/", "  cccccccccccc.zip"])
        #expect(lines.allSatisfy { $0.count <= 22 })
        #expect(TerrainGaps.addressLines("https://x.org/" + String(repeating: "z", count: 30), width: 12)
                    .allSatisfy { $0.count <= 12 })
    }

    @Test func theTerrainLineGoesBesideTheGPSLineWithBothGains() throws {
        let store = try Self.rampStore()
        // GPS 40 m above the ramp and climbing twice as fast: 1620 → 1740 m by GPS, +120 m by terrain.
        let line = (0...40).map { Coordinate(latitude: 42.5, longitude: 1.0 + Double($0) * 0.0025) }
        let gps = Self.track(line) { c in 1500 + 40 + 2 * (c.longitude - 1) * 1200 }
        let hike = TerrainForScreens.prepared(name: "GPS", kind: "imported", tracks: [gps], statistics: nil,
                                              terrain: TerrainElevation(store: store))
        let t = try #require(hike.terrain)
        #expect(t.source == .file && t.hasLineBeside)
        #expect(abs((t.gain ?? 0) - 120) < 1 && abs((hike.statistics.elevationGain ?? 0) - 240) < 1)
        #expect(abs((t.elevations[10] ?? 0) - (1500 + 30)) < 1e-6)
        var model = HikeModel(id: HikeID(rowID: 1), screen: HikeScreenState(hike: hike, mapWidth: 80, mapHeight: 24))
        let context = FeatureContext(width: 120, height: 40, environment: TestSupport.environment())
        #expect(HikeAction.keyMap.action(for: .character("t")) == .terrainLine)
        #expect(HikeAction.keyMap.helpLines().contains { $0.keys == "t" && $0.what.contains("terrain line") })
        #expect(HikeAction.keyMap.hints.contains("t terrain"))
        var before = Buffer(width: 120, height: 40)
        HikeScreenView.render(state: model.screen, environment: context.environment, into: &before)
        #expect(!before.textDump().contains("┅ terrain"))
        let result = HikeFeature.update(&model, .key(.character("t")), context)
        #expect(model.screen.showsTerrainLine)
        #expect(result.status?.text.contains("Terrain line on") == true)
        var after = Buffer(width: 120, height: 40)
        HikeScreenView.render(state: model.screen, environment: context.environment, into: &after)
        let f = context.environment.format
        #expect(after.textDump().contains("━ GPS \("+" + f.elevation(240))  ┅ terrain \("+" + f.elevation(120))  Δ +\(f.elevation(120))"),
                "\(after.textDump())")
        // The stats panel gives the terrain's gain and the difference whichever way the chart is.
        #expect(before.textDump().contains("Δ gain"))
        // Issue 13: at 80x24 the legend sat on the profile's top row. Now a row of its own: no
        // braille dot on the legend's row, and the plot starts under it.
        var small = Buffer(width: 80, height: 24)
        HikeScreenView.render(state: model.screen, environment: context.environment, into: &small)
        let rows = small.textLines()
        let legendRow = try #require(rows.firstIndex { $0.contains("┅ terrain") }, "\(small.textDump())")
        #expect(!rows[legendRow].unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "\(rows[legendRow])")
        let layout = ElevationChartLayout(area: Rect(x: 0, y: 0, width: 60, height: 8), yLabelWidth: 4, maxX: 1, legendRow: true)
        #expect(layout.legend.height == 1 && layout.legend.y == 1 && layout.plot.y == 2 && layout.plot.height == 5)
        #expect(ElevationChartLayout(area: Rect(x: 0, y: 0, width: 60, height: 5), yLabelWidth: 4, maxX: 1, legendRow: true).legend.height == 0,
                "a plot that would keep under 3 rows keeps them")
    }

    /// A tester pressed `t` on a hike with `ele` on only some points and was told there was no
    /// terrain tile under it, though its profile was filled from the terrain; then that there was
    /// no separate line. Now the terrain's line goes beside the filled profile. By hand: the
    /// ramp climbs 1200 m a degree (+120 m over 0.1°); the GPS heights 40 m above it climb twice
    /// as fast, and the fill (terrain + the offset interpolated between 67 m and 100 m) follows
    /// them exactly: +240 m, and 1540 + 2 × 0.0375 × 1200 = 1630 m at point 15 where the terrain is 1545 m.
    @Test func aPartlyFilledProfileGetsTheTerrainsLineBesideIt() throws {
        let store = try Self.rampStore()
        let line = (0...40).map { Coordinate(latitude: 42.5, longitude: 1.0 + Double($0) * 0.0025) }
        // No `ele` on points 10-19 (1.025° to 1.0475° E).
        let gps = Self.track(line) { c in
            c.longitude > 1.024 && c.longitude < 1.049 ? nil : 1500 + 40 + 2 * (c.longitude - 1) * 1200
        }
        let hike = TerrainForScreens.prepared(name: "Part", kind: "imported", tracks: [gps], statistics: nil,
                                              terrain: TerrainElevation(store: store))
        #expect(hike.terrain?.source == .fileAndTerrain)
        var model = HikeModel(id: HikeID(rowID: 1), screen: HikeScreenState(hike: hike, mapWidth: 80, mapHeight: 24))
        let context = FeatureContext(width: 120, height: 40, environment: TestSupport.environment())
        let result = HikeFeature.update(&model, .key(.character("t")), context)
        let text = try #require(result.status?.text)
        #expect(!text.contains("No terrain tile"), "\(text)")
        #expect(text.contains("Terrain line on") && text.contains("filled from the terrain"), "\(text)")
        #expect(model.screen.showsTerrainLine)
        var after = Buffer(width: 120, height: 40)
        HikeScreenView.render(state: model.screen, environment: context.environment, into: &after)
        let f = context.environment.format
        #expect(after.textDump().contains("━ GPS+fill +\(f.elevation(240))  ┅ terrain +\(f.elevation(120))  Δ +\(f.elevation(120))"),
                "\(after.textDump())")
        var chart = ElevationChart(hike: hike, environment: context.environment)
        chart.showsTerrainLine = true
        chart.scrubIndex = 15
        #expect(chart.readoutText()?.contains("fill \(f.elevation(1630)) · terrain \(f.elevation(1545))") == true,
                "\(chart.readoutText() ?? "")")
        chart.scrubIndex = 5
        #expect(chart.readoutText()?.contains("GPS \(f.elevation(1540 + 2 * 0.0125 * 1200)) · terrain \(f.elevation(1515))") == true,
                "\(chart.readoutText() ?? "")")
    }

    @Test func hillshadePaintsBackgroundsByTheme() throws {
        let dir = try ConeTerrain.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let viewport = MapViewport(center: Coordinate(latitude: 42.5, longitude: 1.55), zoom: 14, width: 80, height: 24)
        let basemap = try #require(ConeTerrain.basemap(viewport, terrain: dir.path, in: dir))
        let raster = try #require(basemap.hillshade)
        // Flat ground is level 3; the cone's east flank faces away from a north-west sun.
        #expect(HillshadeLayer.level(0.5.squareRoot()) == 3)
        let flank = try #require(raster.shade(at: viewport.center))
        #expect(flank < 0.5.squareRoot())
        func painted(_ theme: String, on: Bool) -> Int {
            var map = MapWidget(viewport: viewport, basemap: basemap, environment: TestSupport.environment(theme))
            map.showsHillshade = on
            var b = Buffer(width: 80, height: 24)
            map.render(area: b.area, into: &b)
            return (0..<24).reduce(0) { n, y in n + (0..<80).filter { b[$0, y]?.bg != .default }.count }
        }
        #expect(painted("dark", on: false) == 0)
        #expect(painted("dark", on: true) > 80 * 20)
        #expect(painted("light", on: true) > 80 * 20)
        #expect(painted("mono", on: true) == 0)
        #expect(painted("high-contrast", on: true) == 0)
        #expect(HikeAction.keyMap.action(for: .character("H")) == .hillshade)
        #expect(DrawAction.commonKeyMap.action(for: .character("H")) == .hillshade)
    }
}
