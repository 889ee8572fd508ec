import TermUI
import TrailApp
import TrailCore
import TrailTerrain

/// The terrain's contour lines around a position as braille text, without map features
/// (`cairn dem contours`): marching squares over the SRTM samples (``Contours``), drawn by the
/// map's own ``ContourLayer``, none through voids or where no tile is imported.
public struct ContourView {
    /// Why there is nothing to draw; the description is the message to show.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The drawn view (plain theme, metric).
    public var buffer: Buffer
    /// The contour interval, metres (``Contours/interval(forZoom:)``); every fifth line is an index line.
    public var interval: Double
    /// How many lines were drawn.
    public var lineCount: Int

    /// Draws `width`×`height` cells centred on `centre` at slippy-map zoom `zoom` from `store`.
    /// `partlyMissing` is told, before anything is drawn, the tiles under part of the view that
    /// are not imported (no lines there), when some are.
    /// - Throws: ``Failure`` when no imported tile lies under the view (naming the tiles and
    ///   where to get them) or the view is too large to sample.
    public init(store: TerrainStore, centre: Coordinate, zoom: Int, width: Int, height: Int,
                partlyMissing: ([SRTMTileID]) -> Void) throws {
        let viewport = MapViewport(center: centre, zoom: Double(zoom), width: width, height: height)
        let under = SRTMTileID.tiles(covering: viewport.bounds)
        let missing = under.filter { store.tilePaths[$0] == nil }
        if let first = missing.first {
            guard missing.count < under.count else {
                throw Failure(description: "no terrain tile under the view (\(missing.map(\.name).joined(separator: ", "))); " + first.howToGet)
            }
            partlyMissing(missing)
        }
        interval = Contours.interval(forZoom: zoom)
        guard let grid = HeightGrid.samples(from: store, covering: viewport.bounds) else {
            throw Failure(description: "the view is too large for contours; zoom in")
        }
        let lines = Contours.lines(grid, interval: interval).map {
            ContourLayer.Line(level: $0.level, isIndex: $0.isIndex, points: $0.points)
        }
        lineCount = lines.count
        var canvas = BrailleCanvas(width: width, height: height)
        let env = WidgetEnvironment(theme: .plain, format: UnitFormatter(system: .metric))
        ContourLayer(lines: lines).draw(viewport: viewport, canvas: &canvas, environment: env)
        buffer = Buffer(width: width, height: height)
        canvas.render(into: &buffer, at: Rect(x: 0, y: 0, width: width, height: height))
    }
}
