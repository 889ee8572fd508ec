import Foundation
import TrailCore
import TrailSQLite

/// One past import, as recorded in the map file.
public struct MapImportRecord: Sendable, Hashable {
    public let id: Int64
    /// The path given to `cairn map import`.
    public let file: String
    /// Its size in bytes.
    public let fileSize: Int64
    /// When it was imported (ISO 8601, UTC).
    public let importedAt: String
    public let generator: String?
    /// `<osm timestamp>` / Overpass `osm_base`, if the file had one.
    public let headerTimestamp: String?
    /// Newest object timestamp in the file, if objects carried timestamps.
    public let newestObjectTimestamp: String?
    /// Nodes, ways and relations read; features and routes written.
    public let nodes: Int, ways: Int, relations: Int, features: Int, routes: Int
    /// The warnings of ``MapImportReport/warnings`` at the time.
    public let warnings: [String]
    /// "pbf" or "xml" (nil for imports recorded before migration "map-2-extract-sources").
    public var format: String? = nil
    /// This extract's coverage rectangles (its header bounds, else its node extent).
    public var coverage: [BoundingBox] = []
    /// Features and routes stored now that this extract holds (shared ones counted for each
    /// extract): those it wrote plus those whose stored copy it kept (DECISIONS 515).
    public var featuresHeld = 0, routesHeld = 0

    /// The date of the data: header timestamp, else newest object timestamp.
    public var dataTimestamp: String? { headerTimestamp ?? newestObjectTimestamp }
}

/// What `cairn map info` shows about a map file.
public struct MapStoreSummary: Sendable {
    /// Imports, oldest first.
    public let imports: [MapImportRecord]
    /// Covered rectangles (see ``MapStore/coverageAreas()``).
    public let coverageAreas: [BoundingBox]
    /// Coverage tiles recorded at ``MapStore/coverageZoom``.
    public let coverageTileCount: Int
    /// Stored features per class.
    public let featureCounts: [FeatureClass: Int]
    /// Stored waymarked routes.
    public let routeCount: Int
    /// Bytes on disk (database plus WAL).
    public let fileSize: Int64

    /// The newest data date over all imports, or nil.
    public var dataTimestamp: String? { imports.compactMap(\.dataTimestamp).max() }
}

extension MapStore {
    /// Every recorded import, oldest first.
    public func imports() throws -> [MapImportRecord] {
        // A store opened read-only may predate migration "map-2-extract-sources".
        let sources = try db.tableExists("feature_sources")
        let extra = sources
            ? "format, coverage, (SELECT count(*) FROM feature_sources s WHERE s.import_id = imports.id), "
                + "(SELECT count(*) FROM route_sources s WHERE s.import_id = imports.id)"
            : "NULL, '[]', features, routes"
        return try db.query("""
            SELECT id, file, file_size, imported_at, generator, header_timestamp, newest_timestamp,
                   nodes, ways, relations, features, routes, warnings, \(extra)
            FROM imports ORDER BY id
            """) { st in
            let warnings = (try? JSONSerialization.jsonObject(with: Data(st.string(12).utf8))) as? [String] ?? []
            var r = MapImportRecord(id: st.int64(0), file: st.string(1), fileSize: st.int64(2), importedAt: st.string(3),
                                    generator: st.optionalString(4), headerTimestamp: st.optionalString(5),
                                    newestObjectTimestamp: st.optionalString(6), nodes: st.int(7), ways: st.int(8),
                                    relations: st.int(9), features: st.int(10), routes: st.int(11), warnings: warnings)
            r.format = st.optionalString(13)
            r.coverage = Self.coverageBoxes(st.string(14))
            r.featuresHeld = st.int(15)
            r.routesHeld = st.int(16)
            return r
        }
    }

    /// Everything `cairn map info` reports.
    public func summary() throws -> MapStoreSummary {
        MapStoreSummary(imports: try imports(), coverageAreas: try coverageAreas(),
                        coverageTileCount: try coverageTileCount(), featureCounts: try featureCounts(),
                        routeCount: try routeCount(), fileSize: fileSize)
    }
}
