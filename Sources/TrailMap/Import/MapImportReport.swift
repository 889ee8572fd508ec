import Foundation
import Localization
import TrailCore

/// What one import did: counts, the data date, coverage and every irregularity met.
public struct MapImportReport: Sendable, Equatable {
    /// The file as given.
    public var file: String
    /// Bytes on disk.
    public var fileSize: Int64 = 0
    /// "pbf" or "xml": the format found in the file.
    public var format = "xml"
    /// "pbf", "xml", "gzip" or "bzip2" (as recorded in the store's `imports.compression`).
    public var compression = "xml"
    /// `generator` of the file header.
    public var generator: String?
    /// Data timestamp from the file header (PBF `osmosis_replication_timestamp`, `<osm timestamp>`, Overpass `<meta osm_base>`).
    public var headerTimestamp: String?
    /// Newest `timestamp` of any object in the file.
    public var newestObjectTimestamp: String?
    /// Elements read.
    public var nodesRead = 0, waysRead = 0, relationsRead = 0
    /// Features written (inserted or replaced), by class.
    public var featuresByClass: [FeatureClass: Int] = [:]
    /// route=hiking/foot relations written.
    public var routesWritten = 0
    /// Features and routes this extract holds after the import (``MapImportRecord/featuresHeld``):
    /// those written plus those whose stored copy was kept (newer, or complete where the file's
    /// is partial). `cairn map import`, `map info` and `map remove` all count these (DECISIONS 515).
    public var featuresHeld = 0, routesHeld = 0
    /// When earlier imports of a file with the same name were replaced by this one
    /// (DECISIONS 510): what taking them out did (features and routes only they held and this
    /// file no longer has were removed).
    public var replaced: MapRemoveReport?
    /// Stored features removed because the file shows the object no longer qualifies.
    public var featuresRemoved = 0
    /// Objects marked `action="delete"` (JOSM) or `visible="false"`: skipped, store untouched.
    public var deletedObjectsSkipped = 0
    /// Objects with negative ids (JOSM, not uploaded): kept under their negative id.
    public var negativeIDObjects = 0
    /// Nodes without a usable position (missing or out-of-range lat/lon): treated as missing.
    public var nodesWithoutPosition = 0
    /// Feature ways that reference nodes absent from the file, and how many such references.
    public var waysWithMissingNodes = 0, missingNodeReferences = 0
    /// Of those: kept as the runs of present nodes (split), or dropped (fewer than 2 present).
    public var waysSplit = 0, waysDropped = 0
    /// Kept relations (multipolygon, boundary, route) with members absent from the file.
    public var relationsWithMissingMembers = 0, missingMemberReferences = 0
    /// Multipolygons whose member ways did not close into rings (stored as lines).
    public var unclosedMultipolygons = 0
    /// Objects skipped because the store holds a newer version of them.
    public var olderVersionsSkipped = 0
    /// Partial objects not written because the store holds a complete copy of the same version.
    public var partialCopiesKeptStored = 0
    /// The `<bounds>` rectangles (empty when the file has none).
    public var bounds: [BoundingBox] = []
    /// What coverage was recorded from: the bounds, or the extent of all nodes when there are none.
    public var coverage: [BoundingBox] = []
    /// Peak bytes held in memory by the member-way node lists during the import.
    public var indexBytes = 0
    /// Bytes of the on-disk node-location index (a mapped temporary file, 16 bytes per node).
    public var locationIndexBytes = 0

    public init(file: String) { self.file = file }

    /// Total features written.
    public var featuresWritten: Int { featuresByClass.values.reduce(0, +) }

    /// The data date to show: the header timestamp, else the newest object timestamp.
    public var dataTimestamp: String? { headerTimestamp ?? newestObjectTimestamp }

    /// One sentence per irregularity, for the user (empty for a clean extract).
    public var warnings: [String] {
        var w: [String] = []
        if deletedObjectsSkipped > 0 {
            w.append(Ln("%d object(s) marked deleted (action=\"delete\" or visible=\"false\") were skipped", "%d object(s) marked deleted (action=\"delete\" or visible=\"false\") were skipped", deletedObjectsSkipped, deletedObjectsSkipped))
        }
        if negativeIDObjects > 0 {
            w.append(Ln("%d object(s) with negative ids (not uploaded from JOSM) were kept under those ids; they are local to this file", "%d object(s) with negative ids (not uploaded from JOSM) were kept under those ids; they are local to this file", negativeIDObjects, negativeIDObjects))
        }
        if nodesWithoutPosition > 0 {
            w.append(Ln("%d node(s) without a valid position were treated as missing", "%d node(s) without a valid position were treated as missing", nodesWithoutPosition, nodesWithoutPosition))
        }
        if waysWithMissingNodes > 0 {
            w.append(Ln("%d way(s) reference %d node(s) missing from the file: %d kept as the parts that are present, %d dropped", "%d way(s) reference %d node(s) missing from the file: %d kept as the parts that are present, %d dropped",
                        waysWithMissingNodes, waysWithMissingNodes, missingNodeReferences, waysSplit, waysDropped))
        }
        if relationsWithMissingMembers > 0 {
            w.append(Ln("%d relation(s) reference %d member(s) missing from the file; kept what is there", "%d relation(s) reference %d member(s) missing from the file; kept what is there", relationsWithMissingMembers, relationsWithMissingMembers, missingMemberReferences))
        }
        if unclosedMultipolygons > 0 {
            w.append(Ln("%d multipolygon(s) do not close into rings and were stored as lines", "%d multipolygon(s) do not close into rings and were stored as lines", unclosedMultipolygons, unclosedMultipolygons))
        }
        if olderVersionsSkipped > 0 {
            w.append(Ln("%d object(s) are older than the stored copy and were skipped", "%d object(s) are older than the stored copy and were skipped", olderVersionsSkipped, olderVersionsSkipped))
        }
        if partialCopiesKeptStored > 0 {
            w.append(Ln("%d partial object(s) did not replace complete stored copies", "%d partial object(s) did not replace complete stored copies", partialCopiesKeptStored, partialCopiesKeptStored))
        }
        return w
    }
}
