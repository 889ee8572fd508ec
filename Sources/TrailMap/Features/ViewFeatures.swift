import Foundation
import TrailCore

/// What a view query (``MapStore/viewFeatures(in:zoom:classes:includeNodeIDs:)``) returns, flat
/// (DECISIONS 1010, 1011): one array per field with one entry per feature, every feature's
/// geometry as its stored blob (``GeometryCodec``, the zoom level drawn) in one byte array and
/// every feature's tags' JSON in another. Nothing is allocated per feature. The geometry is
/// decoded by whoever reads it, in one pass: the drawing projects each vertex while decoding
/// it (``unitParts(_:)``); ``feature(_:)`` and ``features`` make ``MapFeature``s.
///
/// A damaged geometry blob is found when it is decoded: the readers return nil for that feature
/// and leave it out (as the query left it out before, DECISIONS 1011).
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
    /// OSM node ids per part of each feature (highway ways, when the query asked for them;
    /// empty otherwise).
    public internal(set) var nodeIDs: [[[Int64]]?] = []
    /// Feature `i`'s tags are `tagBytes[tagRanges[i]]`, a flat JSON object (``MapTags``).
    var tagRanges: [Range<Int>] = []
    var tagBytes: [UInt8] = []
    /// Feature `i`'s geometry blob is `geometry[geometryEnds[i] ..< geometryEnds[i + 1]]`.
    var geometry: [UInt8] = []
    var geometryEnds: [Int] = [0]
    /// The parts of features laid out from ``MapFeature``s (``init(_:)``), kept as given
    /// (degrees not rounded to the stored 1e-7); nil for a query's result.
    var madeParts: [FeatureParts]?

    init() {}

    /// `features` laid out flat, in their order (their parts kept as they are): for a store
    /// before map-5 and for features made elsewhere (tests, a basemap built from features).
    public init(_ features: [MapFeature]) {
        reserve(features: features.count)
        let withNodeIDs = features.contains { $0.nodeIDs != nil }
        for f in features {
            f.tags.json.withUnsafeBytes { tags in
                append(id: f.id, featureClass: f.featureClass, kind: f.kind, minZoom: f.minZoom, isComplete: f.isComplete,
                       bounds: f.bounds, tags: tags, geometry: UnsafeRawBufferPointer(start: nil, count: 0),
                       nodeIDs: withNodeIDs ? .some(f.nodeIDs) : .none)
            }
        }
        madeParts = features.map(\.parts)
    }

    /// The number of features.
    public var count: Int { ids.count }

    /// Feature `i`'s tags (looked up one by one, ``MapTags``).
    public func tags(_ i: Int) -> MapTags { MapTags(checked: tagBytes[tagRanges[i]]) }

    /// Calls `body` with feature `i`'s geometry blob (not copied).
    func withGeometry<R>(_ i: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        geometry.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[geometryEnds[i] ..< geometryEnds[i + 1]])) }
    }

    /// Feature `i`'s parts in degrees; nil when its geometry blob is damaged.
    public func coordinates(_ i: Int) -> [[Coordinate]]? {
        if let madeParts { return madeParts[i].arrays }
        return withGeometry(i) { GeometryCodec.decodeCoordinates($0) }
    }

    /// Feature `i`'s parts projected to Web Mercator unit points (``WebMercator/unitPoint(_:)``
    /// of each coordinate), decoded and projected in one pass; nil when the blob is damaged.
    public func unitParts(_ i: Int) -> [[WebMercator.UnitPoint]]? {
        if let madeParts { return madeParts[i].map { $0.map(WebMercator.unitPoint) } }
        return withGeometry(i) { GeometryCodec.decodeParts($0, WebMercator.unitPoint) }
    }

    /// Feature `i` as a ``MapFeature``; nil when its geometry blob is damaged.
    public func feature(_ i: Int) -> MapFeature? {
        let parts: FeatureParts
        if let madeParts {
            parts = madeParts[i]
        } else {
            let buffer = CoordinateBuffer(capacity: 16)
            var offsets: [Int32] = [0]
            guard let n = withGeometry(i, { GeometryCodec.appendCoordinates($0, to: buffer, offsets: &offsets) }) else { return nil }
            parts = FeatureParts(buffer: buffer, offsets: offsets, firstPart: 0, count: n)
        }
        return makeFeature(i, parts)
    }

    func makeFeature(_ i: Int, _ parts: FeatureParts) -> MapFeature {
        MapFeature(id: ids[i], featureClass: classes[i], kind: kinds[i], parts: parts, tags: tags(i), minZoom: minZooms[i],
                   bounds: bounds[i], isComplete: completes[i], nodeIDs: nodeIDs.isEmpty ? nil : nodeIDs[i])
    }

    /// Every feature as a ``MapFeature``, in the result's order, their coordinates decoded
    /// into one buffer they share (DECISIONS 941); features with a damaged geometry left out.
    public var features: [MapFeature] {
        if let madeParts { return (0..<count).map { makeFeature($0, madeParts[$0]) } }
        let buffer = CoordinateBuffer(capacity: geometry.count / 2)
        var offsets: [Int32] = [0]
        offsets.reserveCapacity(count + 1)
        var decoded: [(feature: Int, firstPart: Int, count: Int)] = []
        decoded.reserveCapacity(count)
        for i in 0..<count {
            let first = offsets.count - 1
            if let n = withGeometry(i, { GeometryCodec.appendCoordinates($0, to: buffer, offsets: &offsets) }) {
                decoded.append((i, first, n))
            }
        }
        return decoded.map { makeFeature($0.feature, FeatureParts(buffer: buffer, offsets: offsets, firstPart: $0.firstPart, count: $0.count)) }
    }

    /// Appends one feature (the decoder's last step for a row; nothing for a damaged row).
    mutating func append(id: MapFeatureID, featureClass: FeatureClass, kind: GeometryKind, minZoom: Int, isComplete: Bool,
                         bounds box: BoundingBox, tags: UnsafeRawBufferPointer, geometry blob: UnsafeRawBufferPointer,
                         nodeIDs ids: [[Int64]]??) {
        self.ids.append(id)
        classes.append(featureClass)
        kinds.append(kind)
        minZooms.append(minZoom)
        completes.append(isComplete)
        bounds.append(box)
        tagRanges.append(tagBytes.count ..< tagBytes.count + tags.count)
        tagBytes.append(contentsOf: tags)
        geometry.append(contentsOf: blob)
        geometryEnds.append(geometry.count)
        if let ids { nodeIDs.append(ids) }
    }

    /// Room for `n` features (the last view's count) in every per-feature array.
    mutating func reserve(features n: Int) {
        ids.reserveCapacity(n)
        classes.reserveCapacity(n)
        kinds.reserveCapacity(n)
        minZooms.reserveCapacity(n)
        completes.reserveCapacity(n)
        bounds.reserveCapacity(n)
        tagRanges.reserveCapacity(n)
        geometryEnds.reserveCapacity(n + 1)
    }
}
