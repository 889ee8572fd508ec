import Foundation
import TrailSQLite

/// A feature ready to be written: geometry already in fixed point.
struct FeatureRecord {
    var id: MapFeatureID
    var featureClass: FeatureClass
    var kind: GeometryKind
    var parts: [[(Int32, Int32)]]
    var nodeIDs: [[Int64]]?
    var tags: [OSMTag]
    var version: Int32?
    var complete: Bool

    /// (minLat, maxLat, minLon, maxLon) in 1e-7 degrees.
    var box: (Int32, Int32, Int32, Int32) {
        var a = Int32.max, b = Int32.min, c = Int32.max, d = Int32.min
        for part in parts {
            for (lat, lon) in part {
                a = min(a, lat); b = max(b, lat); c = min(c, lon); d = max(d, lon)
            }
        }
        return (a, b, c, d)
    }

    /// The label point, as ``MapFeature/representativeCoordinate`` defines it.
    func label(box: (Int32, Int32, Int32, Int32)) -> (Int32, Int32) {
        switch kind {
        case .point: return parts[0][0]
        case .line:
            let longest = parts.max { $0.count < $1.count } ?? parts[0]
            return longest[longest.count / 2]
        case .area:
            return (Int32((Int64(box.0) + Int64(box.1)) / 2), Int32((Int64(box.2) + Int64(box.3)) / 2))
        }
    }
}

/// Writes features and routes during an import, with prepared statements, applying the
/// upsert rules of ``MapStore/importOSM(path:importedAt:progress:)``.
final class MapStoreWriter {
    struct Stored { var version: Int32?; var complete: Bool }

    let db: Connection
    let importID: Int64
    /// Features already in the store (and written so far): id → version, completeness.
    private var existing: [Int64: Stored]
    private var existingRoutes: [Int64: Stored]
    private let insertFeature, insertBox, insertName, deleteName, deleteFeature, deleteBox: Statement
    private let insertRoute, insertRouteBox, deleteMembers, insertMember: Statement
    private let insertSource, deleteSources, insertRouteSource: Statement

    /// Counters for the report.
    var olderVersionsSkipped = 0
    var partialKeptStored = 0
    var removed = 0

    init(db: Connection, importID: Int64) throws {
        self.db = db
        self.importID = importID
        var existing: [Int64: Stored] = [:]
        let st = try db.prepare("SELECT id, version, complete FROM features")
        while try st.step() {
            existing[st.int64(0)] = Stored(version: st.optionalInt64(1).map { Int32(truncatingIfNeeded: $0) }, complete: st.int(2) != 0)
        }
        self.existing = existing
        var routes: [Int64: Stored] = [:]
        let rs = try db.prepare("SELECT id, version, complete FROM routes")
        while try rs.step() {
            routes[rs.int64(0)] = Stored(version: rs.optionalInt64(1).map { Int32(truncatingIfNeeded: $0) }, complete: rs.int(2) != 0)
        }
        self.existingRoutes = routes
        insertFeature = try db.prepare("""
            INSERT OR REPLACE INTO features(id, class, kind, min_zoom, name, version, complete, label_lat, label_lon,
                                            geometry, node_ids, tags, import_id, zoom_geometry)
            VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)
            """)
        insertBox = try db.prepare("""
            INSERT OR REPLACE INTO feature_bbox(id, min_lat, max_lat, min_lon, max_lon, min_zoom, max_zoom) VALUES (?,?,?,?,?,?,?)
            """)
        insertName = try db.prepare("INSERT INTO feature_names(rowid, name) VALUES (?,?)")
        deleteName = try db.prepare("DELETE FROM feature_names WHERE rowid = ?")
        deleteFeature = try db.prepare("DELETE FROM features WHERE id = ?")
        deleteBox = try db.prepare("DELETE FROM feature_bbox WHERE id = ?")
        insertRoute = try db.prepare("""
            INSERT OR REPLACE INTO routes(id, route, name, ref, version, complete, members_total, members_present,
                                          geometry, tags, import_id)
            VALUES (?,?,?,?,?,?,?,?,?,?,?)
            """)
        insertRouteBox = try db.prepare("INSERT OR REPLACE INTO route_bbox(id, min_lat, max_lat, min_lon, max_lon) VALUES (?,?,?,?,?)")
        deleteMembers = try db.prepare("DELETE FROM route_members WHERE route_id = ?")
        insertMember = try db.prepare("INSERT INTO route_members(route_id, position, type, ref, role, present) VALUES (?,?,?,?,?,?)")
        insertSource = try db.prepare("INSERT OR IGNORE INTO feature_sources(feature_id, import_id) VALUES (?,?)")
        deleteSources = try db.prepare("DELETE FROM feature_sources WHERE feature_id = ?")
        insertRouteSource = try db.prepare("INSERT OR IGNORE INTO route_sources(route_id, import_id) VALUES (?,?)")
    }

    /// OSM ids of the stored (and so far written) features of one element type, ascending.
    func storedOSMIDs(_ type: OSMElementType) -> [Int64] {
        existing.keys.compactMap { key in
            MapFeatureID(rawValue: key).flatMap { $0.type == type ? $0.osmID : nil }
        }.sorted()
    }

    /// Records that this import's file holds feature `key` (whichever copy is stored).
    private func recordSource(_ key: Int64) throws {
        try insertSource.bind([.integer(key), .integer(importID)])
        try insertSource.step()
        insertSource.reset()
    }

