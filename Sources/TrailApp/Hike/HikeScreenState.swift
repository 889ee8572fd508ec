import Foundation
import TermUI
import TrailCore
import TrailStore

/// Everything the hike screen shows, as plain data: the hike, the scrub position, the range
/// marks and their statistics, the map view and its loaded data, and which panel has focus.
///
/// The TUI keeps one of these per open hike, changes it in its update function and hands it to
/// ``HikeScreenView/render(state:environment:area:into:)`` each frame. Derived data that is
/// costly (range statistics, the chart series, slope grades) is recomputed only by the mutating
/// methods that change what it depends on.
public struct HikeScreenState: Sendable {
    /// Which panel gets the keys.
    public enum Focus: Hashable, Sendable, CaseIterable {
        case map, chart, stats
    }

    /// The hike shown.
    public private(set) var hike: PreparedHike
    /// The flattened point index of the scrub cursor (chart) and marker (map).
    public private(set) var scrubIndex: Int
    /// Range start mark (point index), or nil.
    public private(set) var rangeStart: Int?
    /// Range end mark (point index), or nil.
    public private(set) var rangeEnd: Int?
    /// Statistics of the selected range, computed when both marks are set.
    public private(set) var rangeStatistics: TrackStatistics?
    /// The map view (centre and zoom; the size follows the layout).
    public var viewport: MapViewport
    /// Map data loaded for the view, or nil when there is no map store.
    public var basemap: MapBasemap?
    /// Trail completion over every other walk and recording (nil until read); the walked parts
    /// are drawn in the covered style, the share and the longest missing stretch in the panel.
    public var completion: CompletionFigures?
    /// The chart's x values (distance or time).
    public private(set) var series: ProfileSeries
    /// Grades per point when the route is coloured by slope, else nil.
    public private(set) var routeGrades: [Double?]?
    /// How the map colours the line (`o` cycles: plain, slope, SAC grade).
    public private(set) var lineColouring: LineColouring = .plain
    /// The panel with focus.
    public var focus: Focus
    /// Whether the map draws names.
    public var showsLabels: Bool
    /// Whether the map draws the terrain's contour lines (when the basemap carries them).
    public var showsContours = true
    /// Whether the elevation chart draws the terrain's line beside the GPS line (`t`; off at
    /// first, DECISIONS 170).
    public var showsTerrainLine = false
    /// Whether the map draws hillshading under the map (`H`, DECISIONS 174).
    public var showsHillshade = false
    /// Computes range statistics.
    public var calculator: StatisticsCalculator
    /// The hike's photos in walking order (placed ones by distance along, then the unplaced),
    /// as the store lists them (``HikeStore/photos(of:)``); pins on the map and marks on the
    /// profile for the placed ones.
    public private(set) var photos: [StoredPhoto] = []
    /// The photo strip (`i`): the index in ``photos`` of the photo shown, nil when closed.
    public var photoStrip: Int?

    /// A screen for `hike` with the cursor at the start, no range, the map fitted to the hike
    /// for a view of `mapWidth` × `mapHeight` cells (resize later with ``fitMap(width:height:)``).
    public init(hike: PreparedHike, mapWidth: Int = 80, mapHeight: Int = 24, basemap: MapBasemap? = nil,
                calculator: StatisticsCalculator = StatisticsCalculator()) {
        self.hike = hike
        scrubIndex = 0
        self.basemap = basemap
        self.calculator = calculator
        series = ProfileSeries(profile: hike.profile, axis: .distance)
        focus = .chart
        showsLabels = true
        viewport = HikeScreenState.fittedViewport(hike, width: mapWidth, height: mapHeight)
    }

    /// The viewport showing all of `hike` in `width` × `height` cells (a world view for a hike
    /// without points): the line fitted, with a one-cell margin, into the rows below the
    /// legend of a line coloured by `colouring` (``MapWidget`` draws the map there), the
    /// viewport keeping the full size.
    public static func fittedViewport(_ hike: PreparedHike, width: Int, height: Int,
                                      colouring: LineColouring = .plain) -> MapViewport {
        guard let box = BoundingBox(covering: hike.coordinates) else {
            return MapViewport(center: Coordinate(latitude: 0, longitude: 0), zoom: 1, width: width, height: height)
        }
        let below = MapWidget.mapArea(in: Rect(x: 0, y: 0, width: width, height: height), colouring: colouring,
                                      hasGround: hike.ground != nil)
        // The map is drawn with this viewport resized to `below`, about the same centre.
        return MapViewport.fit(box, width: width, height: below.height, margin: 1).resized(width: width, height: height)
    }

