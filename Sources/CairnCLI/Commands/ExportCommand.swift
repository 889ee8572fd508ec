import Localization
import Foundation
import HikeServices
import TrailCore
import TrailFormats
import TrailStore

/// `cairn export ID`: writes a stored hike as GPX 1.1, GeoJSON, KML 2.2 or TCX v2.
public enum ExportCommand: Command {
    public static let name = "export"
    public static let summary = N("Export a stored hike as GPX 1.1, GeoJSON, KML or TCX")
    public static let about = N("Writes the hike (its track or route, its waypoints, its placed photos as waypoints\nlinking to their files, and the GPX metadata kept at import) as GPX 1.1, valid\nagainst the GPX 1.1 schema, as RFC 7946 GeoJSON, as KML\n2.2 (Google Earth; timed tracks as gx:Track) or as TCX v2 (Garmin Connect, Strava: a\nrecorded track with a time on every point). TCX keeps the device's laps (one Lap each:\nstart, timer time, distance, calories; Calories 0 when unknown), heart rate and\ncadence; it leaves out routes, waypoints, photos and the laps' time with pauses.\nWithout -o the file goes to standard output. Without --format the format follows the\n-o extension (.gpx, .geojson/.json, .kml, .tcx; any other: GPX); extensions of formats\nCairn cannot write (.kmz, .fit, .igc…) are refused. A hike whose matched line was kept\n(cairn match ID --keep matched, or m on the hike screen) is written with that line;\n--line raw writes the recording as imported, which is never changed.\nPhotos not placed on the track have no position and are not written; each export says\nso on stderr, and names the photos whose files are missing (written, the link as it was).")
    public static let arguments = [ArgumentSpec("ID", kind: .hikeID, help: N("a hike id from 'cairn list'"))]
    static let output = OptionSpec("--output", short: "-o", value: "FILE", kind: .file(extensions: ["gpx", "geojson", "json", "kml", "tcx"]),
                                   help: N("write to FILE (replaced only once complete)"))
    static let format = OptionSpec("--format", value: "FORMAT", kind: .choice(ExportFormat.allCases.map(\.rawValue)),
                                   defaultHelp: N("from the FILE extension .geojson/.json/.kml/.tcx, else gpx"),
                                   help: N("gpx, geojson, kml or tcx"))
    static let line = OptionSpec("--line", value: "LINE", kind: .choice(HikeLine.allCases.map(\.rawValue)),
                                 defaultHelp: N("kept"), help: N("kept (the line the hike shows) or raw (as recorded)"))
    public static let options: [OptionSpec] = [output, format, line, .store]

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let path = StoreAccess.path(args, context)
        let output = args.value(Self.output).map(context.resolve)
        let formatText = args.value(Self.format)
        let ids = args.positionals
        guard ids.count == 1 else { throw CLIError.usage(L("export needs exactly one ID")) }
        if let output, let refusal = ExportFormat.unwritable((output as NSString).pathExtension.lowercased()) {
            throw CLIError.usage(L("cannot write %s: %s", TerminalText.clean(output), refusal))
        }
        var format = ExportFormat.gpx
        if let formatText {
            guard let f = ExportFormat(rawValue: formatText.lowercased()) else {
                throw CLIError.usage(L("--format takes gpx, geojson, kml or tcx, not '%s'", TerminalText.clean(formatText)))
            }
            format = f
        } else if let output {
            format = ExportFormat(fileExtension: (output as NSString).pathExtension.lowercased())
        }
        let lineText = args.value(Self.line) ?? HikeLine.kept.rawValue
        guard let line = HikeLine(rawValue: lineText.lowercased()) else {
            throw CLIError.usage(L("--line takes kept or raw, not '%s'", TerminalText.clean(lineText)))
        }
        let store = try StoreAccess.open(path, context, create: false)
        let id = try StoreAccess.ids(ids, in: store)[0]
        var document = try store.hike(id, line: line).gpxDocument
        // The placed photos as waypoints linking to their files (issue 36).
        let photos = try store.photos(of: id)
        document.waypoints += PhotoWaypoints.waypoints(photos)
        // What the export leaves out or links to nothing is said, never left out without a word.
        let gaps = PhotoWaypoints.exportGaps(photos)
        // Each photo named by its number and file name; a list cut short says how to see it whole.
        let clean = { (names: [String]) in
            TerminalText.clean(PhotoWaypoints.shortList(names, seeAll: "cairn photos " + id.rawValue))
        }
        if format == .tcx {
            let written = photos.count { !$0.photo.isPlaceholder && $0.photo.coordinate != nil }
            if written > 0 {
                context.stderr.write(Ln("%s: %d placed photo is not in the export: TCX has no waypoints (GPX, GeoJSON and KML keep them)",
                                        "%s: %d placed photos are not in the export: TCX has no waypoints (GPX, GeoJSON and KML keep them)",
                                        written, id, written) + "\n")
            }
        } else if !gaps.missing.isEmpty {
            context.stderr.write(Ln("%s: %d photo's file is not where it was; its link is kept as it was: %s ('cairn photos relink %s DIR' finds moved files)",
                                    "%s: %d photos' files are not where they were; their links are kept as they were: %s ('cairn photos relink %s DIR' finds moved files)",
                                    gaps.missing.count, id, gaps.missing.count, clean(gaps.missing), id) + "\n")
        }
        if !gaps.unplaced.isEmpty {
            context.stderr.write(Ln("%s: %d photo not placed on the track is not in the export: %s",
                                    "%s: %d photos not placed on the track are not in the export: %s",
                                    gaps.unplaced.count, id, gaps.unplaced.count, clean(gaps.unplaced)) + "\n")
        }
        do {
            if let output {
                try format.writer.write(document, to: URL(fileURLWithPath: output))
                context.stderr.write(L("%s: written to %s\n", id, TerminalText.clean(output)))
            } else {
                let bytes = try format.writer.data(for: document)
                context.stdout.write(String(decoding: bytes, as: UTF8.self))
            }
        } catch {
            throw CLIError.failure(L("%s: cannot export: %s", id, error))
        }
        return 0
    }
}
