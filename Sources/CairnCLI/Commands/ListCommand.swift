import Localization
import Foundation
import HikeServices
import TrailApp
import TrailCore
import TrailStore
import TrailTerrain

/// `cairn list`: the stored hikes, one line each.
public enum ListCommand: Command {
    public static let name = "list"
    public static let summary = N("List stored hikes")
    public static let about = N("One line per hike: id, name, date, distance, climb, duration and kind. The duration is\nthe elapsed time; for a route without timestamps it is the DIN 33466 walking-time\nestimate, marked \"~\". A hike with no elevations of its own, or only some, gets its\nclimb from the terrain tiles (`cairn dem import`) as the viewer and `show` give it,\nmarked \"~\" too (\"~620 m\"); a legend under the table explains the marks shown. Where the terrain lies\nunder only part of such a hike, the share of the hike its gain covers follows\n(\"~311 m (50 %)\"; `elevationCoverage` in JSON).")
    static let sort = OptionSpec("--sort", value: "KEY", kind: .choice(HikeSort.allCases.map(\.rawValue)),
                                 defaultValue: HikeSort.date.rawValue,
                                 help: N("date (newest first), distance, gain, duration (largest first) or name (A to Z), as in the viewer"))
    static let reverse = OptionSpec("--reverse", help: N("the other way round"))
    static let json = OptionSpec("--json", help: N("a JSON array (SI units, ISO 8601 dates) instead of the table"))
    public static let options: [OptionSpec] = [sort, reverse, json, .units, .store, .dem]

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let path = StoreAccess.path(args, context)
        let units = try UnitsOption.formatter(args, context)
        let json = args.has(Self.json)
        let reverse = args.has(Self.reverse)
        let sortText = args.value(Self.sort) ?? HikeSort.date.rawValue
        guard let sort = HikeSort(rawValue: sortText) else {
            throw CLIError.usage("--sort takes " + HikeSort.allCases.map(\.rawValue).joined(separator: ", ") + ", not '\(sortText)'")
        }
        let store = try StoreAccess.open(path, context, create: false)
        let terrain = try DemCommandSupport.optionalStore(args, context).map { TerrainElevation(store: $0) }
        var cache: [HikeSummary: TerrainStatistics?] = [:]
        let hikes = try HikeElevationFigures.summaries(try store.summaries(sortedBy: sort, reversed: reverse), store: store,
                                                       terrain: terrain, sort: sort, reversed: reverse, cache: &cache)
        let unfinished = try store.unfinishedRecordingStates()
        if json {
            context.stdout.write(try HikeJSON.text(hikes.map { h in
                var j = HikeJSON.Summary(h)
                j.recording = unfinished[h.id]?.rawValue
                return j
            }))
            return 0
        }
        if hikes.isEmpty {
            context.stderr.write(L("No hikes in %s. Add some with 'cairn import FILE.gpx'.", path) + "\n")
            return 0
        }
        var table = TextTable(headers: [L("ID"), L("NAME"), L("DATE"), L("DISTANCE"), L("GAIN"), L("DURATION"), L("KIND")],
                              rightAligned: [3, 4, 5])
        for h in hikes {
            let s = h.statistics
            table.add([h.id.rawValue, TextTable.truncate(TerminalText.clean(h.name), to: 40),
                       h.startedAt.map { units.date($0) } ?? L("undated"),
                       HikeListRow.distance(s, units), gain(h, units), HikeListRow.duration(s, units, style: .clock),
                       kind(h, unfinished[h.id])])
        }
        context.stdout.write(table.render())
        let marks = legend(gain: hikes.contains { $0.elevationFromTerrain && $0.statistics.elevationGain != nil },
                           duration: hikes.contains { HikeListRow.duration($0.statistics, units).hasPrefix("~") })
        if let marks { context.stdout.write(marks + "\n") }
        if hikes.contains(where: { $0.partialElevationCoverage != nil }) { context.stdout.write(coverageLegend + "\n") }
        return 0
    }

    /// The KIND column: "recorded", or for an unfinished recording "recording now" (another
    /// process records it) or "recorded, paused" (`cairn record --resume` continues it).
    static func kind(_ h: HikeSummary, _ unfinished: RecordingState?) -> String {
        switch unfinished {
        case .recording?: return L("recording now")
        case .paused?: return L("recorded, paused")
        default:
            switch h.kind {
            case .recorded: return L("recorded")
            case .imported: return L("imported")
            case .drawn: return L("drawn")
            }
        }
    }

    /// What "~" on a gain means.
    static var gainLegend: String { L("~ gain: from the terrain (SRTM), the hike has no or only some elevations of its own") }
    /// What "~" on a duration means.
    static var durationLegend: String { L("~ duration: DIN 33466 estimate (no times in the file)") }

    /// The line under the table explaining the "~" marks it shows, each part only when a row
    /// has that mark (a terrain `gain`, an estimated `duration`); nil when none does (DECISIONS 264).
    static func legend(gain: Bool, duration: Bool) -> String? {
        let parts = [gain ? gainLegend : nil, duration ? durationLegend : nil].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: clauseSeparator)
    }

    /// The second line under the table when a terrain gain covers only part of its hike.
    static var coverageLegend: String { L("(N %%): the share of the hike with heights (no terrain height under the rest: no tile or a void); the gain counts that part only") }

    /// "812 m", "~620 m" when from the terrain, "~311 m (50 %)" when that covers only part of
    /// the hike (``coverageLegend``), or "--".
    static func gain(_ h: HikeSummary, _ units: UnitFormatter) -> String {
        guard let g = h.statistics.elevationGain else { return UnitFormatter.unknown }
        return (h.elevationFromTerrain ? "~" : "") + units.elevation(g) + HikeListRow.coverageSuffix(h)
    }

}
