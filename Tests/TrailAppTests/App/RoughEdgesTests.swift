import Foundation
import TermUI
import Testing
import TrailCore
import TrailStore
@testable import TrailApp

/// What a new user ran into: the hike off screen after a resize, no scale bar, the "no map
/// data" note over the track, a demo tip printed where nobody sees it, unsigned grades.
@Suite struct RoughEdgesTests {
    let app = CairnApp()

    func hike(width: Int, height: Int) throws -> AppState {
        var s = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: width, height: height)
        _ = app.update(&s, .hikesLoaded([AppUpdateTests.summary(1, "Alpha", distance: 5000, start: 0)]))
        _ = app.update(&s, .hikeLoaded(HikeID(rowID: 1), try AppUpdateTests.sampleHike(), forPreview: false))
        return s
    }

    @Test func aResizeKeepsTheHikeInView() throws {
        var s = try hike(width: 200, height: 60)
        // The map panned far away from the hike (as a user can with the map focused).
        s.hike!.screen.viewport.center = Coordinate(latitude: 10, longitude: 10)
        _ = app.update(&s, .input(.resize(width: 90, height: 30)))
        let screen = s.hike!.screen
        #expect(screen.viewport.width == AppLayout(width: 90, height: 30).hike.map.width)
        #expect(screen.viewport.cell(screen.hike.coordinates[screen.scrubIndex]) != nil, "the scrub point is in view")
        // A resize that leaves the hike in view moves nothing.
        let before = s.hike!.screen.viewport.center
        _ = app.update(&s, .input(.resize(width: 100, height: 32)))
        #expect(s.hike!.screen.viewport.center == before)
    }

    /// Issue 34: a hike opened fitted stays fitted through resizes (it kept the old zoom, so a
    /// larger terminal showed a small hike); the fitted view is computed independently here.
    @Test func aFittedMapIsFittedAgainAfterAResize() throws {
        var s = try hike(width: 90, height: 30)
        #expect(s.hike!.screen.isFitted)
        for (w, h) in [(200, 60), (70, 24), (120, 40)] {
            _ = app.update(&s, .input(.resize(width: w, height: h)))
            let map = AppLayout(width: w, height: h).hike.map
            let screen = s.hike!.screen
            let expected = HikeScreenState.fittedViewport(screen.hike, width: map.width, height: map.height,
                                                          colouring: screen.lineColouring)
            #expect(screen.viewport == expected, "\(w)x\(h)")
            // Every point of the hike is inside the view.
            #expect(screen.hike.coordinates.allSatisfy { screen.viewport.cell($0) != nil }, "\(w)x\(h)")
        }
    }

    /// A newcomer's report: a terminal shrunk below the smallest size (10x3, "Terminal too
    /// small") and grown back left the map zoomed onto the start (z17); it is fitted again.
    @Test func aFittedMapSurvivesATerminalTooSmall() throws {
        var s = try hike(width: 120, height: 40)
        _ = app.update(&s, .input(.resize(width: 10, height: 3)))
        _ = app.update(&s, .input(.resize(width: 120, height: 40)))
        let map = AppLayout(width: 120, height: 40).hike.map
        let screen = s.hike!.screen
        #expect(screen.viewport == HikeScreenState.fittedViewport(screen.hike, width: map.width, height: map.height,
                                                                   colouring: screen.lineColouring))
    }

    @Test func everyHikeMapHasAScaleBarInTheUsersUnits() throws {
        let s = try hike(width: 120, height: 40)
        let text = app.view(s, width: 120, height: 40).textDump()
        #expect(text.contains("├") && text.contains("┤"), "\(text)")
        #expect(text.range(of: #"┤ [0-9,.]+ k?m · z[0-9]+"#, options: .regularExpression) != nil, "\(text)")
        var imperial = try hike(width: 120, height: 40)
        imperial.environment = WidgetEnvironment(theme: .plain, format: UnitFormatter(system: .imperial))
        let itext = app.view(imperial, width: 120, height: 40).textDump()
        #expect(itext.range(of: #"┤ [0-9,.]+ (ft|mi) · z[0-9]+"#, options: .regularExpression) != nil, "\(itext)")
    }

    @Test func theScaleBarMatchesTheGroundResolution() throws {
        // At zoom 14 on the equator one dot is 40,075,016.686 m / 2^22 = 9.5546 m, a cell 19.109 m.
        let vp = MapViewport(center: Coordinate(latitude: 0, longitude: 0), zoom: 14, width: 100, height: 30)
        #expect(abs(ScaleBar.metresPerCell(vp) - 19.1093) < 0.001)
        // At 60° N the cosine halves it.
        let north = MapViewport(center: Coordinate(latitude: 60, longitude: 0), zoom: 14, width: 100, height: 30)
        #expect(abs(ScaleBar.metresPerCell(north) - 9.5546) < 0.001)
        // 20 cells hold 382 m: the bar is 200 m, 10 cells (rounded from 10.47).
        let bar = try #require(ScaleBar(viewport: vp, system: .metric, maximumCells: 20))
        #expect(bar.label == "200 m" && bar.cells == 10)
        #expect(bar.text(ascii: false) == "├────────┤ 200 m · z14")
        #expect(bar.text(ascii: true) == "|--------| 200 m · z14")
        let feet = try #require(ScaleBar(viewport: vp, system: .imperial, maximumCells: 20))
        #expect(feet.label == "1,000 ft" && feet.cells == 16)  // 304.8 m / 19.109 m = 15.95
        let miles = try #require(ScaleBar(viewport: MapViewport(center: vp.center, zoom: 10, width: 100, height: 30),
                                          system: .imperial, maximumCells: 20))
        #expect(miles.label == "2 mi")  // 20 cells × 305.7 m = 6.1 km = 3.8 mi
    }

    @Test func noMapDataSitsInTheTopLeftCornerNotOverTheTrack() throws {
        let s = try hike(width: 120, height: 40)
        let lines = app.view(s, width: 120, height: 40).textLines()
        let map = AppLayout(width: 120, height: 40).hike.map
        let row = try #require(lines.firstIndex { $0.contains("No map data here") })
        #expect(row == map.y, "the note is on the map's first row")
        #expect(lines[row].hasPrefix(String(repeating: " ", count: map.x) + "No map data here"))
    }

    @Test func aGivenPositionSourceIsNamedInsideTheViewer() throws {
        var s = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: 120, height: 40)
        s.live.defaultSource = "nmea:/home/u/cairn/Samples/cairn-walk-serrat-sorteny.nmea"
        _ = app.update(&s, .start)
        _ = app.update(&s, .hikesLoaded([AppUpdateTests.summary(1, "Alpha", distance: 5000, start: 0)]))
        let status = app.view(s, width: 120, height: 40).textLines()[39]
        #expect(status.contains("press f to follow it live, or press R to record a walk (nmea:cairn-walk-serrat-sorteny.nmea)"),
                "\(status)")
        _ = app.update(&s, .hikeLoaded(HikeID(rowID: 1), try AppUpdateTests.sampleHike(), forPreview: false))
        #expect(s.status.text.contains("press f, then Enter, to follow this hike live; R in the library records"))
        // `--select` (make demo: the demo hike the replayed walk follows) starts on that hike.
        var demo = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: 120, height: 40)
        demo.live.defaultSource = s.live.defaultSource
        demo.library.pendingSelection = HikeID(rowID: 2)
        _ = app.update(&demo, .start)
        _ = app.update(&demo, .hikesLoaded([AppUpdateTests.summary(1, "Alpha", distance: 5000, start: 10),
                                            AppUpdateTests.summary(2, "Demo hike", distance: 9820, start: 0)]))
        #expect(demo.library.selectedSummary?.name == "Demo hike")
        #expect(app.view(demo, width: 120, height: 40).textLines()[39]
            .contains("Tip: Enter opens the selected hike, f follows it live; R records a walk (nmea:"))
        // Without --gps there is no tip.
        var plain = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: 120, height: 40)
        _ = app.update(&plain, .start)
        #expect(plain.status.text.isEmpty)
    }

    @Test func gradesAreSignedEverywhere() {
        let f = UnitFormatter(system: .metric)
        #expect(f.grade(0.083) == "+8 %" && f.grade(-0.35) == "-35 %" && f.grade(0.001) == "0 %")
    }
}
