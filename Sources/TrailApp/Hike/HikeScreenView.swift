import TermUI

/// Draws the hike screen — map, elevation chart and statistics — from a ``HikeScreenState``,
/// laid out by ``HikeScreenLayout`` for the area's size.
public enum HikeScreenView {
    /// What one frame drew: the layout and the map's report (for mouse hit-testing and tests).
    public struct Frame: Sendable {
        /// Where each panel went.
        public var layout: HikeScreenLayout
        /// The map's report (labels, markers, attribution).
        public var map: MapWidget.RenderInfo
        /// The first row of the statistics area below what the panel drew (the walk history
        /// goes there); nil when the panel is not shown (no room, or the photo strip in its place).
        public var statsBottom: Int? = nil
    }

    /// Renders `state` into `area` of `buffer` (the whole buffer by default).
    @discardableResult
    public static func render(state: HikeScreenState, environment: WidgetEnvironment, area: Rect? = nil,
                              into buffer: inout Buffer) -> Frame {
        let area = (area ?? buffer.area).intersection(buffer.area)
        buffer.clear(area)
        let layout = HikeScreenLayout(area: area)
        var map = MapWidget(viewport: state.viewport, basemap: state.basemap, hike: state.hike,
                            scrubIndex: state.scrubIndex, routeGrades: state.routeGrades,
                            showsLabels: state.showsLabels, environment: environment)
        map.showsContours = state.showsContours
        map.showsHillshade = state.showsHillshade
        map.lineColouring = state.lineColouring
        // What other hikes walked of this one is a colouring chosen with `o`, with its legend;
        // by default the line is one plain colour (DECISIONS 602).
        map.coveredRanges = state.lineColouring == .walked ? state.completion?.walkedRanges ?? [] : []
        let info = map.render(area: layout.map, into: &buffer)
        // Below the line colouring's legend, where the map is, with the viewport the map drew with.
        let mapArea = map.mapArea(in: layout.map)
        let drawn = state.viewport.resized(width: mapArea.width, height: mapArea.height)
        PlaceMarks.drawOnMap(state.hike.places, viewport: drawn, area: mapArea, environment: environment, into: &buffer)
        let shownPhoto = state.photoStrip.flatMap { state.photos.indices.contains($0) ? state.photos[$0].id : nil }
        PhotoMarks.drawOnMap(state.placedPhotos, selected: shownPhoto, viewport: drawn, area: mapArea, environment: environment,
                             into: &buffer)
        if state.focus == .map {
            PlaceMarks.drawMapCursor(viewport: drawn, area: mapArea, environment: environment, into: &buffer)
        }
        if !layout.chart.isEmpty {
            var chart = ElevationChart(hike: state.hike, series: state.series, scrubIndex: state.scrubIndex, range: state.range,
                                       environment: environment)
            chart.showsTerrainLine = state.showsTerrainLine
            chart.render(area: layout.chart, into: &buffer)
            if state.series.axis == .distance {
                PlaceMarks.drawOnProfile(state.hike.places, layout: chart.layout(in: layout.chart), environment: environment,
                                         into: &buffer)
                PhotoMarks.drawOnProfile(state.placedPhotos, selected: shownPhoto, layout: chart.layout(in: layout.chart),
                                         environment: environment, into: &buffer)
            }
        }
        var statsBottom: Int?
        if !layout.stats.isEmpty {
            var panel = StatsPanel(hike: state.hike, range: state.range, rangeStatistics: state.rangeStatistics,
                                   environment: environment)
            panel.completion = state.completion
            statsBottom = panel.render(area: layout.stats, into: &buffer)
        }
        // The photo strip in the statistics' place (over the map's right side when there is none).
        if let shown = state.photoStrip {
            if !layout.stats.isEmpty { statsBottom = nil }
            let stripArea = layout.stats.isEmpty
                ? layout.map.splitRight(min(layout.map.width, 36)).1 : layout.stats
            PhotoStripView.render(photos: state.photos, selected: shown, area: stripArea, environment: environment, into: &buffer)
        }
        let border = environment.style(ThemeRole.border)
        for s in layout.separators {
            let glyph = environment.canvasMode == .braille ? (s.isVertical ? "│" : "─") : (s.isVertical ? "|" : "-")
            buffer.fill(s.rect, with: Cell(glyph).applying(border))
        }
        // Where the vertical separator meets the horizontal one.
        if let v = layout.separators.first(where: \.isVertical), let h = layout.separators.first(where: { !$0.isVertical }),
           v.rect.maxY == h.rect.y {
            buffer.set(x: v.rect.x, y: h.rect.y, Cell(environment.canvasMode == .braille ? "┴" : "+").applying(border))
        }
        return Frame(layout: layout, map: info, statsBottom: statsBottom)
    }
}
