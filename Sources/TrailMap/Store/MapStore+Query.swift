import CSQLite
import Foundation
import TrailCore
import TrailSQLite

extension MapStore {
    /// From this zoom on, ``features(in:zoom:classes:includeNodeIDs:)`` returns full geometry.
    public static let simplificationMaxZoom = 16

    static let featureColumns = """
        f.id, f.class, f.kind, f.min_zoom, f.complete, f.geometry, f.tags, f.node_ids,
        r.min_lat, r.max_lat, r.min_lon, r.max_lon
        """

    /// Every feature whose bounding box intersects `box` and that is worth drawing at `zoom`.
    ///
    /// The R*Tree (1e-7-degree boxes) finds candidates; features whose minimum zoom is above
    /// `zoom` are left out, so a wide view at z10 does not decode every footpath. At zoom 16
    /// and above nothing is left out. Features are whole (not clipped to `box`).
    ///
    /// Below zoom ``simplificationMaxZoom`` (and unless node ids are asked for, which must stay
    /// aligned with the vertices) lines and rings come simplified with Douglas–Peucker to half a
    /// pixel (one braille dot) of ground resolution at `zoom`, so a wide frame draws few
    /// vertices and looks the same: read as stored at import for that zoom (``ZoomGeometry``,
    /// at the feature's own latitude, so a line does not change while the view pans), or, in a
    /// store of an older Cairn opened read-only, simplified here at the view's latitude.
    /// - Parameters:
    ///   - box: the view, in degrees (see ``WebMercator/viewBounds(center:zoom:widthPixels:heightPixels:tileSize:)``).
    ///   - zoom: the slippy-map zoom of the view.
    ///   - classes: only these classes (nil: all).
    ///   - includeNodeIDs: also decode OSM node ids of highway ways (for a walking router).
    /// - Returns: features in no particular order.
    /// - Throws: ``SQLiteError``.
    public func features(in box: BoundingBox, zoom: Int, classes: Set<FeatureClass>? = nil,
                         includeNodeIDs: Bool = false) throws -> [MapFeature] {
        let simplify = !includeNodeIDs && zoom < Self.simplificationMaxZoom
        if hasViewRecords {
            return try viewFeatures(in: box, zoom: zoom, classes: classes, includeNodeIDs: includeNodeIDs).features
        }
        return try map4Features(in: box, zoom: zoom, classes: classes, includeNodeIDs: includeNodeIDs, simplify: simplify)
    }

    /// ``features(in:zoom:classes:includeNodeIDs:)`` over a store without ``ViewRecord``s (an
    /// older Cairn's, opened read-only): the stored levels (map-4) beside the full geometry,
    /// the level picked in Swift, or no levels at all and the lines simplified here.
    private func map4Features(in box: BoundingBox, zoom: Int, classes: Set<FeatureClass>?, includeNodeIDs: Bool,
                              simplify: Bool) throws -> [MapFeature] {
        guard let sql = Self.boxQuery("""
            f.id, f.class, f.kind, f.min_zoom, f.complete, f.geometry, f.tags, \(includeNodeIDs ? "f.node_ids" : "NULL"),
                   r.min_lat, r.max_lat, r.min_lon, r.max_lon, \(simplify && hasZoomGeometry ? "f.zoom_geometry" : "NULL")
            """, classes: classes) else { return [] }
        let st = try cachedStatement(sql)
        defer { st.reset() }
        try bindBox(st, box, zoom: zoom)
        var out: [MapFeature] = []
        // A store without stored levels (an older Cairn's, opened read-only): simplify here.
        let tolerance = !simplify || hasZoomGeometry ? 0
            : WebMercator.groundResolution(latitude: (box.minLatitude + box.maxLatitude) / 2, zoom: Double(zoom)) / 2
        while try st.step() {
            guard var f = decodeFeature(st, includeNodeIDs: includeNodeIDs, levelsColumn: 12, zoom: zoom) else { continue }
            if tolerance > 0, f.kind != .point {
                f.parts = FeatureParts(f.parts.map { $0.count > 2 ? DouglasPeucker.simplify($0.array, tolerance: tolerance) : $0.array })
            }
            out.append(f)
        }
        return out
    }

