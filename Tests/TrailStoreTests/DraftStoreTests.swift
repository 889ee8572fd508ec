import Foundation
import Testing
import TrailCore
import TrailSQLite
@testable import TrailStore

/// The `drafts` table: the unfinished route drawing kept across runs.
@Suite struct DraftStoreTests {
    static let stops = [Coordinate(latitude: 42.6236, longitude: 1.5330), Coordinate(latitude: 42.6222, longitude: 1.5360),
                        Coordinate(latitude: 42.6218, longitude: 1.5401)]

    static func draft() -> DrawingDraft {
        DrawingDraft(stops: stops, legRouting: [true, false], pins: [Coordinate(latitude: 42.62, longitude: 1.53)],
                     routingOn: false, mapCenter: Coordinate(latitude: 42.6225, longitude: 1.5365), mapZoom: 15.5,
                     cursor: Coordinate(latitude: 42.6221, longitude: 1.5362), sourceHike: HikeID(rowID: 3),
                     name: "Sorteny loop")
    }

    @Test func savesLoadsReplacesAndClears() throws {
        let clock = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let store = try HikeStore(path: makeTempDirectory() + "/hikes.sqlite", now: { clock })
        #expect(try store.loadDraft() == nil)
        var d = Self.draft()
        try store.saveDraft(d)
        d.updatedAt = clock
        #expect(try store.loadDraft() == d)
        // A second save replaces the first (one current draft).
        var e = DrawingDraft(stops: [Self.stops[2]], legRouting: [], routingOn: true)
        try store.saveDraft(e)
        e.updatedAt = clock
        #expect(try store.loadDraft() == e)
        #expect(try store.connection.scalar("SELECT count(*) FROM drafts")?.integer == 1)
        try store.clearDraft(owner: "")
        #expect(try store.loadDraft() == nil)
        try store.clearDraft(owner: "")  // clearing nothing is fine
    }

    /// Two viewers drawing on one store (two owners) keep two drafts: each save replaces only
    /// its owner's row, the newest is offered, and clearing one leaves the other (issue 34).
    @Test func twoOwnersKeepTwoDrafts() throws {
        var clock = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let store = try HikeStore(path: makeTempDirectory() + "/hikes.sqlite", now: { clock })
        var a = Self.draft()
        a.owner = "aaaa"
        var b = DrawingDraft(stops: [Self.stops[2]], legRouting: [], routingOn: true, owner: "bbbb")
        try store.saveDraft(a)
        clock += 10
        try store.saveDraft(b)
        #expect(try store.draftCount() == 2)
        #expect(try store.loadDraft()?.owner == "bbbb")
        clock += 10
        a.stops.removeLast()
        a.legRouting = [true]
        try store.saveDraft(a)  // A's next change: still two rows, A's is now the newest
        #expect(try store.draftCount() == 2)
        a.updatedAt = clock
        #expect(try store.loadDraft() == a)
        try store.clearDraft(owner: "aaaa")
        b.updatedAt = clock - 10
        #expect(try store.loadDraft() == b)
        try store.clearDraft(owner: "bbbb")
        #expect(try store.loadDraft() == nil)
    }

    @Test func survivesReopeningAndStoresLegFlagsPerStop() throws {
        let path = makeTempDirectory() + "/hikes.sqlite"
        do { try HikeStore(path: path).saveDraft(Self.draft()) }
        let store = try HikeStore(path: path)
        let back = try #require(try store.loadDraft())
        #expect(back.stops == Self.stops)
        #expect(back.legRouting == [true, false])
        #expect(back.routingOn == false)
        #expect(back.sourceHike == HikeID(rowID: 3))
        // The JSON is what the schema documents: one object per stop, the last without a flag.
        let json = try #require(try store.connection.scalar("SELECT stops_json FROM drafts")?.text)
        let objects = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(objects.count == 3)
        #expect(objects.map { $0["routed"] as? Bool } == [true, false, nil])
        #expect(objects[1]["lat"] as? Double == 42.6222)
    }

