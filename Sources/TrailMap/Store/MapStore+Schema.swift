import Foundation
import TrailSQLite

extension MapStore {
    /// The named migrations of the map file, applied in order by the shared ``Migrator``.
    static var migrator: Migrator {
        var m = Migrator()
        m.register("map-1-features-routes-coverage") { db in
            try db.execute("""
                CREATE TABLE imports(
                    id INTEGER PRIMARY KEY,
                    file TEXT NOT NULL,
                    file_size INTEGER NOT NULL,
                    compression TEXT NOT NULL,
                    imported_at TEXT NOT NULL,
                    generator TEXT,
                    header_timestamp TEXT,
                    newest_timestamp TEXT,
                    nodes INTEGER NOT NULL DEFAULT 0,
                    ways INTEGER NOT NULL DEFAULT 0,
                    relations INTEGER NOT NULL DEFAULT 0,
                    features INTEGER NOT NULL DEFAULT 0,
                    routes INTEGER NOT NULL DEFAULT 0,
                    warnings TEXT NOT NULL DEFAULT '[]'
                );
                -- id = osm_id << 2 | type (0 node, 1 way, 2 relation); see MapFeatureID.
                CREATE TABLE features(
                    id INTEGER PRIMARY KEY,
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
                );
                CREATE INDEX features_by_class ON features(class);
                -- Boxes in 1e-7 degrees (exact, no float rounding), min_zoom as an auxiliary column.
                CREATE VIRTUAL TABLE feature_bbox USING rtree_i32(id, min_lat, max_lat, min_lon, max_lon, +min_zoom);
                -- rowid = features.id; name and alt_name, accents folded for search.
                CREATE VIRTUAL TABLE feature_names USING fts5(name, tokenize = 'unicode61 remove_diacritics 2');
                -- id = the relation's OSM id.
                CREATE TABLE routes(
                    id INTEGER PRIMARY KEY,
                    route TEXT NOT NULL,
                    name TEXT,
                    ref TEXT,
                    version INTEGER,
                    complete INTEGER NOT NULL,
                    members_total INTEGER NOT NULL,
                    members_present INTEGER NOT NULL,
                    geometry BLOB NOT NULL,
                    tags TEXT NOT NULL,
                    import_id INTEGER NOT NULL
                );
                CREATE VIRTUAL TABLE route_bbox USING rtree_i32(id, min_lat, max_lat, min_lon, max_lon);
                CREATE TABLE route_members(
                    route_id INTEGER NOT NULL,
                    position INTEGER NOT NULL,
                    type INTEGER NOT NULL,
                    ref INTEGER NOT NULL,
                    role TEXT NOT NULL,
                    present INTEGER NOT NULL,
                    PRIMARY KEY(route_id, position)
                ) WITHOUT ROWID;
                -- The rectangles data was imported for (<bounds>, else the node extent), in degrees.
                CREATE TABLE coverage_areas(
                    id INTEGER PRIMARY KEY,
                    import_id INTEGER NOT NULL,
                    source TEXT NOT NULL,
                    min_lat REAL NOT NULL, min_lon REAL NOT NULL, max_lat REAL NOT NULL, max_lon REAL NOT NULL,
                    UNIQUE(min_lat, min_lon, max_lat, max_lon)
                );
                -- Slippy tiles at MapStore.coverageZoom touched by coverage areas, with the share
                -- of the tile's Web Mercator area that is covered (1 inside, less at the edges).
                -- No longer written (the tiles are derived from coverage_areas, DECISIONS 242).
                CREATE TABLE coverage_tiles(
                    z INTEGER NOT NULL, x INTEGER NOT NULL, y INTEGER NOT NULL,
                    fraction REAL NOT NULL,
                    PRIMARY KEY(z, x, y)
                ) WITHOUT ROWID;
                """)
        }
        m.register("map-2-extract-sources") { db in
            // Which imported extracts hold each feature and route (an object in two
            // neighbouring extracts is stored once, with one row here per extract), so
            // `cairn map remove` can take one extract out and keep what another still has.
            // imports.coverage: that import's coverage rectangles as JSON [[minLat, minLon,
            // maxLat, maxLon], ...] (coverage_areas keeps each rectangle once for all imports).
            try db.execute("""
                CREATE TABLE feature_sources(
                    feature_id INTEGER NOT NULL,
                    import_id INTEGER NOT NULL,
                    PRIMARY KEY(feature_id, import_id)
                ) WITHOUT ROWID;
                CREATE INDEX feature_sources_by_import ON feature_sources(import_id);
                CREATE TABLE route_sources(
                    route_id INTEGER NOT NULL,
                    import_id INTEGER NOT NULL,
                    PRIMARY KEY(route_id, import_id)
                ) WITHOUT ROWID;
                CREATE INDEX route_sources_by_import ON route_sources(import_id);
                INSERT INTO feature_sources(feature_id, import_id) SELECT id, import_id FROM features;
                INSERT INTO route_sources(route_id, import_id) SELECT id, import_id FROM routes;
                ALTER TABLE imports ADD COLUMN format TEXT;
                ALTER TABLE imports ADD COLUMN coverage TEXT NOT NULL DEFAULT '[]';
                UPDATE imports SET coverage = coalesce((
                    SELECT json_group_array(json_array(min_lat, min_lon, max_lat, max_lon))
                    FROM coverage_areas WHERE coverage_areas.import_id = imports.id), '[]');
                """)
        }
        m.register("map-3-zoom-geometry") { db in try MapStore.migrateZoomGeometry(db) }
        m.register("map-4-inline-zoom-geometry") { db in try MapStore.migrateInlineZoomGeometry(db) }
        m.register("map-5-view-record") { db in try MapStore.migrateViewRecord(db) }
        m.register(geometryViewFieldsMigration) { db in try MapStore.migrateGeometryViewFields(db) }
        return m
    }

