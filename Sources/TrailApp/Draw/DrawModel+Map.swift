import Foundation
import TermUI
import TrailCore

extension DrawModel {
    /// Cells the cursor keeps from the map's edges: closer, and the map scrolls.
    public static let cursorMargin = 2
    /// Cells (columns and rows) a Shift+arrow moves the cursor.
    public static let bigStep = 8
    /// The closest a new drawing or a fit zooms in (a street block fills the map).
    public static let fitMaxZoom = 16.0

    /// The cursor's cell in the map (nil when outside the view).
    public var cursorCell: (x: Int, y: Int)? { viewport.cell(cursor) }

    /// Puts the cursor at the middle of its cell, so that steps of whole cells keep it there.
    public mutating func snapCursorToCell() {
        guard let c = viewport.cell(cursor) else { return }
        cursor = viewport.coordinate(atDot: DotPoint(x: Double(c.x * 2) + 1, y: Double(c.y * 4) + 2))
    }

    /// Moves the cursor by `dx` columns and `dy` rows; the map scrolls when the cursor comes
    /// within ``cursorMargin`` cells of an edge.
    public mutating func moveCursor(dx: Int, dy: Int) {
        let p = viewport.dot(cursor)
        cursor = viewport.coordinate(atDot: DotPoint(x: p.x + Double(dx * 2), y: p.y + Double(dy * 4)))
        keepCursorInView()
    }

    /// Scrolls the map by whole cells until the cursor is at least ``cursorMargin`` cells from
    /// every edge (or in the middle, for a map too small for that margin).
    public mutating func keepCursorInView() {
        let p = viewport.dot(cursor)
        let cx = Int((p.x / 2).rounded(.down)), cy = Int((p.y / 4).rounded(.down))
        let mx = min(Self.cursorMargin, max(0, (viewport.width - 1) / 2))
        let my = min(Self.cursorMargin, max(0, (viewport.height - 1) / 2))
        var dx = 0, dy = 0
        if cx < mx { dx = cx - mx } else if cx > viewport.width - 1 - mx { dx = cx - (viewport.width - 1 - mx) }
        if cy < my { dy = cy - my } else if cy > viewport.height - 1 - my { dy = cy - (viewport.height - 1 - my) }
        if dx != 0 || dy != 0 { viewport.pan(dx: dx, dy: dy) }
    }

    /// Zooms by `delta` keeping the cursor where it is on the screen.
    public mutating func zoom(by delta: Double) {
        let before = viewport.dot(cursor)
        viewport.zoom += delta
        let c = WebMercator.unitPoint(cursor), w = viewport.worldPixels
        let u = c.u - (before.x - Double(viewport.dotWidth) / 2) / w
        let v = c.v - (before.y - Double(viewport.dotHeight) / 2) / w
        viewport.center = WebMercator.coordinate(WebMercator.UnitPoint(u: min(1, max(0, u)), v: min(1, max(0, v))))
        keepCursorInView()
        snapCursorToCell()
    }

    /// Puts the cursor on `c`, centring the map on it when it is not comfortably in view.
    public mutating func putCursor(on c: Coordinate) {
        cursor = c
        if let cell = viewport.cell(c), cell.x >= Self.cursorMargin, cell.x < viewport.width - Self.cursorMargin,
           cell.y >= Self.cursorMargin, cell.y < viewport.height - Self.cursorMargin {
            return
        }
        viewport.center = c
    }

    /// Fits the map over the stops and pins (nothing happens without any), the cursor in the
    /// middle of the view when it falls outside.
    public mutating func fitToStops() {
        // The routed line too: a leg along a valley can run far outside its stops' box.
        guard let box = BoundingBox(covering: stops + pins + plan.coordinates) else { return }
        viewport = MapViewport.fit(box, width: viewport.width, height: viewport.height, margin: 2, maxZoom: Self.fitMaxZoom)
        if viewport.cell(cursor) == nil { cursor = viewport.center }
        keepCursorInView()
        snapCursorToCell()
    }

    /// True when every stop and pin lies in the view.
    public var showsAllStops: Bool {
        (stops + pins).allSatisfy { viewport.cell($0) != nil }
    }

    /// The index of the pin under the cursor (same cell), if any.
    public var pinUnderCursor: Int? {
        guard let c = cursorCell else { return nil }
        return pins.firstIndex { p in viewport.cell(p).map { $0.x == c.x && $0.y == c.y } ?? false }
    }
}

extension DrawModel {
    /// Where a new drawing without stops opens: `hike` (the library's selected hike) when one
    /// of the map store's `coverage` areas overlaps it, else the largest coverage area (in
    /// square degrees), else nil (no map at all: the caller stays over the hike).
    public static func openingArea(preferring hike: BoundingBox?, coverage: [BoundingBox]) -> BoundingBox? {
        if let hike, coverage.contains(where: { $0.intersects(hike) }) { return hike }
        func area(_ b: BoundingBox) -> Double { (b.maxLatitude - b.minLatitude) * (b.maxLongitude - b.minLongitude) }
        return coverage.max { area($0) < area($1) }
    }
}