    /// `SELECT columns` over the features whose R*Tree box meets the bound box (?1-?4) and
    /// whose minimum zoom is at most ?5 (``bindBox``), of `classes` only when given; nil for
    /// an empty set of classes (nothing to ask). The statement text both view queries share.
    static func boxQuery(_ columns: String, classes: Set<FeatureClass>?) -> String? {
        var sql = """
            SELECT \(columns)
            FROM feature_bbox r JOIN features f ON f.id = r.id
            WHERE r.max_lat >= ?1 AND r.min_lat <= ?2 AND r.max_lon >= ?3 AND r.min_lon <= ?4 AND r.min_zoom <= ?5
            """
        if let classes {
            guard !classes.isEmpty else { return nil }
            sql += " AND f.class IN (" + classes.sorted().map { "'\($0.rawValue)'" }.joined(separator: ",") + ")"
        }
        return sql
    }

    /// Every feature whose bounding box intersects `box` and that is worth drawing at `zoom`,
    /// flat (``ViewFeatures``, DECISIONS 1010): what ``features(in:zoom:classes:includeNodeIDs:)``
    /// returns (same features, order, levels and vertices; see there), without a ``MapFeature``
    /// per feature. Over a store with ``ViewRecord``s (map-5) one packed column per row is read
    /// below zoom ``simplificationMaxZoom``, and from it (or with node ids) the full geometry
    /// column, which since map-6 carries the view fields after the geometry (one blob per row,
    /// ``ViewRecord/geometryRecord(geometry:fields:)``; a map-5 store reads both); the geometry
    /// blob drawn is copied, not decoded (its reader decodes it, DECISIONS 1011). The tags are
    /// not checked here: the import writes them
    /// with ``TagsJSON/encode(_:)`` and a lookup (``MapTags``) reads damaged text safely.
    /// - Parameters: as ``features(in:zoom:classes:includeNodeIDs:)``.
    /// - Returns: the features in no particular order.
    /// - Throws: ``SQLiteError``.
    public func viewFeatures(in box: BoundingBox, zoom: Int, classes: Set<FeatureClass>? = nil,
                             includeNodeIDs: Bool = false) throws -> ViewFeatures {
        let simplify = !includeNodeIDs && zoom < Self.simplificationMaxZoom
        guard hasViewRecords else {
            return ViewFeatures(try map4Features(in: box, zoom: zoom, classes: classes, includeNodeIDs: includeNodeIDs, simplify: simplify))
        }
        // From z16 (or with node ids) a map-6 store's rows are read from `geometry` alone: the
        // full geometry with the view fields after it (DECISIONS 1060).
        let oneBlob = !simplify && hasGeometryViewFields
        let columns = simplify ? "f.id, f.view" : oneBlob ? "f.id, f.geometry" : "f.id, f.view, f.geometry"
        guard let sql = Self.boxQuery(columns + (includeNodeIDs ? ", f.node_ids" : ""), classes: classes) else { return ViewFeatures() }
        let st = try cachedStatement(sql)
        defer { st.reset() }
        try bindBox(st, box, zoom: zoom)
        // The last view's byte arrays again (they copy themselves when a result still holds
        // them): no fresh memory to fault in per frame.
        var view = ViewFeatures()
        view.geometry = statementCache.geometryBytes
        statementCache.geometryBytes = []
        view.geometry.removeAll(keepingCapacity: true)
        view.geometry.reserveCapacity(statementCache.geometryHint)
        view.tagBytes = statementCache.tagBytes
        statementCache.tagBytes = []
        view.tagBytes.removeAll(keepingCapacity: true)
        view.tagBytes.reserveCapacity(statementCache.tagHint)
        view.reserve(features: statementCache.rowHint)
        // The row's columns are read through SQLite's own pointers (no closure per column):
        // a view is a few hundred rows, each a few dozen bytes of work beyond SQLite's.
        let h = st.handle
        let level = simplify ? zoom : nil
        let nodeIDsColumn: Int32 = oneBlob ? 2 : 3
        while try st.step() {
            guard let id = MapFeatureID(rawValue: sqlite3_column_int64(h, 0)), let record = Self.columnBytes(h, 1) else { continue }
            if level != nil {
                Self.appendView(id: id, record: record, zoom: level, geometry: nil, nodeIDs: .none, into: &view)
                continue
            }
            let nodeIDs: [[Int64]]?? = !includeNodeIDs ? .none
                : .some(Self.columnBytes(h, nodeIDsColumn).flatMap { GeometryCodec.decodeNodeIDs($0) })
            if oneBlob {
                guard let (geometry, v) = ViewRecord.decodeGeometryRecord(record) else { continue }
                Self.append(id: id, fields: v, geometry: geometry, nodeIDs: nodeIDs, into: &view)
            } else {
                Self.appendView(id: id, record: record, zoom: nil, geometry: Self.columnBytes(h, 2) ?? UnsafeRawBufferPointer(start: nil, count: 0),
                                nodeIDs: nodeIDs, into: &view)
            }
        }
        statementCache.geometryHint = view.geometry.count
        statementCache.tagHint = view.tagBytes.count
        statementCache.rowHint = view.count
        statementCache.geometryBytes = view.geometry
        statementCache.tagBytes = view.tagBytes
        return view
    }

