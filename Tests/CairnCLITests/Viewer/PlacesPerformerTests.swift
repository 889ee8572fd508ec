import CairnTestSupport
import Foundation
import Testing
import TrailCore
import TrailMap
import TrailStore
@testable import CairnCLI
@testable import ViewerRuntime
@testable import TrailApp

/// The Places and drawing performers with the sample map and the sample SRTM tile: searches give
/// untagged places the terrain's height; a drawn route is saved with its places, which come back
/// when it is edited. Expected heights: bilinear interpolation of the SRTM3 samples computed in
/// Python from Samples/N42E001.hgt.zip (see PlacesCommandTests): el Serrat 1593.332 m, Cabana de
/// Besalí's box centre 2085.993 m.
@Suite struct PlacesPerformerTests {
    struct Fixture {
        let dir: URL
        let performer: EffectPerformer
        let messages = AnswerRecorder<AppMessage>()

        init() throws {
            dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-places-perf-\(UUID().uuidString)")
            let dem = dir.appendingPathComponent("terrain")
            try FileManager.default.createDirectory(at: dem, withIntermediateDirectories: true)
            let map = dir.appendingPathComponent("map.sqlite").path
            try MapStore(path: map).importOSM(path: TestSupport.samples.appendingPathComponent("andorra-ordino.osm").path)
            let out = StringSink(), err = StringSink()
            let context = CommandContext(stdout: out, stderr: err, environment: ["HOME": dir.path], currentDirectory: dir.path)
            let zip = TestSupport.samples.appendingPathComponent("N42E001.hgt.zip").path
            #expect(CairnCLI.run(["dem", "import", "--dem", dem.path, zip], context: context) == 0, "\(err.text)")
            performer = EffectPerformer(storePath: dir.appendingPathComponent("hikes.sqlite").path, mapPath: map,
                                        terrainPath: dem.path, now: { Date(timeIntervalSince1970: 1_700_000_000) },
                                        speech: SpeechOutput(environment: [:]), terminal: .init(bell: {}, suspend: {}))
        }

        func run(_ effect: AppEffect) -> AppMessage? {
            let before = messages.items.count
            let m = messages
            performer.perform(effect) { m.append($0) }
            return messages.wait { $0.count >= before + 1 }.dropFirst(before).first
        }

        func remove() { try? FileManager.default.removeItem(at: dir) }
    }

    static let serrat = Coordinate(latitude: 42.6195784, longitude: 1.5388976)
    static let besali = Coordinate(latitude: 42.62908135, longitude: 1.5375383)

    @Test func searchGivesUntaggedPlacesTheTerrainsHeight() throws {
        let f = try Fixture()
        defer { f.remove() }
        let a = Coordinate(latitude: 42.6200, longitude: 1.5390), b = Coordinate(latitude: 42.6290, longitude: 1.5376)
        let line = [a, b]
        let answer = f.run(.places(.search(request: 1, coordinates: line, distances: [0, Geodesy.distance(from: a, to: b)],
                                           segmentStarts: [0], within: 300, area: nil)))
        guard case .found(1, let found)? = answer?.placesMessage else { Issue.record("no answer: \(String(describing: answer))"); return }
        let serrat = try #require(found.first { $0.place.osmID == "node/64954451" }?.place)
        #expect(serrat.elevation == 1593.3 && serrat.elevationFromTerrain)
        let hut = try #require(found.first { $0.place.osmID == "way/391568717" }?.place)
        #expect(hut.elevation == 2086.0 && hut.elevationFromTerrain)
    }

    @Test func aDrawnRouteIsSavedWithItsPlacesAndEditingBringsThemBack() throws {
        let f = try Fixture()
        defer { f.remove() }
        let a = Coordinate(latitude: 42.6200, longitude: 1.5390), b = Coordinate(latitude: 42.6290, longitude: 1.5376)
        let request = DrawPlanRequest(request: 1, base: RoutePlan(), stops: [a, b], legRouting: [false], routingOn: false)
        guard case .draw(.planned(1, let plan, _, _, _)) = f.run(.draw(.plan(request))) else { Issue.record("no plan"); return }
        let hut = Place(kind: .hut, name: "Cabana de Besalí", coordinate: Self.besali, osmID: "way/391568717",
                        tags: ["website": "https://example.org"])
        let own = Place(kind: .other, name: "Lunch", coordinate: Self.serrat, elevation: 1600, note: "flat")
        guard case .draw(.saved(_, .inserted(let id))) = f.run(.draw(.save(name: "With places", plan, stopNames: [nil, nil],
                                                                          places: [hut, own]))) else {
            Issue.record("not saved"); return
        }
        let store = try HikeStore(path: f.dir.appendingPathComponent("hikes.sqlite").path)
        let places = try store.places(of: id, exceptType: "stop")
        #expect(places.map(\.name) == ["Cabana de Besalí", "Lunch"])
        #expect(places[0].elevation == 2086.0 && places[0].elevationFromTerrain && places[0].tags["website"] == "https://example.org")
        #expect(places[1].elevation == 1600 && !places[1].elevationFromTerrain && places[1].note == "flat")
        // The two stops are stored as waypoints too, but they are not places (DECISIONS 276).
        #expect(try store.places(of: id).map(\.name) == ["Cabana de Besalí", "Lunch"] && store.summary(id).waypointCount == 4)
        guard case .draw(.drawnHikeLoaded(id, _, _, let back, _)) = f.run(.draw(.loadDrawnHike(id))) else {
            Issue.record("not loaded"); return
        }
        #expect(back.map(\.name) == ["Cabana de Besalí", "Lunch"] && back.allSatisfy { $0.id == nil })
    }

