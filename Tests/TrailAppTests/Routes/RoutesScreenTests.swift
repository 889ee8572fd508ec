import Foundation
import TermUI
import Testing
import TrailCore
import TrailMap
import TrailStore
@testable import TrailApp

/// The Routes screen through the app's update and view: `w` from the library, the list arriving with blazes drawn as coloured cells, completion, opening
/// a route, and back.
@Suite struct RoutesScreenTests {
    let app = CairnApp()

    static func environment() -> WidgetEnvironment {
        WidgetEnvironment(theme: .plain, format: UnitFormatter(system: .metric, timeZone: TimeZone(identifier: "UTC")!))
    }

    /// A 1.2 km route eastwards in two ways, with a blaze and a gap-free line.
    static func route(id: Int64 = 7, symbol: String? = "red:white:red_bar", name: String = "Camí de prova",
                      isComplete: Bool = true) -> RouteSummary {
        let start = Coordinate(latitude: 42.55, longitude: 1.55)
        let pts = (0...12).map { Geodesy.destination(from: start, distance: Double($0) * 100, bearing: 90) }
        let parts = [Array(pts[0...6]), Array(pts[6...12])]
        var tags = ["name": name, "network": "lwn", "from": "Ordino", "to": "Llorts", "roundtrip": "no"]
        if let symbol { tags["osmc:symbol"] = symbol }
        let r = HikingRoute(id: id, route: "hiking", tags: tags,
                            members: [HikingRoute.Member(type: .way, ref: 1, role: "", isPresent: true),
                                      HikingRoute.Member(type: .way, ref: 2, role: "", isPresent: true)],
                            isComplete: isComplete, parts: parts, bounds: BoundingBox(covering: pts))
        return RouteSummary(route: r, near: start)
    }

    func routesState() -> (AppState, Int) {
        var s = AppState(environment: Self.environment(), storeLabel: "test", width: 120, height: 30)
        _ = app.update(&s, .hikesLoaded([]))
        let effects = app.update(&s, .input(.key(.character("w"))))
        #expect(s.screen.kind == .routes)
        guard case .list(let request, let box, _, let all)? = effects.first?.routesEffect else {
            Issue.record("no list effect: \(effects)"); return (s, 0)
        }
        #expect(box == nil && !all)  // no hike selected: everything the map has
        return (s, request)
    }

    static func model(_ s: AppState) -> RoutesModel? {
        if let m = s.screen.routesModel { return m }
        return nil
    }

    @Test func listWithBlazesDetailAndMap() throws {
        var (s, request) = routesState()
        let effects = app.update(&s, .routes(.listed(request: request, [Self.route(), Self.route(id: 8, symbol: "yellow::yellow_dot", name: "Second")],
                                                        hiddenLongDistance: 2)))
        // The selected route's completion is asked for, and its map data.
        #expect(effects.contains { if case .completion(key: .route(7), _, nil)? = $0.routesEffect { return true }; return false })
        #expect(effects.contains { if case .loadBasemap = $0 { return true }; return false })
        let walked = CompletionFigures(share: 0.38, length: 1200, walked: 456, walkedRanges: [0...456],
                                       missing: [.init(start: 456, end: 1200, fromName: "Ordino", toName: "Llorts")],
                                       hikesRead: 3, walksRead: 1)
        _ = app.update(&s, .routes(.completion(.route(7), walked)))
        let buffer = app.view(s, width: 120, height: 30)
        let text = buffer.textDump()
        #expect(text.contains("Waymarked routes in the map · 2"))
        #expect(text.contains("Camí de prova"))
        #expect(text.contains("38 %"))
        #expect(text.contains("local network · one way"))
        #expect(text.contains("from Ordino to Llorts"))
        #expect(text.contains("missing 744 m at 456 m from Ordino to Llorts"))
        #expect(text.contains("https://www.openstreetmap.org/relation/7"))
        #expect(text.contains("© OpenStreetMap contributors"))
        // The blaze: three cells with a red bar across on white, in row 1 from column 1.
        for x in 1...3 {
            let cell = try #require(buffer[x, 1])
            #expect(cell.symbol == "━")
            #expect(cell.fg == BlazeCells.colour(.red) && cell.bg == BlazeCells.colour(.white))
        }
        // The second route's dot on no background.
        let dot = try #require(buffer[2, 2])
        #expect(dot.symbol == "●" && dot.fg == BlazeCells.colour(.yellow) && dot.bg == .default)
        // The map shows the route with the walked part in the covered style.
        let m = try #require(Self.model(s))
        #expect(m.preview?.coordinates.count == 13)
    }

