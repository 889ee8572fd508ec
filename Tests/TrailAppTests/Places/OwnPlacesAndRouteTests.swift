import CairnTestSupport
import Foundation
import TermUI
import Testing
import TrailCore
@testable import TrailMap
import TrailStore
@testable import TrailApp

/// Places of one's own (`a` on the hike, drawing, follow and recording screens), Places over a
/// route being drawn (`p`, its places kept and saved with it), and the kind chips.
@Suite struct OwnPlacesAndRouteTests {
    let app = CairnApp()

    func key(_ s: inout AppState, _ k: Key) -> [AppEffect] { app.update(&s, .input(.key(k))) }
    func type(_ s: inout AppState, _ text: String) { for c in text { _ = key(&s, .character(c)) } }

    /// The prompt's purpose, when a places prompt is open.
    func placesPrompt(_ s: AppState) -> PlacesPrompt? {
        if case .prompt(let p) = s.modal, case .places(let pp) = p.purpose { return pp }
        return nil
    }

    /// Names the place in the open prompt, then notes it; returns the effects of the note's Enter.
    func nameAndNote(_ s: inout AppState, _ name: String, _ note: String) -> [AppEffect] {
        type(&s, name)
        #expect(key(&s, .enter).isEmpty)
        guard case .ownNote(let p, _) = placesPrompt(s) else { Issue.record("no note prompt: \(String(describing: s.modal))"); return [] }
        #expect(p.name == name)
        type(&s, note)
        return key(&s, .enter)
    }

    static func added(_ effects: [AppEffect]) -> (HikeID, Place)? {
        for case .add(let id, let p)? in effects.map(\.placesEffect) { return (id, p) }
        return nil
    }

    // MARK: - a on the hike screen

    /// Esc at the note goes back one step to the name, as typed (issue 34: it threw the whole
    /// place away); Esc at the name adds nothing; the place is added once named and noted.
    @Test func escAtTheNoteGoesBackToTheName() throws {
        var s = FollowFixture.hikeOpen(app)
        _ = key(&s, .tab)
        _ = key(&s, .character("a"))
        type(&s, "Spring")
        #expect(key(&s, .enter).isEmpty)
        guard case .ownNote = placesPrompt(s) else { Issue.record("no note prompt"); return }
        #expect(key(&s, .escape).isEmpty)
        guard case .prompt(let back) = s.modal, case .places(.ownName(let place, .hike)) = back.purpose else {
            Issue.record("Esc at the note did not go back to the name: \(String(describing: s.modal))"); return
        }
        #expect(back.text == "Spring" && place.name == "Spring")
        // The name as it was: Enter goes on to the note again, and the place is added.
        #expect(key(&s, .enter).isEmpty)
        guard case .ownNote = placesPrompt(s) else { Issue.record("no note prompt the second time"); return }
        type(&s, "cold")
        let (_, p) = try #require(Self.added(key(&s, .enter)))
        #expect(p.name == "Spring" && p.note == "cold")
        // Esc at the name: nothing added, no prompt.
        _ = key(&s, .character("a"))
        #expect(key(&s, .escape).isEmpty && s.modal == nil)
    }

