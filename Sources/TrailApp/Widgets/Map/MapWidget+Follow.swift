import Foundation
import TermUI
import TrailCore

extension MapWidget {
    /// Draws the parts of the route inside ``coveredRanges`` over the route line in the
    /// `route-covered` style (same ink priority, drawn later, so a cell the covered part passes
    /// through takes its colour). One sweep over the segments and the sorted ranges.
    func drawCovered(_ hike: PreparedHike, dots: [DotPoint], canvas: inout BrailleCanvas) {
        let d = hike.profile.distances
        guard d.count == dots.count, d.count > 1 else { return }
        let ranges = coveredRanges.sorted { $0.lowerBound < $1.lowerBound }
        let ink = Ink(environment.style(ThemeRole.routeCovered), priority: MapFeatureStyle.Layer.route)
        let segmentStarts = Set(hike.segmentStartIndices)
        var r = 0
        for i in 0..<(d.count - 1) where !segmentStarts.contains(i + 1) {
            let a = d[i], b = d[i + 1]
            while r < ranges.count && ranges[r].upperBound < a { r += 1 }
            var k = r
            while k < ranges.count && ranges[k].lowerBound <= b {
                let lo = max(a, ranges[k].lowerBound), hi = min(b, ranges[k].upperBound)
                if hi >= lo {
                    let span = b - a
                    func at(_ s: Double) -> DotPoint {
                        let t = span > 0 ? (s - a) / span : 0
                        return DotPoint(x: dots[i].x + t * (dots[i + 1].x - dots[i].x), y: dots[i].y + t * (dots[i + 1].y - dots[i].y))
                    }
                    canvas.line(from: at(lo), to: at(hi), ink: ink, weight: .heavy)
                }
                k += 1
            }
        }
    }

    /// The live position marker (◉, ASCII "@", `marker` style) above everything else on the route.
    func drawPosition(_ c: Coordinate, transform: UnitTransform, canvas: inout BrailleCanvas,
                      placer: inout MapLabelPlacer, area: Rect, info: inout RenderInfo) {
        let p = transform.dot(WebMercator.unitPoint(c))
        guard p.x >= 0, p.y >= 0, p.x < Double(canvas.dotWidth), p.y < Double(canvas.dotHeight) else { return }
        let x = Int(p.x) / 2, y = Int(p.y) / 4
        canvas.overlay(MapMark.position.glyph, cellX: x, cellY: y, style: environment.style(ThemeRole.marker),
                       priority: MapFeatureStyle.Layer.marker, ascii: MapMark.position.ascii)
        placer.block(x: x, y: y)
        info.positionCell = CellPosition(x: area.x + x, y: area.y + y)
    }

    /// The position marker again over the no-data message (the map is centred on the position,
    /// where the message sits).
    func redrawPosition(at p: CellPosition, into buffer: inout Buffer) {
        let glyph = MapMark.position.shown(in: environment.canvasMode)
        buffer.set(x: p.x, y: p.y, Cell(glyph).applying(environment.style(ThemeRole.marker)))
    }
}
