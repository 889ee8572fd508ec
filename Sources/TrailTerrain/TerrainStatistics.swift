import Foundation
import TrailCore

/// The elevation figures of a hike or route with the source of each, for `--json` output and
/// screens: the figures in use (from the file where it has elevations, else from the terrain)
/// and, when both exist, the terrain's figures beside the file's.
public struct TerrainStatistics: Sendable, Hashable, Codable {
    /// Where ``elevationGain`` … ``estimatedWalkingTime`` come from.
    public var elevationSource: ElevationSource
    /// Point counts by source (of the line the figures were computed on).
    public var points: ElevationSources
    /// Metres, by the 5 m hysteresis of ``StatisticsCalculator``; nil without elevations.
    public var elevationGain: Double?
    public var elevationLoss: Double?
    public var minElevation: Double?
    public var maxElevation: Double?
    /// Signed grade over at least 100 m (``StatisticsConfiguration/gradeWindowDistance``).
    public var steepestGrade: Double?
    /// DIN 33466 walking time in seconds with the climbs above.
    public var estimatedWalkingTime: Double
    /// The terrain's gain and loss when the figures above are the file's, or the file's filled
    /// from the terrain (the "gain by either source" comparison, the terrain's line beside the
    /// profile), over the stretches with terrain under them only (``terrainCoverage``):
    /// each run of consecutive points with a terrain height, densified as a planned line, its
    /// filter restarting at each run. Nil otherwise or without tiles there.
    public var terrainGain: Double?
    public var terrainLoss: Double?
    /// The file's own gain and loss over the same runs as ``terrainGain``: what the terrain's
    /// figures compare with (equal to ``elevationGain`` when the terrain covers the whole hike).
    /// For a file filled from the terrain (``ElevationSource/fileAndTerrain``): the filled
    /// profile's, over those runs (DECISIONS 410).
    public var fileGainWhereTerrain: Double?
    public var fileLossWhereTerrain: Double?
    /// The share (0…1) of the line's length with terrain under it: a point without a terrain
    /// height (no tile, a void) takes away half the way to each neighbour (the rule of the
    /// screens' gap note). Measured on the hike's own points, or on the densified line for a
    /// planned line; nil without terrain or for a line of no length.
    public var terrainCoverage: Double?
    /// The share (0…1) of the line's length the figures above are measured over (points with a
    /// height, by the same half-way rule): the terrain's coverage for a line from the terrain,
    /// and for a file filled from it the share with a height of the file's or the terrain's.
    /// What a list shows beside a gain that covers only part of a hike ("~311 m (50 %)",
    /// DECISIONS 411). Nil for the file's own figures, without terrain, or for no length.
    public var elevationCoverage: Double?
    /// Metres of the line without a terrain height, by the same half-way rule as
    /// ``terrainCoverage``; nil when that is.
    public var metresWithoutTerrain: Double?
    /// SRTM names of the tiles missing under the line, in the order the line meets them
    /// (empty with every tile there, or without terrain consulted).
    public var missingTiles: [String] = []

    /// `stored` with the elevation figures replaced by these when they are not the file's
    /// alone (source terrain or file+terrain): gain, loss, lowest, highest, steepest grade and
    /// the DIN 33466 time. Every surface that shows a hike's gain (list, show, the library,
    /// the hike screen) takes its figures through this, so one hike has one gain.
    public func applied(to stored: TrackStatistics) -> TrackStatistics {
        guard elevationSource == .terrain || elevationSource == .fileAndTerrain else { return stored }
        var s = stored
        s.elevationGain = elevationGain
        s.elevationLoss = elevationLoss
        s.minElevation = minElevation
        s.maxElevation = maxElevation
        s.steepestGrade = steepestGrade
        s.estimatedWalkingTime = estimatedWalkingTime
        return s
    }

    /// Computes the figures for `track`.
    /// - Parameters:
    ///   - planned: true for drawn routes and GPX `rte`: from the terrain wherever a tile lies
    ///     under the line, else from the file's own elevations.
    ///   - terrain: the terrain, nil when no tile is imported (then only the file counts).
    ///   - comparison: false to skip the terrain's figures beside a file's own (``terrainGain``):
    ///     what a list needs, which shows one gain.
    public static func compute(_ track: Track, planned: Bool, terrain: TerrainElevation?,
                               calculator: StatisticsCalculator = StatisticsCalculator(),
                               comparison: Bool = true) -> TerrainStatistics {
        computeWithLine(track, planned: planned, terrain: terrain, calculator: calculator, comparison: comparison).statistics
    }

