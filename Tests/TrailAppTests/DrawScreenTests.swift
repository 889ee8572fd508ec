import CairnTestSupport
import Foundation
import Testing
import TermUI
import TrailCore
@testable import TrailMap
@testable import TrailApp

/// The drawing screen's map and panel, drawn from a model.
@Suite struct DrawScreenTests {
    let env = TestSupport.environment()

    static let a = Coordinate(latitude: 42.6236, longitude: 1.5330)
    static let b = Coordinate(latitude: 42.6222, longitude: 1.5360)
    static let c = Coordinate(latitude: 42.6218, longitude: 1.5401)

    /// Stops a → b → c: a → b routed (a made-up line through a bend), b → c straight
    /// (routing off), a pin, the cursor between b and c.
    func model(width: Int, height: Int) -> DrawModel {
        let bend = Coordinate(latitude: 42.6236, longitude: 1.5360)
        let routed = RouteLeg(from: Self.a, to: Self.b, coordinates: [Self.a, bend, Self.b], length: 520, straightReason: nil,
                              routingRequested: true, startConnector: 0, endConnector: 0, ascent: 0, descent: 0, ways: [],
                              hardestGrade: nil)
        let straight = RouteLeg.straight(from: Self.b, to: Self.c, reason: .routingOff, routingRequested: false)
        let box = BoundingBox(minLatitude: 42.6210, minLongitude: 1.5320, maxLatitude: 42.6245, maxLongitude: 1.5410)
        var m = DrawModel(stops: [Self.a, Self.b, Self.c], legRouting: [true, false],
                          pins: [Coordinate(latitude: 42.6214, longitude: 1.5335)], routingOn: false,
                          viewport: MapViewport.fit(box, width: width, height: height, margin: 1),
                          cursor: Coordinate(latitude: 42.6228, longitude: 1.5385))
        m.plan = RoutePlan(stops: m.stops, legs: [routed, straight])
        m.places[Self.a] = .some(NamedPlace(id: MapFeatureID(type: .way, osmID: 7), featureClass: .path, name: "Camí de Sorteny",
                                            coordinate: Self.a, tags: [:], distance: 12))
        m.places[Self.b] = .some(nil)
        return m
    }

