import Localization
import Foundation
import HikeServices
import TrailCore
import TrailStore

/// `cairn places remove ID PLACE…`: removes places from a stored hike.
public enum PlacesRemoveCommand: Command {
    public static let name = "places remove"
    public static let summary = N("Remove places from a stored hike")
    public static let about = N("Removes the hike's places given as #N (or N) as 'cairn places ID --added' lists them,\nor by their OpenStreetMap id (node/123). All or none: an unknown place removes nothing.")
    public static let arguments = [ArgumentSpec("ID", kind: .hikeID, help: N("a hike id from 'cairn list'")),
                                   ArgumentSpec("PLACE", count: .oneOrMore, help: N("#N or an OSM id of one of the hike's places"))]
    public static let options: [OptionSpec] = [.store]

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard args.positionals.count >= 2 else { throw CLIError.usage(L("places remove needs an ID and a PLACE")) }
        let store = try StoreAccess.open(StoreAccess.path(args, context), context, create: false, write: true)
        let id = try StoreAccess.ids([args.positionals[0]], in: store)[0]
        let places = try store.places(of: id)
        var ids: [Int64] = []
        for t in args.positionals.dropFirst() {
            let word = t.hasPrefix("#") ? String(t.dropFirst()) : t
            if let n = Int64(word) {
                ids.append(n)
            } else if let f = PlacesSupport.featureID(t), let p = places.first(where: { $0.osmID == f.description }), let n = p.id {
                ids.append(n)
            } else {
                throw CLIError.failure(L("%s: no place %s (see 'cairn places %s --added'); nothing was removed", id, TerminalText.clean(t), id))
            }
        }
        do {
            try store.removePlaces(ids, from: id)
        } catch let e as PlaceStoreError {
            throw CLIError.failure(L("%s; nothing was removed", e))
        }
        context.stdout.write(Ln("%s: removed %d place", "%s: removed %d places", ids.count, id, ids.count) + "\n")
        return 0
    }
}
