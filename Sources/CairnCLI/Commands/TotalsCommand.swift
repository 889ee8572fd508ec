import Localization
import Foundation
import HikeServices
import TrailApp
import TrailCore
import TrailStore
import TrailTerrain

/// `cairn totals`: a year beside the year before month by month, all-time figures and records.
public enum TotalsCommand: Command {
    public static let name = "totals"
    public static let summary = N("This year against last year, month by month, all-time figures and records")
    public static let about = N("Distance, climb, moving time, walks and distinct trails per month for a year and the year\nbefore (with bars of the distance), in all, and of all time; then the records: longest,\nhighest point, most climb, steepest sustained grade (over the statistics' 100 m window)\nand fastest moving pace (walks of 5 km or more), each with the id of its hike.\nWhat counts: every hike with timestamps (recordings, imported tracks), dated by its first\ntimestamp, once however often the same track was imported (content hash); and every walk\nfollowed along a saved trail, dated by its first fix. Drawn routes and files without\ntimestamps count only through their walks. A walk belongs to the month of its local\nstart time in the zone of TZ (the store keeps instants, not the walker's offset); a TZ\nthis system does not know is said on stderr, and the system's zone is used.\nA hike with no elevations of its own, or only some, counts the climb the lists give it,\nfrom the terrain tiles (`cairn dem import`); the climb figures that include such a\ngain are marked \"~\" and a line says how much of the all-time climb that is.\nA walk followed while the same walk was recorded (its time overlaps a dated hike's) counts\nonce, as the recording. Tracks whose numbers cannot be a walk's (a clock before 1980, an\naverage faster than 25 km/h, as the import warns) count in the sums but hold no record;\nthe records say which were left out.")
    static let year = OptionSpec("--year", value: "YEAR", defaultHelp: N("the current year"),
                                 help: N("the year to show beside the year before it"))
    static let json = OptionSpec("--json", help: N("the numbers as JSON (SI units: metres, seconds, m/s; ISO 8601 dates)"))
    public static let options: [OptionSpec] = [year, json, .units, .store, .dem]

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let units = try UnitsOption.formatter(args, context)
        if let warning = units.timeZoneWarning { context.stderr.write("cairn: \(warning)\n") }
        var year = TotalsCalculator.localYear(of: context.now(), in: units.timeZone)
        if let text = args.value(Self.year) {
            guard let y = Int(text), (1...9999).contains(y) else {
                throw CLIError.usage("--year takes a year such as 2026, not '\(TerminalText.clean(text))'")
            }
            year = y
        }
        let path = StoreAccess.path(args, context)
        let store = try StoreAccess.open(path, context, create: false)
        // Each hike's gain as the lists give it: the terrain's where the file lacks heights.
        let terrain = try DemCommandSupport.optionalStore(args, context).map { TerrainElevation(store: $0) }
        let list = try HikeElevationFigures.outings(try store.outings(), store: store, terrain: terrain)
        let report = TotalsCalculator.report(list.outings, year: year, timeZone: units.timeZone)
        if args.has(Self.json) {
            context.stdout.write(try HikeJSON.text(TotalsJSON(report, list)))
            return 0
        }
        context.stdout.write(TotalsCommandText.render(report, list, units))
        return 0
    }
}
