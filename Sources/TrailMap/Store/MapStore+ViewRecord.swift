import Foundation
import TrailSQLite

extension MapStore {
    /// The `features` table as migration "map-5-view-record" leaves it and a fresh store has
    /// it: `view` (``ViewRecord``) right after the key, so it sits on the row's first page
    /// even when a long geometry spills onto overflow pages; `zoom_geometry` folded into it.
    static let featuresTableV5 = """
        CREATE TABLE features(
            id INTEGER PRIMARY KEY,
            view BLOB,
            class TEXT NOT NULL,
            kind INTEGER NOT NULL,
            min_zoom INTEGER NOT NULL,
            name TEXT,
            version INTEGER,
            complete INTEGER NOT NULL,
            label_lat INTEGER NOT NULL,
            label_lon INTEGER NOT NULL,
            geometry BLOB NOT NULL,
            node_ids BLOB,
            tags TEXT NOT NULL,
            import_id INTEGER NOT NULL
        )
        """

    /// Migration "map-5-view-record" (DECISIONS 940): rebuilds `features` with the packed
    /// per-view column `view` (``ViewRecord``) filled for every row from the row itself, its
    /// R*Tree box and its `zoom_geometry` levels (moved byte for byte, the full geometry added
    /// as the finest level where no level serves z15), and without `zoom_geometry`. Runs in
    /// the migration's transaction; every other column is copied unchanged. A row without an
    /// R*Tree box (none are written so) keeps a NULL view; queries, which join the R*Tree,
    /// never see it.
    static func migrateViewRecord(_ db: Connection) throws {
        let hadLevels = hasZoomGeometryColumn(db)
        try db.execute(featuresTableV5.replacingOccurrences(of: "CREATE TABLE features(", with: "CREATE TABLE features_v5("))
        let read = try db.prepare("""
            SELECT f.id, f.class, f.kind, f.min_zoom, f.name, f.version, f.complete, f.label_lat, f.label_lon,
                   f.geometry, f.node_ids, f.tags, f.import_id, \(hadLevels ? "f.zoom_geometry" : "NULL"),
                   r.min_lat, r.max_lat, r.min_lon, r.max_lon
            FROM features f LEFT JOIN feature_bbox r ON r.id = f.id ORDER BY f.id
            """)
        let insert = try db.prepare("""
            INSERT INTO features_v5(id, view, class, kind, min_zoom, name, version, complete, label_lat, label_lon,
                                    geometry, node_ids, tags, import_id)
            SELECT ?1, ?2, class, kind, min_zoom, name, version, complete, label_lat, label_lon, geometry, node_ids, tags, import_id
            FROM features WHERE id = ?1
            """)
        while try read.step() {
            var view = SQLiteValue.null
            if !read.isNull(14), let kind = GeometryKind(rawValue: read.int(2)) {
                let levels: [(zoom: Int, blob: [UInt8])] = read.isNull(13) ? []
                    : read.withBlob(13) { GeometryCodec.levels(in: $0)?.map { ($0.zoom, Array($0.blob)) } } ?? []
                let box = (Int32(truncatingIfNeeded: read.int64(14)), Int32(truncatingIfNeeded: read.int64(15)),
                           Int32(truncatingIfNeeded: read.int64(16)), Int32(truncatingIfNeeded: read.int64(17)))
                view = .blob(ViewRecord.encode(featureClass: read.string(1), kind: kind, minZoom: read.int(3),
                                               complete: read.int(6) != 0, box: box, tags: read.blob(11),
                                               levels: levels, geometry: read.blob(9)))
            }
            try insert.bind([.integer(read.int64(0)), view])
            try insert.step()
            insert.reset()
        }
        try replaceFeatures(with: "features_v5", db)
    }

    /// True when `features` has the packed per-view column (migration "map-5-view-record").
    static func hasViewRecords(_ db: Connection) -> Bool {
        ((try? db.scalar("SELECT count(*) FROM pragma_table_info('features') WHERE name = 'view'")?.integer) ?? 0) > 0
    }

    /// True when `features` has the zoom-level column of migration "map-4-inline-zoom-geometry"
    /// (a map-4 store; map-5 folds it into `view`).
    static func hasZoomGeometryColumn(_ db: Connection) -> Bool {
        ((try? db.scalar("SELECT count(*) FROM pragma_table_info('features') WHERE name = 'zoom_geometry'")?.integer) ?? 0) > 0
    }

    /// The name of the migration that appends the view fields to `features.geometry`.
    static let geometryViewFieldsMigration = "map-6-geometry-view-fields"

    /// Migration "map-6-geometry-view-fields" (DECISIONS 1060): rebuilds `features` (same
    /// columns, rows in key order as an import writes them) with each row's `geometry` followed by
    /// its view record's fields (``ViewRecord/geometryRecord(geometry:fields:)``), so a view from
    /// z16 on reads one blob per row. The fields are the view record's own bytes (everything but
    /// its levels); every other column is copied unchanged. A row without a view record (none are
    /// written so; queries never see it) or with a damaged one keeps its geometry as it was.
    static func migrateGeometryViewFields(_ db: Connection) throws {
        try db.execute(featuresTableV5.replacingOccurrences(of: "CREATE TABLE features(", with: "CREATE TABLE features_v6("))
        let read = try db.prepare("SELECT id, view, geometry FROM features ORDER BY id")
        let insert = try db.prepare("""
            INSERT INTO features_v6(id, view, class, kind, min_zoom, name, version, complete, label_lat, label_lon,
                                    geometry, node_ids, tags, import_id)
            SELECT id, view, class, kind, min_zoom, name, version, complete, label_lat, label_lon, ?2, node_ids, tags, import_id
            FROM features WHERE id = ?1
            """)
        while try read.step() {
            let geometry = read.blob(2)
            var stored = geometry
            if !read.isNull(1) {
                let fields: [UInt8]? = read.withBlob(1) { bytes in
                    guard let v = ViewRecord.decode(bytes), let base = bytes.baseAddress else { return nil }
                    return Array(UnsafeRawBufferPointer(start: base, count: v.levels.baseAddress.map { base.distance(to: $0) } ?? bytes.count))
                }
                if let fields { stored = ViewRecord.geometryRecord(geometry: geometry, fields: fields) }
            }
            try insert.bind([.integer(read.int64(0)), .blob(stored)])
            try insert.step()
            insert.reset()
        }
        try replaceFeatures(with: "features_v6", db)
    }

    /// True when migration "map-6-geometry-view-fields" is recorded as applied.
    static func hasGeometryViewFields(_ db: Connection) -> Bool {
        ((try? db.scalar("SELECT count(*) FROM cairn_migrations WHERE name = ?", [.text(geometryViewFieldsMigration)])?.integer) ?? 0) > 0
    }

    /// The last step of a migration that rebuilt `features` as `table`: the old table dropped,
    /// the new one renamed to `features`, its class index made again.
    private static func replaceFeatures(with table: String, _ db: Connection) throws {
        try db.execute("""
            DROP TABLE features;
            ALTER TABLE \(table) RENAME TO features;
            CREATE INDEX features_by_class ON features(class);
            """)
    }
}
