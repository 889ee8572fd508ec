import Foundation
import HikeServices
import TrailCore
import TrailFormats
import TrailTerrain
import TrailStore

/// `cairn stats FILE.gpx…`: statistics of each track and route of GPX files, without storing them.
public enum StatsCommand: Command {
    public static let name = "stats"
    public static let summary = "Print statistics of the tracks in track files (nothing is stored)"
    public static let about = """
        Reads each track file (GPX 1.0/1.1, FIT, TCX, KML, KMZ or GeoJSON, recognised by
        content) and prints, per track and per route, the distance
        (geodesic, WGS84), elapsed and moving time, overall and moving average speed side
        by side, pace, max speed, elevation gain/loss, lowest and highest point, steepest
        sustained grade, trackpoints and bounds. Methods: DECISIONS.md and the docs of
        StatisticsCalculator.
        """
    public static let arguments = [ArgumentSpec("FILE", count: .oneOrMore,
                                                kind: .file(extensions: ["gpx", "fit", "tcx", "kml", "kmz", "geojson", "json"]),
                                                help: "a GPX, FIT, TCX, KML, KMZ or GeoJSON file (recognised by content)")]
    static let json = OptionSpec("--json", help: "one JSON document for all files (SI units, ISO 8601 UTC dates)")
    static let segments = OptionSpec("--segments", help: "also print each segment of a multi-segment track")
    public static let options: [OptionSpec] = [json, segments, .units, .dem]
    public static let notes = """
        With terrain tiles imported, routes and tracks without elevations get gain, loss,
        steepest grade and walking time from the terrain ("elevation" in JSON, with the source);
        tracks with elevations also get the terrain's gain beside their own.

        A file that cannot be read, or has no track or route with points, is reported on
        stderr (file, line, reason); the others are still printed and the exit code is 1.
        """

    struct FileJSON: Encodable {
        var file: String
        var version: String
        var creator: String?
        var waypointCount: Int
        var tracks: [TrackJSON]
        var warnings: [String]
    }

    struct TrackJSON: Encodable {
        var name: String?
        var kind: String
        var statistics: TrackStatistics
        var segments: [TrackStatistics]?
        var elevation: TerrainStatistics?
        /// True when ``statistics``' elevation figures are (partly) the terrain's, as in
        /// `show --json`; ``elevationCoverage`` the share of the line they are measured over.
        var elevationFromTerrain: Bool?
        var elevationCoverage: Double?
        /// The file's own statistics when ``statistics`` carries the terrain's (not encoded).
        var fileHeights: TrackStatistics?
        /// The device's laps (FIT, TCX), nil when the file has none.
        var laps: [TrackLap]?
        enum CodingKeys: String, CodingKey { case name, kind, statistics, segments, elevation, elevationFromTerrain, elevationCoverage, laps }