    /// The bytes of blob column `i` of the current row of `h` (SQLite's own, valid until the
    /// next step); nil for NULL.
    @inline(__always)
    static func columnBytes(_ h: OpaquePointer, _ i: Int32) -> UnsafeRawBufferPointer? {
        let p = sqlite3_column_blob(h, i)
        let n = Int(sqlite3_column_bytes(h, i))
        if p == nil { return sqlite3_column_type(h, i) == SQLITE_NULL ? nil : UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: p, count: n)
    }

    /// Appends one row's feature onto `view`: the ``ViewRecord`` `record`'s fields and tags and
    /// the geometry blob drawn (copied, not decoded) — with `zoom`, the record's level serving
    /// it, else `geometry` (the full geometry column). A damaged record, or one without a level
    /// for `zoom`, appends nothing.
    @inline(__always)
    static func appendView(id: MapFeatureID, record: UnsafeRawBufferPointer, zoom: Int?, geometry: UnsafeRawBufferPointer?,
                           nodeIDs: [[Int64]]??, into view: inout ViewFeatures) {
        guard let v = ViewRecord.decode(record) else { return }
        let drawn: UnsafeRawBufferPointer
        if let zoom {
            guard let level = GeometryCodec.level(servingZoom: zoom, in: v.levels) else { return }
            drawn = level
        } else {
            guard let geometry else { return }
            drawn = geometry
        }
        append(id: id, fields: v, geometry: drawn, nodeIDs: nodeIDs, into: &view)
    }

    /// Appends one feature of decoded view fields `v` and the geometry blob `geometry` (copied).
    @inline(__always)
    static func append(id: MapFeatureID, fields v: ViewRecord.Fields, geometry: UnsafeRawBufferPointer, nodeIDs: [[Int64]]??,
                       into view: inout ViewFeatures) {
        let bounds = BoundingBox(minLatitude: FixedPoint.degrees(v.box.0), minLongitude: FixedPoint.degrees(v.box.2),
                                 maxLatitude: FixedPoint.degrees(v.box.1), maxLongitude: FixedPoint.degrees(v.box.3))
        view.append(id: id, featureClass: v.featureClass, kind: v.kind, minZoom: v.minZoom, isComplete: v.isComplete,
                    bounds: bounds, tags: v.tags, geometry: geometry, nodeIDs: nodeIDs)
    }

    /// How many features ``features(in:zoom:classes:includeNodeIDs:)`` would return for
    /// `box` and `zoom` (all classes), counted in the R*Tree without decoding anything.
    public func featureCount(in box: BoundingBox, zoom: Int) throws -> Int {
        let st = try cachedStatement("""
            SELECT count(*) FROM feature_bbox
            WHERE max_lat >= ?1 AND min_lat <= ?2 AND max_lon >= ?3 AND min_lon <= ?4 AND min_zoom <= ?5
            """)
        defer { st.reset() }
        try bindBox(st, box, zoom: zoom)
        return try st.step() ? st.int(0) : 0
    }

