import Foundation
import TrailCore
import TrailSQLite

/// How far an import has got, for a progress line.
public struct MapImportProgress: Sendable, Equatable {
    /// 1 while the first pass reads relations, 2 while the second reads nodes and ways, 3 once
    /// the file is read and the features are finished and written (routes assembled, boxes
    /// indexed, the transaction committed; sent once, with every byte read).
    public var pass: Int
    /// Bytes of the file read in this pass (compressed bytes for .gz/.bz2), and its size.
    /// libosmium reads ahead of the objects handed over, so this leads them by up to a few MB.
    public var bytesRead: Int64, fileSize: Int64
    /// Objects (nodes, ways, relations) read in this pass.
    public var objectsRead: Int
    /// Ways handed to the import so far in this pass: nonzero once the ways have begun (an
    /// extract lists nodes, then ways, then relations; the ways cost most per byte).
    public var waysRead = 0

    public init(pass: Int, bytesRead: Int64, fileSize: Int64, objectsRead: Int, waysRead: Int = 0) {
        self.pass = pass
        self.bytesRead = bytesRead
        self.fileSize = fileSize
        self.objectsRead = objectsRead
        self.waysRead = waysRead
    }
}

extension MapStore {
    /// Imports an OpenStreetMap extract: `.osm.pbf`, or OSM XML 0.6 plain or compressed with
    /// gzip or bzip2, the format detected from the first bytes (libosmium through the
    /// `COSMReader` target, see ``OSMReader``).
    ///
    /// The whole import is one transaction: when anything fails (unreadable, truncated or
    /// malformed file, osmChange file, decompression bomb, interruption, disk full) the store
    /// is left exactly as it was.
    ///
    /// Memory: node locations go to an on-disk index (16 bytes per node in a mapped temporary
    /// file); only the node lists of ways that kept relations use stay in memory (DECISIONS 101).
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
    ///   imported like any other; coverage is taken from the header bounds only (several are
    ///   united), or from the extent of all nodes when the file has none.
    /// - **The same file again**: an earlier import of a file with the same name (last path
    ///   component) is replaced: its entry goes, and so do the objects only it held that this
    ///   file no longer has (DECISIONS 510).
    /// - **Data date**: the header timestamp (PBF `osmosis_replication_timestamp`,
    ///   `<osm timestamp>`, Overpass `<meta osm_base>`) when present, else the newest object
    ///   timestamp.
    ///
    /// - Parameters:
    ///   - path: the file to read.
    ///   - importedAt: the time recorded for this import (injected for tests).
    ///   - progress: called after each block read; may throw (an interruption) to roll the
    ///     import back.
    /// - Returns: what was imported and every irregularity met.
    /// - Throws: ``OSMReadError`` (file, line where there is one, reason), ``SQLiteError``,
    ///   or what `progress` threw.
    @discardableResult
    public func importOSM(path: String, importedAt: Date = Date(),
                          progress: (MapImportProgress) throws -> Void = { _ in }) throws -> MapImportReport {
        // The relations pass reads only the end of a PBF file sorted by type; when the full
        // second pass then counts more relations than it saw (the file was not sorted so), the
        // import rolls back and runs again with a relations pass over the whole file
        // (DECISIONS 1050). CAIRN_IMPORT_FULL_RELATIONS=1 always reads the whole file.
        let fromTail = getenv("CAIRN_IMPORT_FULL_RELATIONS").map { String(cString: $0) != "1" } ?? true
        do {
            return try importOSM(path: path, importedAt: importedAt, relationsFromTail: fromTail, progress: progress)
        } catch is RelationsBeforeTail {
            return try importOSM(path: path, importedAt: importedAt, relationsFromTail: false, progress: progress)
        }
    }

    /// Thrown inside the import's transaction when the relations pass read only the end of the
    /// file and the second pass found relations before it.
    struct RelationsBeforeTail: Error {}

