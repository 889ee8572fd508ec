import Foundation
import TrailSQLite

/// A feature ready to be written: geometry already in fixed point.
struct FeatureRecord {
    var id: MapFeatureID
    var featureClass: FeatureClass
    var kind: GeometryKind
    var parts: [[(Int32, Int32)]]
    var nodeIDs: [[Int64]]?
    var tags: [OSMTag]
    var version: Int32?
    var complete: Bool

    /// (minLat, maxLat, minLon, maxLon) in 1e-7 degrees.
    var box: (Int32, Int32, Int32, Int32) {
        var a = Int32.max, b = Int32.min, c = Int32.max, d = Int32.min
        for part in parts {
            for (lat, lon) in part {
                a = min(a, lat); b = max(b, lat); c = min(c, lon); d = max(d, lon)
            }
        }
        return (a, b, c, d)
    }

    /// The label point, as ``MapFeature/representativeCoordinate`` defines it.
    func label(box: (Int32, Int32, Int32, Int32)) -> (Int32, Int32) {
        switch kind {
        case .point: return parts[0][0]
        case .line:
            let longest = parts.max { $0.count < $1.count } ?? parts[0]
            return longest[longest.count / 2]
        case .area:
            return (Int32((Int64(box.0) + Int64(box.1)) / 2), Int32((Int64(box.2) + Int64(box.3)) / 2))
        }
    }
}

/// Writes features and routes during an import, with prepared statements, applying the
/// upsert rules of ``MapStore/importOSM(path:importedAt:progress:)``.
final class MapStoreWriter {
    /// A stored feature's version and completeness, and where its box waits in
    /// ``pendingBoxes`` (-1: none waiting).
    struct Stored { var version: Int32?; var complete: Bool; var pendingBox: Int32 = -1 }

    /// A feature's R*Tree row, written by ``flushBoxes()`` (1e-7 degrees; `minZoom` -1: the
    /// feature was removed again before the flush).
    struct PendingBox { var id: Int64; var minLat, maxLat, minLon, maxLon: Int32; var minZoom: Int32 }

    let db: Connection
    let importID: Int64
    /// Features already in the store (and written so far): id → version, completeness.
    private var existing: [Int64: Stored]
    private var existingRoutes: [Int64: Stored]
    private let insertFeature, insertNewFeature, insertBox, insertName, deleteName, deleteFeature, deleteBox: Statement
    private let insertRoute, insertRouteBox, deleteMembers, insertMember: Statement
    private let insertSource, deleteSources, insertRouteSource: Statement

    /// The boxes of the features written so far, inserted into the R*Tree at the end in
    /// Hilbert order of their centres (DECISIONS 401).
    private var pendingBoxes: [PendingBox] = []

    /// Counters for the report.
    var olderVersionsSkipped = 0
    var partialKeptStored = 0
    var removed = 0

