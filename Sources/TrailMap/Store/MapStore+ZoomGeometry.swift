import Foundation
import TrailCore
import TrailSQLite

extension MapStore {
    /// Migration "map-3-zoom-geometry": the geometry of every line and area simplified per
    /// zoom (``ZoomGeometry``) in `feature_zoom_geometry`, and the R*Tree's minimum zoom made
    /// a third dimension (`min_zoom`, `max_zoom` = min_zoom + 1) instead of an auxiliary
    /// column, so the tree itself leaves out features not drawn at a zoom instead of one
    /// row lookup per candidate. Existing features are simplified here, in the migration's
    /// transaction (about a minute for a 20 M-node store); an older store opened read-only
    /// keeps working with simplification at query time.
    static func migrateZoomGeometry(_ db: Connection) throws {
        try db.execute("""
            -- zoom: the highest zoom this simplification serves (a query at zoom z reads the
            -- smallest stored zoom >= z, else features.geometry); geometry as in features.
            CREATE TABLE feature_zoom_geometry(
                id INTEGER NOT NULL,
                zoom INTEGER NOT NULL,
                geometry BLOB NOT NULL,
                PRIMARY KEY(id, zoom)
            ) WITHOUT ROWID;
            CREATE VIRTUAL TABLE feature_box USING rtree_i32(id, min_lat, max_lat, min_lon, max_lon, min_zoom, max_zoom);
            INSERT INTO feature_box(id, min_lat, max_lat, min_lon, max_lon, min_zoom, max_zoom)
                SELECT id, min_lat, max_lat, min_lon, max_lon, min_zoom, min_zoom + 1 FROM feature_bbox;
            DROP TABLE feature_bbox;
            ALTER TABLE feature_box RENAME TO feature_bbox;
            """)
        let read = try db.prepare("SELECT id, kind, min_zoom, geometry FROM features WHERE kind != 0")
        let insert = try db.prepare("INSERT INTO feature_zoom_geometry(id, zoom, geometry) VALUES (?,?,?)")
        while try read.step() {
            guard let kind = GeometryKind(rawValue: read.int(1)),
                  let parts = read.withBlob(3, { GeometryCodec.decodeCoordinates($0) }) else { continue }
            let fixed = parts.map { $0.map { (FixedPoint.e7($0.latitude), FixedPoint.e7($0.longitude)) } }
            try insertZoomGeometry(insert, id: read.int64(0), parts: fixed, kind: kind, minZoom: read.int(2))
        }
    }

    /// Migration "map-4-inline-zoom-geometry": each feature's levels move from
    /// `feature_zoom_geometry` (one row per level, read by a correlated subquery, a B-tree seek
    /// per feature: two thirds of a query's SQLite time) into `features.zoom_geometry`, one
    /// zoom-level blob (``GeometryCodec/encode(levels:)``) read with the row the query already
    /// fetches. The level blobs are moved byte for byte, then the table is dropped.
    static func migrateInlineZoomGeometry(_ db: Connection) throws {
        try db.execute("ALTER TABLE features ADD COLUMN zoom_geometry BLOB")
        let read = try db.prepare("SELECT id, zoom, geometry FROM feature_zoom_geometry ORDER BY id, zoom")
        let update = try db.prepare("UPDATE features SET zoom_geometry = ? WHERE id = ?")
        var id: Int64?
        var levels: [(zoom: Int, blob: [UInt8])] = []
        func flush() throws {
            guard let id, !levels.isEmpty else { return }
            try update.bind([.blob(GeometryCodec.encode(levelBlobs: levels)), .integer(id)])
            try update.step()
            update.reset()
        }
        while try read.step() {
            let rowID = read.int64(0)
            if rowID != id { try flush(); id = rowID; levels = [] }
            levels.append((read.int(1), read.blob(2)))
        }
        try flush()
        try db.execute("DROP TABLE feature_zoom_geometry")
    }

    /// The zoom-level blob (``GeometryCodec/encode(levels:)``) of one feature's
    /// ``ZoomGeometry`` levels; nil when it has none.
    static func zoomGeometryBlob(parts: [[(Int32, Int32)]], kind: GeometryKind, minZoom: Int) -> [UInt8]? {
        GeometryCodec.encode(levels: ZoomGeometry.levels(parts: parts, kind: kind, minZoom: minZoom))
    }

    /// Writes the ``ZoomGeometry`` levels of one feature with `insert`
    /// (`INSERT INTO feature_zoom_geometry(id, zoom, geometry) VALUES (?,?,?)`): migration
    /// map-3 only, whose table map-4 folds into `features.zoom_geometry`.
    static func insertZoomGeometry(_ insert: Statement, id: Int64, parts: [[(Int32, Int32)]], kind: GeometryKind,
                                   minZoom: Int) throws {
        for level in ZoomGeometry.levels(parts: parts, kind: kind, minZoom: minZoom) {
            try insert.bind([.integer(id), .integer(Int64(level.zoom)), .blob(GeometryCodec.encode(parts: level.parts))])
            try insert.step()
            insert.reset()
        }
    }

    /// True when the store has per-zoom geometry, in `features.view` (migration
    /// "map-5-view-record") or `features.zoom_geometry` (migration "map-4-inline-zoom-geometry");
    /// a store of an older Cairn opened read-only has not, and is simplified at query time.
    static func hasZoomGeometry(_ db: Connection) -> Bool {
        hasViewRecords(db) || hasZoomGeometryColumn(db)
    }
}
