import Foundation
import Testing
import TrailCore
import TrailFormats
import TrailSQLite
@testable import TrailStore

/// Places in the hike store: waypoints of a file arrive as places, added and own places are
/// stored, edited and removed, and everything travels out as `<wpt>` and back in.
@Suite struct PlaceStoreTests {
    static let marked = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="a friend" xmlns="http://www.topografix.com/GPX/1/1">
          <wpt lat="46.001" lon="7.5002"><ele>2101.5</ele><name>Hut</name><desc>beds in summer</desc>
            <link href="https://www.openstreetmap.org/way/206379041"><text>OSM</text></link><sym>Lodge</sym><type>hut</type></wpt>
          <wpt lat="46.002" lon="7.5"><name>Spring</name><sym>Drinking Water</sym></wpt>
          <wpt lat="46.003" lon="7.4999"><name>Lunch</name><cmt>flat rock</cmt></wpt>
          <trk><name>Walk</name><trkseg>
            <trkpt lat="46.0" lon="7.5"><ele>2000</ele></trkpt><trkpt lat="46.004" lon="7.5"><ele>2100</ele></trkpt>
          </trkseg></trk>
        </gpx>
        """

    func importMarked(_ store: HikeStore) throws -> HikeID {
        let doc = try GPXReader.read(data: Data(Self.marked.utf8), fileName: "marked.gpx").document
        return try Self.id(store.insert(sampleHike(doc.tracks[0], waypoints: doc.waypoints)))
    }

    static func id(_ o: HikeStore.InsertOutcome) -> HikeID {
        switch o { case .inserted(let id), .duplicate(of: let id): return id }
    }

    @Test func waypointsOfAFileArriveAsPlaces() throws {
        let store = try HikeStore(path: makeTempDirectory() + "/hikes.sqlite")
        let id = try importMarked(store)
        let places = try store.places(of: id)
        #expect(places.map(\.kind) == [.hut, .spring, .other])
        #expect(places[0].osmID == "way/206379041" && places[0].note == "beds in summer" && places[0].elevation == 2101.5)
        #expect(places[1].osmID == nil && places[2].note == "flat rock")
        #expect(places.allSatisfy { $0.id != nil })
    }

    /// A drawn route's stops are waypoints (GPX) but not places; a file's "stop" waypoint is.
    @Test func aDrawnRoutesStopsAreNotItsPlaces() throws {
        let store = try HikeStore(path: makeTempDirectory() + "/hikes.sqlite")
        let doc = try GPXReader.read(data: Data(Self.marked.utf8), fileName: "marked.gpx").document
        let stops = [Waypoint(latitude: 46.0, longitude: 7.5, name: "Stop 1", type: "stop"),
                     Waypoint(latitude: 46.004, longitude: 7.5, name: "Pic", type: "stop")]
        var drawn = sampleHike(doc.tracks[0], waypoints: stops)
        drawn.kind = .drawn
        let id = try Self.id(store.insert(drawn, allowDuplicate: true))
        #expect(try store.places(of: id).isEmpty)
        _ = try store.addPlace(Place(kind: .peak, name: "Pic", coordinate: Coordinate(latitude: 46.004, longitude: 7.5),
                                     elevation: 2491, osmID: "node/42"), to: id)
        #expect(try store.places(of: id).map(\.name) == ["Pic"])
        #expect(try store.summary(id).waypointCount == 3)
        let imported = try Self.id(store.insert(sampleHike(doc.tracks[0], waypoints: stops), allowDuplicate: true))
        #expect(try store.places(of: imported).map(\.name) == ["Stop 1", "Pic"])
    }

    @Test func addEditRemoveAndDeleteWithTheHike() throws {
        let store = try HikeStore(path: makeTempDirectory() + "/hikes.sqlite")
        let id = try importMarked(store)
        let peak = Place(kind: .peak, name: "Pic de Besalí", coordinate: Coordinate(latitude: 46.0025, longitude: 7.51),
                         elevation: 2639, osmID: "node/3947873430", tags: ["ele": "2639"])
        let stored = try store.addPlace(peak, to: id)
        #expect(stored.id != nil)
        #expect(throws: PlaceStoreError.self) { try store.addPlace(peak, to: id) }
        var own = try store.addPlace(Place(kind: .other, name: "Camp", coordinate: Coordinate(latitude: 46.0035, longitude: 7.5)), to: id)
        own.name = "Bivouac"; own.kind = .hut; own.note = "windy"
        try store.updatePlace(own, of: id)
        var places = try store.places(of: id)
        #expect(places.count == 5)
        #expect(places[3].tags == ["ele": "2639"] && places[3].osmID == "node/3947873430")
        #expect(places[4].name == "Bivouac" && places[4].kind == .hut && places[4].note == "windy")
        #expect(try store.summary(id).waypointCount == 5)
        // All or none: a missing id removes nothing.
        #expect(throws: PlaceStoreError.self) { try store.removePlaces([own.id!, 999_999], from: id) }
        #expect(try store.places(of: id).count == 5)
        try store.removePlaces([own.id!], from: id)
        places = try store.places(of: id)
        #expect(places.count == 4)
        #expect(try store.summary(id).waypointCount == 4)
        try store.delete([id])
        #expect(try store.connection.scalar("SELECT count(*) FROM waypoints")?.integer == 0)
    }

    @Test func exportThenImportRoundTripsThePlaces() throws {
        let store = try HikeStore(path: makeTempDirectory() + "/hikes.sqlite")
        let id = try importMarked(store)
        try store.addPlace(Place(kind: .peak, name: "Pic", coordinate: Coordinate(latitude: 46.0025, longitude: 7.51),
                                 elevation: 2639, osmID: "node/3947873430"), to: id)
        try store.addPlace(Place(kind: .spring, name: "My spring", coordinate: Coordinate(latitude: 46.0011, longitude: 7.5),
                                 note: "cold & clear <3"), to: id)
        let before = try store.places(of: id)
        let data = try GPXWriter().data(for: try store.hike(id).gpxDocument)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("<type>peak</type>") && text.contains("<sym>Summit</sym>"))
        #expect(text.contains("https://www.openstreetmap.org/node/3947873430"))
        let again = try GPXReader.read(data: data, fileName: "exported.gpx").document
        let id2 = Self.id(try store.insert(sampleHike(again.tracks[0], waypoints: again.waypoints), allowDuplicate: true))
        let after = try store.places(of: id2)
        func strip(_ p: Place) -> Place { var q = p; q.id = nil; q.tags = [:]; return q }
        #expect(after.map(strip) == before.map(strip))
    }

    @Test func waypointsStoredBeforeTheMigrationReadAsPlaces() throws {
        let store = try HikeStore(path: makeTempDirectory() + "/hikes.sqlite")
        let id = try importMarked(store)
        // As a v5 store left them: no kind, no OSM id.
        try store.connection.execute("UPDATE waypoints SET kind = NULL, osm_id = NULL")
        let places = try store.places(of: id)
        #expect(places.map(\.kind) == [.hut, .spring, .other])
        #expect(places[0].osmID == "way/206379041")
        #expect(try store.connection.scalar("SELECT count(*) FROM cairn_migrations WHERE name = 'v6-places'")?.integer == 1)
    }
}
