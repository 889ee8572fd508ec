import Foundation
import Localization
import TrailCore
import TrailMap

/// The map data for a view, loaded from the ``MapStore`` and made ready to draw: each feature
/// with its style and its parts projected to Web Mercator unit points once, the label
/// candidates in placement order, and the rectangles the store has imported data for.
///
/// Loaded for a box somewhat larger than the view (``load(from:viewport:margin:)``), so panning
/// a little and scrubbing redraw from memory; ``canServe(_:)`` says when to load again.
public struct MapBasemap: Sendable {
    /// One drawable feature: the fields the drawing reads, read from the view query's flat
    /// result (``ViewFeatures``, DECISIONS 1010) without a ``MapFeature`` per feature.
    public struct Item: Sendable {
        /// The OSM object it came from.
        public var id: MapFeatureID
        /// Its class.
        public var featureClass: FeatureClass
        /// Point, line or area.
        public var kind: GeometryKind
        /// Its stored tags (``MapTags``; a name, `ele`, `place`, `landuse` are read).
        public var tags: MapTags
        /// How it is drawn.
        public var style: MapFeatureStyle
        /// Its parts in Web Mercator unit coordinates.
        public var parts: [[WebMercator.UnitPoint]]
        /// Where its symbol or label goes.
        public var anchor: WebMercator.UnitPoint
        /// Its extent in unit coordinates (minU, minV, maxU, maxV), for culling.
        public var extent: (minU: Double, minV: Double, maxU: Double, maxV: Double)

        /// The `name` tag, if any.
        public var name: String? { tags["name"] }
        /// The `ele` tag in metres (``MapFeature/elevation``).
        public var elevation: Double? { MapFeature.elevation(of: tags) }
    }

    /// A name to place on the map.
    public struct LabelCandidate: Sendable {
        /// Index into ``items``.
        public var item: Int
        /// The name (unsanitised: the map sanitises when it draws).
        public var text: String
        /// Higher is placed first.
        public var rank: Double
    }

    /// Drawable features, lowest ink priority first.
    public private(set) var items: [Item]
    /// Named features worth a label at ``zoom`` (``MapFeatureStyle/labelMinimumZoom(_:)``),
    /// highest rank first.
    public private(set) var labels: [LabelCandidate]
    /// The rectangles imported data covers (`MapStore.coverageAreas()`), in degrees.
    public var coverageAreas: [BoundingBox]
    /// The box the features were loaded for.
    public var bounds: BoundingBox
    /// The (integer) zoom the features were selected for.
    public var zoom: Int
    /// Contour lines of the terrain over ``bounds`` at the interval for ``zoom`` (computed by
    /// whoever loads the basemap, off the UI thread; empty without terrain tiles).
    public var contours: [ContourLayer.Line] = []
    /// Hillshade of the terrain over ``bounds`` (``HillshadeLayer``), nil without tiles.
    public var hillshade: HillshadeRaster?

    /// The lowest query zoom (``queryZoom(_:)``) that gets contour lines (1000 m below z10;
    /// DECISIONS 414). Further out the hike screen and `render --contours` say "Contours from
    /// zoom 8: zoom in".
    public static let contourMinimumZoom = 8
    /// The terrain samples read per grid step for contours at `zoom`: 1 from z11, doubling per
    /// zoom level below, so a view costs what the same view costs at z11 (SRTM3 at z11 is about
    /// one sample per dot; DECISIONS 414).
    public static func contourStride(zoom: Int) -> Int { zoom >= 11 ? 1 : 1 << min(11 - zoom, 8) }
    /// The status for a view too far out for contours, nil when they are drawn at `zoom`.
    public static func contoursTooFarOut(zoom: Double) -> String? {
        queryZoom(zoom) >= contourMinimumZoom ? nil : L("Contours from zoom %d: zoom in", contourMinimumZoom)
    }

    /// Prepares `features` (loaded for `bounds` at `zoom`): laid out flat (``ViewFeatures``)
    /// and prepared as ``init(view:coverageAreas:bounds:zoom:)`` prepares a view query's result.
    public init(features: [MapFeature], coverageAreas: [BoundingBox], bounds: BoundingBox, zoom: Int) {
        self.init(view: ViewFeatures(features), coverageAreas: coverageAreas, bounds: bounds, zoom: zoom)
    }