    /// Saving an edited drawing with `w` updates the drawn hike it came from (issue 34): the same
    /// id and walks, the new line and places, no second hike.
    @Test func savingAnEditReplacesTheDrawnHikesLine() throws {
        let f = try Fixture()
        defer { f.remove() }
        let a = Coordinate(latitude: 42.6200, longitude: 1.5390), b = Coordinate(latitude: 42.6290, longitude: 1.5376)
        let c = Coordinate(latitude: 42.6250, longitude: 1.5380)
        let first = DrawPlanRequest(request: 1, base: RoutePlan(), stops: [a, b], legRouting: [false], routingOn: false)
        guard case .draw(.planned(1, let plan, _, _, _)) = f.run(.draw(.plan(first))) else { Issue.record("no plan"); return }
        let hut = Place(kind: .hut, name: "Cabana de Besalí", coordinate: Self.besali, osmID: "way/391568717")
        guard case .draw(.saved(_, .inserted(let id))) = f.run(.draw(.save(name: "Before", plan, stopNames: [nil, nil],
                                                                          places: [hut]))) else {
            Issue.record("not saved"); return
        }
        let store = try HikeStore(path: f.dir.appendingPathComponent("hikes.sqlite").path)
        _ = try store.beginWalk(of: id, startedAt: Date(), offRouteThreshold: 50)
        let created = try store.summary(id).createdAt
        let second = DrawPlanRequest(request: 2, base: RoutePlan(), stops: [a, c, b], legRouting: [false, false], routingOn: false)
        guard case .draw(.planned(2, let edited, _, _, _)) = f.run(.draw(.plan(second))) else { Issue.record("no plan"); return }
        let own = Place(kind: .other, name: "Lunch", coordinate: Self.serrat, elevation: 1600)
        guard case .draw(.updated("After", id)) = f.run(.draw(.save(name: "After", edited, stopNames: [nil, nil, nil],
                                                                    places: [hut, own], target: .replace(id)))) else {
            Issue.record("not updated"); return
        }
        #expect(try store.hikeCount() == 1 && store.walks(of: id).count == 1)
        let after = try store.summary(id)
        #expect(after.name == "After" && after.createdAt == created)
        // Three stops, two straight legs: the distance is the sum of the two great-circle legs.
        let expected = Geodesy.distance(from: a, to: c) + Geodesy.distance(from: c, to: b)
        #expect(abs(after.statistics.distance - expected) < 0.01, "\(after.statistics.distance) vs \(expected)")
        #expect(try store.places(of: id, exceptType: "stop").map(\.name) == ["Cabana de Besalí", "Lunch"])
        #expect(try store.waypoints(of: id).filter { $0.type == "stop" }.count == 3)
        // `W`: a copy of the unchanged line is a new hike (a plain save would name the stored one).
        guard case .draw(.saved(_, .duplicate(id))) = f.run(.draw(.save(name: "Again", edited, stopNames: [nil, nil, nil]))) else {
            Issue.record("a plain save of the same line should find it stored"); return
        }
        guard case .draw(.saved(_, .inserted(let copy))) = f.run(.draw(.save(name: "Copy", edited, stopNames: [nil, nil, nil],
                                                                            target: .copy(of: id)))) else {
            Issue.record("no copy"); return
        }
        #expect(try copy != id && store.hikeCount() == 2)
    }

    /// Editing a saved drawing keeps the places its stops were saved with (issue 34: "Estany
    /// Forcat · water" came back as the nearest feature, a stream), found again on the map by
    /// their saved names; a stop saved without a place ("Stop 2") is looked up afresh.
    @Test func editingADrawnRouteKeepsItsStopsPlaces() throws {
        let f = try Fixture()
        defer { f.remove() }
        let a = Coordinate(latitude: 42.6200, longitude: 1.5390), b = Coordinate(latitude: 42.6290, longitude: 1.5376)
        let c = Coordinate(latitude: 42.6250, longitude: 1.5380)
        let request = DrawPlanRequest(request: 1, base: RoutePlan(), stops: [a, c, b], legRouting: [false, false], routingOn: false)
        guard case .draw(.planned(1, let plan, _, _, _)) = f.run(.draw(.plan(request))) else { Issue.record("no plan"); return }
        guard case .draw(.saved(_, .inserted(let id))) = f.run(.draw(.save(name: "Named stops", plan,
                                                                          stopNames: ["el Serrat", nil, "Cabana de Besalí"]))) else {
            Issue.record("not saved"); return
        }
        guard case .draw(.drawnHikeLoaded(id, _, _, _, let stops)) = f.run(.draw(.loadDrawnHike(id))) else {
            Issue.record("not loaded"); return
        }
        #expect(stops.count == 3, "\(stops)")
        // el Serrat is node/64954451 (a place); Cabana de Besalí way/391568717 (a hut).
        #expect(stops.first??.name == "el Serrat" && stops.first??.id == MapFeatureID(type: .node, osmID: 64954451))
        #expect(stops.count == 3 && stops[1] == nil)
        #expect(stops.last??.name == "Cabana de Besalí" && stops.last??.featureClass == .hut)
        #expect(stops.last??.distance == 0)
    }
}