    /// A stop picked by search keeps its place in the stop's JSON object; a draft kept before
    /// that (no "place") loads with none (DECISIONS 504).
    @Test func aStopsPickedPlaceIsKeptWithIt() throws {
        let store = try HikeStore(path: makeTempDirectory() + "/hikes.sqlite")
        var d = Self.draft()
        let hut = DraftStopPlace(feature: 1234 << 2 | 1, featureClass: "hut", name: "Refugi de Sorteny",
                                 coordinate: Coordinate(latitude: 42.6227, longitude: 1.5641), tags: ["ele": "2000"])
        d.stopPlaces = [nil, hut, nil]
        try store.saveDraft(d)
        let back = try #require(try store.loadDraft())
        #expect(back.stopPlaces == [nil, hut, nil])
        let json = try #require(try store.connection.scalar("SELECT stops_json FROM drafts")?.text)
        let objects = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(objects[0]["place"] == nil && (objects[1]["place"] as? [String: Any])?["name"] as? String == "Refugi de Sorteny")
        try store.connection.run("UPDATE drafts SET stops_json = ?", [.text(#"[{"lat":42.6,"lon":1.5,"routed":true},{"lat":42.61,"lon":1.51}]"#)])
        #expect(try store.loadDraft()?.stopPlaces == [])
    }

    @Test func aStoreWithoutDraftsGetsTheTableAndKeepsItsHikes() throws {
        // A store as the first release wrote it: only the first migration, one hike.
        let path = makeTempDirectory() + "/hikes.sqlite"
        let hike = sampleHike(sampleTrack())
        do {
            let db = try Connection(path: path)
            var v1 = Migrator()
            let first = try #require(HikeSchema.migrator.migrations.first)
            v1.register(first.name, first.apply)
            try v1.migrate(db)
            #expect(try !db.tableExists("drafts"))
            // The hike row as that release wrote it (today's writer also fills later columns).
            try db.run("""
                INSERT INTO hikes (public_id, name, kind, created_at, content_hash, distance, point_count, segment_count)
                VALUES ('aaaaaa', ?, 'imported', 0, x'00', 555, 50, 1)
                """, [.text(hike.name)])
        }
        let store = try HikeStore(path: path)
        #expect(try store.connection.tableExists("drafts"))
        #expect(try HikeSchema.migrator.appliedMigrations(store.connection).contains(HikeStore.draftsMigrationName))
        #expect(try store.hikeCount() == 1)
        #expect(try store.summaries().first?.name == hike.name)
        try store.saveDraft(Self.draft())
        #expect(try store.loadDraft()?.stops == Self.stops)
    }

    /// A draft kept before drafts had owners (row 1, no owner column) is still offered, gets an
    /// owner of its own, and a new viewer's drawing does not overwrite it.
    @Test func aDraftKeptBeforeOwnersGetsOneAndStays() throws {
        let path = makeTempDirectory() + "/hikes.sqlite"
        do {
            let db = try Connection(path: path)
            var before = Migrator()
            for m in HikeSchema.migrator.migrations where m.name != HikeStore.draftOwnersMigrationName {
                before.register(m.name, m.apply)
            }
            try before.migrate(db)
            try db.run("""
                INSERT INTO drafts (id, stops_json, pins_json, routing_on, updated_at)
                VALUES (1, '[{"lat":42.6,"lon":1.5,"routed":true},{"lat":42.61,"lon":1.51}]', '[]', 1, 5)
                """)
        }
        let store = try HikeStore(path: path)
        let old = try #require(try store.loadDraft())
        #expect(old.stops.count == 2 && old.owner.count == 16)
        try store.saveDraft(DrawingDraft(stops: [Self.stops[0]], owner: "cccc"))
        #expect(try store.draftCount() == 2)
        try store.clearDraft(owner: "cccc")
        #expect(try store.loadDraft()?.owner == old.owner)
    }

    @Test func aNewerStoreWithADraftIsRefusedUnchanged() throws {
        let path = makeTempDirectory() + "/hikes.sqlite"
        do {
            let store = try HikeStore(path: path)
            try store.saveDraft(Self.draft())
            try store.connection.run("INSERT INTO cairn_migrations VALUES ('2031-01-01 drafts v3', datetime('now'))")
            try store.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let before = fileBytes(path)
        #expect(throws: HikeStoreError.newerVersion(path: path, unknownMigrations: ["2031-01-01 drafts v3"])) {
            _ = try HikeStore(path: path)
        }
        #expect(fileBytes(path) == before)
    }

    @Test func damagedJSONIsAnErrorNotACrash() throws {
        let store = try HikeStore(path: makeTempDirectory() + "/hikes.sqlite")
        try store.saveDraft(Self.draft())
        try store.connection.run("UPDATE drafts SET stops_json = '[{\"lat\": \"north\"}]'")
        #expect(throws: DecodingError.self) { _ = try store.loadDraft() }
    }
}
