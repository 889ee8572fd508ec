import Foundation
import TrailCore
import TrailSQLite

/// The point rows that walks (`walk_points`) and recordings (`recording_points`) share: one
/// row per accepted fix, keyed by its owner and sequence number, with the stretch (the part
/// between two pauses) it belongs to. Written one row at a time as fixes arrive (no stored
/// point is ever rewritten) and read back stretch by stretch.
extension HikeStore {
    /// A table of stretch points and the column naming its owner (`walk_id`, `recording_id`).
    /// The names are the schema's own constants, never user input.
    struct StretchPointTable {
        let name: String
        let owner: String

        static let walks = StretchPointTable(name: "walk_points", owner: "walk_id")
        static let recordings = StretchPointTable(name: "recording_points", owner: "recording_id")

        /// The INSERT of one row (owner, seq, stretch, then the point's columns).
        var insertSQL: String {
            """
            INSERT INTO \(name)(\(owner), seq, stretch, latitude, longitude, elevation, time, speed, course,
                                satellites, fix)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        }
    }

    /// The values ``StretchPointTable/insertSQL`` binds for `point`.
    static func stretchPointValues(owner: Int64, seq: Int64, stretch: Int, _ p: Trackpoint) -> [SQLiteValue] {
        [.integer(owner), .integer(seq), .integer(Int64(stretch)),
         .real(p.latitude), .real(p.longitude), .optional(p.elevation),
         .optional(p.time?.timeIntervalSinceReferenceDate), .optional(p.extras?.speed),
         .optional(p.extras?.course), .optional(p.extras?.satellites), .optional(p.extras?.fix)]
    }

    /// An owner's stored points, one array per stretch in order (a stretch number without
    /// points is left out).
    func storedStretches(_ table: StretchPointTable, owner: Int64) throws -> [[Trackpoint]] {
        let rows = try connection.query("""
            SELECT stretch, latitude, longitude, elevation, time, speed, course, satellites, fix
            FROM \(table.name) WHERE \(table.owner) = ? ORDER BY seq
            """, [.integer(owner)]) { st -> (Int, Trackpoint) in
            let extras = TrackpointExtras(satellites: st.optionalInt64(7).map { Int($0) }, fix: st.optionalString(8),
                                          speed: st.optionalDouble(5), course: st.optionalDouble(6))
            return (st.int(0), Trackpoint(latitude: st.double(1), longitude: st.double(2), elevation: st.optionalDouble(3),
                                          time: st.optionalDouble(4).map { Date(timeIntervalSinceReferenceDate: $0) },
                                          extras: extras.isEmpty ? nil : extras))
        }
        var out: [[Trackpoint]] = []
        var current = -1
        for (stretch, p) in rows {
            if stretch != current || out.isEmpty {
                out.append([])
                current = stretch
            }
            out[out.count - 1].append(p)
        }
        return out
    }
}
