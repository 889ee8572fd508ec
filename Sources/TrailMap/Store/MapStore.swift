import CSQLite
import Foundation
import Localization
import TrailCore
import TrailSQLite

/// The offline map: OpenStreetMap features imported from extracts, in their own SQLite file.
///
/// One file per user, by default `$XDG_DATA_HOME/cairn/map.sqlite` (see
/// ``defaultPath(environment:)``), in WAL mode so the TUI can read while a CLI import
/// writes. Holds:
/// - `features`: one row per drawable OSM object, geometry as a compact blob (see
///   ``GeometryCodec``) with its lines simplified per zoom beside it (``ZoomGeometry``), kept
///   tags as JSON, indexed by an R*Tree of 1e-7-degree boxes and the feature's minimum zoom;
/// - `feature_names`: an FTS5 index of names (accents folded) for place search;
/// - `routes` and `route_members`: route=hiking/foot relations with their member lists;
/// - `coverage_areas`: where imported data exists (the z``coverageZoom`` tiles are derived
///   from them, `coverage_tiles` is no longer written), so "no data here" differs from
///   "nothing mapped here";
/// - `imports`: one row per imported file (name, size, data date, counts, warnings).
///
/// Not thread-safe: one `MapStore` per thread. Queries are in `MapStore+Query.swift`,
/// import in `MapStore+Import.swift`.
public final class MapStore {
    /// The database file path.
    public let path: String
    let db: Connection
    let statementCache = StatementCache()
    /// True when lines come simplified per zoom from the store (`features.zoom_geometry`,
    /// migration "map-4-inline-zoom-geometry").
    let hasZoomGeometry: Bool
    /// True when each feature's per-view fields are packed in `features.view` (``ViewRecord``,
    /// migration "map-5-view-record"); false in a store of an older Cairn opened read-only.
    let hasViewRecords: Bool
    /// True when `features.geometry` carries the view fields after the full geometry
    /// (``ViewRecord/geometryRecord(geometry:fields:)``, migration "map-6-geometry-view-fields"):
    /// a view from z16 on reads that one column; false in an older store opened read-only.
    let hasGeometryViewFields: Bool
    /// True when this instance created the file (it did not exist when opened): the only
    /// store whose first import may run without the WAL (``beginFirstImport()``), since no
    /// earlier bytes of it exist to be kept.
    let createdFile: Bool

    /// Zoom level of the coverage tiles (``coverageTiles(in:)``): z14 tiles are about
    /// 2.4 km wide at the equator (1.8 km in the Pyrenees), small enough for a "no data"
    /// shading in the TUI.
    public static let coverageZoom = 14

    /// `PRAGMA application_id` of map files ("CMap"), so a hike store or another program's
    /// database is refused rather than altered.
    public static let applicationID: Int32 = 0x434D_6170

    /// Why a map file cannot be used.
    public struct OpenError: Error, CustomStringConvertible, Equatable {
        public let path: String
        public let reason: String
        /// Opened read-only, the file is not a map store yet (empty, or being created by an
        /// import that has not written its first transaction): a reader that can do without
        /// a map treats it as no map.
        public var notAStoreYet = false
        public var description: String { "\(path): \(reason)" }
        public init(path: String, reason: String, notAStoreYet: Bool = false) {
            self.path = path; self.reason = reason; self.notAStoreYet = notAStoreYet
        }
    }

    /// Opens (and creates, unless `readOnly`) the map store at `path`.
    ///
    /// Creates missing parent directories with mode 0700 (the map says where the user hikes),
    /// applies pending migrations and switches the journal to WAL. A file this call creates gets
    /// the final schema in one transaction and keeps the rollback journal until its first import
    /// ends, or until this instance goes (``walPending``, DECISIONS 1120). Checks first, changing
    /// nothing when they fail: a file that is not SQLite, an SQLite database of another
    /// program, a damaged file, and (unless `readOnly`) a file or directory that cannot be
    /// written are refused with an ``OpenError`` that says so in words.
    /// - Throws: ``OpenError`` for a file that cannot be used as a map store,
    ///   `Migrator.NewerSchemaError` for one written by a newer Cairn, ``SQLiteError``.
    public init(path: String, readOnly: Bool = false) throws {
        self.path = path
        let inMemory = path == ":memory:"
        createdFile = !inMemory && !readOnly && !FileManager.default.fileExists(atPath: path)
        if !inMemory && FileManager.default.fileExists(atPath: path) && !SQLiteFile.looksLikeSQLite(path) {
            throw OpenError(path: path, reason: L("not a Cairn map store (not an SQLite database); it was left unchanged"))
        }
        if !readOnly { try Self.createParentDirectory(of: path) }
        do {
            db = try Connection(path: path, mode: readOnly ? .readOnly : .readWriteCreate)
            if !readOnly && sqlite3_db_readonly(db.handle, "main") == 1 {
                throw OpenError(path: path, reason: Self.readOnlyReason)
            }
            let appID = try db.applicationID
            let hasTables = try db.scalar("SELECT count(*) FROM sqlite_master")?.integer ?? 0
            if appID != Self.applicationID && (appID != 0 || hasTables > 0) {
                throw OpenError(path: path, reason: L("not a Cairn map store (another database is at this path); nothing was changed"))
            }
            if !readOnly {
                try db.execute("PRAGMA synchronous = NORMAL")
                // A file this call created keeps SQLite's rollback journal until its first import
                // ends or this instance goes (``beginFirstImport()``, `deinit`): switching an empty
                // file to the WAL and back before that import cost 7 fsyncs (DECISIONS 1120).
                if !inMemory && !createdFile { try db.enableWAL() }
                // A new file gets the final schema, its application id and every migration
                // recorded in one transaction (DECISIONS 1120).
                try Self.migrator.migrate(db) { db in
                    try db.execute(Self.freshSchema)
                    try db.setApplicationID(Self.applicationID)
                }
                if try db.applicationID == 0 { try db.setApplicationID(Self.applicationID) }
            } else if appID == 0 {
                throw OpenError(path: path, reason: L("empty file, not a Cairn map store yet (run `cairn map import`)"), notAStoreYet: true)
            }
        } catch let e as SQLiteError {
            throw Self.translate(e, path: path)
        }
        hasZoomGeometry = Self.hasZoomGeometry(db)
        hasViewRecords = Self.hasViewRecords(db)
        hasGeometryViewFields = hasViewRecords && Self.hasGeometryViewFields(db)
        // Reads through a memory map instead of a pread and copy per page: a map frame touches
        // a few hundred pages, every one a system call and a 4 KiB copy otherwise (measured:
        // a fifth of a query's CPU over the 20 M-node store). File-backed pages, shared with
        // the kernel's cache and dropped under memory pressure; SQLite caps the size (2 GiB).
        if !inMemory && !createdFile { try? db.execute("PRAGMA mmap_size = 2147418112") }
        walPending = createdFile
    }

