import Foundation
import TrailCore
import TrailSQLite

extension MapStore {
    /// Waymarked routes (route=hiking/foot relations) whose present members touch `box`.
    /// Super-routes without way members have no box and are found by ``route(id:)`` only.
    /// - Throws: ``SQLiteError``.
    public func routes(in box: BoundingBox) throws -> [HikingRoute] {
        let ids = try db.query("""
            SELECT id FROM route_bbox WHERE max_lat >= ? AND min_lat <= ? AND max_lon >= ? AND min_lon <= ? ORDER BY id
            """, [.integer(Int64(FixedPoint.e7(max(-90, box.minLatitude)))), .integer(Int64(FixedPoint.e7(min(90, box.maxLatitude)))),
                  .integer(Int64(FixedPoint.e7(max(-180, box.minLongitude)))), .integer(Int64(FixedPoint.e7(min(180, box.maxLongitude))))]) {
            $0.int64(0)
        }
        return try ids.compactMap { try route(id: $0) }
    }

    /// One route by relation id, with its members and geometry; nil when not stored.
    public func route(id: Int64) throws -> HikingRoute? {
        let rows = try db.query("SELECT route, tags, complete, geometry FROM routes WHERE id = ?", [.integer(id)]) { st in
            (st.string(0), st.withBlob(1) { TagsJSON.decode($0) } ?? [:], st.int(2) != 0,
             st.withBlob(3) { GeometryCodec.decodeCoordinates($0) } ?? [])
        }
        guard let (route, tags, complete, parts) = rows.first else { return nil }
        let members = try db.query("""
            SELECT type, ref, role, present FROM route_members WHERE route_id = ? ORDER BY position
            """, [.integer(id)]) { st in
            HikingRoute.Member(type: OSMElementType(rawValue: st.int(0)) ?? .way, ref: st.int64(1), role: st.string(2),
                               isPresent: st.int(3) != 0)
        }
        return HikingRoute(id: id, route: route, tags: tags, members: members, isComplete: complete, parts: parts,
                           bounds: BoundingBox(covering: parts.joined()))
    }

    /// Number of stored routes.
    public func routeCount() throws -> Int {
        Int(try db.scalar("SELECT count(*) FROM routes")?.integer ?? 0)
    }
}
