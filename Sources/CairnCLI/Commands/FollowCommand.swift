import Localization
import Foundation
import TrailApp
import TrailStore

/// `cairn follow ID --gps SPEC`: the viewer opened straight on the follow screen of a hike.
public enum FollowCommand: Command {
    public static let name = "follow"
    public static let summary = N("Follow a stored hike live with a GPS position (full screen)")
    public static let about = N("Opens the viewer on hike ID and follows it with the position from SPEC: the map\ncentres on you, the route shows what you have covered, and the panel gives the\ndistance along, remaining distance and time, coverage, off-route distance, elevation\nand the GPS fix. Leaving the trail by more than the threshold rings the bell and shows\na banner. p pauses, b turns back along your walk to the start, x stops and saves a\nsummary in the hike's history. Every accepted fix is saved as it arrives: after a\ncrash, opening the hike offers to resume the walk. --gps is required.\n\nFrom another shell while a walk is followed: `cairn follow pause`, `cairn follow\nresume`, `cairn follow finish` (as x), `cairn follow place NAME` (a place of your own\nat the last fix) and `cairn follow photo` (a \"photo here\" mark at the last fix, filled\nlater by `cairn photos add` with the photo taken then; the key i does the same); `cairn status` prints its figures in one line (see `cairn record`).")
    public static let arguments = [ArgumentSpec("ID", kind: .hikeID, help: N("a hike id from 'cairn list'"))]
    public static let options: [OptionSpec] = OptionSpec.live + TUICommand.ViewerOptions.declared
    public static let notes = ThemeOption.lookupNote

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        if let verb = args.positionals.first, ["pause", "resume", "finish", "place", "photo"].contains(verb) {
            return try LiveControlCLI.control(args.positionals, name: nil, context, command: "follow")
        }
        var options = try TUICommand.ViewerOptions(args, context)
        let ids = args.positionals
        guard ids.count == 1 else { throw CLIError.usage(L("follow needs exactly one hike ID")) }
        guard let source = options.live.source else {
            throw CLIError.usage(L("follow needs --gps SPEC (e.g. --gps gpsd://127.0.0.1:2947 or --gps replay:walk.gpx)"))
        }
        try options.live.validate()
        let store = try StoreAccess.open(options.storePath, context)
        let id = try StoreAccess.ids(ids, in: store)[0]
        options.autoFollow = (id, source)
        return try TUICommand.launch(options, context)
    }
}