    init(db: Connection, importID: Int64) throws {
        self.db = db
        self.importID = importID
        var existing: [Int64: Stored] = [:]
        let st = try db.prepare("SELECT id, version, complete FROM features")
        while try st.step() {
            existing[st.int64(0)] = Stored(version: st.optionalInt64(1).map { Int32(truncatingIfNeeded: $0) }, complete: st.int(2) != 0)
        }
        self.existing = existing
        var routes: [Int64: Stored] = [:]
        let rs = try db.prepare("SELECT id, version, complete FROM routes")
        while try rs.step() {
            routes[rs.int64(0)] = Stored(version: rs.optionalInt64(1).map { Int32(truncatingIfNeeded: $0) }, complete: rs.int(2) != 0)
        }
        self.existingRoutes = routes
        insertFeature = try db.prepare("""
            INSERT OR REPLACE INTO features(id, class, kind, min_zoom, name, version, complete, label_lat, label_lon,
                                            geometry, node_ids, tags, import_id, view)
            VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)
            """)
        // A feature not stored yet goes in with a plain INSERT: `OR REPLACE` makes SQLite open a
        // statement savepoint, and FTS5 writes its pending names to disk as a new segment at every
        // savepoint, so each feature's row flushed the names of the feature before it (a third of
        // the writing thread's time, DECISIONS 1090).
        insertNewFeature = try db.prepare("""
            INSERT INTO features(id, class, kind, min_zoom, name, version, complete, label_lat, label_lon,
                                 geometry, node_ids, tags, import_id, view)
            VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)
            """)
        insertBox = try db.prepare("""
            INSERT OR REPLACE INTO feature_bbox(id, min_lat, max_lat, min_lon, max_lon, min_zoom, max_zoom) VALUES (?,?,?,?,?,?,?)
            """)
        insertName = try db.prepare("INSERT INTO feature_names(rowid, name) VALUES (?,?)")
        deleteName = try db.prepare("DELETE FROM feature_names WHERE rowid = ?")
        deleteFeature = try db.prepare("DELETE FROM features WHERE id = ?")
        deleteBox = try db.prepare("DELETE FROM feature_bbox WHERE id = ?")
        insertRoute = try db.prepare("""
            INSERT OR REPLACE INTO routes(id, route, name, ref, version, complete, members_total, members_present,
                                          geometry, tags, import_id)
            VALUES (?,?,?,?,?,?,?,?,?,?,?)
            """)
        insertRouteBox = try db.prepare("INSERT OR REPLACE INTO route_bbox(id, min_lat, max_lat, min_lon, max_lon) VALUES (?,?,?,?,?)")
        deleteMembers = try db.prepare("DELETE FROM route_members WHERE route_id = ?")
        insertMember = try db.prepare("INSERT INTO route_members(route_id, position, type, ref, role, present) VALUES (?,?,?,?,?,?)")
        insertSource = try db.prepare("INSERT OR IGNORE INTO feature_sources(feature_id, import_id) VALUES (?,?)")
        deleteSources = try db.prepare("DELETE FROM feature_sources WHERE feature_id = ?")
        insertRouteSource = try db.prepare("INSERT OR IGNORE INTO route_sources(route_id, import_id) VALUES (?,?)")
    }

    /// OSM ids of the stored (and so far written) features of one element type, ascending.
    func storedOSMIDs(_ type: OSMElementType) -> [Int64] {
        existing.keys.compactMap { key in
            MapFeatureID(rawValue: key).flatMap { $0.type == type ? $0.osmID : nil }
        }.sorted()
    }

    /// What the writing thread does for one feature (``ImportWriteQueue``), in file order.
    enum Write {
        /// Insert or replace a feature row; `replacing`: a stored copy's names go first.
        case feature(FeatureRow)
        /// The same, for a feature the writing thread encodes (``encode(_:)``) first.
        case unencoded(FeatureRecord, box: (Int32, Int32, Int32, Int32), minZoom: Int, replacing: Bool)
        /// The stored copy is kept: only record that this import holds it.
        case keptStored(Int64)
        /// Delete a stored feature, its box, names and sources.
        case remove(Int64)
    }

    /// A feature row as decided on the reading thread, its geometry, tags' JSON and view record
    /// encoded there too (the per-zoom simplification is the largest part of a row's cost, and
    /// the writing thread has SQLite's share: the two halves come out about even, DECISIONS
    /// 740); the statements on the writing thread.
    struct FeatureRow {
        var record: FeatureRecord
        var box: (Int32, Int32, Int32, Int32)
        var minZoom: Int
        var name: String?
        var names: String
        var replacing: Bool
        /// `features.geometry`: the full geometry and the view fields (``ViewRecord/geometryRecord(geometry:fields:)``).
        var geometry: [UInt8]
        var nodeIDs: [UInt8]?
        var tags: String
        /// ``ViewRecord`` of the row (`features.view`).
        var view: [UInt8]
    }

    /// The writing thread between the reader and SQLite (DECISIONS 740); nil once finished.
    private var queue: ImportWriteQueue<Write>?

    /// Starts the writing thread: from now until ``finishWrites()`` (or ``stopWrites()``) the
    /// connection belongs to it, and ``write(_:)`` and ``removeIfStored(_:version:)`` only
    /// queue their statements. Without it they run at once on the calling thread.
    func startWriteThread() {
        guard queue == nil else { return }
        // Unretained: this writer stops the queue before it goes (deinit). The statements are
        // touched only by the writing thread while it runs (see ImportWriteQueue).
        let owner = Unmanaged.passUnretained(self)
        queue = ImportWriteQueue<Write> { batch in
            let me = owner.takeUnretainedValue()
            for w in batch { try me.perform(w) }
        }
    }

