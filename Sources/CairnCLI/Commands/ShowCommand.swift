import Localization
import Foundation
import HikeServices
import TermUI
import TrailApp
import TrailCore
import TrailMap
import TrailStore
import TrailTerrain

/// `cairn show ID`: one hike's statistics and places.
public enum ShowCommand: Command {
    public static let name = "show"
    public static let summary = N("Show a stored hike's statistics and waypoints")
    public static let about = N("Every statistic computed when the hike was stored (see DECISIONS.md and\nStatisticsCalculator for the methods), the file's metadata kept at import, the waypoints and the\nwalks (each time the hike was followed live: coverage, distance walked, active time,\nfurthest point reached along the route). Where the hike lacks elevations (a drawn\nroute, points without ele) and terrain tiles are imported, gain, loss, steepest grade\nand walking time come from the terrain, and the elevation source is said.")
    public static let arguments = [ArgumentSpec("ID", kind: .hikeID, help: N("a hike id from 'cairn list'"))]
    static let json = OptionSpec("--json", help: N("JSON (SI units, ISO 8601 dates) instead of text"))
    public static let options: [OptionSpec] = [json, .units, .store, .map, .dem]

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let path = StoreAccess.path(args, context)
        let units = try UnitsOption.formatter(args, context)
        let json = args.has(Self.json)
        let terrain = try DemCommandSupport.optionalStore(args, context).map { TerrainElevation(store: $0) }
        let ids = args.positionals
        guard ids.count == 1 else { throw CLIError.usage(L("show needs exactly one ID")) }
        let store = try StoreAccess.open(path, context, create: false)
        let id = try StoreAccess.ids(ids, in: store)[0]
        let summary = try store.summary(id)
        let metadata = try store.metadata(of: id)
        let waypoints = try store.waypoints(of: id)
        let walks = try store.walks(of: id)
        let elevation = try DemElevation.hike(store, id, kind: summary.kind, terrain: terrain)
        // The gain the list and the viewer give (HikeElevationFigures), the source said below.
        let shown = HikeElevationFigures.applying(elevation, to: summary)
        let recordingState = try store.unfinishedRecordingStates()[summary.id]
        let noTerrain = terrain == nil
            ? DemElevation.noTerrainText(Track(segments: try store.tracks(of: id).flatMap(\.segments)), planned: summary.kind == .drawn)
            : ""
        let ground = try GroundSurveys.shares(of: id, store: store, mapPath: try MapCommandSupport.storePath(args, context), now: context.now())
        let completion = try CompletionReport.ofHike(id, in: store) { try PlacesSupport.openMap(args, context) }
        // The device's laps, as the file had them (stored with the hike since issue 34).
        let laps = try store.tracks(of: id, line: .raw).flatMap(\.laps)
        if json {
            var summaryJSON = HikeJSON.Summary(shown)
            summaryJSON.recording = recordingState?.rawValue
            context.stdout.write(try HikeJSON.text(HikeJSON.Detail(hike: summaryJSON,
                                                                  gpx: HikeJSON.Metadata(metadata),
                                                                  waypoints: waypoints.map(HikeJSON.Place.init),
                                                                  walks: walks.map(HikeJSON.Walk.init),
                                                                  elevation: elevation,
                                                                  ground: ground.map(HikeJSON.Ground.init),
                                                                  completion: completion,
                                                                  laps: laps.isEmpty ? nil : laps)))
        } else {
            context.stdout.write(text(shown, metadata, waypoints, units, fileHeights: summary.statistics) + recordingText(recordingState)
                                 + (laps.isEmpty ? "" : "\n" + StatsCommand.lapLines(laps, units, indent: ""))
                                 + WalkHistoryText.section(walks, units)
                                 + (elevation.map { "\n" + DemElevation.text($0, units, figuresAbove: true) } ?? "")
                                 + (noTerrain.isEmpty ? "" : "\n" + noTerrain)
                                 + (ground.map { "\n" + groundText($0, units) } ?? "")
                                 + (completion.map {
                                     "\n" + $0.text(units, ofAWalk: summary.kind == .recorded || summary.statistics.startTime != nil)
                                 } ?? ""))
        }
        return 0
    }

    /// "Ground (SAC): T1 42 %, …" and "Ground (surface): …": the classes with length, in order.
    static func groundText(_ s: GroundShares, _ u: UnitFormatter) -> String {
        func list(_ items: [(String, Double)]) -> String {
            items.filter { $0.1 > 0 }.map { "\($0.0) " + u.decimal($0.1, decimals: 1) + " %" }.joined(separator: ", ")
        }
        let sac = SACScale.allCases.map { ("\($0)", s.percent(grade: $0)) } + [(L("ungraded"), s.percent(grade: nil)),
                                                                                (L("no path"), s.offMapPercent)]
        let surface = SurfaceClass.allCases.map { ($0.localizedName, s.percent(surface: $0)) } + [(L("no path"), s.offMapPercent)]
        return labelled(L("Ground (SAC):"), list(sac)) + labelled(L("Ground (surface):"), list(surface))
    }

    /// "Label:   value" with the label padded to the column the statistic rows' values start in
    /// here (19 cells), a longer label followed by two spaces; one line.
    static func labelled(_ label: String, _ value: String) -> String {
        let pad = max(2, 19 - DisplayWidth.of(label))
        return label + String(repeating: " ", count: pad) + value + "\n"
    }

    /// The line for an unfinished recording ("" for every other hike).
    static func recordingText(_ state: RecordingState?) -> String {
        switch state {
        case .recording?: return labelled(L("Recording:"), L("now, in another process (what is shown is the walk so far, up to a few seconds behind)"))
        case .paused?: return labelled(L("Recording:"), L("paused, not finished: `cairn record --resume` continues it, `cairn record --finish` saves it"))
        default: return ""
        }
    }

    /// `fileHeights`: the stored statistics (the file's own heights), to mark a lowest or
    /// highest point that is a terrain height "~".
    static func text(_ h: HikeSummary, _ m: HikeMetadata, _ waypoints: [Waypoint], _ u: UnitFormatter,
                     fileHeights: TrackStatistics? = nil) -> String {
        let c = TerminalText.clean
        let s = h.statistics
        var rows: [(String, String)] = []
        func row(_ k: String, _ v: String?) { if let v { rows.append((k, v)) } }
        row(L("Kind"), HikeKindWords.word(h.kind.rawValue) + (h.sourceFileName.map { " " + L("from %s", c($0)) } ?? ""))
        row(L("Description"), h.description.map(c))
        if h.kind == .drawn {
            // A drawing has no walk time: its only date is when it was drawn (the GPX metadata time).
            row(L("Drawn"), u.date(h.startedAt ?? h.createdAt))
        } else {
            row(L("Started"), h.startedAt.map { u.dateTime($0) } ?? L("undated (no timestamps in the file)"))
        }
        row(L("Added"), u.dateTime(h.createdAt))
        rows += StatisticsRows.rows(s, u, fromTerrain: h.elevationFromTerrain, coverage: h.partialElevationCoverage,
                                    fileHeights: fileHeights)
        row(L("Creator"), m.creator.map(c))
        row(L("Author"), m.author?.name.map(c))
        row(L("Type"), m.type.map(c))
        row(L("Keywords"), m.keywords.map(c))
        var out = "\(h.id)  \(c(h.name))\n" + StatisticsRows.format(rows)
        if !waypoints.isEmpty {
            out += "\n" + L("Waypoints (%d):", waypoints.count) + "\n"
            var t = TextTable(headers: [L("NAME"), L("TYPE"), L("SYMBOL"), L("ELEVATION"), L("LATITUDE"), L("LONGITUDE"), L("NOTE")],
                              rightAligned: [3, 4, 5])
            for w in waypoints {
                t.add([TextTable.truncate(c(w.name ?? "--"), to: 30), c(w.type ?? ""), c(w.symbol ?? ""), u.elevation(w.elevation),
                       String(format: "%.5f", w.latitude), String(format: "%.5f", w.longitude),
                       TextTable.truncate(c(w.description ?? w.comment ?? ""), to: 40)])
            }
            out += t.render().split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }
                .joined(separator: "\n")
        }
        return out
    }
}
