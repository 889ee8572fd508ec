import Localization
import Foundation
import HikeServices
import TrailCore
import TrailMap
import TrailStore

/// `cairn places add ID OSMID… | --at LAT,LON --name NAME`: adds places to a stored hike.
public enum PlacesAddCommand: Command {
    public static let name = "places add"
    public static let summary = N("Add places to a stored hike: from the map, or your own")
    public static let about = N("Adds OpenStreetMap places (node/123, way/45 as 'cairn places ID' lists them) from the\nmap store to the hike, with their kind, name, tagged height and the tags a hiker\ncares about; or, with --at, a place of your own (--name, --kind, --note). A place\nwithout a height of its own gets the imported terrain's (SRTM), marked as such. Places\ntravel out with the hike in 'cairn export' as GPX waypoints and back in on import.")
    public static let arguments = [ArgumentSpec("ID", kind: .hikeID, help: N("a hike id from 'cairn list'")),
                                   ArgumentSpec("OSMID", count: .rest, help: N("OpenStreetMap objects from the map store (node/123, way/45)"))]
    static let at = OptionSpec("--at", value: "LAT,LON", help: N("a place of your own at this position (decimal degrees)"))
    static let placeName = OptionSpec("--name", value: "NAME", help: N("the name of your own place (with --at)"))
    static let kind = OptionSpec("--kind", value: "KIND", kind: .choice(PlaceKind.allCases.map(\.rawValue)),
                                 defaultValue: "other", help: N("the kind of your own place (with --at)"))
    static let note = OptionSpec("--note", value: "TEXT", help: N("a note (written as the waypoint's desc)"))
    public static let options: [OptionSpec] = [at, placeName, kind, note, .store, .map, .dem]

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard let hikeText = args.positionals.first else { throw CLIError.usage(L("places add needs an ID")) }
        let osmTexts = Array(args.positionals.dropFirst())
        var places: [Place] = []
        if let atText = args.value(at) {
            guard osmTexts.isEmpty else { throw CLIError.usage(L("give either OSM ids or --at, not both")) }
            let parts = atText.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, let lat = parts[0], let lon = parts[1], abs(lat) <= 90, abs(lon) <= 180 else {
                throw CLIError.usage(L("--at needs LAT,LON in decimal degrees, not '%s'", atText))
            }
            let k = PlaceKind(rawValue: args.value(kind) ?? "other") ?? .other
            places.append(Place(kind: k, name: args.value(placeName), coordinate: Coordinate(latitude: lat, longitude: lon),
                                note: args.value(note)))
        } else {
            guard !osmTexts.isEmpty else { throw CLIError.usage(L("places add needs OSM ids (node/123) or --at LAT,LON")) }
            if args.value(placeName) != nil { throw CLIError.usage(L("--name is for a place of your own (with --at)")) }
            let ids = try osmTexts.map { t -> MapFeatureID in
                guard let f = PlacesSupport.featureID(t) else { throw CLIError.usage(L("'%s' is not an OSM id such as node/123", t)) }
                return f
            }
            guard let map = try PlacesSupport.openMap(args, context) else {
                throw CLIError.failure(L("no map store: import an extract with `cairn map import FILE.osm` first"))
            }
            for (t, f) in zip(osmTexts, ids) {
                guard let feature = try map.feature(f, includeNodeIDs: false) else {
                    throw CLIError.failure(L("%s is not in the map store", TerminalText.clean(t)))
                }
                guard var p = Place(feature: feature) else {
                    throw CLIError.failure(L("%s is not a place (a %s)", f, feature.featureClass.label))
                }
                p.note = args.value(note)
                places.append(p)
            }
        }
        let terrain = try DemCommandSupport.optionalStore(args, context)
        places = places.map { PlaceHeights.filled($0, terrain) }
        let store = try StoreAccess.open(StoreAccess.path(args, context), context, create: false, write: true)
        let id = try StoreAccess.ids([hikeText], in: store)[0]
        // All or none: one transaction for every place.
        let stored: [Place]
        do {
            stored = try store.connection.transaction { try places.map { try store.addPlace($0, to: id) } }
        } catch let e as PlaceStoreError {
            throw CLIError.failure(L("%s: %s; nothing was added", id, e))
        }
        for p in stored {
            // TRANSLATORS: "k3v9qa: added #4 peak Pic de Casamanya": the hike, the place's number, its kind (as --kind takes it) and name.
            context.stdout.write(L("%s: added #%d %s %s", id, p.id ?? 0, p.kind.rawValue, TerminalText.clean(p.name ?? L("(unnamed)")))
                + (p.osmID.map { " (\($0))" } ?? "") + "\n")
        }
        return 0
    }
}
