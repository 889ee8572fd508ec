import Foundation
import TermUI
import TrailCore

/// A line the map draws over its route in a style of its own (``MapWidget/comparisonLines``).
public struct ComparisonLine: Sendable, Equatable {
    /// The line, as one polyline.
    public var coordinates: [Coordinate]
    /// Its theme role.
    public var role: String
    /// Dots on and off along the line (nil: solid), so lines stay apart without colour.
    public var dashes: (on: Int, off: Int)?

    public init(_ coordinates: [Coordinate], role: String, dashes: (on: Int, off: Int)? = nil) {
        self.coordinates = coordinates
        self.role = role
        self.dashes = dashes
    }

    public static func == (a: ComparisonLine, b: ComparisonLine) -> Bool {
        a.coordinates == b.coordinates && a.role == b.role && a.dashes?.on == b.dashes?.on && a.dashes?.off == b.dashes?.off
    }
}

extension MapWidget {
    /// Draws ``comparisonLines`` at the route's priority and above (each later line one
    /// higher, so it wins a shared cell), solid or in its dash pattern (the pattern runs on
    /// across vertices); their cells are kept free of labels.
    func drawComparisonLines(transform: UnitTransform, canvas: inout BrailleCanvas, placer: inout MapLabelPlacer) {
        for (k, line) in comparisonLines.enumerated() where line.coordinates.count > 1 {
            let ink = Ink(environment.style(line.role), priority: MapFeatureStyle.Layer.route + 1 + k)
            let dots = line.coordinates.map { transform.dot(WebMercator.unitPoint($0)) }
            var phase = 0.0
            for (a, b) in zip(dots.dropLast(), dots.dropFirst()) {
                guard let d = line.dashes else { canvas.line(from: a, to: b, ink: ink); continue }
                let dx = b.x - a.x, dy = b.y - a.y
                let length = (dx * dx + dy * dy).squareRoot()
                guard length.isFinite, length > 0 else { continue }
                let period = Double(max(1, d.on + d.off))
                var s = 0.0
                while s <= length {
                    if (phase + s).truncatingRemainder(dividingBy: period) < Double(d.on) {
                        canvas.point(DotPoint(x: a.x + s / length * dx, y: a.y + s / length * dy), ink: ink)
                    }
                    s += 1
                }
                phase += length
            }
        }
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where canvas.mask(cellX: x, cellY: y) != 0 {
                if let owner = canvas.owningInk(cellX: x, cellY: y), owner.priority > MapFeatureStyle.Layer.route {
                    placer.block(x: x, y: y)
                }
            }
        }
    }
}
