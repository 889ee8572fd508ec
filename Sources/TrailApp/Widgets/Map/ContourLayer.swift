import Foundation
import TermUI
import TrailCore

/// Contour lines as a map layer: drawn into the braille canvas *before* paths and the route,
/// at the lowest ink priority, so every other feature wins a shared cell.
///
/// The lines come from the terrain (`TrailTerrain.Contours.lines`, marching squares over SRTM
/// samples) and are passed in plain so this widget needs no terrain module. Index lines (every
/// fifth) use the `contour-index` theme role, the others `contour`; a theme without those roles
/// falls back to `landuse` (dim) and `forest`. Index lines get their height as a label at
/// their middle point when the cells there are free.
public struct ContourLayer: Sendable {
    /// One line, in WGS84.
    public struct Line: Sendable, Hashable {
        public var level: Double
        public var isIndex: Bool
        public var points: [Coordinate]
        public init(level: Double, isIndex: Bool, points: [Coordinate]) {
            self.level = level; self.isIndex = isIndex; self.points = points
        }
    }

    /// Theme roles (added in new code; the shipped themes fall back, see the type's doc).
    public static let role = "contour"
    public static let indexRole = "contour-index"
    /// Ink priorities: below every map feature (forest and water are 1).
    public static let priority = 0
    public static let labelPriority = 1

    public var lines: [Line]

    public init(lines: [Line]) { self.lines = lines }

    /// The style of a role with a fallback when the theme lacks it.
    static func style(_ role: String, fallback: String, _ environment: WidgetEnvironment) -> Style {
        environment.theme.missingRoles([role]).isEmpty ? environment.style(role) : environment.style(fallback)
    }

    /// Draws the lines visible in `viewport` into `canvas` (sized viewport.width × height cells)
    /// and labels index lines; no label goes on or right beside a cell where `hikeLine` (the hike's
    /// line on a canvas of the same size) has dots.
    /// - Returns: the number of labels written.
    @discardableResult
    public func draw(viewport: MapViewport, canvas: inout BrailleCanvas, environment: WidgetEnvironment,
                     avoiding hikeLine: BrailleCanvas? = nil) -> Int {
        let plain = Ink(Self.style(Self.role, fallback: ThemeRole.landuse, environment), priority: Self.priority)
        let strong = Ink(Self.style(Self.indexRole, fallback: ThemeRole.forest, environment), priority: Self.priority)
        let labelStyle = Self.style(Self.indexRole, fallback: ThemeRole.forest, environment)
        let view = viewport.bounds
        var labels = 0
        for line in lines {
            guard let box = BoundingBox(covering: line.points),
                  box.maxLatitude >= view.minLatitude, box.minLatitude <= view.maxLatitude,
                  box.maxLongitude >= view.minLongitude, box.minLongitude <= view.maxLongitude else { continue }
            canvas.polyline(line.points.lazy.map(viewport.dot), ink: line.isIndex ? strong : plain)
            guard line.isIndex, line.points.count >= 8, let cell = viewport.cell(line.points[line.points.count / 2]) else { continue }
            let text = String(Int(line.level.rounded()))
            let rect = Rect(x: cell.x, y: cell.y, width: text.count, height: 1)
            guard cell.x + text.count <= canvas.width, !canvas.hasOverlay(in: rect) else { continue }
            if let hikeLine, (cell.x - 1...cell.x + text.count).contains(where: { hikeLine.mask(cellX: $0, cellY: cell.y) != 0 }) { continue }
            canvas.text(text, cellX: cell.x, cellY: cell.y, style: labelStyle, priority: Self.labelPriority)
            labels += 1
        }
        return labels
    }
}
