import Foundation
import Testing
import TrailCore
import TrailFormats
import TrailSQLite
@testable import TrailStore

/// Migration "v10-places-with-routes": a place's height marked as the terrain's, and the
/// places chosen while drawing kept with the draft.
@Suite struct PlacesWithRoutesStoreTests {
    @Test func aTerrainHeightIsStoredMarkedAndTheMarkFollowsChanges() throws {
        let store = try HikeStore(path: makeTempDirectory() + "/hikes.sqlite")
        let id = try PlaceStoreTests.id(store.insert(sampleHike(sampleTrack())))
        let c = Coordinate(latitude: 42.6225, longitude: 1.5351)
        let terrain = try store.addPlace(Place(kind: .spring, name: "Font", coordinate: c, elevation: 1612.4,
                                               elevationFromTerrain: true), to: id)
        let tagged = try store.addPlace(Place(kind: .peak, name: "Tuc", coordinate: c, elevation: 2501, osmID: "node/9"), to: id)
        var places = try store.places(of: id)
        #expect(places.map(\.elevationFromTerrain) == [true, false])
        #expect(try store.connection.scalar("SELECT elevation_source FROM waypoints WHERE id = ?", [.integer(terrain.id!)])?.text
                == "terrain")
        #expect(try store.connection.scalar("SELECT elevation_source FROM waypoints WHERE id = ?", [.integer(tagged.id!)]) == .null)
        // An edited height is the hiker's: the mark goes with it.
        var edited = places[0]
        edited.elevation = 1600
        edited.elevationFromTerrain = false
        try store.updatePlace(edited, of: id)
        places = try store.places(of: id)
        #expect(places[0].elevation == 1600 && !places[0].elevationFromTerrain)
        // The height travels out as a plain <ele>.
        let gpx = String(decoding: try GPXWriter().data(for: try store.hike(id).gpxDocument), as: UTF8.self)
        #expect(gpx.contains("<ele>1600</ele>"))
    }

    @Test func aDraftKeepsItsPlaces() throws {
        let store = try HikeStore(path: makeTempDirectory() + "/hikes.sqlite")
        let hut = Place(id: 1, kind: .hut, name: "Refugi de Rialb", coordinate: Coordinate(latitude: 42.6301, longitude: 1.5588),
                        elevation: 2020, note: "open in summer", osmID: "way/407683520", tags: ["capacity": "12"])
        let own = Place(id: 2, kind: .other, name: "Lunch", coordinate: Coordinate(latitude: 42.625, longitude: 1.55),
                        elevation: 1890.5, elevationFromTerrain: true)
        var draft = DrawingDraft(stops: [Coordinate(latitude: 42.62, longitude: 1.53), Coordinate(latitude: 42.63, longitude: 1.56)],
                                 legRouting: [true])
        draft.places = [hut, own]
        try store.saveDraft(draft)
        #expect(try store.loadDraft()?.places == [hut, own])
        // A draft without places writes NULL and reads back none.
        draft.places = []
        try store.saveDraft(draft)
        #expect(try store.connection.scalar("SELECT places_json FROM drafts") == .null)
        #expect(try store.loadDraft()?.places == [])
        // Only places: still something to keep.
        #expect(!DrawingDraft(stops: [], places: [own]).isEmpty)
    }

    @Test func aDrawnHikesPlacesWithoutItsStops() throws {
        let store = try HikeStore(path: makeTempDirectory() + "/hikes.sqlite")
        let stop = Waypoint(latitude: 42.62, longitude: 1.53, name: "Stop 1", type: "stop")
        let spring = Waypoint(latitude: 42.621, longitude: 1.531, name: "Font", type: "spring")
        let id = try PlaceStoreTests.id(store.insert(sampleHike(sampleTrack(), waypoints: [stop, spring])))
        #expect(try store.places(of: id).count == 2)
        #expect(try store.places(of: id, exceptType: "stop").map(\.name) == ["Font"])
    }

    @Test func theMigrationOnlyAddsColumns() throws {
        // A store as the release before wrote it: every migration but this one, a hike with a waypoint.
        let path = makeTempDirectory() + "/hikes.sqlite"
        do {
            let db = try Connection(path: path)
            var before = Migrator()
            for m in HikeSchema.migrator.migrations where m.name != PlaceSchema.routesMigrationName { before.register(m.name, m.apply) }
            try before.migrate(db)
        }
        do {
            let old = try HikeStore(path: path)
            _ = try old.insert(sampleHike(sampleTrack(), waypoints: [Waypoint(latitude: 42.62, longitude: 1.53, elevation: 1500, name: "W")]))
        }
        let store = try HikeStore(path: path)
        #expect(try HikeSchema.migrator.appliedMigrations(store.connection).contains(PlaceSchema.routesMigrationName))
        let id = try #require(try store.summaries().first?.id)
        let places = try store.places(of: id)
        #expect(places.map(\.name) == ["W"] && places[0].elevation == 1500 && !places[0].elevationFromTerrain)
    }
}