    /// ``compute(_:planned:terrain:calculator:)`` and the line the figures were computed on
    /// (the track itself, filled, or densified with terrain heights): what a profile draws.
    public static func computeWithLine(_ track: Track, planned: Bool, terrain: TerrainElevation?,
                                       calculator: StatisticsCalculator = StatisticsCalculator(), comparison: Bool = true)
        -> (statistics: TerrainStatistics, line: Track) {
        let all = track.segments.flatMap(\.points)
        let withEle = all.filter { $0.elevation != nil }.count
        var line = track
        var points = ElevationSources()
        points.fromFile = withEle
        points.withoutData = all.count - withEle
        if let terrain, planned || withEle < all.count {
            let (elevated, sources) = terrain.elevated(track, planned: planned)
            // A planned line off every tile keeps the file's elevations, if it has any.
            if sources.fromTerrain > 0 || withEle == 0 { (line, points) = (elevated, sources) }
        }
        let s = calculator.statistics(for: line)
        var out = TerrainStatistics(elevationSource: points.source, points: points, elevationGain: s.elevationGain,
                                    elevationLoss: s.elevationLoss, minElevation: s.minElevation, maxElevation: s.maxElevation,
                                    steepestGrade: s.steepestGrade, estimatedWalkingTime: s.estimatedWalkingTime)
        guard let terrain else { return (out, line) }
        out.missingTiles = missingTiles(line, terrain.store)
        let measured = points.source == .terrain
            ? coverageAndMissing(line) { $0.elevation != nil }
            : coverageAndMissing(track) { terrain.store.height(at: $0.coordinate).metres != nil }
        out.terrainCoverage = measured?.coverage
        out.metresWithoutTerrain = measured?.missing
        if points.source == .terrain || points.source == .fileAndTerrain {
            out.elevationCoverage = coverage(line) { $0.elevation != nil }
        }
        if comparison, points.source == .file || points.source == .fileAndTerrain {
            // Only where the terrain lies under the hike: the runs of points with a height (of
            // the filled line when the file was filled: what the profile draws).
            let runs = coveredRuns(points.source == .file ? track : line, terrain.store)
            let (t, src) = terrain.plannedTrack(runs)
            if src.fromTerrain > 0 {
                let ts = calculator.statistics(for: t), fs = calculator.statistics(for: runs)
                out.terrainGain = ts.elevationGain
                out.terrainLoss = ts.elevationLoss
                out.fileGainWhereTerrain = fs.elevationGain
                out.fileLossWhereTerrain = fs.elevationLoss
            }
        }
        return (out, line)
    }

    /// The names of the tiles not imported under `track`'s points, in the order met.
    public static func missingTiles(_ track: Track, _ store: TerrainStore) -> [String] {
        var out: [String] = []
        for seg in track.segments {
            for p in seg.points {
                guard case .noData(.noTile(let id)) = store.height(at: p.coordinate), !out.contains(id.name) else { continue }
                out.append(id.name)
            }
        }
        return out
    }

    /// The share of `track`'s length (0…1) whose points pass `covered`: a point that does not
    /// takes away half the way to each neighbour in its segment. Nil for no length.
    static func coverage(_ track: Track, _ covered: (Trackpoint) -> Bool) -> Double? {
        coverageAndMissing(track, covered)?.coverage
    }

    /// ``coverage(_:_:)`` and the metres without a height it took away.
    static func coverageAndMissing(_ track: Track, _ covered: (Trackpoint) -> Bool) -> (coverage: Double, missing: Double)? {
        var total = 0.0, missing = 0.0
        for seg in track.segments {
            let p = seg.points
            guard p.count > 1 else { continue }
            let ok = p.map(covered)
            for i in 1..<p.count {
                let d = Geodesy.sphericalDistance(from: p[i - 1].coordinate, to: p[i].coordinate)
                total += d
                missing += d * Double((ok[i - 1] ? 0 : 1) + (ok[i] ? 0 : 1)) / 2
            }
        }
        return total > 0 ? ((total - missing) / total, missing) : nil
    }

    /// The runs of at least two consecutive points (within a segment) with a terrain height
    /// under them, one segment each, with the file's points as they are.
    static func coveredRuns(_ track: Track, _ store: TerrainStore) -> Track {
        var out = Track(name: track.name, segments: [])
        for seg in track.segments {
            var run: [Trackpoint] = []
            func close() {
                if run.count > 1 { out.segments.append(TrackSegment(points: run)) }
                run = []
            }
            for p in seg.points {
                if store.height(at: p.coordinate).metres != nil { run.append(p) } else { close() }
            }
            close()
        }
        return out
    }
}
