import Localization
import Foundation
import TermUI
import TrailCore

/// The braille map: the basemap from the map store styled by class (``MapFeatureStyle``),
/// labels placed without collisions (``MapLabelPlacer``), then the hike's route on top with
/// direction chevrons, start (●, ASCII "S") and finish (◆, "F") markers (◈, "E", for both
/// when they fall in one cell) and the scrub marker
/// (◉, "@"); optionally the route coloured by slope.
///
/// Attribution: whenever basemap data is drawn, "© OpenStreetMap contributors" sits at the
/// bottom right (ODbL). When the map is narrower than that text plus two columns it reads
/// "© OSM contributors", narrower still "© OSM"; a map too small even for that (under 5 × 2
/// cells) draws no basemap at all, so OSM data never shows without its attribution.
/// Where the store has no data for the view (or there is no store), the map says
/// "No map data here — import an extract with `cairn map import`" in its top-left corner
/// instead of an empty frame, and still draws the route. A ``ScaleBar`` with the zoom sits in
/// the bottom-left corner (the attribution in the bottom-right).
public struct MapWidget: Sendable {
    /// Centre and zoom of the view (its size is taken from the area at render time).
    public var viewport: MapViewport
    /// Loaded map data, or nil when there is no map store.
    public var basemap: MapBasemap?
    /// The hike whose route is drawn, or nil for a bare map.
    public var hike: PreparedHike?
    /// The point index of the scrub marker, or nil.
    public var scrubIndex: Int?
    /// Grades per point (``PreparedHike/pointGrades()``) to colour the route by slope, or nil
    /// for the plain route colour.
    public var routeGrades: [Double?]?
    /// Whether names are drawn.
    public var showsLabels: Bool
    /// How the line is coloured (``LineColouring``): by slope it reads ``routeGrades``, by grade
    /// the hike's ``PreparedHike/ground``. Plain with ``routeGrades`` set colours by slope too
    /// (as before the setting existed). When not plain, the legend takes the top row (two or
    /// three on a narrow map, ``mapArea(in:)``) and the map is drawn below it.
    public var lineColouring: LineColouring = .plain
    /// Whether the basemap's contour lines (``MapBasemap/contours``) are drawn, under everything.
    public var showsContours = true
    /// Whether the basemap's hillshade (``MapBasemap/hillshade``) shades the cells' backgrounds.
    public var showsHillshade = false
    /// Theme, units, braille mode.
    public var environment: WidgetEnvironment
    /// Stretches of the route already covered, as distances along the hike's profile
    /// (``ElevationProfile/distances``, metres), drawn in the `route-covered` style (following).
    public var coveredRanges: [ClosedRange<Double>] = []
    /// A live position to mark (following), or nil.
    public var position: Coordinate?
    /// Lines drawn over the route in their own styles (the match review's recorded, matched
    /// and alternative lines), in order, later ones on top.
    public var comparisonLines: [ComparisonLine] = []

    /// The full attribution, and its shorter forms for narrow maps.
    public static let attribution = "© OpenStreetMap contributors"
    public static let shortAttribution = "© OSM contributors"
    public static let tinyAttribution = "© OSM"
    /// The no-data message.
    public static var noDataMessage: String { L("No map data here — import an extract with `cairn map import`") }
    /// Chevron spacing along the route, in dots (10 cells of horizontal line).
    public static let chevronSpacing = 20.0

    /// Creates a map.
    public init(viewport: MapViewport, basemap: MapBasemap?, hike: PreparedHike? = nil, scrubIndex: Int? = nil,
                routeGrades: [Double?]? = nil, showsLabels: Bool = true, environment: WidgetEnvironment) {
        self.viewport = viewport
        self.basemap = basemap
        self.hike = hike
        self.scrubIndex = scrubIndex
        self.routeGrades = routeGrades
        self.showsLabels = showsLabels
        self.environment = environment
    }

