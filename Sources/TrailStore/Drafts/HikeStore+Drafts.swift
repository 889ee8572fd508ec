import Foundation
import TrailCore
import TrailSQLite

/// The `drafts` table (migration ``HikeStore/draftsMigrationName``): the unfinished drawing.
///
/// One row per draft and drawing session (`owner`, migration ``HikeStore/draftOwnersMigrationName``):
/// two viewers drawing on one store keep two drafts; the newest is the one offered. Stops and their per-leg routing flags are one JSON array,
/// `[{"lat":42.6236,"lon":1.533,"routed":true}, …]` (`routed` on stop i is the flag of the leg
/// from stop i; the last stop has none; `place` the map place picked for the stop, if any:
/// ``DraftStopPlace``), pins another; the map view and cursor are plain
/// columns. Written in one statement (an upsert), so a killed process keeps the previous or
/// the new draft, never half of one.
extension HikeStore {
    /// The name under which the drafts table is registered in ``HikeSchema``.
    public static let draftsMigrationName = "v2-drafts"

    /// The migration that gives each draft its owner (``DrawingDraft/owner``); a draft kept
    /// before gets a random one.
    public static let draftOwnersMigrationName = "v15-draft-owners"

    /// Adds `drafts.owner` (unique).
    static func addDraftOwners(_ db: Connection) throws {
        try db.execute("""
            ALTER TABLE drafts ADD COLUMN owner TEXT;
            UPDATE drafts SET owner = lower(hex(randomblob(8))) WHERE owner IS NULL;
            CREATE UNIQUE INDEX drafts_owner ON drafts(owner);
            """)
    }

    /// Creates the `drafts` table.
    static func createDraftsTable(_ db: Connection) throws {
        try db.execute("""
            CREATE TABLE drafts (
                id INTEGER PRIMARY KEY,
                stops_json TEXT NOT NULL,
                pins_json TEXT NOT NULL DEFAULT '[]',
                routing_on INTEGER NOT NULL DEFAULT 1,
                center_latitude REAL,
                center_longitude REAL,
                zoom REAL,
                cursor_latitude REAL,
                cursor_longitude REAL,
                source_hike TEXT,
                name TEXT,
                updated_at REAL NOT NULL
            );
            """)
    }

    /// One stop as stored in `stops_json`.
    private struct StoredStop: Codable {
        var lat: Double
        var lon: Double
        var routed: Bool?
        /// The map place picked for the stop, if any (absent in drafts kept before DECISIONS 504).
        var place: DraftStopPlace?
    }

    /// One pin as stored in `pins_json`.
    private struct StoredPin: Codable {
        var lat: Double
        var lon: Double
    }