    /// After a resize: when the scrub point (the profile cursor, on the hike) has left the
    /// view, the map centres on it at the same zoom, so the hike never ends up off screen.
    public mutating func keepScrubPointInView() {
        guard hike.coordinates.indices.contains(scrubIndex) else { return }
        let point = hike.coordinates[scrubIndex]
        if viewport.cell(point) == nil { viewport.center = point }
    }

    /// True when the map shows the fitted view of the whole hike at its current size (as
    /// opened, or after `0`): not moved or zoomed by the hiker since.
    public var isFitted: Bool {
        viewport == HikeScreenState.fittedViewport(hike, width: viewport.width, height: viewport.height, colouring: lineColouring)
    }

    /// Fits the map to the whole hike for a view of `width` × `height` cells (below the line
    /// colouring's legend).
    public mutating func fitMap(width: Int, height: Int) {
        viewport = HikeScreenState.fittedViewport(hike, width: width, height: height, colouring: lineColouring)
    }

    /// The selected range (marks in order), or nil unless both marks are set.
    public var range: ClosedRange<Int>? {
        guard let a = rangeStart, let b = rangeEnd else { return nil }
        return min(a, b)...max(a, b)
    }

    /// Moves the cursor to point `index` (clamped).
    public mutating func scrub(to index: Int) { scrubIndex = hike.clampedIndex(index) }

    /// Moves the cursor by `steps` points (clamped at the ends).
    public mutating func scrub(by steps: Int) { scrub(to: scrubIndex + steps) }

    /// Moves the cursor to `fraction` (0…1) of the distance.
    public mutating func scrub(toFraction fraction: Double) { scrubIndex = hike.index(atFraction: fraction) }

    /// Sets or clears the range marks (clamped) and recomputes ``rangeStatistics`` with
    /// ``calculator`` (`StatisticsCalculator.statistics(for:pointRange:)`).
    public mutating func setRange(start: Int?, end: Int?) {
        rangeStart = start.map(hike.clampedIndex)
        rangeEnd = end.map(hike.clampedIndex)
        rangeStatistics = range.map { calculator.statistics(for: hike.track, pointRange: $0) }
    }

    /// Sets the hike's photos (store order); an open strip stays on the same photo (by row id)
    /// or closes when none is left.
    public mutating func setPhotos(_ new: [StoredPhoto]) {
        let shown = photoStrip.flatMap { photos.indices.contains($0) ? photos[$0].id : nil }
        photos = new
        if photoStrip != nil {
            photoStrip = new.isEmpty ? nil : (shown.flatMap { id in new.firstIndex { $0.id == id } } ?? 0)
        }
    }

    /// The placed photos: those with a place and a distance along the line.
    public var placedPhotos: [StoredPhoto] {
        PhotoMarks.placed(photos)
    }

    /// Sets the hike's places (drawn on the map and as ticks on the profile).
    public mutating func setPlaces(_ places: [Place]) { hike.setPlaces(places) }

    /// Shows the chart against distance or elapsed time.
    public mutating func setChartAxis(_ axis: ProfileSeries.XAxis) {
        series = ProfileSeries(profile: hike.profile, axis: axis)
    }

    /// Switches colouring the route by slope on or off.
    public mutating func setColoursBySlope(_ on: Bool) {
        setLineColouring(on ? .slope : .plain)
    }

    /// Colours the line plainly, by slope (grades computed here) or by the SAC grade of the
    /// ground under it (``PreparedHike/ground``).
    /// A map showing the fitted view stays fitted (the legend's rows come or go); a view the
    /// hiker moved stays where it is.
    public mutating func setLineColouring(_ colouring: LineColouring) {
        let fitted = isFitted
        lineColouring = colouring
        routeGrades = colouring == .slope ? hike.pointGrades() : nil
        if fitted { fitMap(width: viewport.width, height: viewport.height) }
    }
}
