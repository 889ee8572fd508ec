import Foundation
import Localization
import TrailCore
import TrailSQLite

/// What `cairn map remove` took out.
public struct MapRemoveReport: Sendable, Equatable {
    /// The imports removed (every import of the named file).
    public var importsRemoved = 0
    /// Features and routes deleted because no other extract holds them.
    public var featuresRemoved = 0, routesRemoved = 0
    /// Features and routes kept because another imported extract still holds them.
    public var featuresKept = 0, routesKept = 0
}

/// Why an extract could not be removed.
public struct MapRemoveError: Error, CustomStringConvertible, Equatable, Sendable {
    public let name: String
    public let reason: String
    public var description: String { "\(name): \(reason)" }
}

extension MapStore {
    /// The imports whose file is `name`: the path as imported, or its last path component.
    public func imports(named name: String) throws -> [MapImportRecord] {
        try imports().filter { $0.file == name || ($0.file as NSString).lastPathComponent == name }
    }

    /// Takes one imported extract out of the store without touching the others, in one
    /// transaction.
    ///
    /// Every import of the named file is removed. A feature or route goes only when no
    /// remaining extract holds it (``feature_sources``/``route_sources``, migration
    /// "map-2-extract-sources"); one that another extract also holds stays, as the newest
    /// copy stored (the older copy of the other file was never kept). The extract's coverage
    /// rectangles go unless another import has the same one; coverage tiles are recomputed
    /// from what remains.
    /// - Parameter name: the file as imported (path) or its file name.
    /// - Throws: ``MapRemoveError`` when no import has that name; ``SQLiteError``.
    @discardableResult
    public func removeExtract(named name: String) throws -> MapRemoveReport {
        let matches = try imports(named: name)
        guard !matches.isEmpty else {
            throw MapRemoveError(name: name, reason: L("no imported extract has this name; `cairn map info` lists them"))
        }
        return try db.transaction { try dropImports(matches.map(\.id)) }
    }

    /// Deletes the imports `ids`, their extract rows, the features and routes no remaining
    /// extract holds and their coverage rectangles (restoring rectangles another import
    /// shares), as ``removeExtract(named:)`` describes. Call inside a transaction; also used
    /// when an import replaces earlier imports of the same file name (DECISIONS 510).
    func dropImports(_ ids: [Int64]) throws -> MapRemoveReport {
        var report = MapRemoveReport(importsRemoved: ids.count)
        try db.execute("CREATE TEMP TABLE IF NOT EXISTS removed_imports(id INTEGER PRIMARY KEY); DELETE FROM removed_imports;")
        for id in ids { try db.run("INSERT INTO removed_imports(id) VALUES (?)", [.integer(id)]) }
        let inRemoved = "IN (SELECT id FROM removed_imports)"
        let touched = try db.scalar("SELECT count(DISTINCT feature_id) FROM feature_sources WHERE import_id \(inRemoved)")?.integer ?? 0
        let touchedRoutes = try db.scalar("SELECT count(DISTINCT route_id) FROM route_sources WHERE import_id \(inRemoved)")?.integer ?? 0
        try db.execute("""
            DELETE FROM feature_sources WHERE import_id \(inRemoved);
            DELETE FROM route_sources WHERE import_id \(inRemoved);
            CREATE TEMP TABLE IF NOT EXISTS orphan_features(id INTEGER PRIMARY KEY); DELETE FROM orphan_features;
            INSERT INTO orphan_features(id) SELECT id FROM features f
                WHERE NOT EXISTS (SELECT 1 FROM feature_sources s WHERE s.feature_id = f.id);
            DELETE FROM features WHERE id IN (SELECT id FROM orphan_features);
            DELETE FROM feature_bbox WHERE id IN (SELECT id FROM orphan_features);
            DELETE FROM feature_names WHERE rowid IN (SELECT id FROM orphan_features);
            CREATE TEMP TABLE IF NOT EXISTS orphan_routes(id INTEGER PRIMARY KEY); DELETE FROM orphan_routes;
            INSERT INTO orphan_routes(id) SELECT id FROM routes r
                WHERE NOT EXISTS (SELECT 1 FROM route_sources s WHERE s.route_id = r.id);
            DELETE FROM routes WHERE id IN (SELECT id FROM orphan_routes);
            DELETE FROM route_bbox WHERE id IN (SELECT id FROM orphan_routes);
            DELETE FROM route_members WHERE route_id IN (SELECT id FROM orphan_routes);
            UPDATE features SET import_id = (SELECT max(import_id) FROM feature_sources s WHERE s.feature_id = features.id)
                WHERE import_id \(inRemoved);
            UPDATE routes SET import_id = (SELECT max(import_id) FROM route_sources s WHERE s.route_id = routes.id)
                WHERE import_id \(inRemoved);
            DELETE FROM imports WHERE id \(inRemoved);
            DELETE FROM coverage_areas WHERE import_id \(inRemoved);
            """)
        let orphans = try db.scalar("SELECT count(*) FROM orphan_features")?.integer ?? 0
        let orphanRoutes = try db.scalar("SELECT count(*) FROM orphan_routes")?.integer ?? 0
        report.featuresRemoved = Int(orphans)
        report.featuresKept = Int(touched - orphans)
        report.routesRemoved = Int(orphanRoutes)
        report.routesKept = Int(touchedRoutes - orphanRoutes)
        // Rectangles another import shares were stored once under the removed import: restore them.
        let remaining = try db.query("SELECT id, coverage FROM imports ORDER BY id") {
            ($0.int64(0), Self.coverageBoxes($0.string(1)))
        }
        for (id, boxes) in remaining {
            for a in boxes {
                try db.run("""
                    INSERT OR IGNORE INTO coverage_areas(import_id, source, min_lat, min_lon, max_lat, max_lon)
                    VALUES (?,?,?,?,?,?)
                    """, [.integer(id), .text("bounds"), .real(a.minLatitude), .real(a.minLongitude),
                          .real(a.maxLatitude), .real(a.maxLongitude)])
            }
        }
        try db.execute("DELETE FROM coverage_tiles; DROP TABLE removed_imports; DROP TABLE orphan_features; DROP TABLE orphan_routes;")
        return report
    }
}