    /// What a render drew, for callers and tests.
    public struct RenderInfo: Sendable {
        /// True when basemap data (lines or symbols) was drawn.
        public var basemapDrawn = false
        /// The attribution text drawn, if any, and where (buffer coordinates).
        public var attribution: (text: String, rect: Rect)?
        /// Labels drawn: text and buffer rectangle.
        public var labels: [(text: String, rect: Rect)] = []
        /// True when the no-data message was shown (in the top-left corner).
        public var showedNoDataMessage = false
        /// Where the scale bar went (bottom left), if it was drawn.
        public var scaleBar: Rect?
        /// Buffer cells of the route line.
        public var routeCells: Set<CellPosition> = []
        /// Buffer cell of the scrub marker, when in view.
        public var markerCell: CellPosition?
        /// Buffer cell of the start marker, when in view.
        public var startCell: CellPosition?
        /// Buffer cell of the finish marker, when in view.
        public var finishCell: CellPosition?
        /// Buffer cell of the live position marker, when in view.
        public var positionCell: CellPosition?
    }

    /// A buffer cell.
    public struct CellPosition: Hashable, Sendable {
        /// Column.
        public var x: Int
        /// Row.
        public var y: Int
        /// Creates a position.
        public init(x: Int, y: Int) { self.x = x; self.y = y }
    }

    /// The attribution text for a map `width` cells wide (rule in the type's documentation).
    public static func attributionText(forWidth width: Int) -> String? {
        for t in [attribution, shortAttribution, tinyAttribution] where DisplayWidth.of(t) + 2 <= width { return t }
        return DisplayWidth.of(tinyAttribution) <= width ? tinyAttribution : nil
    }

    /// Draws the map into `area` of `buffer` (cleared first).
    @discardableResult
    public func render(area: Rect, into buffer: inout Buffer) -> RenderInfo {
        let full = area.intersection(buffer.area)
        buffer.clear(full)
        var info = RenderInfo()
        // The line colouring's legend holds the top rows; the map is drawn below it.
        let legend = legend(for: full)
        let area = mapArea(in: full)
        if let legend { drawLegend(legend, area: full, into: &buffer) }
        guard !area.isEmpty else { return info }
        let vp = viewport.resized(width: area.width, height: area.height)
        let transform = vp.transform
        var canvas = BrailleCanvas(width: area.width, height: area.height)
        var placer = MapLabelPlacer(width: area.width, height: area.height)

        let hasData = basemap?.hasData(in: vp.bounds) ?? false
        let attributionText = area.height >= 2
            ? MapWidget.attributionText(forWidth: area.width - (environment.canvasMode == .ascii ? 2 : 0))
                .map { environment.canvasMode == .ascii ? $0.replacingOccurrences(of: "©", with: "(c)") : $0 }
            : nil
        var attributionRect: Rect?
        // The scale bar's corner (bottom left) is kept free of labels.
        var scaleBar: (bar: ScaleBar, rect: Rect)?
        if area.height >= 3, area.width >= 16,
           let bar = ScaleBar(viewport: vp, system: environment.format.system, maximumCells: max(1, min(20, area.width / 4))) {
            let w = min(area.width, DisplayWidth.of(bar.text(ascii: environment.canvasMode != .braille)) + 1)
            let r = Rect(x: 0, y: area.height - 1, width: w, height: 1)
            let attributionWidth = attributionText.map { DisplayWidth.of($0) } ?? 0
            if !hasData || w + attributionWidth + 1 <= area.width {
                placer.block(r)
                scaleBar = (bar, r)
            }
        }
        // The hike's line first, on its own layer: contour labels keep off it, and it goes over
        // the basemap with a knock-out (DECISIONS 600).
        let routeLayer = hike.flatMap { $0.pointCount > 0 ? routeLine($0, transform: transform, width: area.width, height: area.height) : nil }
        if showsContours, let basemap { drawContours(basemap, viewport: vp, canvas: &canvas, avoiding: routeLayer) }
        if hasData, let basemap, let text = attributionText {
            let w = DisplayWidth.of(text)
            let r = Rect(x: area.width - w, y: area.height - 1, width: w, height: 1)
            placer.block(r)
            attributionRect = r
            info.basemapDrawn = drawBasemap(basemap, transform: transform, canvas: &canvas, placer: &placer)
        }
        if let hike, let routeLayer {
            drawRoute(hike, line: routeLayer, transform: transform, canvas: &canvas, placer: &placer, area: area, info: &info)
        }
        if !comparisonLines.isEmpty { drawComparisonLines(transform: transform, canvas: &canvas, placer: &placer) }
        if let position { drawPosition(position, transform: transform, canvas: &canvas, placer: &placer, area: area, info: &info) }
        if info.basemapDrawn, showsLabels, let basemap {
            placeLabels(basemap, transform: transform, canvas: &canvas, placer: &placer)
            info.labels = placer.placed.map { ($0.text, Rect(x: $0.rect.x + area.x, y: $0.rect.y + area.y, width: $0.rect.width, height: 1)) }
        }
        canvas.render(into: &buffer, at: area, mode: environment.canvasMode)
        // Area tints under the lines, off where the hillshade shades the cells (DECISIONS 604).
        if showsHillshade && basemap?.hillshade != nil {
            drawHillshade(viewport: vp, area: area, into: &buffer)
        } else if info.basemapDrawn || hasData, let basemap {
            paintAreaTints(basemap, transform: transform, area: area, route: info.routeCells, into: &buffer)
        }
        if info.basemapDrawn, let r = attributionRect, let text = attributionText {
            let abs = Rect(x: area.x + r.x, y: area.y + r.y, width: r.width, height: 1)
            // Cleared first: text takes on the attributes of what it is drawn over (a bold line).
            buffer.clear(abs)
            buffer.setString(x: abs.x, y: abs.y, text, style: environment.style(ThemeRole.muted))
            info.attribution = (text, abs)
        }
        if let scaleBar {
            let r = Rect(x: area.x + scaleBar.rect.x, y: area.y + scaleBar.rect.y, width: scaleBar.rect.width, height: 1)
            buffer.clear(r)
            buffer.setString(x: r.x, y: r.y, scaleBar.bar.text(ascii: environment.canvasMode != .braille),
                             style: environment.style(ThemeRole.muted), maxWidth: area.width)
            info.scaleBar = r
        }
        if !hasData {
            drawMessage(MapWidget.noDataMessage, in: area, into: &buffer)
            info.showedNoDataMessage = true
            if let p = info.positionCell { redrawPosition(at: p, into: &buffer) }
        }
        return info
    }