    /// Waits until every queued statement ran and ends the writing thread.
    /// - Throws: the first error a queued statement threw.
    func finishWrites() throws {
        guard let q = queue else { return }
        queue = nil
        try q.finish()
    }

    /// Ends the writing thread without running what waits (the import failed; the transaction
    /// rolls back). Safe to call more than once.
    func stopWrites() {
        queue?.stop()
        queue = nil
    }

    deinit { queue?.stop() }

    /// Queues `w`, or runs it at once when no writing thread runs.
    private func submit(_ w: Write) throws {
        if let queue { try queue.append(w) } else { try perform(w) }
    }

    /// Runs the statements of one ``Write``.
    private func perform(_ w: Write) throws {
        switch w {
        case .keptStored(let key):
            try recordSource(key)
        case .remove(let key):
            for st in [deleteFeature, deleteBox, deleteName, deleteSources] {
                try st.bind([.integer(key)])
                try st.step()
                st.reset()
            }
        case .unencoded(let f, let box, let minZoom, let replacing):
            var row = Self.encode(f, box: box, minZoom: minZoom)
            row.replacing = replacing
            try performFeature(row)
        case .feature(let row):
            try performFeature(row)
        }
    }

    /// The statements of one feature row: its stored copy's names out when it replaces one, the
    /// row, its names, its source. Bound column by column, the blobs read in place by SQLite.
    private func performFeature(_ row: FeatureRow) throws {
        let f = row.record
        let key = f.id.rawValue
        if row.replacing {
            try deleteName.bind(key, at: 1)
            try deleteName.step()
            deleteName.reset()
        }
        let label = f.label(box: row.box)
        let st = row.replacing ? insertFeature : insertNewFeature
        try st.bind(key, at: 1)
        try st.bind(f.featureClass.rawValue, at: 2)
        try st.bind(Int64(f.kind.rawValue), at: 3)
        try st.bind(Int64(row.minZoom), at: 4)
        if let name = row.name { try st.bind(name, at: 5) } else { try st.bindNull(at: 5) }
        if let v = f.version { try st.bind(Int64(v), at: 6) } else { try st.bindNull(at: 6) }
        try st.bind(Int64(f.complete ? 1 : 0), at: 7)
        try st.bind(Int64(label.0), at: 8)
        try st.bind(Int64(label.1), at: 9)
        try st.bind(row.tags, at: 12)
        try st.bind(importID, at: 13)
        try row.geometry.withUnsafeBytes { geometry in
            try row.view.withUnsafeBytes { view in
                defer { st.reset() }  // unbinds the bytes read in place, whatever happens
                try st.bindBlobInPlace(geometry, at: 10)
                try st.bindBlobInPlace(view, at: 14)
                if let ids = row.nodeIDs {
                    try ids.withUnsafeBytes { ids in
                        try st.bindBlobInPlace(ids, at: 11)
                        try st.step()
                    }
                } else {
                    try st.bindNull(at: 11)
                    try st.step()
                }
            }
        }
        if !row.names.isEmpty {
            try insertName.bind(key, at: 1)
            try insertName.bind(row.names, at: 2)
            try insertName.step()
            insertName.reset()
        }
        try recordSource(key)
    }

    /// Records that this import's file holds feature `key` (whichever copy is stored).
    private func recordSource(_ key: Int64) throws {
        try insertSource.bind(key, at: 1)
        try insertSource.bind(importID, at: 2)
        try insertSource.step()
        insertSource.reset()
    }

    /// True when a stored copy should be kept instead of `version`/`complete` from the file:
    /// the stored version is newer, or the file's copy is partial and not newer than a
    /// complete stored copy.
    private func keepStored(_ old: Stored, version: Int32?, complete: Bool) -> Bool {
        if let v = version, let ov = old.version, v < ov { olderVersionsSkipped += 1; return true }
        if !complete && old.complete {
            let newer = version.map { v in old.version.map { v > $0 } ?? false } ?? false
            if !newer { partialKeptStored += 1; return true }
        }
        return false
    }

    /// The row of feature `f` as ``write(_:encoded:)`` stores it (`replacing` false): box,
    /// minimum zoom, names, geometry, tags' JSON and the view record with its per-zoom
    /// simplifications. Depends on `f` alone, so it may run on any thread (``OSMImportSession``
    /// encodes the features of the end of the file on two, DECISIONS 1052).
    static func encode(_ f: FeatureRecord) -> FeatureRow {
        let (box, minZoom) = boxAndMinZoom(f)
        return encode(f, box: box, minZoom: minZoom)
    }

