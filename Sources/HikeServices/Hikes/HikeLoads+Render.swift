import Foundation
import TrailApp
import TrailCore
import TrailFormats
import TrailMap
import TrailStore
import TrailTerrain

/// The hike `cairn render` draws (one frame of the hike screen, without a viewer): from a
/// track file or from the store, with the terrain's profile and the ground under its line.
extension HikeLoads {
    /// Why a hike could not be loaded; the description is the message to show (cleaned of
    /// control characters).
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// Track `track` (a candidate number of ``HikeImportPlan``; nil: the first the import would
    /// take) of the track file at `path`, prepared as the hike screen shows it
    /// (``TerrainForScreens``), with the ground under it from the map store at `mapPath` (no
    /// map there: no ground). Read by content (GPX, FIT, TCX, KML/KMZ, GeoJSON).
    /// - Parameters:
    ///   - fileName: the file as the user named it, in the warnings and failures.
    ///   - warn: each of the reader's warnings, worded as `cairn stats` prints them, before
    ///     anything else can fail.
    /// - Throws: ``Failure`` when the file cannot be read, the track is not there or there is
    ///   nothing to draw; the map store's errors.
    public static func file(at path: String, fileName: String, track: Int?, terrain: TerrainElevation?, mapPath: String,
                            warn: (String) -> Void) throws -> PreparedHike {
        let result: GPXReadResult
        do { result = try TrackFileReader.read(url: URL(fileURLWithPath: path)) } catch {
            throw Failure(TerminalText.clean("\(error)"))
        }
        for line in ReaderWarnings.lines(fileName: fileName, result.plausibilityWarnings(), limit: .max)
            + ReaderWarnings.lines(fileName: fileName, result.warnings, omitted: result.omittedWarningCount) {
            warn(line)
        }
        let plan = HikeImportPlan(document: result.document, fileName: (path as NSString).lastPathComponent)
        let calculator = StatisticsCalculator()
        let chosen: [NewHike]
        do {
            chosen = try plan.hikes(selecting: track.map { [$0] } ?? plan.defaultSelection.prefix(1).map { $0 },
                                    statistics: { calculator.statistics(for: $0) })
        } catch {
            throw Failure(TerminalText.clean("\(error)"))
        }
        guard let h = chosen.first else { throw Failure("\(TerminalText.clean(fileName)): nothing to draw") }
        var prepared = TerrainForScreens.prepared(name: h.name, kind: nil, tracks: h.tracks, statistics: h.statistics,
                                                  terrain: terrain, calculator: calculator)
        let segments = prepared.segmentCoordinates
        if let box = BoundingBox(covering: segments.flatMap { $0 }), let map = try GroundSurveys.openMap(mapPath) {
            prepared.setGround(try GroundMap.load(store: map, around: box).survey(segments: segments))
        }
        return prepared
    }

    /// Stored hike `id` as `cairn render` draws it: the terrain's profile, its start date and the
    /// ground under it (the cached survey, else measured on the map at `mapPath` and cached).
    /// No places: the render shows none.
    /// - Throws: the store's and the map's errors.
    public static func forRender(_ store: HikeStore, _ id: HikeID, terrain: TerrainElevation?, mapPath: String,
                                 now: Date) throws -> PreparedHike {
        let hike = try store.hike(id)
        var prepared = TerrainForScreens.prepared(name: hike.summary.name, kind: hike.summary.kind.rawValue, tracks: hike.tracks,
                                                  statistics: hike.summary.statistics, terrain: terrain)
        if let s = hike.summary.startedAt { prepared.startDate = s }
        // The cached survey is of the stored line: a line densified on the terrain (a hike
        // without `ele`) has other points, so it is measured on the map instead.
        prepared.setGround(try GroundSurveys.line(of: id, segments: prepared.segmentCoordinates, store: store,
                                                  map: MapFile(path: mapPath), now: now))
        return prepared
    }

    /// What the stored hikes and walks (all but `excluding`) have walked of `hike`: the hike
    /// screen's completion figures, without the names of the missing stretches.
    /// - Throws: the store's errors.
    public static func walkedByOthers(_ hike: PreparedHike, in store: HikeStore, excluding: HikeID?) throws -> CompletionFigures {
        let (c, lines) = try store.completion(of: hike.segmentCoordinates.filter { $0.count >= 2 }, excluding: excluding)
        return CompletionNames.figures(c, lines)
    }
}
