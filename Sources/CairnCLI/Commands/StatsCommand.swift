import Localization
import Foundation
import HikeServices
import TrailCore
import TrailFormats
import TrailTerrain
import TrailStore

/// `cairn stats FILE.gpx…`: statistics of each track and route of GPX files, without storing them.
public enum StatsCommand: Command {
    public static let name = "stats"
    public static let summary = N("Print statistics of the tracks in track files (nothing is stored)")
    public static let about = N("Reads each track file (GPX 1.0/1.1, FIT, TCX, KML, KMZ or GeoJSON, recognised by\ncontent) and prints, per track and per route, the distance\n(geodesic, WGS84), elapsed and moving time, overall and moving average speed side\nby side, pace, max speed, elevation gain/loss, lowest and highest point, steepest\nsustained grade, trackpoints and bounds. Methods: DECISIONS.md and the docs of\nStatisticsCalculator.")
    public static let arguments = [ArgumentSpec("FILE", count: .oneOrMore,
                                                kind: .file(extensions: ["gpx", "fit", "tcx", "kml", "kmz", "geojson", "json"]),
                                                help: N("a GPX, FIT, TCX, KML, KMZ or GeoJSON file (recognised by content)"))]
    static let json = OptionSpec("--json", help: N("one JSON document for all files (SI units, ISO 8601 UTC dates)"))
    static let segments = OptionSpec("--segments", help: N("also print each segment of a multi-segment track"))
    static let allWarnings = OptionSpec("--all-warnings",
                                        help: N("print every reader warning (folded by message), not the first 5 kinds of the first 100"))
    public static let options: [OptionSpec] = [json, segments, allWarnings, .units, .dem]
    public static let notes = N("With terrain tiles imported, routes and tracks without elevations get gain, loss,\nsteepest grade and walking time from the terrain (\"elevation\" in JSON, with the source);\ntracks with elevations also get the terrain's gain beside their own.\n\nA file that cannot be read, or has no track or route with points, is reported on\nstderr (file, line, reason); the others are still printed and the exit code is 1.")

    struct FileJSON: Encodable {
        var file: String
        var version: String
        var creator: String?
        var waypointCount: Int
        var tracks: [TrackFileFigures.Track]
        var warnings: [String]
    }

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let units = try UnitsOption.formatter(args, context)
        let json = args.has(Self.json)
        let perSegment = args.has(Self.segments)
        let terrain = try DemCommandSupport.optionalStore(args, context).map { TerrainElevation(store: $0) }
        let files = args.positionals
        guard !files.isEmpty else { throw CLIError.usage(L("stats needs at least one track file")) }
        var failures = 0
        var documents: [FileJSON] = []
        var text = ""
        for file in files {
            let figures: TrackFileFigures
            do {
                figures = try TrackFileFigures(path: context.resolve(file), fileName: file,
                                               allWarnings: args.has(Self.allWarnings), listedBy: "--all-warnings")
            } catch {
                failures += 1
                context.stderr.write(L("cairn stats: %s\n", TerminalText.clean(FileErrorNaming.text(error, file: file))))
                continue
            }
            for line in figures.warningLines { context.stderr.write(line + "\n") }
            if let refusal = figures.refusal(file: file) {
                failures += 1
                context.stderr.write(L("cairn stats: %s\n", TerminalText.clean(refusal)))
                continue
            }
            let doc = figures.result.document
            let tracks = figures.tracks(terrain: terrain)
            if json {
                documents.append(FileJSON(file: file, version: doc.version, creator: doc.creator,
                                          waypointCount: doc.waypoints.count, tracks: tracks,
                                          warnings: ReaderWarnings.folded(figures.warnings,
                                                                          omitted: figures.result.omittedWarningCount)))
                continue
            }
            text += "\(TerminalText.clean(file))\n"
            for (i, t) in tracks.enumerated() {
                let title = t.name.map(TerminalText.clean) ?? L("(unnamed)")
                text += "  " + (t.kind == "route" ? L("Route %d: %s", i + 1, title) : L("Track %d: %s", i + 1, title)) + "\n"
                let coverage = t.elevationCoverage.flatMap { $0 < 0.995 ? $0 : nil }
                text += StatisticsRows.format(StatisticsRows.rows(t.statistics, units, fromTerrain: t.elevationFromTerrain == true,
                                                                  coverage: coverage, fileHeights: t.fileHeights), indent: "    ")
                if let e = t.elevation {
                    text += DemElevation.text(e, units, indent: "    ", subject: t.kind == "route" ? L("the route") : L("the track"), figuresAbove: true)
                }
                if let laps = t.laps { text += lapLines(laps, units, indent: "    ") }
                if perSegment, let segments = t.segments {
                    for (j, s) in segments.enumerated() {
                        text += "    " + L("Segment %d:", j + 1) + "\n"
                        text += StatisticsRows.format(StatisticsRows.rows(s, units), indent: "      ")
                    }
                }
            }
            if !doc.waypoints.isEmpty && !tracks.isEmpty {
                text += "  " + L("Waypoints: %d", doc.waypoints.count) + "\n"
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
        var text = indent + L("Laps: %d (the device's splits, as recorded)", laps.count) + "\n"
        for (i, lap) in laps.enumerated() {
            var parts = [lap.startTime.map { u.dateTime($0) } ?? UnitFormatter.unknown,
                         lap.distance.map { u.distance($0) } ?? UnitFormatter.unknown,
                         u.duration(lap.timerTime, style: .clock)]
            if let e = lap.elapsedTime, let t = lap.timerTime, e - t >= 1 {
                parts.append(L("%s with pauses", u.duration(e, style: .clock)))
            }
            text += indent + "  " + L("Lap %d:", i + 1) + " " + parts.joined(separator: " · ") + "\n"
        }
        return text
    }
}