    /// True when a stored copy should be kept instead of `version`/`complete` from the file:
    /// the stored version is newer, or the file's copy is partial and not newer than a
    /// complete stored copy.
    private func keepStored(_ old: Stored, version: Int32?, complete: Bool) -> Bool {
        if let v = version, let ov = old.version, v < ov { olderVersionsSkipped += 1; return true }
        if !complete && old.complete {
            let newer = version.map { v in old.version.map { v > $0 } ?? false } ?? false
            if !newer { partialKeptStored += 1; return true }
        }
        return false
    }

    /// Inserts or replaces a feature (upsert by OSM type and id).
    /// - Returns: false when the stored copy was kept.
    @discardableResult
    func write(_ f: FeatureRecord) throws -> Bool {
        let key = f.id.rawValue
        let old = existing[key]
        if let old {
            if keepStored(old, version: f.version, complete: f.complete) { try recordSource(key); return false }
            try deleteName.bind([.integer(key)])
            try deleteName.step()
            deleteName.reset()
        }
        let kept = f.tags
        let box = f.box
        let label = f.label(box: box)
        let name = kept.value("name")
        let minZoom = FeatureClassifier.minZoom(f.featureClass, bounds: FixedPoint.box(box), isPoint: f.kind == .point, tags: kept)
        let geometry = GeometryCodec.encode(parts: f.parts)
        try insertFeature.bind([
            .integer(key), .text(f.featureClass.rawValue), .integer(Int64(f.kind.rawValue)), .integer(Int64(minZoom)),
            .optional(name), .optional(f.version.map(Int64.init)), .integer(f.complete ? 1 : 0),
            .integer(Int64(label.0)), .integer(Int64(label.1)), .blob(geometry),
            f.nodeIDs.map { .blob(GeometryCodec.encode(nodeIDs: $0)) } ?? .null,
            .text(TagsJSON.encode(kept)), .integer(importID),
            MapStore.zoomGeometryBlob(parts: f.parts, kind: f.kind, minZoom: minZoom).map { .blob($0) } ?? .null,
        ])
        try insertFeature.step()
        insertFeature.reset()
        try insertBox.bind([.integer(key), .integer(Int64(box.0)), .integer(Int64(box.1)), .integer(Int64(box.2)),
                            .integer(Int64(box.3)), .integer(Int64(minZoom)), .integer(Int64(minZoom) + 1)])
        try insertBox.step()
        insertBox.reset()
        let names = [name, kept.value("alt_name")].compactMap { $0 }.joined(separator: " ")
        if !names.isEmpty {
            try insertName.bind([.integer(key), .text(names)])
            try insertName.step()
            insertName.reset()
        }
        try recordSource(key)
        existing[key] = Stored(version: f.version, complete: f.complete)
        return true
    }

    /// Removes a stored feature that the file shows is no longer a feature (its tags changed),
    /// unless the stored copy is a newer version.
    func removeIfStored(_ id: MapFeatureID, version: Int32?) throws {
        let key = id.rawValue
        guard let old = existing[key] else { return }
        if let v = version, let ov = old.version, v < ov { return }
        for st in [deleteFeature, deleteBox, deleteName, deleteSources] {
            try st.bind([.integer(key)])
            try st.step()
            st.reset()
        }
        existing[key] = nil
        removed += 1
    }

    /// Inserts or replaces a route relation and its member list.
    /// - Returns: false when the stored copy was kept.
    @discardableResult
    func writeRoute(id: Int64, tags: [OSMTag], version: Int32?, complete: Bool, members: [(OSMMember, Bool)],
                    parts: [[(Int32, Int32)]]) throws -> Bool {
        try insertRouteSource.bind([.integer(id), .integer(importID)])
        try insertRouteSource.step()
        insertRouteSource.reset()
        if let old = existingRoutes[id], keepStored(old, version: version, complete: complete) { return false }
        let present = members.filter(\.1).count
        try insertRoute.bind([
            .integer(id), .text(tags.value("route") ?? ""), .optional(tags.value("name")), .optional(tags.value("ref")),
            .optional(version.map(Int64.init)), .integer(complete ? 1 : 0), .integer(Int64(members.count)),
            .integer(Int64(present)), .blob(GeometryCodec.encode(parts: parts)), .text(TagsJSON.encode(tags)),
            .integer(importID),
        ])
        try insertRoute.step()
        insertRoute.reset()
        let record = FeatureRecord(id: MapFeatureID(type: .relation, osmID: id), featureClass: .path, kind: .line,
                                   parts: parts, tags: [], complete: complete)
        if !parts.isEmpty {
            let box = record.box
            try insertRouteBox.bind([.integer(id), .integer(Int64(box.0)), .integer(Int64(box.1)),
                                     .integer(Int64(box.2)), .integer(Int64(box.3))])
            try insertRouteBox.step()
            insertRouteBox.reset()
        } else {
            try db.run("DELETE FROM route_bbox WHERE id = ?", [.integer(id)])
        }
        try deleteMembers.bind([.integer(id)])
        try deleteMembers.step()
        deleteMembers.reset()
        for (i, (m, isPresent)) in members.enumerated() {
            try insertMember.bind([.integer(id), .integer(Int64(i)), .integer(Int64(m.type.rawValue)), .integer(m.ref),
                                   .text(m.role), .integer(isPresent ? 1 : 0)])
            try insertMember.step()
            insertMember.reset()
        }
        existingRoutes[id] = Stored(version: version, complete: complete)
        return true
    }
}