    /// ``encode(_:)`` with the box and minimum zoom already made (``boxAndMinZoom(_:)``: the
    /// reading thread needs them and hands them over with the feature, DECISIONS 1091).
    static func encode(_ f: FeatureRecord, box: (Int32, Int32, Int32, Int32), minZoom: Int) -> FeatureRow {
        let kept = f.tags
        let name = kept.value("name")
        let names = [name, kept.value("alt_name")].compactMap { $0 }.joined(separator: " ")
        let geometry = GeometryCodec.encode(parts: f.parts)
        let tagsUTF8 = TagsJSON.encodeUTF8(f.tags)
        let tags = String(decoding: tagsUTF8, as: UTF8.self)
        let levels = ZoomGeometry.levelBlobs(parts: f.parts, kind: f.kind, minZoom: minZoom)
        // The view fields go into the view record (below z16) and after the full geometry (z16+, DECISIONS 1060).
        let fields = ViewRecord.encodeFields(featureClass: f.featureClass.rawValue, kind: f.kind, minZoom: minZoom, complete: f.complete,
                                             box: box, tags: tagsUTF8)
        let view = ViewRecord.encode(fields: fields, levels: levels, minZoom: minZoom, geometry: geometry)
        return FeatureRow(record: f, box: box, minZoom: minZoom, name: name, names: names, replacing: false,
                          geometry: ViewRecord.geometryRecord(geometry: geometry, fields: fields),
                          nodeIDs: f.nodeIDs.map { GeometryCodec.encode(nodeIDs: $0) }, tags: tags, view: view)
    }

    /// The writing thread encodes the features (``encode(_:)``) the reading thread hands over
    /// while at most this many full batches wait for it; beyond that the reading thread
    /// encodes them itself until the writer catches up (DECISIONS 1091).
    nonisolated(unsafe) static var encodingBacklog = 1

    /// The box and minimum zoom of feature `f`, as ``encode(_:)`` gives them in its row.
    static func boxAndMinZoom(_ f: FeatureRecord) -> ((Int32, Int32, Int32, Int32), Int) {
        let box = f.box
        return (box, FeatureClassifier.minZoom(f.featureClass, bounds: FixedPoint.box(box), isPoint: f.kind == .point, tags: f.tags))
    }

    /// Inserts or replaces a feature (upsert by OSM type and id). The decision is made here;
    /// the statements run on the writing thread when one runs (``startWriteThread()``).
    /// - Parameter encoded: ``encode(_:)`` of `f` when already made (else made here).
    /// - Returns: false when the stored copy was kept.
    @discardableResult
    func write(_ f: FeatureRecord, encoded: FeatureRow? = nil) throws -> Bool {
        let key = f.id.rawValue
        let old = existing[key]
        if let old, keepStored(old, version: f.version, complete: f.complete) {
            try submit(.keptStored(key))
            return false
        }
        let box: (Int32, Int32, Int32, Int32), minZoom: Int
        if encoded == nil, let queue, queue.backlog <= Self.encodingBacklog {
            // The writing thread encodes while it keeps up (DECISIONS 1091): box and minimum
            // zoom, cheap, here.
            (box, minZoom) = Self.boxAndMinZoom(f)
            try submit(.unencoded(f, box: box, minZoom: minZoom, replacing: old != nil))
        } else {
            var row = encoded ?? Self.encode(f)
            row.replacing = old != nil
            (box, minZoom) = (row.box, row.minZoom)
            try submit(.feature(row))
        }
        let pending = PendingBox(id: key, minLat: box.0, maxLat: box.1, minLon: box.2, maxLon: box.3, minZoom: Int32(minZoom))
        var slot = old?.pendingBox ?? -1
        if slot >= 0 { pendingBoxes[Int(slot)] = pending } else { slot = Int32(pendingBoxes.count); pendingBoxes.append(pending) }
        existing[key] = Stored(version: f.version, complete: f.complete, pendingBox: slot)
        return true
    }

