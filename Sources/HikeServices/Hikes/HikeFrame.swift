import Foundation
import TermUI
import TrailApp
import TrailCore
import TrailMap
import TrailTerrain

/// One frame of the hike screen drawn without a viewer (`cairn render`): the hike screen's own
/// state and view (``HikeScreenState``, ``HikeScreenView``) set up as the options say, with the
/// map store's data and, when asked, the terrain's contours and hillshade under it.
public struct HikeFrame {
    /// What the frame shows; the defaults are the hike screen as it opens.
    public struct Options: Sendable {
        /// Frame size in cells.
        public var width: Int
        public var height: Int
        /// The cursor, 0 (start) … 1 (finish) of the distance.
        public var scrub = 0.0
        /// A selected profile range, fractions 0 … 1 of the distance (range statistics).
        public var range: (start: Double, end: Double)?
        /// Map zoom (slippy-map level, fractional), centred on the cursor; nil fits the hike.
        public var zoom: Double?
        /// The profile against elapsed time instead of distance.
        public var timeAxis = false
        public var colouring = LineColouring.plain
        /// What the other stored hikes walked of this one (``LineColouring/walked``).
        public var completion: CompletionFigures?
        public var contours = false
        public var terrainLine = false
        public var hillshade = false

        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// The drawn frame.
    public var buffer: Buffer
    /// Why the contours asked for are not drawn (``MapBasemap/contoursTooFarOut(zoom:)``: the
    /// map is zoomed out too far), nil when they are or were not asked for.
    public var contoursNote: String?

    /// Draws `hike` as `options` say: the map data of the map store at `mapPath` (none there:
    /// the map says so), contours and hillshade from `terrain` when asked and given.
    /// - Throws: ``HikeLoads/Failure`` when the map store cannot be read.
    public init(hike: PreparedHike, options: Options, environment: WidgetEnvironment, mapPath: String,
                terrain: TerrainStore?) throws {
        let layout = HikeScreenLayout(area: Rect(x: 0, y: 0, width: options.width, height: options.height))
        var state = HikeScreenState(hike: hike, mapWidth: layout.map.width, mapHeight: layout.map.height)
        state.scrub(toFraction: options.scrub)
        if let zoom = options.zoom {
            // A chosen zoom looks closer at the cursor: centre the map on it (the fitted view
            // centres the whole hike, which at z15 can leave the cursor off the frame).
            state.viewport.zoom = zoom
            if state.hike.pointCount > 0 { state.viewport.center = state.hike.coordinates[state.scrubIndex] }
        }
        if let r = options.range { state.setRange(start: hike.index(atFraction: r.start), end: hike.index(atFraction: r.end)) }
        if options.timeAxis { state.setChartAxis(.time) }
        state.setLineColouring(options.colouring)
        if options.colouring == .walked { state.completion = options.completion }
        let mapViewport = state.viewport.resized(width: layout.map.width, height: layout.map.height)
        state.basemap = try Self.basemap(mapPath, viewport: mapViewport)
        state.showsContours = options.contours
        state.showsTerrainLine = options.terrainLine
        state.showsHillshade = options.hillshade
        if state.showsContours || state.showsHillshade, let terrain {
            var basemap = state.basemap ?? MapBasemap(features: [], coverageAreas: [], bounds: MapBasemap.queryArea(for: mapViewport).bounds,
                                                      zoom: MapBasemap.queryZoom(mapViewport.zoom))
            basemap.addContours(from: terrain)
            state.basemap = basemap
        }
        contoursNote = state.showsContours ? MapBasemap.contoursTooFarOut(zoom: mapViewport.zoom) : nil
        buffer = Buffer(width: options.width, height: options.height)
        HikeScreenView.render(state: state, environment: environment, into: &buffer)
    }

    /// Map data for the view, or nil when there is no map store at `path`.
    /// - Throws: ``HikeLoads/Failure`` when the map store cannot be read.
    static func basemap(_ path: String, viewport: MapViewport) throws -> MapBasemap? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            let store = try MapStore(path: path, readOnly: true)
            return try MapBasemap.load(from: store, viewport: viewport)
        } catch {
            throw HikeLoads.Failure("cannot read the map store: \(TerminalText.clean("\(error)"))")
        }
    }
}
