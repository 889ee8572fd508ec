import Foundation
import TermUI
import TrailCore

/// What part of the world the map shows: a centre, a fractional slippy-map zoom and a size in
/// terminal cells.
///
/// A braille cell is 2 × 4 dots and a terminal cell is about twice as tall as wide, so a dot is
/// about square; one dot is one Web Mercator pixel of a 256-pixel slippy tile at ``zoom`` (see
/// `WebMercator.viewBounds`). The view is `2·width` × `4·height` pixels centred on ``center``.
public struct MapViewport: Hashable, Sendable {
    /// Pixels per side of a slippy tile.
    public static let tileSize = 256.0
    /// The zoom range a viewport keeps to (world view … beyond street level).
    public static let zoomRange = 1.0...19.0

    /// The coordinate at the middle of the view.
    public var center: Coordinate
    /// Slippy-map zoom, fractional (clamped to ``zoomRange``).
    public var zoom: Double { didSet { zoom = MapViewport.clampZoom(zoom) } }
    /// Width in cells.
    public var width: Int
    /// Height in cells.
    public var height: Int

    /// Creates a viewport.
    public init(center: Coordinate, zoom: Double, width: Int, height: Int) {
        self.center = center
        self.zoom = MapViewport.clampZoom(zoom)
        self.width = max(0, width)
        self.height = max(0, height)
    }

    static func clampZoom(_ z: Double) -> Double {
        z.isFinite ? min(zoomRange.upperBound, max(zoomRange.lowerBound, z)) : zoomRange.lowerBound
    }

    /// Width in dots (pixels).
    public var dotWidth: Int { width * 2 }
    /// Height in dots (pixels).
    public var dotHeight: Int { height * 4 }

    /// Size of the world square in pixels at this zoom (`256 · 2^zoom`).
    public var worldPixels: Double { MapViewport.tileSize * pow(2, zoom) }

    /// The Web Mercator unit point at the top-left corner of the view.
    public var origin: WebMercator.UnitPoint {
        let c = WebMercator.unitPoint(center), w = worldPixels
        return WebMercator.UnitPoint(u: c.u - Double(dotWidth) / 2 / w, v: c.v - Double(dotHeight) / 2 / w)
    }

    /// The projection of this view as a dot transform over unit points (x = u, y = v, no flip).
    public var transform: UnitTransform { UnitTransform(origin: origin, scale: worldPixels) }

    /// The dot position of `c` (x right, y down; may lie outside the view).
    public func dot(_ c: Coordinate) -> DotPoint { transform.dot(WebMercator.unitPoint(c)) }

    /// The cell containing `c`, or nil when it is outside the view.
    public func cell(_ c: Coordinate) -> (x: Int, y: Int)? {
        let p = dot(c)
        guard p.x >= 0, p.y >= 0, p.x < Double(dotWidth), p.y < Double(dotHeight) else { return nil }
        return (Int(p.x) / 2, Int(p.y) / 4)
    }

    /// The coordinate at dot position `p`.
    public func coordinate(atDot p: DotPoint) -> Coordinate {
        let o = origin, w = worldPixels
        return WebMercator.coordinate(WebMercator.UnitPoint(u: o.u + p.x / w, v: o.v + p.y / w))
    }

    /// The box the view shows, in degrees (`WebMercator.viewBounds`).
    public var bounds: BoundingBox {
        WebMercator.viewBounds(center: center, zoom: zoom, widthPixels: Double(dotWidth),
                               heightPixels: Double(dotHeight), tileSize: MapViewport.tileSize)
    }

    /// The same view with another size in cells (the centre and zoom stay).
    public func resized(width: Int, height: Int) -> MapViewport {
        MapViewport(center: center, zoom: zoom, width: width, height: height)
    }

    /// Moves the view by `dx`, `dy` cells (positive: east, south).
    public mutating func pan(dx: Int, dy: Int) {
        let c = WebMercator.unitPoint(center), w = worldPixels
        let u = c.u + Double(dx * 2) / w, v = min(1, max(0, c.v + Double(dy * 4) / w))
        center = WebMercator.coordinate(WebMercator.UnitPoint(u: min(1, max(0, u)), v: v))
    }

    /// The viewport of `width` × `height` cells that shows all of `box` as large as possible,
    /// with `margin` cells free on every side, centred on the box's middle in Web Mercator, at a
    /// zoom no higher than `maxZoom` (so a very short hike is not shown at house level).
    /// A zero-size view or box gives the box's centre at `maxZoom`.
    public static func fit(_ box: BoundingBox, width: Int, height: Int, margin: Int = 1,
                           maxZoom: Double = 17) -> MapViewport {
        let nw = WebMercator.unitPoint(Coordinate(latitude: box.maxLatitude, longitude: box.minLongitude))
        let se = WebMercator.unitPoint(Coordinate(latitude: box.minLatitude, longitude: box.maxLongitude))
        let mid = WebMercator.coordinate(WebMercator.UnitPoint(u: (nw.u + se.u) / 2, v: (nw.v + se.v) / 2))
        let usableW = Double(max(0, width - 2 * margin) * 2), usableH = Double(max(0, height - 2 * margin) * 4)
        let du = se.u - nw.u, dv = se.v - nw.v
        var zoom = maxZoom
        if usableW > 0, usableH > 0, du > 0 || dv > 0 {
            // worldPixels · du ≤ usableW and worldPixels · dv ≤ usableH.
            let wp = min(du > 0 ? usableW / du : .infinity, dv > 0 ? usableH / dv : .infinity)
            zoom = min(maxZoom, log2(wp / tileSize))
        }
        return MapViewport(center: mid, zoom: zoom, width: width, height: height)
    }
}

/// Unit-square (Web Mercator `u`, `v`) to dot mapping: `dot = (p − origin) · scale`.
public struct UnitTransform: Hashable, Sendable {
    /// The unit point at dot (0, 0).
    public var origin: WebMercator.UnitPoint
    /// Dots per unit (`256 · 2^zoom`).
    public var scale: Double

    /// The dot position of unit point `p`.
    @inline(__always)
    public func dot(_ p: WebMercator.UnitPoint) -> DotPoint {
        DotPoint(x: (p.u - origin.u) * scale, y: (p.v - origin.v) * scale)
    }
}