    /// Removes a stored feature that the file shows is no longer a feature (its tags changed),
    /// unless the stored copy is a newer version.
    func removeIfStored(_ id: MapFeatureID, version: Int32?) throws {
        let key = id.rawValue
        guard let old = existing[key] else { return }
        if let v = version, let ov = old.version, v < ov { return }
        if old.pendingBox >= 0 { pendingBoxes[Int(old.pendingBox)].minZoom = -1 }
        try submit(.remove(key))
        existing[key] = nil
        removed += 1
    }

    /// The upper minimum zooms of the bands an empty R*Tree is packed by (``flushBoxes()``):
    /// features shown from z11 or wider, from z12, from z13 on. A view at zoom z asks for
    /// `min_zoom <= z`, so a z10 view reads only the nodes of the first band and a z12 view
    /// those of the first two, instead of nodes where most boxes are of footpaths it leaves
    /// out (DECISIONS 460).
    static let packingZoomBands: [Int32] = [11, 12]

    /// Inserts the boxes of the features written since the last flush into the R*Tree
    /// (`INSERT OR REPLACE`), in the Hilbert order of their centres: consecutive inserts then
    /// descend the same branches, which SQLite's page cache still holds, instead of one random
    /// path through a tree of hundreds of megabytes per feature in file order. Into an empty
    /// tree the boxes are not inserted but packed, each zoom band (``packingZoomBands``) in that
    /// order (``PackedRTree``). Call once after
    /// the last ``write(_:)``, inside the import's transaction; queries see the same rows.
    func flushBoxes() throws {
        try finishWrites()
        let boxes = pendingBoxes
        let packing = try boxes.contains { $0.minZoom >= 0 } && PackedRTree.isEmpty(db, table: "feature_bbox")
        // One sort by a key of the zoom band (into an empty tree: packed band by band in that
        // order, DECISIONS 460) above the Hilbert key of the box's centre, then the id (ids are
        // unique among the boxes waiting, so the order is total). Each half of the boxes gets
        // its keys and is sorted on a thread of its own, then the two are merged (DECISIONS
        // 1111); 16 bytes a box, the halves gone before the boxes are written.
        let precedes = { (a: SortedBox, b: SortedBox) -> Bool in
            a.key != b.key ? a.key < b.key : boxes[Int(a.index)].id < boxes[Int(b.index)].id
        }
        let order: [SortedBox] = {
            let halves = TwoThreads.map(0..<2) { h -> [SortedBox] in
                var part: [SortedBox] = []
                for i in (h * boxes.count / 2)..<((h + 1) * boxes.count / 2) where boxes[i].minZoom >= 0 {
                    let b = boxes[i]
                    var key = UInt64(Self.hilbertIndex(latE7: Int32((Int64(b.minLat) + Int64(b.maxLat)) / 2),
                                                       lonE7: Int32((Int64(b.minLon) + Int64(b.maxLon)) / 2)))
                    if packing { key |= UInt64(Self.packingZoomBands.firstIndex { b.minZoom <= $0 } ?? Self.packingZoomBands.count) << 32 }
                    part.append(SortedBox(key: key, index: Int32(i)))
                }
                part.sort(by: precedes)
                return part
            }
            return Self.merge(halves[0], halves[1], by: precedes)
        }()
        if packing {
            try PackedRTree.load(db, table: "feature_bbox", count: order.count) { k in
                let b = boxes[Int(order[k].index)]
                return PackedRTree.Cell(id: b.id, minLat: b.minLat, maxLat: b.maxLat, minLon: b.minLon, maxLon: b.maxLon,
                                        minZoom: b.minZoom, maxZoom: b.minZoom + 1)
            }
        } else {
            for o in order {
                let b = boxes[Int(o.index)]
                try insertBox.bind([.integer(b.id), .integer(Int64(b.minLat)), .integer(Int64(b.maxLat)), .integer(Int64(b.minLon)),
                                    .integer(Int64(b.maxLon)), .integer(Int64(b.minZoom)), .integer(Int64(b.minZoom) + 1)])
                try insertBox.step()
                insertBox.reset()
            }
        }
        // No box waits any more: every stored feature's slot goes (a walk over the values, no
        // hashing; only features with a box waiting have a slot).
        var slot = existing.values.startIndex
        while slot != existing.values.endIndex {
            if existing.values[slot].pendingBox >= 0 { existing.values[slot].pendingBox = -1 }
            existing.values.formIndex(after: &slot)
        }
        pendingBoxes = []
    }