    @Test func aOnTheHikeMapAddsAtTheMapCursorWithANameAndANote() throws {
        var s = FollowFixture.hikeOpen(app)
        _ = key(&s, .tab)
        #expect(s.hike?.screen.focus == .map)
        // The map cursor is drawn at the centre of the map view while the map has the focus.
        var buffer = Buffer(width: s.width, height: s.height)
        let frame = HikeScreenView.render(state: s.hike!.screen, environment: s.environment,
                                          area: AppLayout(width: s.width, height: s.height).content, into: &buffer)
        let centre = try #require(s.hike!.screen.viewport.cell(s.hike!.screen.viewport.center))
        #expect(buffer[frame.layout.map.x + centre.x, frame.layout.map.y + centre.y]?.symbol == "╋")
        // The map moved away from the line: the place is where the cursor is, not on the hike.
        for _ in 0..<3 { _ = key(&s, .right) }
        let at = s.hike!.screen.viewport.center
        _ = key(&s, .character("a"))
        guard case .ownName(let draft, .hike(let target)) = placesPrompt(s) else { Issue.record("no name prompt"); return }
        #expect(target == FollowFixture.hikeID && draft.coordinate == at && draft.elevation == nil)
        let effects = nameAndNote(&s, "Lunch rock", "flat, in the shade")
        let (id, p) = try #require(Self.added(effects))
        #expect(id == FollowFixture.hikeID)
        #expect(p.name == "Lunch rock" && p.note == "flat, in the shade" && p.kind == .other && p.osmID == nil)
        #expect(p.coordinate == at && s.modal == nil)
        // The store's answer puts it on the hike screen's map and profile.
        _ = app.update(&s, .places(.stored(id, [Place(id: 1, kind: .other, name: "Lunch rock", coordinate: at)], status: "Added")))
        #expect(s.hike?.screen.hike.places.map(\.place.name) == ["Lunch rock"])
    }

    @Test func aOnTheProfileAddsAtItsCursorWithItsHeightAndEmptyNameOrEscAddsNothing() throws {
        var s = FollowFixture.hikeOpen(app)
        for _ in 0..<5 { _ = key(&s, .right) }
        let screen = s.hike!.screen
        let i = screen.scrubIndex
        _ = key(&s, .character("a"))
        guard case .ownName(let draft, _) = placesPrompt(s) else { Issue.record("no prompt"); return }
        #expect(draft.coordinate == screen.hike.coordinates[i])
        // The fixture climbs 1 m per point from 1000 m.
        #expect(draft.elevation == 1000 + Double(i))
        // An empty name adds nothing; Esc on the note goes back to the name, Esc there adds nothing.
        #expect(key(&s, .enter).isEmpty && s.modal == nil && s.status.text.contains("nothing added"))
        _ = key(&s, .character("a"))
        type(&s, "Spring")
        _ = key(&s, .enter)
        #expect(key(&s, .escape).isEmpty && s.modal != nil)
        #expect(key(&s, .escape).isEmpty && s.modal == nil)
        // An empty note adds the place without one.
        _ = key(&s, .character("a"))
        let (_, p) = try #require(Self.added(nameAndNote(&s, "Spring", "")))
        #expect(p.name == "Spring" && p.note == nil)
    }

    // MARK: - a while following and recording

    @Test func aWhileFollowingAddsWhereTheLastFixIs() throws {
        var s = FollowFixture.following(app)
        _ = key(&s, .character("a"))
        #expect(s.modal == nil)  // no fix yet
        #expect(s.status.text.contains("No position yet"))
        let f = FollowFixture.fix(12, east: 30)
        FollowFixture.send(f, app, &s)
        _ = key(&s, .character("a"))
        let (id, p) = try #require(Self.added(nameAndNote(&s, "Cairn", "on the left")))
        #expect(id == FollowFixture.hikeID && p.coordinate == f.coordinate && p.note == "on the left")
        // Stored: drawn on the follow screen's map.
        _ = app.update(&s, .places(.stored(id, [Place(id: 3, kind: .other, name: "Cairn", coordinate: f.coordinate)], status: "Added")))
        #expect(s.screen.kind == .follow && s.hike?.screen.hike.places.count == 1)
        #expect(FollowFixture.text(app, s).contains("✚"))
    }

    /// A fix the filter turns down (±500 m) moves neither the marker nor the panel's figures, so
    /// the place goes where the last accepted fix is, with that fix's altitude.
    @Test func aWhileFollowingUsesTheLastAcceptedFixNotARejectedOne() throws {
        var s = FollowFixture.following(app)
        let f = FollowFixture.fix(12, east: 30)
        FollowFixture.send(f, app, &s)
        var poor = FollowFixture.fix(13, east: 130)
        poor.horizontalAccuracy = 500
        FollowFixture.send(poor, app, &s)
        _ = key(&s, .character("a"))
        let (_, p) = try #require(Self.added(nameAndNote(&s, "Cairn", "")))
        #expect(p.coordinate == f.coordinate && p.elevation == 1012)
    }