    /// ``importOSM(path:importedAt:progress:)`` with the relations pass over the file's end
    /// (`relationsFromTail`, where the reader finds a sorted PBF file) or over all of it.
    func importOSM(path: String, importedAt: Date, relationsFromTail: Bool,
                   progress: (MapImportProgress) throws -> Void) throws -> MapImportReport {
        var trace = ImportTrace()
        let reader = try OSMReader(path: path)
        // Importing a file again replaces its earlier import(s) (DECISIONS 510).
        let earlier = try imports(named: (path as NSString).lastPathComponent).map(\.id)
        let bulk = try beginFirstImport()
        defer { if bulk { endFirstImport() } }
        // A new store's pages go to the disk while the import computes, not all at the commit
        // (DECISIONS 1112).
        let writeback = bulk ? StoreWriteback(path: self.path) : nil
        trace.mark("file header read, journal set")
        let result = try db.transaction {
            try db.run("INSERT INTO imports(file, file_size, compression, imported_at) VALUES (?,?,?,?)",
                       [.text(path), .integer(reader.fileSize), .text(reader.compression == "none" ? reader.format : reader.compression),
                        .text(Self.iso8601(importedAt))])
            let importID = db.lastInsertRowID
            let writer = try MapStoreWriter(db: db, importID: importID)
            // SQLite's statements on a second thread while this one reads and classifies
            // (DECISIONS 740); stopped before a failed import rolls back. CAIRN_IMPORT_THREADS=1
            // keeps them on this thread (to compare, and to profile one thread).
            if !Self.singleThreadImport { writer.startWriteThread() }
            defer { writer.stopWrites() }
            let session = OSMImportSession(writer: writer, file: path, locate: { [unowned reader] in reader.location($0) })
            var tailOnly = false, relationsRead = 0
            for pass in [1, 2] {
                // Pass 1: relations (from the file's end when it allows). Pass 2: nodes and ways,
                // relations only counted when pass 1 read the end only (the check).
                let kinds: OSMKinds = pass == 1 ? (relationsFromTail ? [.relations, .relationsFromTail] : .relations)
                    : (tailOnly ? [.nodes, .ways, .countRelations] : [.nodes, .ways])
                // Pass 2: untagged nodes and ways stay in the reader unless stored or needed.
                let keep = pass == 2 ? session.untaggedNeeded() : nil
                try reader.read(kinds, indexLocations: pass == 2, keepUntagged: keep, sink: session) { done, total, objects in
                    if pass == 2 { writeback?.kickIfGrown() }
                    try progress(MapImportProgress(pass: pass, bytesRead: done, fileSize: total, objectsRead: objects,
                                                   waysRead: pass == 2 ? session.waysSeen : 0))
                }
                if pass == 1 {
                    tailOnly = reader.tailOnly
                    relationsRead = reader.relationCount
                    session.setRelationsRead(reader.relationCount, newest: reader.newestObjectTimestamp)
                }
                trace.mark(pass == 1 ? (tailOnly ? "relations pass (file end only)" : "relations pass") : "nodes and ways pass")
            }
            if tailOnly && reader.relationCount != relationsRead { throw RelationsBeforeTail() }
            let relationCount = relationsRead
            // Pass 3 (finishing) is announced, and asked again between its steps and just before
            // the commit, so that an interruption (`progress` throws) rolls the import back
            // until then, not only while the file is read.
            let finishing = MapImportProgress(pass: 3, bytesRead: reader.fileSize, fileSize: reader.fileSize,
                                              objectsRead: reader.nodeCount + reader.wayCount + relationCount,
                                              waysRead: reader.wayCount)
            try progress(finishing)
            session.addSkipped(reader.skipped)
            session.setHeader(generator: reader.generator, timestamp: reader.headerTimestamp, bounds: reader.bounds)
            writeback?.kick()
            try session.finish()
            trace.mark("pending ways, multipolygons, routes (finish)")
            try progress(finishing)
            try writer.finishWrites()
            writeback?.kick()
            trace.mark("writing thread drained")
            try progress(finishing)
            try writer.flushBoxes()
            trace.mark("R*Tree packed (flushBoxes)")
            try progress(finishing)
            var report = session.report
            report.fileSize = reader.fileSize
            report.format = reader.format
            report.compression = reader.compression == "none" ? reader.format : reader.compression
            report.nodesRead = reader.nodeCount
            report.waysRead = reader.wayCount
            report.newestObjectTimestamp = [report.newestObjectTimestamp, reader.newestObjectTimestamp].compactMap { $0 }.max()
            report.locationIndexBytes = reader.indexBytes
            try recordCoverage(report.coverage, importID: importID, fromBounds: !report.bounds.isEmpty)
            try db.run("""
                UPDATE imports SET generator = ?, header_timestamp = ?, newest_timestamp = ?, nodes = ?, ways = ?,
                    relations = ?, features = ?, routes = ?, warnings = ?, format = ?, coverage = ? WHERE id = ?
                """, [.optional(report.generator), .optional(report.headerTimestamp), .optional(report.newestObjectTimestamp),
                      .integer(Int64(report.nodesRead)), .integer(Int64(report.waysRead)),
                      .integer(Int64(report.relationsRead)), .integer(Int64(report.featuresWritten)),
                      .integer(Int64(report.routesWritten)),
                      .text(Self.jsonArray(report.warnings)), .text(report.format), .text(Self.coverageJSON(report.coverage)),
                      .integer(importID)])
            if !earlier.isEmpty { report.replaced = try dropImports(earlier) }
            report.featuresHeld = Int(try db.scalar("SELECT count(*) FROM feature_sources WHERE import_id = ?", [.integer(importID)])?.integer ?? 0)
            report.routesHeld = Int(try db.scalar("SELECT count(*) FROM route_sources WHERE import_id = ?", [.integer(importID)])?.integer ?? 0)
            trace.mark("coverage, import row, counts")
            try progress(finishing)
            return report
        }
        trace.mark("commit")
        return result
    }