    /// Binds a box as ?1…?4 (1e-7 degrees) and a zoom as ?5.
    func bindBox(_ st: Statement, _ box: BoundingBox, zoom: Int) throws {
        try st.bind(Int64(FixedPoint.e7(max(-90, box.minLatitude))), at: 1)
        try st.bind(Int64(FixedPoint.e7(min(90, box.maxLatitude))), at: 2)
        try st.bind(Int64(FixedPoint.e7(max(-180, box.minLongitude))), at: 3)
        try st.bind(Int64(FixedPoint.e7(min(180, box.maxLongitude))), at: 4)
        try st.bind(Int64(zoom), at: 5)
    }

    /// One feature by OSM type and id, or nil when it is not stored.
    public func feature(_ id: MapFeatureID, includeNodeIDs: Bool = true) throws -> MapFeature? {
        let st = try cachedStatement("""
            SELECT \(Self.featureColumns) FROM features f JOIN feature_bbox r ON r.id = f.id WHERE f.id = ?1
            """)
        defer { st.reset() }
        try st.bind(id.rawValue, at: 1)
        guard try st.step() else { return nil }
        return decodeFeature(st, includeNodeIDs: includeNodeIDs)
    }

    /// Number of stored features per class.
    public func featureCounts() throws -> [FeatureClass: Int] {
        var out: [FeatureClass: Int] = [:]
        for (name, n) in try db.query("SELECT class, count(*) FROM features GROUP BY class", row: { ($0.string(0), $0.int(1)) }) {
            if let c = FeatureClass(rawValue: name) { out[c] = n }
        }
        return out
    }

    /// Decodes one row of ``featureColumns``; nil for a damaged row (skipped, never a crash).
    /// With `levelsColumn` (a zoom-level blob, ``GeometryCodec/level(servingZoom:in:)``) the
    /// parts are the level serving `zoom` when there is one, else the full geometry.
    func decodeFeature(_ st: Statement, includeNodeIDs: Bool, levelsColumn: Int32? = nil, zoom: Int = 0) -> MapFeature? {
        guard let id = MapFeatureID(rawValue: st.int64(0)),
              let cls = st.withBlob(1, { FeatureClass(utf8: $0) }),
              let kind = GeometryKind(rawValue: st.int(2)),
              let parts = levelsColumn.flatMap({ c in st.isNull(c) ? nil : st.withBlob(c) { levels in
                  GeometryCodec.level(servingZoom: zoom, in: levels).flatMap(GeometryCodec.decodeCoordinates)
              } }) ?? st.withBlob(5, { GeometryCodec.decodeCoordinates($0) }),
              let tags = st.withBlob(6, { MapTags(json: $0) }) else { return nil }
        let nodeIDs = includeNodeIDs && !st.isNull(7) ? st.withBlob(7) { GeometryCodec.decodeNodeIDs($0) } : nil
        let bounds = BoundingBox(minLatitude: FixedPoint.degrees(Int32(truncatingIfNeeded: st.int64(8))),
                                 minLongitude: FixedPoint.degrees(Int32(truncatingIfNeeded: st.int64(10))),
                                 maxLatitude: FixedPoint.degrees(Int32(truncatingIfNeeded: st.int64(9))),
                                 maxLongitude: FixedPoint.degrees(Int32(truncatingIfNeeded: st.int64(11))))
        return MapFeature(id: id, featureClass: cls, kind: kind, parts: parts, tags: tags, minZoom: st.int(3),
                          bounds: bounds, isComplete: st.int(4) != 0, nodeIDs: nodeIDs)
    }

    /// A prepared statement kept for the life of the store (queries run many times a second).
    func cachedStatement(_ sql: String) throws -> Statement {
        if let st = statementCache.statements[sql] { return st }
        let st = try db.prepare(sql)
        if statementCache.statements.count > 64 { statementCache.statements.removeAll() }
        statementCache.statements[sql] = st
        return st
    }
}

/// Prepared statements reused by queries; owned by one ``MapStore``.
final class StatementCache {
    var statements: [String: Statement] = [:]
    /// Geometry and tag bytes and rows the last view query read: the next one's first sizes.
    var geometryHint = 65536
    var tagHint = 16384
    var rowHint = 256
    /// The last view query's byte arrays, reused by the next when no result holds them any more.
    var geometryBytes: [UInt8] = []
    var tagBytes: [UInt8] = []
}
