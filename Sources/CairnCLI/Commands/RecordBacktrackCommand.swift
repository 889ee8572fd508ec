import Localization
import Foundation
import HikeServices
import TrailCore
import TrailFormats
import TrailStore

/// `cairn backtrack ID`: a stored hike (a recording, finished or still running) turned into a
/// simplified route back to its start, written as GPX and/or saved as a drawn hike to follow.
public enum RecordBacktrackCommand: Command {
    public static let name = "backtrack"
    public static let summary = N("Turn a hike (e.g. a recording in progress) into a route back to its start")
    public static let about = N("Simplifies the walk of hike ID (for a recording still running: every point stored so\nfar) with Douglas-Peucker and reverses it: a route from where you are back to where\nyou started. -o writes it as a GPX 1.1 route; --save stores it as a drawn hike that\n`cairn follow` can follow. Without either, prints its length and points.")
    public static let arguments = [ArgumentSpec("ID", kind: .hikeID, help: N("a hike id from 'cairn list'"))]
    static let output = OptionSpec("--output", short: "-o", value: "FILE", kind: .file(extensions: ["gpx"]),
                                   help: N("write the route as GPX"))
    static let save = OptionSpec("--save", value: "NAME", help: N("store it as a hike named NAME"))
    static let tolerance = OptionSpec("--tolerance", value: "DIST", defaultHelp: "\(Int(Backtrack.defaultTolerance)) m",
                                      help: N("simplification tolerance"))
    public static let options: [OptionSpec] = [output, save, tolerance, .store, .units]

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let storePath = StoreAccess.path(args, context)
        let units = try UnitsOption.formatter(args, context)
        let output = args.value(Self.output).map(context.resolve)
        let saveName = args.value(save)
        let tolerance = try args.value(Self.tolerance).map { try RecordFilterOptions.distance($0, "--tolerance") }
            ?? Backtrack.defaultTolerance
        let ids = args.positionals
        guard ids.count == 1 else { throw CLIError.usage(L("backtrack needs exactly one hike ID")) }
        let store = try StoreAccess.open(storePath, context, create: false, write: saveName != nil)
        let id = try StoreAccess.ids(ids, in: store)[0]
        let walk: [Trackpoint]
        if let rec = try store.recording(of: id), rec.state != .finished {
            walk = Array(try store.recordingStretches(rec.id).joined())
        } else {
            walk = try store.tracks(of: id).flatMap(\.segments).flatMap(\.points)
        }
        let points = Backtrack.points(from: walk, tolerance: tolerance)
        guard points.count >= 2 else { throw CLIError.failure(L("hike %s has fewer than two points: no way back to make", id)) }
        let hikeName = try store.summary(id).name
        // TRANSLATORS: the name of the way back; %s is the hike's name.
        let title = saveName ?? L("Back to the start of %s", hikeName)
        let track = Track(name: title, segments: [TrackSegment(points: points)])
        if let output {
            let doc = GPXDocument(creator: "Cairn", metadata: GPXMetadata(name: title, time: context.now()),
                                  routes: [Route(name: title, points: points)])
            do { try GPXWriter().write(doc, to: URL(fileURLWithPath: output)) } catch {
                throw CLIError.failure(L("cannot write %s: %s", TerminalText.clean(output), String(describing: error)))
            }
        }
        // TRANSLATORS: the way back's name, its distance, its point count, the recorded point count and the simplification tolerance in metres.
        var text = Ln("%s: %s, %d point (from %d, Douglas-Peucker %d m)", "%s: %s, %d points (from %d, Douglas-Peucker %d m)", points.count,
                      TerminalText.clean(title), units.distance(StatisticsCalculator().statistics(for: track).distance),
                      points.count, walk.count, Int(tolerance.rounded())) + "\n"
        if let output { text += L("Written to %s", TerminalText.clean(output)) + "\n" }
        if let saveName {
            let hike = NewHike(name: saveName, kind: .drawn,
                               metadata: HikeMetadata(gpxVersion: "1.1", creator: "Cairn", time: context.now(), isRoute: true),
                               tracks: [track], statistics: StatisticsCalculator().statistics(for: [track]))
            switch try store.insert(hike, allowDuplicate: true) {
            case .inserted(let new): text += L("Saved as %s (cairn follow %s --gps SPEC)", new, new) + "\n"
            case .duplicate(let old): text += L("Already stored as %s", old) + "\n"
            }
        }
        context.stdout.write(text)
        return 0
    }
}