    /// True while a store this instance created still has the rollback journal it was made with
    /// (``init(path:readOnly:)``): its first import runs so (``beginFirstImport()``), and the
    /// WAL is switched on after that import, or when the instance goes without one.
    var walPending = false

    deinit {
        if walPending { endFirstImport() }
    }

    static var interruptedImportReason: String {
        L("an import into it was killed before it finished; `cairn map import` (any file) rolls it back, then the map opens as before that import")
    }

    static var readOnlyReason: String {
        L("read-only (the file or its directory cannot be written, and SQLite needs both); it was left unchanged")
    }

    /// SQLite's file-level result codes as an ``OpenError`` in words; others unchanged.
    static func translate(_ e: SQLiteError, path: String) -> Error {
        // 776 is SQLITE_READONLY_ROLLBACK (a macro Swift does not import): a read-only open
        // found the rollback journal of an import that was killed (DECISIONS 402).
        if e.code == SQLITE_READONLY | (3 << 8) { return OpenError(path: path, reason: interruptedImportReason) }
        switch e.primaryCode {
        case SQLITE_NOTADB:
            return OpenError(path: path, reason: L("not a Cairn map store (not an SQLite database); it was left unchanged"))
        case SQLITE_CORRUPT:
            return OpenError(path: path, reason: L("damaged (%s); it was left unchanged", e.message))
        case SQLITE_READONLY:
            return OpenError(path: path, reason: readOnlyReason)
        case SQLITE_CANTOPEN:
            return OpenError(path: path, reason: L("cannot open it: %s", SQLiteFile.whyCannotOpen(path) ?? e.message))
        case SQLITE_BUSY:
            // A new map is locked by its first import until it ends (DECISIONS 402); another
            // writer holds any map for as long as its transaction lasts.
            return OpenError(path: path, reason: L("another program is writing to it (most likely `cairn map import`: a new map stays locked until its first import ends); try again when it has finished"))
        default:
            return e
        }
    }

    /// The default map file for an environment: `$CAIRN_MAP` when set, else
    /// `$XDG_DATA_HOME/cairn/map.sqlite`, else `$HOME/.local/share/cairn/map.sqlite`
    /// (XDG Base Directory Specification).
    public static func defaultPath(environment: [String: String]) -> String {
        if let p = environment["CAIRN_MAP"], !p.isEmpty { return p }
        if let x = environment["XDG_DATA_HOME"], x.hasPrefix("/") {
            return (x as NSString).appendingPathComponent("cairn/map.sqlite")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".local/share/cairn/map.sqlite")
    }

    private static func createParentDirectory(of path: String) throws {
        guard path != ":memory:" else { return }
        let dir = (path as NSString).deletingLastPathComponent
        guard !dir.isEmpty else { return }
        var missing: [String] = []
        var d = dir
        while !d.isEmpty && d != "/" && !FileManager.default.fileExists(atPath: d) {
            missing.append(d)
            d = (d as NSString).deletingLastPathComponent
        }
        for m in missing.reversed() where mkdir(m, 0o700) != 0 && errno != EEXIST {
            throw OpenError(path: path, reason: L("cannot create directory %s: %s", m, String(cString: strerror(errno))))
        }
    }

    /// Size of the database file plus its WAL, in bytes.
    public var fileSize: Int64 {
        [path, path + "-wal"].reduce(Int64(0)) { sum, p in
            let size = (try? FileManager.default.attributesOfItem(atPath: p)[.size] as? NSNumber)?.int64Value ?? 0
            return sum + size
        }
    }
}
