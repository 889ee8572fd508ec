import Foundation
import Localization
import TrailCore
import TrailSQLite

/// Why a change to a hike's places was refused; nothing was changed.
public enum PlaceStoreError: Error, Equatable, CustomStringConvertible {
    /// The hike has no place with this id.
    case noSuchPlace(hike: String, place: Int64)
    /// The OpenStreetMap object is already one of the hike's places (its id given).
    case alreadyAdded(osmID: String, place: Int64)

    public var description: String {
        switch self {
        case .noSuchPlace(let h, let p): return L("hike %s has no place #%d (see 'cairn places %s --added')", h, p, h)
        case .alreadyAdded(let osm, let p): return L("%s is already place #%d of this hike", osm, p)
        }
    }
}

extension HikeStore {
    static let placeColumns = """
        id, latitude, longitude, elevation, time, name, comment, description, source, symbol, type, links_json,
        kind, osm_id, tags_json, elevation_source
        """

    /// A hike's places (every waypoint, with its row id), in stored order.
    ///
    /// Waypoints stored before "v6-places" (no `kind`) get their kind from `type`/`sym` and
    /// their OSM id from an openstreetmap.org link, as an import reads them.
    /// - Throws: ``HikeStoreError/noSuchHike(_:)``, ``SQLiteError``.
    ///
    /// A drawn hike's stops (waypoints of type "stop", `RoutePlan.stopWaypoints(names:)`) are
    /// its route's points, kept for GPX, not places: they are left out here.
    public func places(of id: HikeID) throws -> [Place] {
        let hikeRow = try placeHikeRow(id)
        return try connection.query("SELECT \(Self.placeColumns) FROM waypoints WHERE hike_id = ?1 "
                                    + "AND NOT (type IS 'stop' AND (SELECT kind FROM hikes WHERE id = ?1) = 'drawn') ORDER BY position",
                                    [.integer(hikeRow)], row: Self.place)
    }

    /// A hike's places whose GPX `type` is not `type`, in stored order: a drawn hike's places
    /// without its stops (type "stop"), which the drawing makes again from its legs.
    /// - Throws: ``HikeStoreError/noSuchHike(_:)``, ``SQLiteError``.
    public func places(of id: HikeID, exceptType type: String) throws -> [Place] {
        let hikeRow = try placeHikeRow(id)
        return try connection.query("SELECT \(Self.placeColumns) FROM waypoints WHERE hike_id = ? AND type IS NOT ? ORDER BY position",
                                    [.integer(hikeRow), .text(type)], row: Self.place)
    }

    /// Adds `place` to the hike as its last waypoint (GPX `type` the kind, `sym` its symbol,
    /// `desc` the note, a link to the OSM object), in one transaction.
    /// - Returns: the place as stored, with its ``Place/id``.
    /// - Throws: ``PlaceStoreError/alreadyAdded(osmID:place:)`` for an OSM object the hike has,
    ///   ``HikeStoreError/noSuchHike(_:)``, ``HikeStoreError/readOnly(path:)``.
    @discardableResult
    public func addPlace(_ place: Place, to id: HikeID) throws -> Place {
        try requireWritable()
        return try connection.transaction {
            let hikeRow = try placeHikeRow(id)
            if let osm = place.osmID, let existing = try connection.scalar(
                "SELECT id FROM waypoints WHERE hike_id = ? AND osm_id = ?", [.integer(hikeRow), .text(osm)])?.integer {
                throw PlaceStoreError.alreadyAdded(osmID: osm, place: existing)
            }
            let position = try connection.scalar("SELECT coalesce(max(position) + 1, 0) FROM waypoints WHERE hike_id = ?",
                                                 [.integer(hikeRow)])?.integer ?? 0
            let w = place.waypoint
            try connection.run("""
                INSERT INTO waypoints (hike_id, position, latitude, longitude, elevation, name, description, source,
                    symbol, type, links_json, kind, osm_id, tags_json, elevation_source)
                VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
                """, [.integer(hikeRow), .integer(position), .real(w.latitude), .real(w.longitude), .optional(w.elevation),
                      .optional(w.name), .optional(w.description), .optional(w.source), .optional(w.symbol),
                      .optional(w.type), HikeWriter.linksJSON(w.links), .text(place.kind.rawValue),
                      .optional(place.osmID), place.tags.isEmpty ? .null : .text(HikeWriter.json(place.tags)),
                      Self.elevationSource(place)])
            var stored = place
            stored.id = connection.lastInsertRowID
            try countWaypoints(hikeRow)
            return stored
        }
    }

