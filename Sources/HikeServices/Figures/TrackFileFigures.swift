import Foundation
import Localization
import TrailCore
import TrailFormats
import TrailStore
import TrailTerrain

/// The figures of a track file read without storing it (`cairn stats`): its reader and
/// plausibility warnings, and per track and route the statistics the store would give it, with
/// the terrain's elevation figures where the line lacks heights (as `show` and `list` give them,
/// DECISIONS 415), and the device's laps.
public struct TrackFileFigures: Sendable {
    /// One track or route of the file. Encoded as `cairn stats --json` prints it.
    public struct Track: Encodable, Sendable {
        public var name: String?
        /// "track" or "route".
        public var kind: String
        /// The line's statistics; the terrain's elevation figures in place of the file's when
        /// the line lacks heights (``elevationFromTerrain``).
        public var statistics: TrackStatistics
        /// Each segment's statistics, for a track of more than one segment.
        public var segments: [TrackStatistics]?
        /// The terrain's figures with their source, when terrain tiles were given.
        public var elevation: TerrainStatistics?
        /// True when ``statistics``' elevation figures are (partly) the terrain's, as in
        /// `show --json`; ``elevationCoverage`` the share (0…1) of the line they are measured over.
        public var elevationFromTerrain: Bool?
        public var elevationCoverage: Double?
        /// The file's own statistics when ``statistics`` carries the terrain's (not encoded).
        public var fileHeights: TrackStatistics?
        /// The device's laps (FIT, TCX), nil when the file has none.
        public var laps: [TrackLap]?
        enum CodingKeys: String, CodingKey { case name, kind, statistics, segments, elevation, elevationFromTerrain, elevationCoverage, laps }

        /// The line's statistics with the terrain's figures in place of the file's when the
        /// line lacks heights (one gain, as `show` and `list` give it; DECISIONS 415).
        public init(name: String?, kind: String, statistics: TrackStatistics, segments: [TrackStatistics]?,
                    elevation: TerrainStatistics?) {
            self.name = name; self.kind = kind; self.segments = segments; self.elevation = elevation
            let applies = elevation.map { $0.elevationSource == .terrain || $0.elevationSource == .fileAndTerrain } ?? false
            self.statistics = applies ? elevation!.applied(to: statistics) : statistics
            if applies { elevationFromTerrain = true; elevationCoverage = elevation?.elevationCoverage; fileHeights = statistics }
        }
    }

    /// The file as read (document, reader warnings).
    public let result: GPXReadResult
    /// The plausibility warnings, then the reader's.
    public let warnings: [GPXWarning]
    /// ``warnings`` as `cairn stats` prints them on stderr (``ReaderWarnings``: the
    /// plausibility warnings all, the reader's at most ``HikeFileRead/maxWarnings`` kinds).
    public let warningLines: [String]
    private let plausibility: GPXPlausibility

    /// Reads the track file at `path` (GPX, FIT, TCX, KML/KMZ or GeoJSON, by content); warnings
    /// name it `fileName`.
    /// - Throws: the reader's error (file, line or record, what is wrong) or the file's I/O error.
    /// `allWarnings`: the reader keeps every warning and every kind is printed (folded by
    /// message as always); otherwise at most 100 are kept and 5 kinds printed, the rest counted
    /// with a pointer to `listedBy`.
    public init(path: String, fileName: String, allWarnings: Bool = false, listedBy: String? = nil) throws {
        var options = TrackReadOptions.lenient
        if allWarnings { options.maximumWarnings = .max }
        result = try TrackFileReader.read(url: URL(fileURLWithPath: path), options: options)
        plausibility = result.plausibility()  // the warnings and each track's statistics, one pass
        warnings = plausibility.warnings + result.warnings
        warningLines = ReaderWarnings.lines(fileName: fileName, plausibility.warnings, limit: .max)
            + ReaderWarnings.lines(fileName: fileName, result.warnings, omitted: result.omittedWarningCount,
                                   limit: allWarnings ? .max : HikeFileRead.maxWarnings, listedBy: allWarnings ? nil : listedBy)
    }

    /// Why the file has no statistics, or nil: no track or route has a point. A file with
    /// nothing at all is refused in `cairn import`'s words; one with only waypoints (which
    /// import keeps as places) says so.
    public func refusal(file: String) -> String? {
        let doc = result.document
        guard doc.tracks.allSatisfy({ $0.pointCount == 0 }) && doc.routes.allSatisfy({ $0.points.isEmpty }) else { return nil }
        if doc.waypoints.isEmpty { return HikeImportPlan.PlanError.nothingToImport(file: file).description }
        let n = doc.waypoints.count
        return Ln("%s: no tracks or routes with points, only %d waypoint; no statistics", "%s: no tracks or routes with points, only %d waypoints; no statistics", n, file, n)
    }

    /// Every track (with its segments' statistics when it has several, and its laps), then
    /// every route with points (planned: DIN 33466 walking time), with the terrain's figures
    /// when `terrain` is given.
    public func tracks(terrain: TerrainElevation?) -> [Track] {
        let doc = result.document
        var tracks: [Track] = []
        for (i, t) in doc.tracks.enumerated() {
            tracks.append(Track(name: t.name, kind: "track", statistics: plausibility.trackStatistics[i],
                                segments: t.segments.count > 1 ? plausibility.segmentStatistics[i] : nil,
                                elevation: terrain.map { TerrainStatistics.compute(t, planned: false, terrain: $0) }))
            if !t.laps.isEmpty { tracks[tracks.count - 1].laps = t.laps }
        }
        let calculator = StatisticsCalculator()
        for r in doc.routes where !r.points.isEmpty {
            tracks.append(Track(name: r.name, kind: "route", statistics: calculator.statistics(for: r.asTrack), segments: nil,
                                elevation: terrain.map { TerrainStatistics.compute(r.asTrack, planned: true, terrain: $0) }))
        }
        return tracks
    }
}