    /// True when the environment sets CAIRN_IMPORT_THREADS=1: ``importOSM(path:importedAt:progress:)``
    /// then runs its SQLite statements on the calling thread, as before DECISIONS 740.
    static var singleThreadImport: Bool {
        getenv("CAIRN_IMPORT_THREADS").map { String(cString: $0) == "1" } ?? false
    }

    /// Before the first import into a store this instance created (the file did not exist,
    /// and it holds no import and no feature yet): the journal goes from WAL to SQLite's
    /// rollback journal, and reads from the memory map to `pread`, for this import only
    /// (DECISIONS 402).
    ///
    /// Pages beyond a file's original size need no rollback copy, so every page of the new data
    /// is written once, into the store; through the WAL each was written twice (the log, then
    /// the checkpoint at commit), with a lookup in the log's index for every page read back
    /// (measured: a fifth of the import's CPU at 20 M nodes). The import stays one transaction: a
    /// failure or an interruption truncates the store to its empty schema; a hot journal left
    /// by a killed process is rolled back by the next read-write open. Switching the journal
    /// rewrites SQLite's header counters, so a store that existed before is never switched:
    /// a failed import leaves it byte for byte as it was. Nothing changes either when another
    /// connection holds the store (SQLite keeps the WAL then). The map is off because the
    /// store's pages written and read again would count in the import's resident memory.
    /// While such an import runs, other connections cannot open the new store (it holds the
    /// exclusive lock of the rollback journal); there is nothing in it to show yet.
    /// - Returns: true when the switch was made (``endFirstImport()`` undoes it).
    ///
    /// A store this instance created is still in the rollback journal it was made with
    /// (``walPending``, DECISIONS 1120): nothing is switched then, saving the WAL's set-up and
    /// the switch back (7 fsyncs and a checkpoint on a new file).
    func beginFirstImport() throws -> Bool {
        let mode = try db.scalar("PRAGMA journal_mode")?.text?.lowercased()
        guard createdFile, mode == "wal" || (walPending && mode == "delete"),
              try db.scalar("SELECT EXISTS (SELECT 1 FROM imports) OR EXISTS (SELECT 1 FROM features)")?.integer == 0
        else { return false }
        if mode == "delete" { return true }
        try db.execute("PRAGMA mmap_size = 0")
        // Another connection on the file makes SQLite refuse (busy): the WAL stays.
        guard (try? db.scalar("PRAGMA journal_mode = DELETE"))??.text?.lowercased() == "delete" else {
            try db.execute("PRAGMA mmap_size = 2147418112")
            return false
        }
        return true
    }

    /// Back to the WAL and the memory-mapped reads of ``init(path:readOnly:)`` after
    /// ``beginFirstImport()``; a failure leaves the rollback journal (every later open of the
    /// store switches to the WAL again).
    func endFirstImport() {
        walPending = false
        try? db.enableWAL()
        try? db.execute("PRAGMA mmap_size = 2147418112")
    }

    /// `date` in UTC as RFC 3339 / ISO 8601 internet date-time, whole seconds:
    /// "2023-11-14T22:13:20Z". `Date.ISO8601FormatStyle` (FoundationEssentials, no ICU): an
    /// `ISO8601DateFormatter` made per call set up an ICU formatter on every import, a seventh
    /// of a small import's time.
    static func iso8601(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle())
    }

    /// Coverage rectangles as JSON `[[minLat, minLon, maxLat, maxLon], ...]` (imports.coverage).
    static func coverageJSON(_ boxes: [BoundingBox]) -> String {
        let rows = boxes.map { [$0.minLatitude, $0.minLongitude, $0.maxLatitude, $0.maxLongitude] }
        let data = (try? JSONSerialization.data(withJSONObject: rows, options: [])) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// The inverse of ``coverageJSON(_:)``; malformed text gives no boxes.
    static func coverageBoxes(_ json: String) -> [BoundingBox] {
        guard let rows = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [[Double]] else { return [] }
        return rows.compactMap { r in
            r.count == 4 ? BoundingBox(minLatitude: r[0], minLongitude: r[1], maxLatitude: r[2], maxLongitude: r[3]) : nil
        }
    }

    static func jsonArray(_ strings: [String]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: strings, options: [])) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// Records coverage rectangles. The tiles they touch are derived from them when asked
    /// (``coverageTiles(in:)``), so the cost does not grow with their area.
    func recordCoverage(_ areas: [BoundingBox], importID: Int64, fromBounds: Bool) throws {
        guard !areas.isEmpty else { return }
        for a in areas {
            try db.run("""
                INSERT OR IGNORE INTO coverage_areas(import_id, source, min_lat, min_lon, max_lat, max_lon)
                VALUES (?,?,?,?,?,?)
                """, [.integer(importID), .text(fromBounds ? "bounds" : "node_extent"), .real(a.minLatitude),
                      .real(a.minLongitude), .real(a.maxLatitude), .real(a.maxLongitude)])
        }
        // Rows an older Cairn wrote into coverage_tiles (no longer read) go with the first import.
        try db.execute("DELETE FROM coverage_tiles")
    }
}