    @Test func movingSelectsOpeningAsksBackReturns() throws {
        var (s, request) = routesState()
        _ = app.update(&s, .routes(.listed(request: request, [Self.route(), Self.route(id: 8)], hiddenLongDistance: 0)))
        let moved = app.update(&s, .input(.key(.character("j"))))
        #expect(Self.model(s)?.selected == 1)
        #expect(moved.contains { if case .completion(key: .route(8), _, _)? = $0.routesEffect { return true }; return false })
        let open = app.update(&s, .input(.key(.enter)))
        #expect(open.contains { if case .open(let r)? = $0.routesEffect { return r.id == 8 }; return false })
        // `a` asks again with long-distance paths.
        let all = app.update(&s, .input(.key(.character("a"))))
        #expect(all.contains { if case .list(_, _, _, true)? = $0.routesEffect { return true }; return false })
        // A stored route opens its hike.
        let opened = app.update(&s, .routes(.opened(HikeID(rowID: 5), status: "Stored")))
        #expect(opened.contains(.library(.loadHike(HikeID(rowID: 5), forPreview: false))))
        _ = app.update(&s, .input(.key(.escape)))
    }

    @Test func blazeCellsForCommonForms() throws {
        let text = BlazeCells.cells(try #require(OSMCSymbol("red:white:red_lower:11:green")))
        #expect(text.map(\.symbol) == ["▄", "▄", "▄", "1", "1"])
        #expect(text[3].fg == BlazeCells.colour(.green) && text[3].bg == BlazeCells.colour(.white))
        let stripe = BlazeCells.cells(try #require(OSMCSymbol("blue:blue:white_stripe")))
        #expect(stripe.map(\.symbol) == [" ", "┃", " "])
        #expect(stripe.allSatisfy { $0.bg == BlazeCells.colour(.blue) })
        #expect(stripe[1].fg == BlazeCells.colour(.white))
        // Control characters in the text are not drawn.
        let hostile = BlazeCells.cells(try #require(OSMCSymbol("red:white::\u{1b}[2J:black")))
        #expect(!hostile.contains { $0.symbol.unicodeScalars.contains { $0.value < 0x20 } })
    }

    /// A route with members missing from the extract says its length is the extract's part only.
    @Test func incompleteRouteSaysItsLengthIsTheExtracts() {
        var (s, request) = routesState()
        _ = app.update(&s, .routes(.listed(request: request, [Self.route(isComplete: false), Self.route(id: 8, name: "Whole")],
                                           hiddenLongDistance: 0)))
        let rows = app.view(s, width: 120, height: 30).textDump().split(separator: "\n")
        #expect(rows.contains { $0.contains("Camí de prova") && $0.contains("1.20 km (incomplete)") })
        #expect(rows.contains { $0.contains("Whole") && !$0.contains("incomplete") })
        #expect(rows.contains { $0.contains("1.20 km in this extract (incomplete)") })
    }

    /// "GR 11.10" must not read "11.1" (another stage): the whole text, or cut with "…".
    @Test func blazeTextIsWholeOrVisiblyCut() throws {
        let whole = BlazeCells.cells(try #require(OSMCSymbol("red:white:red_bar:11.10:black")))
        #expect(whole.dropFirst(BlazeCells.markWidth).map(\.symbol).joined() == "11.10")
        let long = BlazeCells.cells(try #require(OSMCSymbol("red:white:red_bar:GR11.10:black")))
        #expect(long.dropFirst(BlazeCells.markWidth).map(\.symbol).joined() == "GR11…")
    }
}
