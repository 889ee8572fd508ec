/// A point in canvas dot coordinates: `x` to the right, `y` down, in dots (Double).
/// Dot (i, j) covers `[i, i+1) x [j, j+1)`; a cell is 2 dots wide and 4 dots tall.
public struct DotPoint: Hashable, Sendable {
    /// Dots from the left edge.
    public var x: Double
    /// Dots from the top edge.
    public var y: Double
    /// Creates a point.
    public init(x: Double, y: Double) { self.x = x; self.y = y }
}

/// Maps world coordinates (any projection: Web Mercator metres, chart distance/elevation, …)
/// to canvas dots: `dotX = (x − originX) · scaleX`, and `dotY = (originY − y) · scaleY` when
/// `flipY` (world y grows upward, as on maps and charts) or `(y − originY) · scaleY` without.
/// `(originX, originY)` is the world point at the canvas's top-left corner.
public struct CanvasTransform: Hashable, Sendable {
    /// World x at dot x = 0.
    public var originX: Double
    /// World y at dot y = 0.
    public var originY: Double
    /// Dots per world unit along x (> 0).
    public var scaleX: Double
    /// Dots per world unit along y (> 0).
    public var scaleY: Double
    /// True when world y grows upward (the usual case).
    public var flipY: Bool

    /// Creates a transform from its parts (see the type's formula).
    public init(originX: Double, originY: Double, scaleX: Double, scaleY: Double, flipY: Bool = true) {
        self.originX = originX
        self.originY = originY
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.flipY = flipY
    }

    /// The dot position of world point (`x`, `y`).
    @inline(__always)
    public func dot(x: Double, y: Double) -> DotPoint {
        DotPoint(x: (x - originX) * scaleX, y: flipY ? (originY - y) * scaleY : (y - originY) * scaleY)
    }

    /// The world point at dot position `p` (inverse of ``dot(x:y:)``).
    public func world(_ p: DotPoint) -> (x: Double, y: Double) {
        (p.x / scaleX + originX, flipY ? originY - p.y / scaleY : p.y / scaleY + originY)
    }

    /// A transform that puts world point (`x`, `y`) at the centre of a `dotWidth` x
    /// `dotHeight` canvas with `dotsPerUnit` dots per world unit on both axes.
    public static func centered(x: Double, y: Double, dotsPerUnit: Double, dotWidth: Int, dotHeight: Int,
                                flipY: Bool = true) -> CanvasTransform {
        let hw = Double(dotWidth) / 2 / dotsPerUnit, hh = Double(dotHeight) / 2 / dotsPerUnit
        return CanvasTransform(originX: x - hw, originY: flipY ? y + hh : y - hh,
                               scaleX: dotsPerUnit, scaleY: dotsPerUnit, flipY: flipY)
    }

    /// A transform that shows the world box `minX...maxX` x `minY...maxY` on a `dotWidth` x
    /// `dotHeight` canvas, the box edges on the centres of the outermost dots. With
    /// `preserveAspect` both axes use the smaller scale and the box is centred; a box of zero
    /// extent on an axis is centred on that axis (scale 1 when both extents are zero).
    public static func fitting(minX: Double, minY: Double, maxX: Double, maxY: Double,
                               dotWidth: Int, dotHeight: Int, flipY: Bool = true,
                               preserveAspect: Bool = false) -> CanvasTransform {
        let spanX = maxX - minX, spanY = maxY - minY
        let usableX = Double(max(0, dotWidth - 1)), usableY = Double(max(0, dotHeight - 1))
        var sx = spanX > 0 ? usableX / spanX : .infinity
        var sy = spanY > 0 ? usableY / spanY : .infinity
        if preserveAspect { sx = min(sx, sy); sy = sx }
        if !sx.isFinite || sx <= 0 { sx = sy.isFinite && sy > 0 ? sy : 1 }
        if !sy.isFinite || sy <= 0 { sy = sx }
        // Centre the box: its middle goes to the canvas middle (in dot-centre terms).
        let midX = (minX + maxX) / 2, midY = (minY + maxY) / 2
        let cx = Double(dotWidth) / 2, cy = Double(dotHeight) / 2
        return CanvasTransform(originX: midX - cx / sx, originY: flipY ? midY + cy / sy : midY - cy / sy,
                               scaleX: sx, scaleY: sy, flipY: flipY)
    }
}