    @Test func aWhileRecordingUsesTheLastRecordedPointNotARejectedFix() throws {
        var d = RecordDriver()
        _ = d.start()
        for k in 0..<4 { d.send(FollowFixture.fix(Double(k))) }
        var poor = FollowFixture.fix(4, east: 130)
        poor.horizontalAccuracy = 500
        d.send(poor)
        _ = d.key(.character("a"))
        var s = d.state
        let (_, p) = try #require(Self.added(nameAndNote(&s, "Bench", "")))
        let last = FollowFixture.fix(3)
        #expect(p.coordinate == last.coordinate && p.elevation == 1003)
    }

    @Test func aWhileRecordingAddsToTheRecordingsHike() throws {
        var d = RecordDriver()
        _ = d.start()
        #expect(d.key(.character("a")).isEmpty && d.state.modal == nil)  // nothing recorded yet
        for k in 0..<4 { d.send(FollowFixture.fix(Double(k))) }
        let here = try #require(d.model?.position)
        _ = d.key(.character("a"))
        var s = d.state
        let (id, p) = try #require(Self.added(nameAndNote(&s, "Bench", "")))
        #expect(id == RecordDriver.hike && p.coordinate == here)
        _ = app.update(&s, .places(.stored(id, [Place(id: 1, kind: .other, name: "Bench", coordinate: here)], status: "Added your place")))
        guard case .record(let m) = s.screen else { Issue.record("not recording"); return }
        #expect(m.places.map(\.name) == ["Bench"] && s.status.text == "Added your place")
    }

    // MARK: - Places over the route being drawn

    /// A drawing with a start and a destination, routed (straight legs over an empty map).
    func routedDrawing() throws -> (AppState, DrawUpdateTests) {
        let t = DrawUpdateTests()
        let planner = try DrawUpdateTests.planner()
        var s = try t.drawing()
        t.answer(&s, t.place(&s, dx: -10, dy: -3, "s"), planner)
        t.answer(&s, t.place(&s, dx: 20, dy: 6, "d"), planner)
        #expect(s.drawing?.stops.count == 2 && s.drawing?.planRequest == nil)
        return (s, t)
    }

    @Test func pOnTheDrawingListsPlacesAlongTheRouteAndKeepsTheChosenOnesWithIt() throws {
        var (s, _) = try routedDrawing()
        let drawing = try #require(s.drawing)
        let effects = key(&s, .character("p"))
        guard let model = s.screen.placesModel else { Issue.record("no Places screen"); return }
        #expect(model.drawing != nil && model.hike.screen.hike.coordinates == drawing.plan.track(name: nil).segments.flatMap { $0.points.map(\.coordinate) })
        // The search runs over the plan's line.
        guard case .search(let request, let coordinates, _, _, let within, nil)? = effects.first?.placesEffect else {
            Issue.record("no search: \(effects)"); return
        }
        #expect(coordinates == model.hike.screen.hike.coordinates && within == s.placesWithin)
        // A place found on the line, added: kept in the drawing, nothing sent to the store.
        let mid = coordinates[coordinates.count / 2]
        let hut = Place(kind: .hut, name: "Borda", coordinate: mid, elevation: 1890.4, osmID: "node/77", elevationFromTerrain: true)
        _ = app.update(&s, .places(.found(request: request, [PlaceAlongTrail(place: hut, distanceAlong: 100, distanceOff: 0, pointIndex: 0)])))
        let addEffects = key(&s, .character("a"))
        #expect(addEffects.isEmpty, "a drawing's places are not stored before the route: \(addEffects)")
        #expect(s.status.text.contains("to the route"))
        guard let after = s.screen.placesModel else { Issue.record("left Places"); return }
        #expect(after.drawing?.routePlaces.map(\.osmID) == ["node/77"] && after.rows.first?.place.id != nil)
        #expect(key(&s, .character("a")).isEmpty && s.status.text.contains("Already on the route"))
        // Esc: back to the drawing with the place, kept in the draft; shown on its map.
        let back = key(&s, .escape)
        #expect(s.screen.kind == .draw)
        #expect(s.drawing?.routePlaces.map(\.name) == ["Borda"])
        #expect(DrawUpdateTests.keptDraft(back)?.places.map(\.name) == ["Borda"])
        #expect(FollowFixture.text(app, s).contains("1 place saved with the route"))
        // w saves the route with its places (ids of the drawing dropped).
        _ = key(&s, .character("w"))
        let saved = key(&s, .enter)
        guard case .draw(.save(_, _, _, let places, _)) = saved.first else { Issue.record("no save: \(saved)"); return }
        #expect(places.map(\.name) == ["Borda"] && places.first?.id == nil && places.first?.elevationFromTerrain == true)
    }