    /// Keeps `draft` in its owner's row, replacing what that owner kept before; other owners'
    /// drafts stay (`updatedAt` is stamped with the store's clock). A draft without an owner
    /// is kept as owner "".
    /// - Throws: ``SQLiteError``; `EncodingError` for non-finite numbers.
    public func saveDraft(_ draft: DrawingDraft) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let stops = draft.stops.enumerated().map { i, c in
            StoredStop(lat: c.latitude, lon: c.longitude,
                       routed: i < draft.stops.count - 1 ? (i < draft.legRouting.count ? draft.legRouting[i] : true) : nil,
                       place: i < draft.stopPlaces.count ? draft.stopPlaces[i] : nil)
        }
        let stopsJSON = String(decoding: try encoder.encode(stops), as: UTF8.self)
        let pinsJSON = String(decoding: try encoder.encode(draft.pins.map { StoredPin(lat: $0.latitude, lon: $0.longitude) }),
                              as: UTF8.self)
        let placesJSON = draft.places.isEmpty ? nil : String(decoding: try encoder.encode(draft.places), as: UTF8.self)
        try connection.run("""
            INSERT INTO drafts (owner, stops_json, pins_json, routing_on, center_latitude, center_longitude, zoom,
                                cursor_latitude, cursor_longitude, source_hike, name, updated_at, places_json)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(owner) DO UPDATE SET stops_json = excluded.stops_json, pins_json = excluded.pins_json,
                routing_on = excluded.routing_on, center_latitude = excluded.center_latitude,
                center_longitude = excluded.center_longitude, zoom = excluded.zoom,
                cursor_latitude = excluded.cursor_latitude, cursor_longitude = excluded.cursor_longitude,
                source_hike = excluded.source_hike, name = excluded.name, updated_at = excluded.updated_at,
                places_json = excluded.places_json
            """, [
                .text(draft.owner), .text(stopsJSON), .text(pinsJSON), .integer(draft.routingOn ? 1 : 0),
                .optional(draft.mapCenter?.latitude), .optional(draft.mapCenter?.longitude), .optional(draft.mapZoom),
                .optional(draft.cursor?.latitude), .optional(draft.cursor?.longitude),
                .optional(draft.sourceHike?.rawValue), .optional(draft.name),
                .real(now().timeIntervalSinceReferenceDate), .optional(placesJSON),
            ])
    }

    /// The newest kept draft, or nil when none is kept.
    /// - Throws: ``SQLiteError``; `DecodingError` when the JSON columns are damaged.
    public func loadDraft() throws -> DrawingDraft? {
        let rows = try connection.query("""
            SELECT stops_json, pins_json, routing_on, center_latitude, center_longitude, zoom,
                   cursor_latitude, cursor_longitude, source_hike, name, updated_at, places_json, owner
            FROM drafts ORDER BY updated_at DESC, id DESC LIMIT 1
            """) { st in
            (stops: st.string(0), pins: st.string(1), routing: st.int(2) != 0,
             centerLat: st.optionalDouble(3), centerLon: st.optionalDouble(4), zoom: st.optionalDouble(5),
             cursorLat: st.optionalDouble(6), cursorLon: st.optionalDouble(7), source: st.optionalString(8),
             name: st.optionalString(9), updated: st.double(10), places: st.optionalString(11),
             owner: st.optionalString(12) ?? "")
        }
        guard let r = rows.first else { return nil }
        let decoder = JSONDecoder()
        let stops = try decoder.decode([StoredStop].self, from: Data(r.stops.utf8))
        let pins = try decoder.decode([StoredPin].self, from: Data(r.pins.utf8))
        let places = try r.places.map { try decoder.decode([Place].self, from: Data($0.utf8)) } ?? []
        func coordinate(_ lat: Double?, _ lon: Double?) -> Coordinate? {
            guard let lat, let lon else { return nil }
            return Coordinate(latitude: lat, longitude: lon)
        }
        return DrawingDraft(stops: stops.map { Coordinate(latitude: $0.lat, longitude: $0.lon) },
                            legRouting: stops.dropLast().map { $0.routed ?? true },
                            pins: pins.map { Coordinate(latitude: $0.lat, longitude: $0.lon) },
                            routingOn: r.routing, mapCenter: coordinate(r.centerLat, r.centerLon), mapZoom: r.zoom,
                            cursor: coordinate(r.cursorLat, r.cursorLon), sourceHike: r.source.flatMap(HikeID.init),
                            name: r.name, places: places,
                            stopPlaces: stops.contains { $0.place != nil } ? stops.map(\.place) : [], updatedAt: Date(timeIntervalSinceReferenceDate: r.updated), owner: r.owner)
    }

    /// Forgets the draft of `owner` (after it was saved as a hike, or discarded); the other
    /// owners' drafts stay.
    /// - Throws: ``SQLiteError``.
    public func clearDraft(owner: String) throws {
        try connection.run("DELETE FROM drafts WHERE owner = ?", [.text(owner)])
    }

    /// How many drafts are kept (one per drawing session that left one).
    /// - Throws: ``SQLiteError``.
    public func draftCount() throws -> Int {
        Int(try connection.scalar("SELECT count(*) FROM drafts")?.integer ?? 0)
    }
}