    /// Draws the basemap's contour lines (``ContourLayer``) at the lowest priority; a no-op
    /// when it carries none.
    func drawContours(_ basemap: MapBasemap, viewport: MapViewport, canvas: inout BrailleCanvas, avoiding line: BrailleCanvas? = nil) {
        guard !basemap.contours.isEmpty else { return }
        ContourLayer(lines: basemap.contours).draw(viewport: viewport, canvas: &canvas, environment: environment, avoiding: line)
    }

    /// Shades the map cells' backgrounds from the basemap's hillshade when it is on.
    func drawHillshade(viewport: MapViewport, area: Rect, into buffer: inout Buffer) {
        guard showsHillshade, let raster = basemap?.hillshade else { return }
        HillshadeLayer(raster: raster).paint(viewport: viewport, area: area, into: &buffer, environment: environment)
    }

    /// The message in the top-left corner of `area` (where it hides the least of a track
    /// centred in the view), wrapped at spaces onto at most two lines, cleared behind.
    func drawMessage(_ text: String, in area: Rect, into buffer: inout Buffer) {
        let lines = StatusLine.messageLines(text, width: max(1, area.width), maximumLines: min(2, area.height))
        let style = environment.style(ThemeRole.warning)
        for (i, line) in lines.enumerated() {
            let w = min(DisplayWidth.of(line), area.width)
            buffer.clear(Rect(x: area.x, y: area.y + i, width: w, height: 1))
            buffer.setString(x: area.x, y: area.y + i, line, style: style, maxWidth: area.width)
        }
    }
}
