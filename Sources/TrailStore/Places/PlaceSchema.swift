import Foundation
import TrailSQLite

/// The places of a hike, added to the hike store by the migration "v6-places".
///
/// A place is one of the hike's `waypoints` rows (so export writes it as a GPX `<wpt>` and
/// deleting the hike deletes it by the existing `ON DELETE CASCADE`); the migration only adds
/// columns, so no stored row is rewritten:
/// - `kind`: the ``PlaceKind`` raw value (NULL for waypoints stored before: their kind is read
///   from their `type`/`sym`, as an import would);
/// - `osm_id`: "node/123" for a place from OpenStreetMap (NULL for a file's or the hiker's own);
/// - `tags_json`: the OSM tags worth showing (``Place/hikerTagKeys``), as a JSON object.
enum PlaceSchema {
    /// The migration's name in `cairn_migrations`.
    static let migrationName = "v6-places"

    /// Registers the migration on `migrator` (after the existing ones).
    static func register(on migrator: inout Migrator) {
        migrator.register(migrationName) { db in
            try db.execute("""
                ALTER TABLE waypoints ADD COLUMN kind TEXT;
                ALTER TABLE waypoints ADD COLUMN osm_id TEXT;
                ALTER TABLE waypoints ADD COLUMN tags_json TEXT;
                CREATE INDEX waypoints_osm ON waypoints(hike_id, osm_id) WHERE osm_id IS NOT NULL;
                """)
        }
    }

    /// The second migration, "v10-places-with-routes" (registered after "v8-walk-totals"):
    /// - `waypoints.elevation_source`: 'terrain' when the place's height is the terrain
    ///   model's (SRTM) rather than tagged or from a file, NULL otherwise;
    /// - `drafts.places_json`: the places chosen while drawing a route, kept with the draft
    ///   (a JSON array of ``Place``) until the route is saved with them.
    /// Both only add columns: no stored row is rewritten.
    static let routesMigrationName = "v10-places-with-routes"

    static func registerRoutes(on migrator: inout Migrator) {
        migrator.register(routesMigrationName) { db in
            try db.execute("""
                ALTER TABLE waypoints ADD COLUMN elevation_source TEXT;
                ALTER TABLE drafts ADD COLUMN places_json TEXT;
                """)
        }
    }
}
