import Foundation
import TrailSQLite

/// The tables of live recording, added to the hike store by the migration "v5-recordings".
///
/// - `recordings`: one row per recording, tied to its hike (kind `recorded`, created with the
///   first accepted point): the state (`recording`, `paused`, `finished`), wall-clock start,
///   last change and end, the position source as typed for `--gps`, the filter's rules and
///   counters as JSON (counters rewritten with every point and state change), the number of
///   points and stretches.
/// - `recording_points`: one row per accepted point, written in its own transaction as it
///   arrives (rows, not blocks, as for walks: no stored point is ever rewritten), keyed by
///   recording and sequence number, with its stretch (the part between two pauses).
/// Each point is also appended to the hike's track in the same transaction (one segment across
/// the stretches, ``PointCodec`` blocks of ``HikeStore/recordedPointsPerBlock``) with the
/// hike's statistics, so a recording is an ordinary hike at every moment (DECISIONS.md 420-421).
/// Both tables go with their hike (`ON DELETE CASCADE`). "v14-recording-replay-speed" adds
/// `recordings.speed`, the replay speed a resume plays at again (DECISIONS.md 422).
enum RecordingSchema {
    /// The migration's name in `cairn_migrations`.
    static let migrationName = "v5-recordings"

    /// The migration that adds `recordings.speed`.
    static let speedMigrationName = "v14-recording-replay-speed"

    /// Registers "v14-recording-replay-speed" (last in ``HikeSchema/migrator``).
    static func registerSpeed(on migrator: inout Migrator) {
        migrator.register(speedMigrationName) { db in
            try db.execute("ALTER TABLE recordings ADD COLUMN speed REAL")
        }
    }

    /// Registers the migration (in ``HikeSchema/migrator``).
    static func register(on migrator: inout Migrator) {
        migrator.register(migrationName) { db in
            try db.execute("""
                CREATE TABLE recordings (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    hike_id INTEGER NOT NULL UNIQUE REFERENCES hikes(id) ON DELETE CASCADE,
                    state TEXT NOT NULL CHECK (state IN ('recording', 'paused', 'finished')),
                    started_at REAL NOT NULL,
                    changed_at REAL NOT NULL,
                    finished_at REAL,
                    source TEXT,
                    rules_json TEXT NOT NULL,
                    counters_json TEXT,
                    point_count INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX recordings_state ON recordings(state);
                CREATE TABLE recording_points (
                    recording_id INTEGER NOT NULL REFERENCES recordings(id) ON DELETE CASCADE,
                    seq INTEGER NOT NULL,
                    stretch INTEGER NOT NULL,
                    latitude REAL NOT NULL,
                    longitude REAL NOT NULL,
                    elevation REAL,
                    time REAL,
                    speed REAL,
                    course REAL,
                    satellites INTEGER,
                    fix TEXT,
                    PRIMARY KEY (recording_id, seq)
                ) WITHOUT ROWID;
                """)
        }
    }
}
