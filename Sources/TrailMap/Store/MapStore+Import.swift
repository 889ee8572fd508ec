import Foundation
import TrailCore
import TrailSQLite

extension MapStore {
    /// Imports an OpenStreetMap extract: OSM XML 0.6, plain or compressed with gzip or bzip2
    /// (detected from the first bytes). PBF files are refused with a hint to convert them.
    ///
    /// The whole import is one transaction: when anything fails (unreadable or malformed
    /// file, osmChange file, disk full) the store is left exactly as it was.
    ///
    /// Policies for messy extracts (each counted in the report, see
    /// ``MapImportReport/warnings``):
    /// - **Upsert by OSM id**: an object already stored is replaced, never duplicated, unless
    ///   the store holds a newer `version` of it, or the file's copy is partial (missing nodes
    ///   or members) and the stored copy of the same version is complete. A stored feature
    ///   whose object no longer qualifies (tags changed) is removed. Objects absent from the
    ///   file are left alone (absence from an extract is not deletion).
    /// - **`action="delete"` (JOSM) and `visible="false"`**: skipped; the stored copy, if any,
    ///   is kept (a local, unsaved deletion is not evidence the object is gone).
    /// - **Negative ids** (JOSM objects never uploaded): kept under their negative id, with a
    ///   warning; such ids are only unique within one file.
    /// - **Ways with missing nodes**: never given invented geometry. The way is split into
    ///   the runs of consecutive nodes that are present (runs of one node are dropped), stored
    ///   as lines with `isComplete == false`; a way with no run of two is dropped.
    /// - **Relations with missing members**: kept with what is present (route member lists
    ///   record each member's presence).
    /// - **Nodes outside `<bounds>`** (ways crossing the edge are kept whole by extract tools):
    ///   imported like any other; coverage is taken from `<bounds>` only (several are united),
    ///   or from the extent of all nodes when the file has none.
    /// - **Data date**: the header timestamp (`<osm timestamp>`, Overpass `<meta osm_base>`)
    ///   when present, else the newest object timestamp.
    ///
    /// - Parameters:
    ///   - path: the file to read.
    ///   - importedAt: the time recorded for this import (injected for tests).
    ///   - progress: called after each 256 KiB chunk with bytes consumed and file size
    ///     (compressed bytes for .gz/.bz2).
    /// - Returns: what was imported and every irregularity met.
    /// - Throws: ``OSMReadError`` (file, line, reason) or ``SQLiteError``.
    @discardableResult
    public func importOSM(path: String, importedAt: Date = Date(),
                          progress: (Int64, Int64) -> Void = { _, _ in }) throws -> MapImportReport {
        let source = try OSMByteSource.open(path: path)
        defer { source.close() }
        return try db.transaction {
            try db.run("INSERT INTO imports(file, file_size, compression, imported_at) VALUES (?,?,?,?)",
                       [.text(path), .integer(source.fileSize), .text(source.compression),
                        .text(Self.iso8601(importedAt))])
            let importID = db.lastInsertRowID
            let writer = try MapStoreWriter(db: db, importID: importID)
            let session = OSMImportSession(writer: writer, file: path)
            let parser = OSMXMLParser(source: source, sink: session)
            try parser.parse(progress: progress)
            try session.finish()
            var report = session.report
            report.fileSize = source.fileSize
            report.compression = source.compression
            report.nodesRead = parser.nodeCount
            report.waysRead = parser.wayCount
            report.relationsRead = parser.relationCount
            report.newestObjectTimestamp = parser.newestObjectTimestamp
            try recordCoverage(report.coverage, importID: importID, fromBounds: !report.bounds.isEmpty)
            try db.run("""
                UPDATE imports SET generator = ?, header_timestamp = ?, newest_timestamp = ?, nodes = ?, ways = ?,
                    relations = ?, features = ?, routes = ?, warnings = ? WHERE id = ?
                """, [.optional(report.generator), .optional(report.headerTimestamp), .optional(report.newestObjectTimestamp),
                      .integer(Int64(report.nodesRead)), .integer(Int64(report.waysRead)),
                      .integer(Int64(report.relationsRead)), .integer(Int64(report.featuresWritten)),
                      .integer(Int64(report.routesWritten)),
                      .text(Self.jsonArray(report.warnings)), .integer(importID)])
            return report
        }
    }

    static func iso8601(_ date: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        return f.string(from: date)
    }

    static func jsonArray(_ strings: [String]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: strings, options: [])) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// Records coverage rectangles and recomputes the coverage of every z``coverageZoom``
    /// tile they touch from the union of all stored rectangles.
    func recordCoverage(_ areas: [BoundingBox], importID: Int64, fromBounds: Bool) throws {
        guard !areas.isEmpty else { return }
        for a in areas {
            try db.run("""
                INSERT OR IGNORE INTO coverage_areas(import_id, source, min_lat, min_lon, max_lat, max_lon)
                VALUES (?,?,?,?,?,?)
                """, [.integer(importID), .text(fromBounds ? "bounds" : "node_extent"), .real(a.minLatitude),
                      .real(a.minLongitude), .real(a.maxLatitude), .real(a.maxLongitude)])
        }
        let upsert = try db.prepare("INSERT OR REPLACE INTO coverage_tiles(z, x, y, fraction) VALUES (?,?,?,?)")
        var done = Set<SlippyTile>()
        for a in areas {
            let range = SlippyTile.range(covering: a, zoom: Self.coverageZoom)
            for y in range.y {
                for x in range.x {
                    let tile = SlippyTile(z: Self.coverageZoom, x: x, y: y)
                    guard done.insert(tile).inserted else { continue }
                    let fraction = try coverage(for: tile.bounds)
                    guard fraction > 0 else { continue }
                    try upsert.bind([.integer(Int64(tile.z)), .integer(Int64(x)), .integer(Int64(y)), .real(fraction)])
                    try upsert.step()
                    upsert.reset()
                }
            }
        }
    }
}