    /// `w`: a pin set on a map place (0 m from it) saves that place with its kind, OSM id and
    /// tagged height; a pin merely near one (120 m) is named after it but is no place.
    @Test func wSavesAPinOnAMapPlaceAsThatPlaceAndAPlainPinAsNone() throws {
        var (s, _) = try routedDrawing()
        let stops = try #require(s.drawing?.plan.stops)
        s.drawing?.places[stops[0]] = .some(NamedPlace(id: MapFeatureID(type: .node, osmID: 42), featureClass: .peak,
                                                        name: "Pic de Percanela", coordinate: stops[0], tags: ["ele": "2491"], distance: 0))
        s.drawing?.places[stops[1]] = .some(NamedPlace(id: MapFeatureID(type: .node, osmID: 43), featureClass: .hut,
                                                        name: "Borda", coordinate: stops[1], tags: [:], distance: 120))
        _ = key(&s, .character("w"))
        let saved = key(&s, .enter)
        guard case .draw(.save(_, _, let names, let places, _)) = saved.first else { Issue.record("no save: \(saved)"); return }
        #expect(names == ["Pic de Percanela", "Borda"])
        #expect(places.count == 1)
        let p = try #require(places.first)
        #expect(p.kind == .peak && p.osmID == "node/42" && p.elevation == 2491 && p.name == "Pic de Percanela"
                && p.coordinate == stops[0] && p.tags == ["ele": "2491"] && p.id == nil)
    }

    @Test func aOnTheDrawingAddsAtTheCursorAndPNeedsARoute() throws {
        let t = DrawUpdateTests()
        var s = try t.drawing()
        _ = key(&s, .character("p"))
        #expect(s.screen.kind == .draw && s.status.text.contains("need a start and a destination"))
        let cursor = try #require(s.drawing?.cursor)
        _ = key(&s, .character("a"))
        guard case .ownName(let draft, .drawing) = placesPrompt(s) else { Issue.record("no prompt"); return }
        #expect(draft.coordinate == cursor)
        let effects = nameAndNote(&s, "Viewpoint", "sunset")
        #expect(s.drawing?.routePlaces.map(\.note) == ["sunset"] && s.drawing?.routePlaces.first?.id == 1)
        #expect(DrawUpdateTests.keptDraft(effects)?.places.map(\.name) == ["Viewpoint"])
    }

    @Test func editingADrawnHikeBringsItsPlacesBackIntoTheDrawing() throws {
        let t = DrawUpdateTests()
        var s = try t.drawing()
        let a = Coordinate(latitude: 42.622, longitude: 1.534), b = Coordinate(latitude: 42.623, longitude: 1.538)
        let track = Track(segments: [TrackSegment(points: [Trackpoint(a), Trackpoint(b)])])
        let spring = Place(kind: .spring, name: "Font", coordinate: b)
        _ = app.update(&s, .draw(.drawnHikeLoaded(HikeID(rowID: 4), name: "Drawn", track, places: [spring])))
        #expect(s.drawing?.routePlaces.map(\.name) == ["Font"] && s.drawing?.isUnchangedEdit == true)
    }

    // MARK: - The kind chips

    static func row(_ buffer: Buffer, _ y: Int) -> String { buffer.textLines(trimTrailingSpaces: true)[y] }

    @Test func chipsAt130ColumnsAreWholeWithMoreAndTheCursorChipIsUnderlined() throws {
        let hike = HikeModel(id: HikeID(rowID: 1), screen: HikeScreenState(hike: FollowFixture.hike()))
        var model = PlacesModel(hike: hike, within: 1000)
        model.found = []
        let env = WidgetEnvironment(theme: TestSupport.theme("high-contrast"), format: UnitFormatter(system: .metric))
        var buffer = Buffer(width: 130, height: 30)
        PlacesView.render(model: model, environment: env, area: buffer.area, into: &buffer)
        let row = Self.row(buffer, 1)
        // Widths (display columns, each chip with its one-column gap): peak 9, saddle 11,
        // spring/water 17, hut/shelter 16, viewpoint 14, waterfall 14, lake 9, parking 12,
        // toilets 12 = 114; bus stop (13) would make 127 and leave no room for " +2 more" in 128.
        #expect(row == " ▸[▲ peak] [⌒ saddle] [○ spring/water] [⌂ hut/shelter] [✦ viewpoint] [≋ waterfall] [~ lake] [P parking] [T toilets] +2 more")
        // The chip under the cursor is underlined and bold (style, not colour: high-contrast
        // draws chips on and the selection alike in reverse); the next chip is not.
        let peak = try #require(buffer[3, 1]), saddle = try #require(buffer[12, 1])
        #expect(peak.symbol == "▲" && peak.attributes.contains(.underline) && peak.attributes.contains(.bold))
        #expect(saddle.symbol == "⌒" && !saddle.attributes.contains(.underline))
        // The cursor on the last chip: the window moves, the chips before it are counted.
        model.chip = PlaceKind.searchable.count - 1
        model.kinds.remove(.village)
        buffer = Buffer(width: 130, height: 30)
        PlacesView.render(model: model, environment: env, area: buffer.area, into: &buffer)
        let last = Self.row(buffer, 1)
        #expect(last.hasPrefix(" ‹2 [○ spring/water]") && last.hasSuffix("[B bus stop]▸ ● town/village"), "\(last)")
        #expect(last.filter { $0 == "[" }.count == last.filter { $0 == "]" }.count)
    }

    @Test func listsMarkTerrainHeights() throws {
        let hike = HikeModel(id: HikeID(rowID: 1), screen: HikeScreenState(hike: FollowFixture.hike()))
        var model = PlacesModel(hike: hike, within: 1000)
        let c = hike.screen.hike.coordinates[10]
        model.found = [PlaceAlongTrail(place: Place(kind: .spring, name: "Font", coordinate: c, elevation: 1234.6, elevationFromTerrain: true),
                                       distanceAlong: 110.6, distanceOff: 0, pointIndex: 10),
                       PlaceAlongTrail(place: Place(kind: .peak, name: "Tuc", coordinate: c, elevation: 2501),
                                       distanceAlong: 120, distanceOff: 0, pointIndex: 10)]
        var buffer = Buffer(width: 120, height: 30)
        PlacesView.render(model: model, environment: AppUpdateTests.environment(), area: buffer.area, into: &buffer)
        let text = buffer.textDump()
        #expect(text.contains("Font ~1235 m") && text.contains("Tuc 2501 m") && text.contains("(~ height from the terrain)"))
        #expect(text.contains("height: 1235 m (terrain, SRTM)"))
    }
}
