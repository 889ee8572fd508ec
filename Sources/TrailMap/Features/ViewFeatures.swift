import Foundation
import TrailCore

/// What a view query (``MapStore/viewFeatures(in:zoom:classes:includeNodeIDs:)``) returns, flat
/// (DECISIONS 1010): one array per field with one entry per feature, every coordinate of the
/// view in one buffer, every part's end in one offset array and every feature's tags' JSON in
/// one byte array. Nothing is allocated per feature: the drawing reads the fields by index,
/// and a ``MapFeature`` is made only where code asks for one (``feature(_:)``).
///
/// Feature `i`'s parts are `partStarts[i] ..< partStarts[i + 1]`; part `p`'s coordinates are
/// `partEnds[p − 1] ..< partEnds[p]` (with `partEnds[−1]` = 0, i.e. ``partRange(_:)``), in
/// degrees (the stored 1e-7-degree integers ÷ 1e7).
public struct ViewFeatures: Sendable {
    /// The OSM object of each feature.
    public internal(set) var ids: [MapFeatureID] = []
    /// The class of each feature.
    public internal(set) var classes: [FeatureClass] = []
    /// Point, line or area, per feature.
    public internal(set) var kinds: [GeometryKind] = []
    /// The lowest zoom each feature is worth drawing at.
    public internal(set) var minZooms: [Int] = []
    /// False where nodes or members were missing from the extract.
    public internal(set) var completes: [Bool] = []
    /// Each feature's bounding box (of all its parts, as stored), in degrees.
    public internal(set) var bounds: [BoundingBox] = []
    /// Feature `i`'s first part is `partStarts[i]`; one more entry than features (the end).
    public internal(set) var partStarts: [Int32] = [0]
    /// Coordinate offsets: part `p` is `partEnds[p] ..< partEnds[p + 1]` of the coordinates;
    /// one more entry than parts, starting at 0.
    public internal(set) var partEnds: [Int32] = [0]
    /// Feature `i`'s tags are `tagBytes[tagRanges[i]]`, a flat JSON object (``MapTags``).
    var tagRanges: [Range<Int>] = []
    var tagBytes: [UInt8] = []
    /// OSM node ids per part of each feature (highway ways, when the query asked for them).
    public internal(set) var nodeIDs: [[[Int64]]?] = []
    /// Every coordinate of the view.
    let coordinates: CoordinateBuffer

    init(coordinates: CoordinateBuffer) {
        self.coordinates = coordinates
    }

    /// `features` laid out flat (their coordinates and tags copied), in their order: for a
    /// store before map-5 and for features made elsewhere (tests, a basemap built from features).
    public init(_ features: [MapFeature]) {
        let buffer = CoordinateBuffer(capacity: features.reduce(0) { $0 + $1.parts.vertexCount })
        self.init(coordinates: buffer)
        reserve(features: features.count)
        let withNodeIDs = features.contains { $0.nodeIDs != nil }
        for f in features {
            for part in f.parts {
                buffer.reserve(part.count)
                for (k, c) in part.enumerated() { (buffer.end + k).initialize(to: c) }
                buffer.commit(part.count)
                partEnds.append(Int32(buffer.count))
            }
            f.tags.json.withUnsafeBytes { tags in
                append(id: f.id, featureClass: f.featureClass, kind: f.kind, minZoom: f.minZoom, isComplete: f.isComplete,
                       bounds: f.bounds, tags: tags, nodeIDs: withNodeIDs ? .some(f.nodeIDs) : .none)
            }
        }
    }

    /// The number of features.
    public var count: Int { ids.count }

    /// The number of coordinates of all features.
    public var vertexCount: Int { Int(partEnds.last ?? 0) }

    /// Feature `i`'s parts (indices into ``partEnds``).
    public func partRange(_ i: Int) -> Range<Int> { Int(partStarts[i]) ..< Int(partStarts[i + 1]) }

    /// Feature `i`'s tags (looked up one by one, ``MapTags``).
    public func tags(_ i: Int) -> MapTags { MapTags(checked: tagBytes[tagRanges[i]]) }

    /// Feature `i`'s geometry, sharing the view's coordinate buffer.
    public func parts(_ i: Int) -> FeatureParts {
        FeatureParts(buffer: coordinates, offsets: partEnds, firstPart: Int(partStarts[i]), count: Int(partStarts[i + 1] - partStarts[i]))
    }

    /// Calls `body` with the coordinates of part `p` (an index into ``partEnds`` as in
    /// ``partRange(_:)``), without copying them.
    public func withCoordinates<R>(ofPart p: Int, _ body: (UnsafeBufferPointer<Coordinate>) throws -> R) rethrows -> R {
        let lo = Int(partEnds[p]), hi = Int(partEnds[p + 1])
        return try body(UnsafeBufferPointer(start: coordinates.base + lo, count: hi - lo))
    }

    /// Feature `i` as a ``MapFeature`` (its parts and tags shared with this result, not copied).
    public func feature(_ i: Int) -> MapFeature {
        MapFeature(id: ids[i], featureClass: classes[i], kind: kinds[i], parts: parts(i), tags: tags(i), minZoom: minZooms[i],
                   bounds: bounds[i], isComplete: completes[i], nodeIDs: nodeIDs.isEmpty ? nil : nodeIDs[i])
    }

    /// Where to label or list feature `i` (``MapFeature/representativeCoordinate``).
    public func representativeCoordinate(_ i: Int) -> Coordinate {
        let first = Int(partStarts[i])
        return MapFeature.representativeCoordinate(kind: kinds[i], bounds: bounds[i], partCount: Int(partStarts[i + 1]) - first,
                                                   partLength: { Int(partEnds[first + $0 + 1] - partEnds[first + $0]) },
                                                   vertex: { coordinates.base[Int(partEnds[first + $0]) + $1] })
    }

    /// Every feature as a ``MapFeature``, in the result's order.
    public var features: [MapFeature] { (0..<count).map(feature) }

    /// Appends one feature whose parts were just appended to the coordinates and ``partEnds``
    /// (the decoder's last step for a row; nothing is appended for a damaged row).
    mutating func append(id: MapFeatureID, featureClass: FeatureClass, kind: GeometryKind, minZoom: Int, isComplete: Bool,
                         bounds box: BoundingBox, tags: UnsafeRawBufferPointer, nodeIDs ids: [[Int64]]??) {
        self.ids.append(id)
        classes.append(featureClass)
        kinds.append(kind)
        minZooms.append(minZoom)
        completes.append(isComplete)
        bounds.append(box)
        partStarts.append(Int32(partEnds.count - 1))
        tagRanges.append(tagBytes.count ..< tagBytes.count + tags.count)
        tagBytes.append(contentsOf: tags)
        if let ids { nodeIDs.append(ids) }
    }

    /// Room for `features` features (the last view's count) in every per-feature array.
    mutating func reserve(features n: Int) {
        ids.reserveCapacity(n)
        classes.reserveCapacity(n)
        kinds.reserveCapacity(n)
        minZooms.reserveCapacity(n)
        completes.reserveCapacity(n)
        bounds.reserveCapacity(n)
        partStarts.reserveCapacity(n + 1)
        tagRanges.reserveCapacity(n)
    }
}