    /// Prepares a view query's result (`MapStore.viewFeatures(in:zoom:)` for `bounds` at
    /// `zoom`): each drawn feature's style, its parts projected to Web Mercator unit points
    /// while their stored geometry is decoded (``ViewFeatures/unitParts(_:)``), its anchor and
    /// extent; the labels.
    public init(view: ViewFeatures, coverageAreas: [BoundingBox], bounds: BoundingBox, zoom: Int) {
        self.coverageAreas = coverageAreas
        self.bounds = bounds
        self.zoom = zoom
        var items: [Item] = []
        items.reserveCapacity(view.count)
        for i in 0..<view.count {
            let style = MapFeatureStyle.of(view.classes[i])
            if case .hidden = style.drawing { continue }
            // Decoded and projected in one pass; a damaged geometry leaves the feature out.
            guard let parts = view.unitParts(i) else { continue }
            let b = view.bounds[i]
            let nw = WebMercator.unitPoint(Coordinate(latitude: b.maxLatitude, longitude: b.minLongitude))
            let se = WebMercator.unitPoint(Coordinate(latitude: b.minLatitude, longitude: b.maxLongitude))
            // The representative coordinate's projection (the node, a line's middle vertex, the box's centre).
            let anchor = MapFeature.representative(kind: view.kinds[i], partCount: parts.count, partLength: { parts[$0].count },
                                                   vertex: { parts[$0][$1] }, center: { WebMercator.unitPoint(b.center) })
            items.append(Item(id: view.ids[i], featureClass: view.classes[i], kind: view.kinds[i], tags: view.tags(i), style: style,
                              parts: parts, anchor: anchor, extent: (nw.u, nw.v, se.u, se.v)))
        }
        // Stable order: by priority, then by OSM id, so equal inputs draw equal frames.
        items.sort { ($0.style.priority, $0.id) < ($1.style.priority, $1.id) }
        self.items = items
        var labels: [LabelCandidate] = []
        for (i, it) in items.enumerated() {
            guard let base = it.style.labelRank, let name = it.name,
                  zoom >= MapFeatureStyle.labelMinimumZoom(it.featureClass, tags: it.tags),
                  !name.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            labels.append(LabelCandidate(item: i, text: name, rank: MapBasemap.rank(base, it)))
        }
        labels.sort { ($0.rank, $1.item) > ($1.rank, $0.item) }
        // One label per name (roads and paths come in many pieces): the best-ranked one.
        var seen = Set<String>()
        self.labels = labels.filter { seen.insert($0.text.lowercased()).inserted }
    }

    /// A label's rank: the class's base rank, plus for peaks their elevation (higher peaks
    /// first) and for places their size (city before hamlet).
    static func rank(_ base: Int, _ f: Item) -> Double {
        var r = Double(base)
        switch f.featureClass {
        case .peak, .saddle: r += min(9999, max(0, f.elevation ?? 0)) / 10_000
        case .place:
            let order = ["city": 9, "town": 8, "suburb": 6, "village": 5, "hamlet": 3, "locality": 2, "isolated_dwelling": 1]
            r += Double(order[f.tags["place"] ?? ""] ?? 0)
        default: break
        }
        return r
    }

    /// True when some imported data covers part of `box` ("no map data here" otherwise;
    /// an empty spot inside covered data is "nothing mapped here" and is drawn empty).
    public func hasData(in box: BoundingBox) -> Bool {
        coverageAreas.contains { a in
            a.minLatitude < box.maxLatitude && a.maxLatitude > box.minLatitude
                && a.minLongitude < box.maxLongitude && a.maxLongitude > box.minLongitude
        }
    }

    /// What to ask the map store for `viewport`: its view widened by `margin` times its size
    /// on each side, and the integer zoom (``queryZoom(_:)``). The query itself runs outside
    /// the app (the TUI's effect performer, `cairn render`).
    public static func queryArea(for viewport: MapViewport, margin: Double = 0.25) -> (bounds: BoundingBox, zoom: Int) {
        let wide = MapViewport(center: viewport.center, zoom: viewport.zoom,
                               width: Int((Double(viewport.width) * (1 + 2 * margin)).rounded(.up)),
                               height: Int((Double(viewport.height) * (1 + 2 * margin)).rounded(.up)))
        return (wide.bounds, queryZoom(viewport.zoom))
    }

    /// The integer zoom used to select features for a fractional view zoom: rounded to the
    /// nearest, so a view at z10.9 already shows what the store keeps for z11 (peaks, huts).
    public static func queryZoom(_ zoom: Double) -> Int { Int(zoom.rounded()) }

    /// True when this data was loaded for `viewport`'s zoom and covers its whole view, so no
    /// new query is needed.
    public func canServe(_ viewport: MapViewport) -> Bool {
        guard MapBasemap.queryZoom(viewport.zoom) == zoom else { return false }
        let b = viewport.bounds
        return b.minLatitude >= bounds.minLatitude && b.maxLatitude <= bounds.maxLatitude
            && b.minLongitude >= bounds.minLongitude && b.maxLongitude <= bounds.maxLongitude
    }
}