    /// Changes a place's name, kind, note and elevation (its GPX `name`, `type`/`sym`, `desc`,
    /// `ele`, and whether the height is the terrain's); position, OSM id and tags stay.
    /// - Throws: ``PlaceStoreError/noSuchPlace(hike:place:)`` when `place.id` is not one of the
    ///   hike's, ``HikeStoreError``.
    public func updatePlace(_ place: Place, of id: HikeID) throws {
        try requireWritable()
        let hikeRow = try placeHikeRow(id)
        guard let placeID = place.id else { throw PlaceStoreError.noSuchPlace(hike: id.rawValue, place: -1) }
        try connection.run("""
            UPDATE waypoints SET name = ?, kind = ?, type = ?, symbol = ?, description = ?, elevation = ?,
                elevation_source = ?
            WHERE id = ? AND hike_id = ?
            """, [.optional(place.name), .text(place.kind.rawValue), .text(place.kind.rawValue),
                  .optional(place.kind.gpxSymbol), .optional(place.note), .optional(place.elevation), Self.elevationSource(place),
                  .integer(placeID), .integer(hikeRow)])
        if connection.changes == 0 { throw PlaceStoreError.noSuchPlace(hike: id.rawValue, place: placeID) }
    }

    /// Removes places of a hike, all or none.
    /// - Throws: ``PlaceStoreError/noSuchPlace(hike:place:)`` (nothing removed), ``HikeStoreError``.
    public func removePlaces(_ placeIDs: [Int64], from id: HikeID) throws {
        try requireWritable()
        try connection.transaction {
            let hikeRow = try placeHikeRow(id)
            for p in placeIDs {
                try connection.run("DELETE FROM waypoints WHERE id = ? AND hike_id = ?", [.integer(p), .integer(hikeRow)])
                if connection.changes == 0 { throw PlaceStoreError.noSuchPlace(hike: id.rawValue, place: p) }
            }
            try countWaypoints(hikeRow)
        }
    }

    private func countWaypoints(_ hikeRow: Int64) throws {
        try connection.run("UPDATE hikes SET waypoint_count = (SELECT count(*) FROM waypoints WHERE hike_id = ?1) WHERE id = ?1",
                           [.integer(hikeRow)])
    }

    private func placeHikeRow(_ id: HikeID) throws -> Int64 {
        guard let v = try connection.scalar("SELECT id FROM hikes WHERE public_id = ?", [.text(id.rawValue)])?.integer
        else { throw HikeStoreError.noSuchHike(id.rawValue) }
        return v
    }

    static func place(_ st: Statement) -> Place {
        let w = Waypoint(latitude: st.double(1), longitude: st.double(2), elevation: st.optionalDouble(3),
                         time: date(st, 4), name: st.optionalString(5), comment: st.optionalString(6),
                         description: st.optionalString(7), source: st.optionalString(8), links: links(st, 11),
                         symbol: st.optionalString(9), type: st.optionalString(10))
        var p = Place(waypoint: w, id: st.int64(0))
        if let k = st.optionalString(12).flatMap(PlaceKind.init(rawValue:)) { p.kind = k }
        if !st.isNull(13) { p.osmID = st.optionalString(13) }
        if let t = st.optionalString(14),
           let tags = try? decoder.decode([String: String].self, from: Data(t.utf8)) { p.tags = tags }
        p.elevationFromTerrain = p.elevation != nil && st.optionalString(15) == "terrain"
        return p
    }

    /// `waypoints.elevation_source` of a place: 'terrain' for a terrain height, else NULL.
    static func elevationSource(_ place: Place) -> SQLiteValue {
        place.elevationFromTerrain && place.elevation != nil ? .text("terrain") : .null
    }
}
