import Foundation
import TrailSQLite

/// The hike store's schema, as named migrations (see ``Migrator``).
///
/// Layout (all ids are SQLite row ids; child rows go with their hike by `ON DELETE CASCADE`):
/// - `hikes`: one row per hike: the short public id, name, kind, source file, times, the
///   statistics as plain columns (so the list loads and sorts a thousand hikes without
///   touching a point), kept GPX metadata as JSON, and the content hash.
/// - `tracks` → `segments` → `point_blocks`: points packed by ``PointCodec`` in blocks of at
///   most ``HikeStore/pointsPerBlock`` points, keyed by (segment, first point index).
/// - `waypoints`: the hike's places (kind, OSM id and tags since "v6-places", ``PlaceSchema``).
/// Times are REAL seconds since 2001-01-01T00:00:00Z, Foundation's reference date, so a
/// `Date` comes back bit for bit (in SQL: `datetime(started_at + 978307200, 'unixepoch')`).
/// Later features add their own tables in new migrations (walk history keyed by `hike_id`,
/// drawing drafts on their own), never rewrites of these.
enum HikeSchema {
    /// Stamped in the file header (`PRAGMA application_id`): "CAIR" in ASCII.
    static let applicationID: Int32 = 0x4341_4952

    /// The migration that adds the `total_time` and `timed_distance` columns to `hikes`.
    static let totalTimeMigrationName = "v3-total-time"
    /// `tracks.laps_json`: the device's laps of a FIT or TCX track.
    static let trackLapsMigrationName = "v16-track-laps"

    static var migrator: Migrator {
        var m = Migrator()
        m.register("2026-11-30 hikes v1") { db in
            try db.setApplicationID(applicationID)
            try db.execute("""
                CREATE TABLE hikes (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    public_id TEXT UNIQUE,
                    name TEXT NOT NULL,
                    description TEXT,
                    kind TEXT NOT NULL CHECK (kind IN ('recorded', 'imported', 'drawn')),
                    source_file TEXT,
                    created_at REAL NOT NULL,
                    started_at REAL,
                    metadata_json TEXT NOT NULL DEFAULT '{}',
                    content_hash BLOB NOT NULL,
                    waypoint_count INTEGER NOT NULL DEFAULT 0,
                    distance REAL NOT NULL,
                    point_count INTEGER NOT NULL,
                    segment_count INTEGER NOT NULL,
                    start_time REAL,
                    end_time REAL,
                    elapsed_time REAL,
                    moving_time REAL,
                    average_speed REAL,
                    moving_distance REAL,
                    moving_average_speed REAL,
                    max_speed REAL,
                    elevation_gain REAL,
                    elevation_loss REAL,
                    min_elevation REAL,
                    max_elevation REAL,
                    steepest_grade REAL,
                    min_latitude REAL,
                    min_longitude REAL,
                    max_latitude REAL,
                    max_longitude REAL,
                    estimated_walking_time REAL NOT NULL DEFAULT 0
                );
                CREATE INDEX hikes_content_hash ON hikes(content_hash);
                CREATE TABLE tracks (
                    id INTEGER PRIMARY KEY,
                    hike_id INTEGER NOT NULL REFERENCES hikes(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    name TEXT,
                    comment TEXT,
                    description TEXT,
                    source TEXT,
                    number INTEGER,
                    type TEXT,
                    links_json TEXT,
                    UNIQUE (hike_id, position)
                );
                CREATE TABLE segments (
                    id INTEGER PRIMARY KEY,
                    track_id INTEGER NOT NULL REFERENCES tracks(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    point_count INTEGER NOT NULL,
                    UNIQUE (track_id, position)
                );
                CREATE TABLE point_blocks (
                    id INTEGER PRIMARY KEY,
                    segment_id INTEGER NOT NULL REFERENCES segments(id) ON DELETE CASCADE,
                    first_index INTEGER NOT NULL,
                    point_count INTEGER NOT NULL,
                    points BLOB NOT NULL,
                    extras BLOB,
                    UNIQUE (segment_id, first_index)
                );
                CREATE TABLE waypoints (
                    id INTEGER PRIMARY KEY,
                    hike_id INTEGER NOT NULL REFERENCES hikes(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    elevation REAL,
                    time REAL,
                    name TEXT,
                    comment TEXT,
                    description TEXT,
                    source TEXT,
                    symbol TEXT,
                    type TEXT,
                    links_json TEXT,
                    UNIQUE (hike_id, position)
                );
                """)
        }
        m.register(HikeStore.draftsMigrationName, HikeStore.createDraftsTable)
        WalkSchema.register(on: &m)
        m.register(totalTimeMigrationName) { db in
            // TrackStatistics.totalTime and .timedDistance (DECISIONS.md 70); NULL for hikes
            // stored before, which keep their other numbers as computed then.
            try db.execute("""
                ALTER TABLE hikes ADD COLUMN total_time REAL;
                ALTER TABLE hikes ADD COLUMN timed_distance REAL;
                """)
        }
        WalkSchema.registerSource(on: &m)
        RecordingSchema.register(on: &m)
        PlaceSchema.register(on: &m)
        LineVersionSchema.register(on: &m)
        WalkTotalsSchema.register(on: &m)
        LineVersionTableSchema.register(on: &m)
        PlaceSchema.registerRoutes(on: &m)
        CompletionSchema.register(on: &m)
        TerrainFiguresSchema.register(on: &m)
        RecordingSchema.registerSpeed(on: &m)
        m.register(HikeStore.draftOwnersMigrationName, HikeStore.addDraftOwners)
        m.register(trackLapsMigrationName) { db in
            // The device's laps of a FIT or TCX track (``TrackLap``, a JSON array), NULL for none;
            // hikes stored before keep none (issue 34: laps vanished once a file was imported).
            try db.execute("ALTER TABLE tracks ADD COLUMN laps_json TEXT")
        }
        m.register(HikeStore.photosMigrationName, HikeStore.createPhotosTable)
        WalkSchema.registerSpeed(on: &m)
        m.register(HikeStore.photoNumbersMigrationName, HikeStore.addPhotoNumbers)
        m.register(HikeStore.photoFactsMigrationName, HikeStore.addPhotoFacts)
        return m
    }
}