    /// `f` fits the routed line, not only the stops (issue 34: a leg up a valley ran off the
    /// edge): every point of the plan is in view afterwards.
    @Test func fitHoldsTheRoutedLineNotOnlyTheStops() {
        var m = model(width: 80, height: 30)
        // The a → b leg detours 3 km north of both stops.
        let far = Coordinate(latitude: 42.6500, longitude: 1.5345)
        m.plan.legs[0].coordinates = [Self.a, far, Self.b]
        m.fitToStops()
        for c in m.plan.coordinates { #expect(m.viewport.cell(c) != nil, "\(c) off the view") }
        for c in m.stops { #expect(m.viewport.cell(c) != nil) }
    }

    @Test func mapShowsNumberedStopsTheCursorAndBothKindsOfLeg() {
        let m = model(width: 80, height: 30)
        var buffer = Buffer(width: 80, height: 30)
        let info = DrawMapWidget(model: m, environment: env).render(area: buffer.area, into: &buffer)
        for (i, cell) in info.stopCells.enumerated() {
            let p = try! #require(cell)
            #expect(buffer[p.x, p.y]?.symbol == "\(i + 1)")
        }
        let cursor = try! #require(info.cursorCell)
        #expect(buffer[cursor.x, cursor.y]?.symbol == "╋")
        #expect(buffer[cursor.x - 1, cursor.y]?.symbol == "─" && buffer[cursor.x, cursor.y - 1]?.symbol == "│")
        #expect(info.pinCells.count == 1 && buffer[info.pinCells[0].x, info.pinCells[0].y]?.symbol == "✕")
        // The routed leg in the route colour, the straight one dashed in the straight-leg colour.
        let routeFG = env.style(ThemeRole.route).fg, straightFG = env.style(ThemeRole.straightLeg).fg
        #expect(routeFG != straightFG)
        var routeCells = 0, straightCells: [Int] = []
        for y in 0..<30 {
            for x in 0..<80 {
                guard let cell = buffer[x, y], cell.symbol.unicodeScalars.first.map({ (0x2801...0x28FF).contains($0.value) }) == true
                else { continue }
                if cell.fg == routeFG { routeCells += 1 }
                if cell.fg == straightFG { straightCells.append(y * 80 + x) }
            }
        }
        #expect(routeCells > 10 && straightCells.count > 5)
        // Dashed: along b → c (a straight line across cells) some cells between the stops are blank.
        let pb = m.viewport.cell(Self.b)!, pc = m.viewport.cell(Self.c)!
        let steps = max(abs(pc.x - pb.x), abs(pc.y - pb.y))
        let gaps = (1..<steps).filter { k in
            let x = pb.x + (pc.x - pb.x) * k / steps, y = pb.y + (pc.y - pb.y) * k / steps
            return !straightCells.contains(y * 80 + x)
        }
        #expect(!gaps.isEmpty, "the straight leg is not dashed")
    }

    @Test func panelSaysWhatIsAtEachStopAndHowEachLegWasMade() {
        var m = model(width: 80, height: 39)
        m.focus = .list
        m.selected = 1
        var buffer = Buffer(width: 120, height: 39)
        DrawScreenView.render(model: m, environment: env, area: buffer.area, into: &buffer)
        let text = buffer.textDump()
        #expect(text.contains("Routing off (straight lines)"))
        #expect(text.contains("Length 7") || text.contains("Length 8"))  // 520 m + the straight b → c
        #expect(text.contains("1 straight leg"))
        #expect(text.contains("Gain -- · Loss --"))
        #expect(text.contains(" 1 start Camí de Sorteny · 12 m"))
        #expect(text.contains("   ┃ 520 m routed"))
        #expect(text.contains("›2 stop  nothing named within 500 m"))
        #expect(text.contains("straight (routing off)"))
        #expect(text.contains(" 3 end   …"))
        #expect(text.contains("Stop 2: 42.62220 N 1.53600 E"))
        // The straight leg's length is the geodesic distance.
        let d = env.format.distance(Geodesy.distance(from: Self.b, to: Self.c))
        #expect(text.contains("┆ \(d) straight"))
    }

    @Test func pinCardAndSearchTakeThePanel() {
        var m = model(width: 80, height: 39)
        m.panel = .pinCard(PinCard(pin: Self.b, existingPin: nil, choices: PinChoice.available(stopCount: 3)))
        var buffer = Buffer(width: 120, height: 39)
        DrawScreenView.render(model: m, environment: env, area: buffer.area, into: &buffer)
        var text = buffer.textDump()
        #expect(text.contains("› s  make it the start") && text.contains("b  a stop between, least detour"))
        var search = DrawSearch()
        search.prompt.text = "sort"
        search.results = [NamedPlace(id: MapFeatureID(type: .node, osmID: 1), featureClass: .hut, name: "Refugi de Sorteny",
                                     coordinate: Self.c, tags: [:], distance: 2100)]
        m.panel = .search(search)
        DrawScreenView.render(model: m, environment: env, area: buffer.area, into: &buffer)
        text = buffer.textDump()
        #expect(text.contains("Search: sort▏") && text.contains("› Refugi de Sorteny (hut) · 2.10 km"))
        #expect(text.contains("Enter: add as a stop between"))
    }

    @Test func drawsAtEverySize() {
        for (w, h) in [(0, 0), (1, 1), (2, 2), (5, 3), (30, 8), (60, 20), (69, 16), (200, 60)] {
            var buffer = Buffer(width: w, height: h)
            DrawScreenView.render(model: model(width: max(1, w), height: max(1, h)), environment: env, area: buffer.area,
                                  into: &buffer)
            #expect(buffer.width == w && buffer.height == h)
        }
        #expect(DrawScreenLayout(area: Rect(x: 0, y: 0, width: 120, height: 40)).isSideBySide)
        #expect(!DrawScreenLayout(area: Rect(x: 0, y: 0, width: 60, height: 30)).panel.isEmpty)
        #expect(DrawScreenLayout(area: Rect(x: 0, y: 0, width: 60, height: 10)).panel.isEmpty)
    }

    @Test func stopMarkersRunOneToNineThenLetters() {
        #expect((0..<12).map(DrawMapWidget.stopGlyph) == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C"])
        #expect(DrawMapWidget.stopGlyph(40) == "+")
    }
}

/// Issue 7 (tester): stop names and straight-leg reasons were cut short in a 40-column list
/// even in a 200-column window.
@Suite struct DrawStopListWidthTests {
    let env = TestSupport.environment()

    @Test func thePanelWidensWithTheWindow() {
        func panel(_ w: Int) -> Int { DrawScreenLayout(area: Rect(x: 0, y: 0, width: w, height: 40)).panel.width }
        #expect(panel(200) == 200 / 3)  // a third
        #expect(panel(120) == 40)       // at least 40
        #expect(panel(70) == 34)        // narrow: the map keeps 35 columns (and the separator 1)
        #expect(DrawScreenLayout(area: Rect(x: 0, y: 0, width: 70, height: 40)).map.width == 35)
    }

    func model(width: Int) -> DrawModel {
        let a = DrawScreenTests.a, b = DrawScreenTests.b
        var m = DrawModel(stops: [a, b], legRouting: [true], viewport: MapViewport(center: a, zoom: 15, width: width, height: 30))
        m.plan = RoutePlan(stops: [a, b], legs: [RouteLeg.straight(from: a, to: b, reason: .stopTooFarFromPaths, routingRequested: true)])
        m.places[a] = .some(NamedPlace(id: MapFeatureID(type: .node, osmID: 9), featureClass: .peak,
                                       name: "Pic de la Coma de Varilles del Port Negre", coordinate: a, tags: [:], distance: 40))
        m.places[b] = .some(nil)
        return m
    }

    func screenText(width: Int) -> String {
        var buffer = Buffer(width: width, height: 30)
        DrawScreenView.render(model: model(width: width), environment: env, area: buffer.area, into: &buffer)
        return (0..<30).map { y in (0..<width).map { buffer[$0, y]?.symbol ?? " " }.joined() }.joined(separator: "\n")
    }

    @Test func aWideWindowShowsWholeNamesAndReasons() {
        let text = screenText(width: 200)
        #expect(text.contains("Pic de la Coma de Varilles del Port Negre · 40 m · peak"))
        #expect(text.contains("straight (stop too far from paths)"))
    }

    @Test func aNarrowPanelWrapsTheNameAndShortensTheReason() {
        let text = screenText(width: 100)  // panel of 40 columns, 39 for text
        #expect(!text.contains("Pic de la Coma de Varilles del Port Negre"))  // not on one line…
        #expect(text.contains("Pic de la Coma de Varilles del") && text.contains("Port Negre · 40 m · peak"), "\(text)")  // …but all there
        // The reason, too long beside the length, comes on its own line in its short form.
        #expect(text.contains("(too far from paths)") && !text.contains("stop too far"))
        #expect(DrawScreenView.wrapped("a bb cc dd", indent: "  ", width: 5) == ["a bb", "  cc", "  dd"])
    }
}
