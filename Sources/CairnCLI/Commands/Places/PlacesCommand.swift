import Localization
import Foundation
import HikeServices
import TrailCore
import TrailMap
import TrailStore

/// `cairn places ID`: the places along a stored hike, in walking order.
public enum PlacesCommand: Command {
    public static let name = "places"
    public static let summary = N("List the places along a stored hike (peaks, springs, huts…)")
    // The kinds are PlaceKind.searchable's names (as --kind takes them), written out as the
    // catalogue needs one plain string.
    public static let about = N("Lists what the map store has on and near the hike's line, up to --within off it, in\nthe order you walk past them: distance along the hike, distance off it, kind, name,\nheight (tagged, else the imported terrain's, marked \"~\" and \"terrain\" in JSON), and\nthe OpenStreetMap id (or #N for a place already added to the\nhike, marked *). The hike's own places (added ones, a file's waypoints, your own)\nare listed too, wherever they are. Kinds: peak, saddle, spring, hut, viewpoint, waterfall, lake, parking, toilets, bus_stop, village.\nAdd one with 'cairn places add ID node/123', remove with 'cairn places remove ID #N'.")
    public static let arguments = [ArgumentSpec("ID", kind: .hikeID, help: N("a hike id from 'cairn list'"))]
    static let kind = OptionSpec("--kind", value: "KINDS", help: N("only these kinds, comma-separated (peak,spring,hut…)"))
    static let added = OptionSpec("--added", help: N("only the hike's own places (no map search)"))
    static let json = OptionSpec("--json", help: N("print the places as JSON (metres, degrees)"))
    public static let options: [OptionSpec] = [.placesWithin, kind, added, json, .units, .store, .map, .dem]

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard args.positionals.count == 1 else { throw CLIError.usage(L("places needs exactly one ID")) }
        let within = try PlacesSupport.within(args.value(.placesWithin))
        var kinds: Set<PlaceKind>?
        if let k = args.value(kind) {
            switch PlaceKind.parseList(k) {
            case .success(let set): kinds = set
            case .failure(let e): throw CLIError.usage(L("--kind: %s", e))
            }
        }
        let units = try UnitsOption.formatter(args, context)
        let terrain = try DemCommandSupport.optionalStore(args, context)
        let store = try StoreAccess.open(StoreAccess.path(args, context), context, create: false)
        let id = try StoreAccess.ids(args.positionals, in: store)[0]
        let hike = try store.hike(id)
        var map: MapStore?
        if !args.has(added) {
            guard let m = try PlacesSupport.openMap(args, context) else {
                let mapPath = try MapCommandSupport.storePath(args, context)
                throw CLIError.failure(L("no map store at %s; import an extract with `cairn map import FILE.osm` (or list the hike's own with --added)",
                                         TerminalText.clean(mapPath)))
            }
            map = m
        }
        let rows = try HikePlaces.listed(own: try store.places(of: id), trail: HikePlaces.trail(of: hike), map: map, within: within,
                                         kinds: kinds, terrain: terrain)
        if args.has(json) {
            context.stdout.write(PlacesListing.json(rows, hike: id))
        } else {
            context.stdout.write(PlacesListing.text(rows, within: within, units: units, mapSearched: !args.has(added)))
        }
        return 0
    }
}
