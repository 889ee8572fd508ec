import Localization
import Foundation
import HikeServices
import TrailCore
import TrailMap
import TrailStore

extension OptionSpec {
    /// `--within DIST`: how far off a hike's line Places looks (`cairn places`, and the
    /// viewer's `p`); the config setting `places.within`.
    public static let placesWithin = OptionSpec(
        "--within", value: "DIST", defaultHelp: N("1 km"),
        help: N("how far off the hike's line places are looked for: metres (\"800\", \"800m\"), \"2km\" or feet (\"3000ft\"); at most 10 km"))
        .configured("places.within", example: "1km") { _ = try PlacesSupport.within($0) }
}

/// What the `places` commands share: the radius, the hike's line, the OSM ids, the output.
enum PlacesSupport {
    /// The default search radius, metres (issue 15: "up to 1 km off it by default").
    static let defaultWithin = 1000.0

    /// `--within` in metres.
    /// - Throws: ``CLIError/usage(_:)`` for a value that is not a distance up to 10 km.
    static func within(_ text: String?) throws -> Double {
        guard let text else { return defaultWithin }
        return try LiveOptions.parseDistance(text, option: "--within")
    }

    /// A map feature id from "node/123", "way/45", "relation/6" (also "n123", "w45", "r6").
    static func featureID(_ text: String) -> MapFeatureID? {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        let parts = t.split(separator: "/")
        var type: OSMElementType?, number: Substring = ""
        if parts.count == 2 {
            type = OSMElementType.allCases.first { $0.description == parts[0] }
            number = parts[1]
        } else if let first = t.first, ["n", "w", "r"].contains(first) {
            type = first == "n" ? .node : first == "w" ? .way : .relation
            number = t.dropFirst()
        }
        guard let type, let id = Int64(number) else { return nil }
        return MapFeatureID(type: type, osmID: id)
    }

    /// The map store for reading, or nil when none was imported.
    static func openMap(_ args: ParsedArguments, _ context: CommandContext) throws -> MapStore? {
        let path = try MapCommandSupport.storePath(args, context)
        // A missing map, or one an import is creating right now, is no map (MapFile.open).
        do { return try MapFile.open(path) } catch {
            throw CLIError.failure(L("cannot open the map store %s: %s", TerminalText.clean(path), error))
        }
    }
}