    /// The schema the migrations of ``migrator`` leave, as one script, for a new store
    /// (``Migrator/migrate(_:freshSchema:)``): each statement is the text SQLite records for it in
    /// `sqlite_master` of a store built by running the migrations (an `ALTER TABLE ... ADD COLUMN`
    /// appends its column before the closing parenthesis, a renamed table's name is quoted), in
    /// that store's order, so both stores hold the same `sqlite_master` SQL (a test compares
    /// them). `cairn_migrations` is made by the ``Migrator``. A migration added later must change
    /// this script too (the test fails until it does).
    static let freshSchema = """
        CREATE TABLE imports(
            id INTEGER PRIMARY KEY,
            file TEXT NOT NULL,
            file_size INTEGER NOT NULL,
            compression TEXT NOT NULL,
            imported_at TEXT NOT NULL,
            generator TEXT,
            header_timestamp TEXT,
            newest_timestamp TEXT,
            nodes INTEGER NOT NULL DEFAULT 0,
            ways INTEGER NOT NULL DEFAULT 0,
            relations INTEGER NOT NULL DEFAULT 0,
            features INTEGER NOT NULL DEFAULT 0,
            routes INTEGER NOT NULL DEFAULT 0,
            warnings TEXT NOT NULL DEFAULT '[]'
        , format TEXT, coverage TEXT NOT NULL DEFAULT '[]');
        CREATE VIRTUAL TABLE feature_names USING fts5(name, tokenize = 'unicode61 remove_diacritics 2');
        CREATE TABLE routes(
            id INTEGER PRIMARY KEY,
            route TEXT NOT NULL,
            name TEXT,
            ref TEXT,
            version INTEGER,
            complete INTEGER NOT NULL,
            members_total INTEGER NOT NULL,
            members_present INTEGER NOT NULL,
            geometry BLOB NOT NULL,
            tags TEXT NOT NULL,
            import_id INTEGER NOT NULL
        );
        CREATE VIRTUAL TABLE route_bbox USING rtree_i32(id, min_lat, max_lat, min_lon, max_lon);
        CREATE TABLE route_members(
            route_id INTEGER NOT NULL,
            position INTEGER NOT NULL,
            type INTEGER NOT NULL,
            ref INTEGER NOT NULL,
            role TEXT NOT NULL,
            present INTEGER NOT NULL,
            PRIMARY KEY(route_id, position)
        ) WITHOUT ROWID;
        CREATE TABLE coverage_areas(
            id INTEGER PRIMARY KEY,
            import_id INTEGER NOT NULL,
            source TEXT NOT NULL,
            min_lat REAL NOT NULL, min_lon REAL NOT NULL, max_lat REAL NOT NULL, max_lon REAL NOT NULL,
            UNIQUE(min_lat, min_lon, max_lat, max_lon)
        );
        CREATE TABLE coverage_tiles(
            z INTEGER NOT NULL, x INTEGER NOT NULL, y INTEGER NOT NULL,
            fraction REAL NOT NULL,
            PRIMARY KEY(z, x, y)
        ) WITHOUT ROWID;
        CREATE TABLE feature_sources(
            feature_id INTEGER NOT NULL,
            import_id INTEGER NOT NULL,
            PRIMARY KEY(feature_id, import_id)
        ) WITHOUT ROWID;
        CREATE INDEX feature_sources_by_import ON feature_sources(import_id);
        CREATE TABLE route_sources(
            route_id INTEGER NOT NULL,
            import_id INTEGER NOT NULL,
            PRIMARY KEY(route_id, import_id)
        ) WITHOUT ROWID;
        CREATE INDEX route_sources_by_import ON route_sources(import_id);
        CREATE VIRTUAL TABLE "feature_bbox" USING rtree_i32(id, min_lat, max_lat, min_lon, max_lon, min_zoom, max_zoom);
        \(featuresTableV5.replacingOccurrences(of: "CREATE TABLE features(", with: "CREATE TABLE \"features\"("));
        CREATE INDEX features_by_class ON features(class);
        """
}
