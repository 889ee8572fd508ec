import Foundation
import TrailCore
import TrailSQLite

/// The migration "v13-terrain-figures": the terrain's elevation figures of each hike, kept so
/// `cairn list` and the library list show them without reading a point (DECISIONS 268).
///
/// `terrain_figures`, one row per hike (`ON DELETE CASCADE` with it):
/// - `line_stamp`: what the figures were computed on (the reader's stamp of the hike's line,
///   e.g. its point count and distance); a row with another stamp is stale;
/// - `own_elevations`: 1 when every point carries its own `ele` (the terrain changes nothing
///   for a track then, whatever tiles are imported);
/// - `terrain_stamp`: the tiles the figures were computed with (the reader's stamp), NULL when
///   not computed;
/// - `figures_json`: the figures (the reader's JSON), NULL when the terrain changes nothing.
/// Triggers drop the row when the hike's tracks are inserted or deleted, or its line's
/// numbers (`point_count`, `distance`, `content_hash`) are updated, so any rewrite of the line
/// (a recording, another line version kept) makes the reader compute it again.
enum TerrainFiguresSchema {
    static let migrationName = "v13-terrain-figures"

    static func register(on migrator: inout Migrator) {
        migrator.register(migrationName) { db in
            try db.execute("""
                CREATE TABLE terrain_figures (
                    hike_id INTEGER PRIMARY KEY REFERENCES hikes(id) ON DELETE CASCADE,
                    line_stamp TEXT NOT NULL,
                    own_elevations INTEGER NOT NULL,
                    terrain_stamp TEXT,
                    figures_json TEXT
                );
                CREATE TRIGGER terrain_figures_track_inserted AFTER INSERT ON tracks BEGIN
                    DELETE FROM terrain_figures WHERE hike_id = NEW.hike_id;
                END;
                CREATE TRIGGER terrain_figures_track_deleted AFTER DELETE ON tracks BEGIN
                    DELETE FROM terrain_figures WHERE hike_id = OLD.hike_id;
                END;
                CREATE TRIGGER terrain_figures_line_updated
                AFTER UPDATE OF point_count, distance, content_hash ON hikes BEGIN
                    DELETE FROM terrain_figures WHERE hike_id = NEW.id;
                END;
                """)
        }
    }
}

/// A hike's kept terrain figures (see ``TerrainFiguresSchema``); the stamps and the JSON are
/// the reader's (CairnCLI's `HikeElevationFigures`), the store only keeps them.
public struct StoredTerrainFigures: Hashable, Sendable {
    public var lineStamp: String
    /// Every point has its own elevation.
    public var ownElevations: Bool
    /// The tiles' stamp the figures were computed with; nil when they were not.
    public var terrainStamp: String?
    /// The figures as JSON; nil when the terrain changes nothing.
    public var figuresJSON: Data?

    public init(lineStamp: String, ownElevations: Bool, terrainStamp: String?, figuresJSON: Data?) {
        self.lineStamp = lineStamp
        self.ownElevations = ownElevations
        self.terrainStamp = terrainStamp
        self.figuresJSON = figuresJSON
    }
}

extension HikeStore {
    /// Every kept row of terrain figures, by hike: one query, no point read.
    /// - Throws: ``SQLiteError``.
    public func storedTerrainFigures() throws -> [HikeID: StoredTerrainFigures] {
        let rows = try connection.query("""
            SELECT h.public_id, f.line_stamp, f.own_elevations, f.terrain_stamp, f.figures_json
            FROM terrain_figures f JOIN hikes h ON h.id = f.hike_id
            """) { st -> (HikeID, StoredTerrainFigures) in
            (HikeID(uncheckedRawValue: st.string(0)),
             StoredTerrainFigures(lineStamp: st.string(1), ownElevations: st.int(2) != 0,
                                  terrainStamp: st.isNull(3) ? nil : st.string(3),
                                  figuresJSON: st.isNull(4) ? nil : Data(st.string(4).utf8)))
        }
        return Dictionary(rows, uniquingKeysWith: { a, _ in a })
    }

    /// Keeps (or replaces) `figures` for the hikes given, in one transaction.
    /// - Throws: ``HikeStoreError/readOnly(path:)`` on a read-only store, ``SQLiteError``
    ///   (e.g. busy); a hike deleted meanwhile is skipped.
    public func saveTerrainFigures(_ figures: [HikeID: StoredTerrainFigures]) throws {
        guard !figures.isEmpty else { return }
        try requireWritable()
        try connection.transaction {
            for (id, f) in figures {
                try connection.run("""
                    INSERT OR REPLACE INTO terrain_figures(hike_id, line_stamp, own_elevations, terrain_stamp, figures_json)
                    SELECT id, ?, ?, ?, ? FROM hikes WHERE public_id = ?
                    """, [.text(f.lineStamp), .integer(f.ownElevations ? 1 : 0), .optional(f.terrainStamp),
                          .optional(f.figuresJSON.map { String(decoding: $0, as: UTF8.self) }), .text(id.rawValue)])
            }
        }
    }
}