        /// The track's statistics with the terrain's figures in place of the file's when the
        /// line lacks heights (one gain, as `show` and `list` give it; DECISIONS 415).
        init(name: String?, kind: String, statistics: TrackStatistics, segments: [TrackStatistics]?, elevation: TerrainStatistics?) {
            self.name = name; self.kind = kind; self.segments = segments; self.elevation = elevation
            let applies = elevation.map { $0.elevationSource == .terrain || $0.elevationSource == .fileAndTerrain } ?? false
            self.statistics = applies ? elevation!.applied(to: statistics) : statistics
            if applies { elevationFromTerrain = true; elevationCoverage = elevation?.elevationCoverage; fileHeights = statistics }
        }
    }

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let units = try UnitsOption.formatter(args, context)
        let json = args.has(Self.json)
        let perSegment = args.has(Self.segments)
        let terrain = try DemCommandSupport.optionalStore(args, context).map { TerrainElevation(store: $0) }
        let files = args.positionals
        guard !files.isEmpty else { throw CLIError.usage("stats needs at least one track file") }
        let calculator = StatisticsCalculator()
        var failures = 0
        var documents: [FileJSON] = []
        var text = ""
        for file in files {
            let result: GPXReadResult
            do {
                result = try TrackFileReader.read(url: URL(fileURLWithPath: context.resolve(file)))
            } catch {
                failures += 1
                context.stderr.write("cairn stats: \(TerminalText.clean(String(describing: error)))\n")
                continue
            }
            let checked = result.plausibility()  // the warnings and each track's statistics, one pass
            for line in ReaderWarnings.lines(fileName: file, checked.warnings, limit: .max)
                + ReaderWarnings.lines(fileName: file, result.warnings, omitted: result.omittedWarningCount) {
                context.stderr.write(line + "\n")
            }
            let doc = result.document
            if let refusal = refusal(doc, file: file) {
                failures += 1
                context.stderr.write("cairn stats: \(TerminalText.clean(refusal))\n")
                continue
            }
            var tracks: [TrackJSON] = []
            for (i, t) in doc.tracks.enumerated() {
                tracks.append(TrackJSON(name: t.name, kind: "track", statistics: checked.trackStatistics[i],
                                        segments: t.segments.count > 1 ? checked.segmentStatistics[i] : nil,
                                        elevation: terrain.map { TerrainStatistics.compute(t, planned: false, terrain: $0) }))
                if !t.laps.isEmpty { tracks[tracks.count - 1].laps = t.laps }
            }
            for r in doc.routes where !r.points.isEmpty {
                tracks.append(TrackJSON(name: r.name, kind: "route", statistics: calculator.statistics(for: r.asTrack),
                                        segments: nil,
                                        elevation: terrain.map { TerrainStatistics.compute(r.asTrack, planned: true, terrain: $0) }))
            }
            if json {
                documents.append(FileJSON(file: file, version: doc.version, creator: doc.creator,
                                          waypointCount: doc.waypoints.count, tracks: tracks,
                                          warnings: ReaderWarnings.folded(checked.warnings + result.warnings,
                                                                          omitted: result.omittedWarningCount)))
                continue
            }
            text += "\(TerminalText.clean(file))\n"
            for (i, t) in tracks.enumerated() {
                let title = t.name.map(TerminalText.clean) ?? "(unnamed)"
                text += "  \(t.kind.capitalized) \(i + 1): \(title)\n"
                let coverage = t.elevationCoverage.flatMap { $0 < 0.995 ? $0 : nil }
                text += StatisticsRows.format(StatisticsRows.rows(t.statistics, units, fromTerrain: t.elevationFromTerrain == true,
                                                                  coverage: coverage, fileHeights: t.fileHeights), indent: "    ")
                if let e = t.elevation {
                    text += DemElevation.text(e, units, indent: "    ", subject: "the \(t.kind)", figuresAbove: true)
                }
                if let laps = t.laps { text += lapLines(laps, units, indent: "    ") }
                if perSegment, let segments = t.segments {
                    for (j, s) in segments.enumerated() {
                        text += "    Segment \(j + 1):\n"
                        text += StatisticsRows.format(StatisticsRows.rows(s, units), indent: "      ")
                    }
                }
            }
            if !doc.waypoints.isEmpty && !tracks.isEmpty {
                text += "  Waypoints: \(doc.waypoints.count)\n"
            }
            text += "\n"
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            encoder.dateEncodingStrategy = .iso8601
            encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
            let data = try encoder.encode(documents)
            context.stdout.write(String(decoding: data, as: UTF8.self) + "\n")
        } else {
            context.stdout.write(text)
        }
        return failures == 0 ? 0 : 1
    }

    /// "Laps: N" and one line per lap: its start (date and time to the minute, in the units'
    /// time zone), the device's distance, timer time and, when pauses make it longer, the
    /// elapsed time. Figures the file lacks are "--".
    static func lapLines(_ laps: [TrackLap], _ u: UnitFormatter, indent: String) -> String {
        var text = indent + "Laps: \(laps.count) (the device's splits, as recorded)\n"
        for (i, lap) in laps.enumerated() {
            var parts = [lap.startTime.map { u.dateTime($0) } ?? UnitFormatter.unknown,
                         lap.distance.map { u.distance($0) } ?? UnitFormatter.unknown,
                         u.duration(lap.timerTime, style: .clock)]
            if let e = lap.elapsedTime, let t = lap.timerTime, e - t >= 1 {
                parts.append("\(u.duration(e, style: .clock)) with pauses")
            }
            text += indent + "  Lap \(i + 1): " + parts.joined(separator: " · ") + "\n"
        }
        return text
    }

    /// Why a readable file has no statistics, or nil: no track or route has a point. A file
    /// with nothing at all is refused in `cairn import`'s words; one with only waypoints
    /// (which import keeps as places) says so.
    static func refusal(_ doc: GPXDocument, file: String) -> String? {
        guard doc.tracks.allSatisfy({ $0.pointCount == 0 }) && doc.routes.allSatisfy({ $0.points.isEmpty }) else { return nil }
        if doc.waypoints.isEmpty { return HikeImportPlan.PlanError.nothingToImport(file: file).description }
        let n = doc.waypoints.count
        return "\(file): no tracks or routes with points, only \(n) waypoint\(n == 1 ? "" : "s"); no statistics"
    }
}