    /// The position of a point on the Hilbert curve filling a 65,536 × 65,536 grid over the
    /// whole globe (longitude -180…180 east, latitude -90…90 north, in 1e-7 degrees): points
    /// close on the curve are close on the ground. The usual bit-by-bit conversion (quadrant,
    /// then rotate the rest into that quadrant's orientation).
    static func hilbertIndex(latE7: Int32, lonE7: Int32) -> UInt64 {
        let n: UInt64 = 1 << 16
        var x = UInt64(min(max(Int64(lonE7) + 1_800_000_000, 0), 3_600_000_000)) * (n - 1) / 3_600_000_000
        var y = UInt64(min(max(Int64(latE7) + 900_000_000, 0), 1_800_000_000)) * (n - 1) / 1_800_000_000
        var d: UInt64 = 0
        var s = n / 2
        while s > 0 {
            let rx: UInt64 = x & s != 0 ? 1 : 0
            let ry: UInt64 = y & s != 0 ? 1 : 0
            d += s * s * ((3 * rx) ^ ry)
            if ry == 0 {
                if rx == 1 { x = n - 1 - x; y = n - 1 - y }
                swap(&x, &y)
            }
            s /= 2
        }
        return d
    }

    /// Inserts or replaces a route relation and its member list.
    /// - Returns: false when the stored copy was kept.
    @discardableResult
    func writeRoute(id: Int64, tags: [OSMTag], version: Int32?, complete: Bool, members: [(OSMMember, Bool)],
                    parts: [[(Int32, Int32)]]) throws -> Bool {
        // Routes are few: written at once, after what the writing thread still holds.
        try queue?.drain()
        try insertRouteSource.bind([.integer(id), .integer(importID)])
        try insertRouteSource.step()
        insertRouteSource.reset()
        if let old = existingRoutes[id], keepStored(old, version: version, complete: complete) { return false }
        let present = members.filter(\.1).count
        try insertRoute.bind([
            .integer(id), .text(tags.value("route") ?? ""), .optional(tags.value("name")), .optional(tags.value("ref")),
            .optional(version.map(Int64.init)), .integer(complete ? 1 : 0), .integer(Int64(members.count)),
            .integer(Int64(present)), .blob(GeometryCodec.encode(parts: parts)), .text(TagsJSON.encode(tags)),
            .integer(importID),
        ])
        try insertRoute.step()
        insertRoute.reset()
        let record = FeatureRecord(id: MapFeatureID(type: .relation, osmID: id), featureClass: .path, kind: .line,
                                   parts: parts, tags: [], complete: complete)
        if !parts.isEmpty {
            let box = record.box
            try insertRouteBox.bind([.integer(id), .integer(Int64(box.0)), .integer(Int64(box.1)),
                                     .integer(Int64(box.2)), .integer(Int64(box.3))])
            try insertRouteBox.step()
            insertRouteBox.reset()
        } else {
            try db.run("DELETE FROM route_bbox WHERE id = ?", [.integer(id)])
        }
        try deleteMembers.bind([.integer(id)])
        try deleteMembers.step()
        deleteMembers.reset()
        for (i, (m, isPresent)) in members.enumerated() {
            try insertMember.bind([.integer(id), .integer(Int64(i)), .integer(Int64(m.type.rawValue)), .integer(m.ref),
                                   .text(m.role), .integer(isPresent ? 1 : 0)])
            try insertMember.step()
            insertMember.reset()
        }
        existingRoutes[id] = Stored(version: version, complete: complete)
        return true
    }
}

extension MapStoreWriter {
    /// A waiting box in ``flushBoxes()``'s order: its sort key (zoom band above the Hilbert
    /// key) and where it is in ``pendingBoxes`` (whose id breaks a tie).
    struct SortedBox {
        var key: UInt64
        var index: Int32
    }

    /// The merge of two runs each sorted by `precedes` (stable: `a`'s first when neither precedes).
    static func merge(_ a: [SortedBox], _ b: [SortedBox], by precedes: (SortedBox, SortedBox) -> Bool) -> [SortedBox] {
        var out: [SortedBox] = []
        out.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if precedes(b[j], a[i]) { out.append(b[j]); j += 1 } else { out.append(a[i]); i += 1 }
        }
        out.append(contentsOf: a[i...])
        out.append(contentsOf: b[j...])
        return out
    }
}
