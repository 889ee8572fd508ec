import Foundation
import TrailCore
import TrailStore

/// `cairn list`: the stored hikes, one line each.
public enum ListCommand: Command {
    public static let name = "list"
    public static let summary = "List stored hikes"
    public static let about = """
        One line per hike: id, name, date, distance, climb, duration and kind. The duration is
        the elapsed time; for a route without timestamps it is the DIN 33466 walking-time
        estimate, marked "~".
        """
    static let sort = OptionSpec("--sort", value: "KEY", kind: .choice(HikeSort.allCases.map(\.rawValue)),
                                 defaultValue: HikeSort.date.rawValue,
                                 help: "date (newest first), distance, gain, duration (largest first) or name (A to Z), as in the viewer")
    static let reverse = OptionSpec("--reverse", help: "the other way round")
    static let json = OptionSpec("--json", help: "a JSON array (SI units, ISO 8601 dates) instead of the table")
    public static let options: [OptionSpec] = [sort, reverse, json, .units, .store]

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
        let hikes = try store.summaries(sortedBy: sort, reversed: reverse)
        if json {
            context.stdout.write(try HikeJSON.text(hikes.map(HikeJSON.Summary.init)))
            return 0
        }
        if hikes.isEmpty {
            context.stderr.write("No hikes in \(path). Add some with 'cairn import FILE.gpx'.\n")
            return 0
        }
        var table = TextTable(headers: ["ID", "NAME", "DATE", "DISTANCE", "GAIN", "DURATION", "KIND"],
                              rightAligned: [3, 4, 5])
        for h in hikes {
            let s = h.statistics
            table.add([h.id.rawValue, TextTable.truncate(TerminalText.clean(h.name), to: 40),
                       h.startedAt.map { units.date($0) } ?? "undated",
                       h.statistics.pointCount > 0 ? units.distance(s.distance) : UnitFormatter.unknown,
                       units.elevation(s.elevationGain), duration(s, units), h.kind.rawValue])
        }
        context.stdout.write(table.render())
        return 0
    }

    /// Elapsed time, or "~" and the walking-time estimate for untimed routes, or "--".
    static func duration(_ s: TrackStatistics, _ units: UnitFormatter) -> String {
        if let e = s.elapsedTime { return units.duration(e, style: .clock) }
        if s.estimatedWalkingTime > 0 { return "~" + units.duration(s.estimatedWalkingTime, style: .clock) }
        return UnitFormatter.unknown
    }
}
