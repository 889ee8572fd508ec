import Foundation
import TermUI
import Testing
import TrailCore
@testable import TrailMap
import TrailStore
@testable import TrailApp

/// The drawing screen's update loop without a terminal. Plan requests are answered the way
/// the performer answers them (``DrawPlanRequest/plan(with:)``) by a planner over an empty
/// in-memory map, so every leg is a straight line and lengths are geodesic distances the
/// tests can compute on their own.
@Suite struct DrawUpdateTests {
    let app = CairnApp()

    /// Around the Samples Andorra track (42.621–42.624 N, 1.533–1.540 E).
    static let box = BoundingBox(minLatitude: 42.6210, minLongitude: 1.5330, maxLatitude: 42.6240, maxLongitude: 1.5400)

    static func planner() throws -> RoutePlanner { RoutePlanner(store: try MapStore(path: ":memory:")) }

    /// A library with one hike over `box`, then `n`: an empty drawing over it.
    func drawing(width: Int = 120, height: Int = 40) throws -> AppState {
        var s = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: width, height: height)
        var summary = AppUpdateTests.summary(1, "new", distance: 677, start: 0)
        summary.statistics.boundingBox = Self.box
        _ = app.update(&s, .hikesLoaded([summary]))
        let effects = app.update(&s, .input(.key(.character("n"))))
        #expect(s.screen.kind == .draw)
        #expect(effects.contains { if case .loadBasemap = $0 { return true } else { return false } })
        return s
    }

    /// Runs the newest plan effect in `effects` through the planner and feeds the answer back.
    @discardableResult
    func answer(_ s: inout AppState, _ effects: [AppEffect], _ planner: RoutePlanner) -> [AppEffect] {
        guard let r = Self.planRequests(effects).last else { Issue.record("no plan request in \(effects)"); return [] }
        let plan = r.plan(with: planner)
        return app.update(&s, .draw(.planned(request: r.request, plan, places: plan.stops.map { _ in nil }, elevationKnown: false)))
    }

    static func planRequests(_ effects: [AppEffect]) -> [DrawPlanRequest] {
        effects.compactMap { if case .draw(.plan(let r)) = $0 { return r } else { return nil } }
    }

    static func keptDraft(_ effects: [AppEffect]) -> DrawingDraft? {
        effects.compactMap { if case .draw(.saveDraft(let d)) = $0 { return d } else { return nil } }.last
    }

    func key(_ s: inout AppState, _ k: Key) -> [AppEffect] { app.update(&s, .input(.key(k))) }

    /// Moves the cursor `dx`, `dy` cells, drops a pin and picks `choice` on the card.
    func place(_ s: inout AppState, dx: Int, dy: Int, _ choice: Character) -> [AppEffect] {
        for _ in 0..<abs(dx) { _ = key(&s, dx > 0 ? .right : .left) }
        for _ in 0..<abs(dy) { _ = key(&s, dy > 0 ? .down : .up) }
        _ = key(&s, .enter)
        return key(&s, .character(choice))
    }

    /// A drawing with three stops placed and routed: start, destination, then one between.
    func threeStops(_ planner: RoutePlanner) throws -> AppState {
        var s = try drawing()
        answer(&s, place(&s, dx: -20, dy: -6, "s"), planner)
        answer(&s, place(&s, dx: 40, dy: 12, "d"), planner)
        answer(&s, place(&s, dx: -20, dy: 0, "b"), planner)
        #expect(s.drawing?.stops.count == 3)
        #expect(s.drawing?.planRequest == nil)
        return s
    }

    @Test func nOpensADrawingOverTheSelectedHikeOrAsksWhereTheMapIs() throws {
        let s = try drawing()
        let m = try #require(s.drawing)
        #expect(m.viewport.cell(Self.box.center) != nil)
        #expect(m.cursorCell != nil && m.stops.isEmpty && m.focus == .map)
        var empty = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: 100, height: 30)
        _ = app.update(&empty, .hikesLoaded([]))
        #expect(key(&empty, .character("n")).contains(.draw(.findMapArea(preferring: nil))))
        _ = app.update(&empty, .draw(.mapArea(Self.box)))
        #expect(empty.drawing?.viewport.cell(Self.box.center) != nil)
    }

    @Test func pinCardChangesNothingUntilAnswered() throws {
        var s = try drawing()
        let cursor = s.drawing!.cursor
        #expect(key(&s, .enter).isEmpty)
        guard case .pinCard(let card) = s.drawing!.panel else { Issue.record("no card"); return }
        #expect(card.choices == [.start, .pin] && card.pin == cursor)
        // Esc: nothing changed, nothing asked.
        #expect(key(&s, .escape).isEmpty)
        #expect(s.drawing!.panel == .stops && s.drawing!.stops.isEmpty && s.drawing!.pins.isEmpty)
        // Leave it as a pin: kept in the draft, no routing.
        let pinned = place(&s, dx: 0, dy: 0, "p")
        #expect(s.drawing!.pins == [cursor] && Self.planRequests(pinned).isEmpty)
        #expect(Self.keptDraft(pinned)?.pins == [cursor])
        // Enter on the pin offers it again; "start" turns it into the first stop.
        // (A stop goes where the screen says it is: the cursor at five decimals, DECISIONS 412.)
        let started = place(&s, dx: 0, dy: 0, "s")
        let stop = DrawScreenView.atShownPrecision(cursor)
        #expect(DrawScreenView.position(stop) == DrawScreenView.position(cursor))
        #expect(s.drawing!.stops == [stop] && s.drawing!.pins.isEmpty)
        #expect(Self.planRequests(started).first?.stops == [stop])
        // A letter the card does not offer does nothing ("b" needs two stops).
        _ = key(&s, .right)
        _ = key(&s, .enter)
        guard case .pinCard(let two) = s.drawing!.panel else { Issue.record("no card"); return }
        #expect(two.choices == [.start, .destination, .pin])
        #expect(key(&s, .character("b")).isEmpty)
        let dest = key(&s, .character("d"))
        #expect(s.drawing!.stops.count == 2 && Self.planRequests(dest).count == 1)
        #expect(Self.keptDraft(dest)?.stops == s.drawing!.stops)
    }

    @Test func aStopBetweenGoesWhereTheDetourIsShortestAndKeysWait() throws {
        let planner = try Self.planner()
        var s = try drawing()
        answer(&s, place(&s, dx: -30, dy: 0, "s"), planner)
        answer(&s, place(&s, dx: 20, dy: 8, "d"), planner)
        answer(&s, place(&s, dx: 20, dy: -8, "d"), planner)  // a new destination: A → B → C
        let before = s.drawing!.stops
        // A pin near the middle of leg B → C.
        let effects = place(&s, dx: -12, dy: 4, "b")
        let pin = DrawScreenView.atShownPrecision(s.drawing!.cursor)
        let request = try #require(Self.planRequests(effects).first)
        #expect(request.insertBetween == pin && request.stops == before)
        #expect(s.drawing!.insertionPending && s.drawing!.stops == before)
        // Keys pressed meanwhile wait (here: Tab, then Down to select the next stop).
        #expect(key(&s, .tab).isEmpty && key(&s, .down).isEmpty)
        #expect(s.drawing!.focus == .map && s.drawing!.deferred.count == 2)
        answer(&s, effects, planner)
        // Where the straight-line detour d(a,p) + d(p,b) − d(a,b) is least, by brute force.
        let detours = (0..<before.count - 1).map { i in
            Geodesy.distance(from: before[i], to: pin) + Geodesy.distance(from: pin, to: before[i + 1])
                - Geodesy.distance(from: before[i], to: before[i + 1])
        }
        let best = detours.indices.min { detours[$0] < detours[$1] }! + 1
        var expected = before
        expected.insert(pin, at: best)
        let m = s.drawing!
        #expect(m.stops == expected && !m.insertionPending && m.deferred.isEmpty)
        #expect(m.legRouting == [true, true, true])
        // The waiting keys ran: Tab focused the list, Down moved past the new stop.
        #expect(m.focus == .list && m.selected == best + 1)
    }

    @Test func reorderMoveAndDeleteRerouteOnlyTheirLegs() throws {
        let planner = try Self.planner()
        var s = try threeStops(planner)
        let stops = s.drawing!.stops
        let legs = s.drawing!.plan.legs
        _ = key(&s, .tab)
        #expect(s.drawing!.focus == .list && s.drawing!.selected == 1)
        // K: the selected stop goes up one place; the request keeps the last plan as its base.
        var e = key(&s, .character("K"))
        #expect(s.drawing!.stops == [stops[1], stops[0], stops[2]] && s.drawing!.selected == 0)
        #expect(Self.planRequests(e).first?.base.legs == legs)
        #expect(Self.keptDraft(e)?.stops == s.drawing!.stops)
        let computed = planner.legsComputed
        answer(&s, e, planner)
        #expect(planner.legsComputed == computed + 2)  // (1→0) and (0→2) are new
        // Shift+↓ moves it back down: both legs exist in no plan, so both are new again,
        // but the answer's legs join the stops in the new order.
        e = key(&s, .shiftDown)
        #expect(s.drawing!.stops == stops && s.drawing!.selected == 1)
        answer(&s, e, planner)
        #expect(s.drawing!.plan.stops == stops)
        #expect(zip(s.drawing!.plan.legs, stops.indices).allSatisfy { $0.from == stops[$1] && $0.to == stops[$1 + 1] })
        // m: the cursor goes to the stop; arrows move it; Enter puts the stop there.
        _ = key(&s, .character("m"))
        #expect(s.drawing!.moving == 1 && s.drawing!.viewport.cell(s.drawing!.cursor)! == s.drawing!.viewport.cell(stops[1])!)
        _ = key(&s, .right)
        _ = key(&s, .right)
        let target = DrawScreenView.atShownPrecision(s.drawing!.cursor)
        let before = planner.legsComputed
        e = key(&s, .enter)
        #expect(s.drawing!.stops == [stops[0], target, stops[2]] && s.drawing!.moving == nil)
        answer(&s, e, planner)
        #expect(planner.legsComputed == before + 2)
        // x deletes the selected stop; its two legs become one.
        e = key(&s, .character("x"))
        #expect(s.drawing!.stops == [stops[0], stops[2]])
        answer(&s, e, planner)
        #expect(s.drawing!.plan.legs.count == 1)
        #expect(abs(s.drawing!.length - Geodesy.distance(from: stops[0], to: stops[2])) < 1e-6)
    }

    @Test func sTogglesRoutingForNewLegsOnly() throws {
        let planner = try Self.planner()
        var s = try threeStops(planner)
        let e = key(&s, .character("s"))
        #expect(!s.drawing!.routingOn && Self.keptDraft(e)?.routingOn == false)
        // A new destination: its one new leg is straight "routing off", the old legs keep theirs.
        answer(&s, place(&s, dx: 10, dy: 10, "d"), planner)
        let m = s.drawing!
        #expect(m.legRouting == [true, true, false])
        #expect(m.plan.legs.map(\.straightReason) == [.stopTooFarFromPaths, .stopTooFarFromPaths, .routingOff])
        #expect(m.straightLegCount == 3)
        let text = app.view(s, width: 120, height: 40).textDump()
        #expect(text.contains("Routing off") && text.contains("straight (routing off)"))
    }

    @Test func staleAnswersAreIgnored() throws {
        let planner = try Self.planner()
        var s = try threeStops(planner)
        _ = key(&s, .tab)
        let first = Self.planRequests(key(&s, .character("J")))[0]   // stops 0 2 1
        let second = Self.planRequests(key(&s, .character("x")))[0]  // stops 0 2
        #expect(second.request > first.request)
        let current = s.drawing!.stops
        // The older answer comes in while the newer is pending: ignored.
        let old = first.plan(with: planner)
        _ = app.update(&s, .draw(.planned(request: first.request, old, places: [], elevationKnown: false)))
        #expect(s.drawing!.planRequest == second.request && s.drawing!.plan.stops.count == 3)
        #expect(s.drawing!.pendingLegCount == 1)
        // The newer answer is used; the older one arriving after it changes nothing either.
        let new = second.plan(with: planner)
        _ = app.update(&s, .draw(.planned(request: second.request, new, places: [], elevationKnown: false)))
        #expect(s.drawing!.plan == new && s.drawing!.planRequest == nil && new.stops == current)
        _ = app.update(&s, .draw(.planned(request: first.request, old, places: [], elevationKnown: false)))
        #expect(s.drawing!.plan == new)
    }

    @Test func saveAsksForANameThenStoresAndSelectsTheHike() throws {
        let planner = try Self.planner()
        var s = try drawing()
        answer(&s, place(&s, dx: 0, dy: 0, "s"), planner)
        #expect(key(&s, .character("w")).isEmpty && s.modal == nil)  // one stop: nothing to save
        answer(&s, place(&s, dx: 8, dy: 3, "d"), planner)
        _ = key(&s, .character("w"))
        guard case .prompt(let p) = s.modal else { Issue.record("no prompt"); return }
        #expect(p.purpose == .drawing(.saveName) && p.text == "Drawn route")
        _ = key(&s, .control("u"))
        for c in "Col loop" { _ = key(&s, .character(c)) }
        let plan = s.drawing!.plan
        #expect(key(&s, .enter) == [.draw(.save(name: "Col loop", plan, stopNames: [nil, nil]))])
        #expect(s.screen.kind == .draw && s.drawing!.saving)
        // While the store works, keys wait for nothing: they are ignored; a failure reopens.
        #expect(key(&s, .character("q")).isEmpty && s.screen.kind == .draw)
        #expect(app.update(&s, .draw(.saveFailed("disk full"))) == [.bell])
        #expect(!s.drawing!.saving && s.status.isError && s.status.text.contains("disk full"))
        _ = key(&s, .character("w"))
        #expect(key(&s, .enter) == [.draw(.save(name: "Col loop", plan, stopNames: [nil, nil]))])
        let id = HikeID(rowID: 42)
        // The saved drawing's draft is forgotten and the next one kept (another viewer's) read.
        #expect(app.update(&s, .draw(.saved(name: "Col loop", .inserted(id))))
                == [.draw(.clearDraft(owner: s.draw.owner)), .draw(.loadDraft), .loadHikes(.date)])
        #expect(s.screen.kind == .library && s.drawing == nil && s.draw.storedDraft == nil)
        var saved = AppUpdateTests.summary(42, "Col loop", distance: plan.length, start: 0)
        saved.kind = .drawn
        _ = app.update(&s, .hikesLoaded([AppUpdateTests.summary(1, "new", distance: 677, start: 0), saved]))
        #expect(s.library.selectedSummary?.id == id)
    }

    /// Newcomer (issue 34): two viewers continuing the same kept draft both wrote its row, and
    /// one drawing was lost. Continuing another owner's draft keeps it in this viewer's own row
    /// first, then forgets the old row.
    @Test func continuingAnotherViewersDraftMovesItIntoOwnRow() throws {
        var s = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: 120, height: 40)
        _ = app.update(&s, .hikesLoaded([]))
        let stops = [Coordinate(latitude: 42.6236, longitude: 1.5330), Coordinate(latitude: 42.6218, longitude: 1.5401)]
        let other = DrawingDraft(stops: stops, legRouting: [false], routingOn: false, owner: "someone-else")
        _ = app.update(&s, .draw(.draftLoaded(other)))
        _ = key(&s, .character("n"))
        let effects = key(&s, .character("c"))
        let kept = effects.compactMap { e -> DrawingDraft? in if case .draw(.saveDraft(let d)) = e { return d } else { return nil } }
        #expect(kept.first?.owner == s.draw.owner && kept.first?.stops == stops, "\(effects)")
        let save = try #require(effects.firstIndex { if case .draw(.saveDraft) = $0 { return true } else { return false } })
        let clear = try #require(effects.firstIndex(of: .draw(.clearDraft(owner: "someone-else"))))
        #expect(save < clear, "kept before the old row is forgotten")
        #expect(s.draw.owner != "someone-else")
    }

    @Test func aKeptDraftIsOfferedAndComesBackOverItsStops() throws {
        var s = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: 120, height: 40)
        _ = app.update(&s, .hikesLoaded([]))
        let stops = [Coordinate(latitude: 42.6236, longitude: 1.5330), Coordinate(latitude: 42.6218, longitude: 1.5401)]
        let draft = DrawingDraft(stops: stops, legRouting: [false], routingOn: false,
                                 mapCenter: Coordinate(latitude: 10, longitude: 10), mapZoom: 15)
        _ = app.update(&s, .draw(.draftLoaded(draft)))
        #expect(app.view(s, width: 120, height: 40).textDump().contains("Unfinished drawing (2 stops): n continues it"))
        #expect(key(&s, .character("n")).isEmpty)
        guard case .drawing(.resumeDraft(let offered)) = s.modal else { Issue.record("no question"); return }
        #expect(offered == draft)
        let effects = key(&s, .enter)
        let r = try #require(Self.planRequests(effects).first)
        #expect(r.stops == stops && r.legRouting == [false] && r.base.legs.isEmpty)
        let m = try #require(s.drawing)
        #expect(!m.routingOn)
        // The kept view did not show the stops, so the map is fitted over them.
        #expect(stops.allSatisfy { m.viewport.cell($0) != nil })
        // "d" instead discards it and starts afresh.
        var t = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: 120, height: 40)
        _ = app.update(&t, .draw(.draftLoaded(draft)))
        _ = key(&t, .character("n"))
        #expect(key(&t, .character("d")).contains(.draw(.clearDraft(owner: draft.owner))))
        #expect(t.drawing?.stops == [] && t.draw.storedDraft == nil)
    }

    @Test func searchPutsTheChosenPlaceInAsAStop() throws {
        var s = try drawing()
        _ = key(&s, .character("/"))
        _ = key(&s, .character("r"))
        let e = key(&s, .character("e"))
        guard case .draw(.search(let request, let text, let near)) = e.first else { Issue.record("no search: \(e)"); return }
        #expect(text == "re" && near == s.drawing!.cursor)
        let hut = NamedPlace(id: MapFeatureID(type: .node, osmID: 1), featureClass: .hut, name: "Refugi de Sorteny",
                             coordinate: Coordinate(latitude: 42.6227, longitude: 1.5641), tags: [:], distance: 2100)
        _ = app.update(&s, .draw(.searchResults(request: request - 1, [])))  // stale: ignored
        _ = app.update(&s, .draw(.searchResults(request: request, [hut])))
        guard case .search(let search) = s.drawing!.panel else { Issue.record("no search panel"); return }
        #expect(search.results == [hut])
        let added = key(&s, .enter)
        #expect(s.drawing!.stops == [hut.coordinate] && s.drawing!.panel == .stops)
        #expect(Self.planRequests(added).first?.insertBetween == nil)
        #expect(s.drawing!.cursor == hut.coordinate)
    }

    /// Issue 13, tester: a hut picked in the search became a stop named after a stream: the
    /// router's "what is here" prefers a line within 500 m over the hut's building (an area).
    /// A stop put in from the search is the place picked, at 0 m, whatever the lookup says,
    /// on the screen and in the names the route is saved with; as the start, the destination
    /// and a stop placed between.
    @Test func aStopChosenBySearchCarriesThePlacePicked() throws {
        var s = try drawing()
        let planner = try Self.planner()
        let stream = NamedPlace(id: MapFeatureID(type: .way, osmID: 2), featureClass: .stream, name: "Riu de Sorteny",
                                coordinate: Coordinate(latitude: 42.6229, longitude: 1.5645), tags: [:], distance: 12)
        let huts = [
            NamedPlace(id: MapFeatureID(type: .way, osmID: 1), featureClass: .hut, name: "Refugi de Sorteny",
                       coordinate: Coordinate(latitude: 42.62271234, longitude: 1.56411234), tags: [:], distance: 2100),
            NamedPlace(id: MapFeatureID(type: .node, osmID: 3), featureClass: .hut, name: "Borda de Sorteny",
                       coordinate: Coordinate(latitude: 42.6175, longitude: 1.5560), tags: [:], distance: 900),
            NamedPlace(id: MapFeatureID(type: .node, osmID: 4), featureClass: .hut, name: "Cabana del Rialb",
                       coordinate: Coordinate(latitude: 42.6200, longitude: 1.5600), tags: [:], distance: 500),
        ]
        for hut in huts {
            _ = key(&s, .character("/"))
            _ = key(&s, .character("x"))
            guard case .search(let search) = s.drawing!.panel, let request = search.request else { Issue.record("no search"); return }
            _ = app.update(&s, .draw(.searchResults(request: request, [hut])))
            let planned = Self.planRequests(key(&s, .enter))
            let plan = try #require(planned.last)
            // The router answers with its stops and, for each, the nearest named feature: the stream.
            let answer = plan.plan(with: planner)
            _ = app.update(&s, .draw(.planned(request: plan.request, answer, places: answer.stops.map { _ in stream },
                                              elevationKnown: false)))
            let m = try #require(s.drawing)
            let stop = try #require(m.stops.first { DrawScreenView.position($0) == DrawScreenView.position(hut.coordinate) })
            let text = DrawScreenView.placeText(m, stop, AppUpdateTests.environment())
            #expect(text.hasPrefix(hut.name + " · 0 m · hut"), "\(text)")
        }
        // Saved with the huts' names, and each as that place (0 m: within the pin-on-place distance).
        _ = key(&s, .character("w"))
        let effects = app.update(&s, .input(.key(.enter)))
        guard case .draw(.save(_, _, let names, let places, _)) = effects.first(where: {
            if case .draw(.save) = $0 { return true } else { return false } }) else { Issue.record("not saved: \(effects)"); return }
        #expect(Set(names.compactMap { $0 }) == Set(huts.map(\.name)), "\(names)")
        #expect(Set(places.compactMap(\.name)) == Set(huts.map(\.name)), "\(places)")

        // A draft kept by this drawing, resumed in a new session (through the store's JSON),
        // names its stops as picked, whatever the plan's lookup answers (DECISIONS 504).
        let kept = try #require(s.drawing?.draft)
        #expect(kept.stopPlaces.compactMap { $0?.name }.sorted() == huts.map(\.name).sorted(), "\(kept.stopPlaces)")
        let storePath = NSTemporaryDirectory() + "cairn-draft-\(UUID().uuidString).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: storePath + suffix) } }
        let store = try HikeStore(path: storePath)
        try store.saveDraft(kept)
        let loaded = try #require(try store.loadDraft())
        var t = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: 120, height: 40)
        _ = app.update(&t, .hikesLoaded([]))
        _ = app.update(&t, .draw(.draftLoaded(loaded)))
        _ = key(&t, .character("n"))
        let resumed = Self.planRequests(key(&t, .enter))
        let plan = try #require(resumed.last)
        let answer = plan.plan(with: planner)
        _ = app.update(&t, .draw(.planned(request: plan.request, answer, places: answer.stops.map { _ in stream }, elevationKnown: false)))
        let m = try #require(t.drawing)
        for hut in huts {
            let stop = try #require(m.stops.first { DrawScreenView.position($0) == DrawScreenView.position(hut.coordinate) })
            let text = DrawScreenView.placeText(m, stop, AppUpdateTests.environment())
            #expect(text.hasPrefix(hut.name + " · 0 m · hut"), "\(text)")
        }
    }

    @Test func eEditsDrawnHikesOnly() throws {
        let planner = try Self.planner()
        let stops = [Coordinate(latitude: 42.6236, longitude: 1.5330), Coordinate(latitude: 42.6222, longitude: 1.5360),
                     Coordinate(latitude: 42.6218, longitude: 1.5401)]
        let plan = planner.replan(RoutePlan(), stops: stops, legRouting: [true, false])
        let track = plan.track(name: "Drawn")
        var s = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: 120, height: 40)
        let id = HikeID(rowID: 5)
        _ = app.update(&s, .hikeLoaded(id, PreparedHike(name: "Imported", kind: "imported", tracks: [track]), forPreview: false))
        #expect(key(&s, .character("e")).isEmpty && s.status.text.contains("Only drawn hikes"))
        _ = app.update(&s, .hikeLoaded(id, PreparedHike(name: "Drawn", kind: "drawn", tracks: [track]), forPreview: false))
        #expect(key(&s, .character("e")) == [.draw(.loadDrawnHike(id))])
        let effects = app.update(&s, .draw(.drawnHikeLoaded(id, name: "Drawn", track)))
        let m = try #require(s.drawing)
        #expect(s.screen.kind == .draw && s.hike == nil)
        #expect(m.stops == stops && m.legRouting == [true, false] && m.sourceHike == id && m.name == "Drawn")
        // Nothing changed yet: no draft.
        #expect(Self.keptDraft(effects) == nil && s.draw.storedDraft == nil)
    }

    /// A saved drawing's stops keep the places they were saved with when it is edited; the
    /// planner's nearest-feature answer does not rename them (issue 34).
    @Test func editingKeepsTheStopsSavedPlaces() throws {
        let planner = try Self.planner()
        let stops = [Coordinate(latitude: 42.6236, longitude: 1.5330), Coordinate(latitude: 42.6222, longitude: 1.5360)]
        let track = planner.replan(RoutePlan(), stops: stops, legRouting: [true]).track(name: "Drawn")
        let lake = NamedPlace(id: MapFeatureID(type: .way, osmID: 42), featureClass: .water, name: "Estany Forcat",
                              coordinate: stops[0], tags: [:], distance: 0)
        var s = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: 120, height: 40)
        answer(&s, app.update(&s, .draw(.drawnHikeLoaded(HikeID(rowID: 5), name: "Drawn", track, stopPlaces: [lake, nil]))), planner)
        let m = try #require(s.drawing)
        #expect(m.places[m.stops[0]] == .some(lake), "\(String(describing: m.places[m.stops[0]]))")
        #expect(m.chosenPlaces[m.stops[0]] == lake && m.chosenPlaces[m.stops[1]] == nil)
    }

    /// Issue 34: `w` on an edited drawing updates the hike it was opened from (the prompt says
    /// so), `W` saves a copy as a new hike; the update's answer forgets this viewer's draft and
    /// reads the next one kept.
    @Test func wUpdatesAnEditedDrawingAndWSavesACopy() throws {
        let planner = try Self.planner()
        let stops = [Coordinate(latitude: 42.6236, longitude: 1.5330), Coordinate(latitude: 42.6222, longitude: 1.5360)]
        let track = planner.replan(RoutePlan(), stops: stops, legRouting: [true]).track(name: "Drawn")
        let id = HikeID(rowID: 5)
        var s = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: 120, height: 40)
        answer(&s, app.update(&s, .draw(.drawnHikeLoaded(id, name: "Drawn", track))), planner)
        #expect(s.status.text.contains("w updates it, W saves a copy"), "\(s.status.text)")
        _ = key(&s, .character("w"))
        guard case .prompt(let p)? = s.modal else { Issue.record("no prompt"); return }
        #expect(p.purpose == .drawing(.updateName(id)) && p.text == "Drawn" && p.title.contains("Update"))
        let update = key(&s, .enter)
        guard case .draw(.save(_, _, _, _, let target)) = update.first else { Issue.record("no save: \(update)"); return }
        #expect(target == .replace(id))
        let answered = app.update(&s, .draw(.updated(name: "Drawn", id)))
        #expect(answered == [.draw(.clearDraft(owner: s.draw.owner)), .draw(.loadDraft), .library(.loadHikes(.date))])
        #expect(s.screen.kind == .library && s.status.text.hasPrefix("Updated Drawn"))

        var t = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: 120, height: 40)
        answer(&t, app.update(&t, .draw(.drawnHikeLoaded(id, name: "Drawn", track))), planner)
        _ = key(&t, .character("W"))
        guard case .prompt(let q)? = t.modal else { Issue.record("no prompt"); return }
        // W makes a copy, stored even if the line is unchanged (newcomer: "already stored" refused it).
        #expect(q.purpose == .drawing(.copyName(id)) && q.text == "Drawn (copy)")
        guard case .draw(.save(_, _, _, _, let copy)) = key(&t, .enter).first else { Issue.record("no save"); return }
        #expect(copy == .copy(of: id))
    }

    /// Issue 7 (tester): leaving an unchanged edit left "Drawing kept" and an unfinished drawing.
    @Test func anUnchangedEditKeepsNoDraftAndTheFirstChangeDoes() throws {
        let planner = try Self.planner()
        let stops = [Coordinate(latitude: 42.6236, longitude: 1.5330), Coordinate(latitude: 42.6222, longitude: 1.5360),
                     Coordinate(latitude: 42.6218, longitude: 1.5401)]
        let track = planner.replan(RoutePlan(), stops: stops, legRouting: [true, false]).track(name: "Drawn")
        let id = HikeID(rowID: 5)
        var s = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: 120, height: 40)
        answer(&s, app.update(&s, .draw(.drawnHikeLoaded(id, name: "Drawn", track))), planner)
        // Leaving without a change: nothing kept, nothing said about a kept drawing.
        let left = key(&s, .character("q"))
        #expect(s.screen.kind == .library && Self.keptDraft(left) == nil && !left.contains(.draw(.clearDraft(owner: s.draw.owner))))
        #expect(s.draw.storedDraft == nil && !s.status.text.contains("kept"))

        // Open it again and change it (delete the last stop): now a draft is kept…
        answer(&s, app.update(&s, .draw(.drawnHikeLoaded(id, name: "Drawn", track))), planner)
        _ = key(&s, .tab)
        let deleted = key(&s, .character("x"))
        #expect(Self.keptDraft(deleted)?.sourceHike == id && Self.keptDraft(deleted)?.stops.count == 2)
        #expect(s.draw.storedDraft != nil)

        // …and a kept draft the hiker chose to discard for this edit is forgotten when it opens.
        let reopened = app.update(&s, .draw(.drawnHikeLoaded(id, name: "Drawn", track)))
        #expect(reopened.contains(.draw(.clearDraft(owner: s.draw.owner))) && s.draw.storedDraft == nil)
        let leftAgain = key(&s, .character("q"))
        #expect(Self.keptDraft(leftAgain) == nil && s.draw.storedDraft == nil)
    }

    @Test func openingAreaPrefersTheHikeOnlyWhereTheMapHasData() {
        let andorra = BoundingBox(minLatitude: 42.43, minLongitude: 1.41, maxLatitude: 42.66, maxLongitude: 1.79)
        let small = BoundingBox(minLatitude: 47.0, minLongitude: 8.0, maxLatitude: 47.01, maxLongitude: 8.01)
        let alps = BoundingBox(minLatitude: 46.0, minLongitude: 7.0, maxLatitude: 46.01, maxLongitude: 7.01)
        #expect(DrawModel.openingArea(preferring: Self.box, coverage: [small, andorra]) == Self.box)
        #expect(DrawModel.openingArea(preferring: alps, coverage: [small, andorra]) == andorra)  // the largest
        #expect(DrawModel.openingArea(preferring: nil, coverage: [andorra]) == andorra)
        #expect(DrawModel.openingArea(preferring: alps, coverage: []) == nil)
    }

    /// Issue 7 (tester): `n` opened over a hike with "No map data here".
    @Test func nMovesToTheMapDataWhenTheSelectedHikeHasNone() throws {
        var s = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: 120, height: 40)
        let alps = BoundingBox(minLatitude: 46.0, minLongitude: 7.0, maxLatitude: 46.01, maxLongitude: 7.01)
        var summary = AppUpdateTests.summary(1, "elsewhere", distance: 677, start: 0)
        summary.statistics.boundingBox = alps
        _ = app.update(&s, .hikesLoaded([summary]))
        #expect(key(&s, .character("n")).contains(.draw(.findMapArea(preferring: alps))))
        #expect(s.drawing?.viewport.cell(alps.center) != nil)  // over the hike until the answer
        // The map store covers Andorra only: the drawing moves there.
        _ = app.update(&s, .draw(.mapArea(DrawModel.openingArea(preferring: alps, coverage: [Self.box]))))
        #expect(s.drawing?.viewport.cell(Self.box.center) != nil && s.drawing?.viewport.cell(alps.center) == nil)
        // No map at all: it stays over the hike, with the notice.
        _ = key(&s, .character("q"))
        _ = key(&s, .character("n"))
        _ = app.update(&s, .draw(.mapArea(nil)))
        #expect(s.drawing?.viewport.cell(alps.center) != nil && s.status.text.contains("No map yet"))
        // The notice says how to get map data around this very hike.
        #expect(s.status.text.contains("cairn map fetch --around \(summary.id.rawValue)"), "\(s.status.text)")
        // The panel does not claim routing works without a map (issue 34: "Routing on · s").
        let panel = app.view(s, width: 120, height: 40).textDump()
        #expect(panel.contains("No map: legs are straight lines · s") && !panel.contains("Routing on · s"), "\(panel)")
        _ = key(&s, .character("s"))
        _ = key(&s, .character("s"))
        #expect(s.status.text.hasPrefix("Routing on, but no map is imported"), "\(s.status.text)")
    }

    /// The first run (issue 34): no map and no hike, the notice says how to get map data; with
    /// hikes but none selected that has a line, the drawing opens over the first hike that has.
    @Test func firstRunWithoutMapOrHikesSaysHowToGetMapData() throws {
        var empty = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: 100, height: 30)
        _ = app.update(&empty, .hikesLoaded([]))
        _ = key(&empty, .character("n"))
        _ = app.update(&empty, .draw(.mapArea(nil)))
        #expect(empty.status.text.contains("cairn map import REGION.osm.pbf") && empty.status.text.contains("no hikes"),
                "\(empty.status.text)")
        // A places-only file selected (no line), a hike with a line after it.
        let alps = BoundingBox(minLatitude: 46.0, minLongitude: 7.0, maxLatitude: 46.01, maxLongitude: 7.01)
        var places = AppUpdateTests.summary(1, "Places only", distance: 0, start: 100)
        places.statistics.boundingBox = nil
        var hike = AppUpdateTests.summary(2, "Alps", distance: 677, start: 0)
        hike.statistics.boundingBox = alps
        var s = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: 100, height: 30)
        _ = app.update(&s, .hikesLoaded([places, hike]))
        #expect(s.library.selectedSummary?.statistics.boundingBox == nil)
        #expect(key(&s, .character("n")).contains(.draw(.findMapArea(preferring: alps))))
        #expect(s.drawing?.viewport.cell(alps.center) != nil)
    }

    /// A zoom or a cursor move made before the map store's answer arrives is kept: the answer
    /// moves the map only while the hiker has not touched it (the tmux drawing test lost its
    /// `+` to this on a loaded machine).
    @Test func keysPressedBeforeTheMapAreaAnswerAreNotUndone() throws {
        let alps = BoundingBox(minLatitude: 46.0, minLongitude: 7.0, maxLatitude: 46.01, maxLongitude: 7.01)
        let answer = DrawModel.openingArea(preferring: alps, coverage: [Self.box])
        for k in [Key.character("+"), Key.right] {
            var s = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: 120, height: 40)
            var summary = AppUpdateTests.summary(1, "elsewhere", distance: 677, start: 0)
            summary.statistics.boundingBox = alps
            _ = app.update(&s, .hikesLoaded([summary]))
            _ = key(&s, .character("n"))
            let opened = try #require(s.drawing)
            _ = key(&s, k)
            let touched = try #require(s.drawing)
            #expect(touched.viewport.zoom != opened.viewport.zoom || touched.cursor != opened.cursor)
            _ = app.update(&s, .draw(.mapArea(answer)))
            #expect(s.drawing?.viewport.zoom == touched.viewport.zoom, "\(k)")
            #expect(s.drawing?.viewport.center == touched.viewport.center, "\(k)")
            #expect(s.drawing?.cursor == touched.cursor, "\(k)")
            #expect(s.drawing?.viewport.cell(Self.box.center) == nil)
        }
    }

    @Test func theCursorScrollsTheMapAtTheEdges() throws {
        var s = try drawing(width: 100, height: 30)
        let start = s.drawing!.viewport.center
        for _ in 0..<60 { _ = key(&s, .shiftRight) }
        let m = s.drawing!
        #expect(m.viewport.center.longitude > start.longitude)
        let cell = try #require(m.cursorCell)
        #expect(cell.x == m.viewport.width - 1 - DrawModel.cursorMargin)
        // Zooming keeps the cursor on its cell.
        let before = cell
        _ = key(&s, .character("+"))
        #expect(s.drawing!.viewport.zoom == m.viewport.zoom + 1)
        let after = try #require(s.drawing!.cursorCell)
        #expect(abs(after.x - before.x) <= 1 && abs(after.y - before.y) <= 1)
    }

    @Test func helpListsTheDrawingKeysAndQLeavesKeepingTheDraft() throws {
        let planner = try Self.planner()
        var s = try threeStops(planner)
        _ = key(&s, .character("?"))
        let text = app.view(s, width: 120, height: 40).textDump()
        #expect(text.contains("move the selected stop up / down in the order"))
        _ = key(&s, .character(" "))
        let effects = key(&s, .character("q"))
        #expect(s.screen.kind == .library && s.drawing == nil)
        #expect(Self.keptDraft(effects)?.stops.count == 3 && s.draw.storedDraft?.stops.count == 3)
    }
}
