import Localization
import Foundation
import HikeServices
import TrailCore
import TrailFormats
import TrailMap
import TrailTerrain
import TrailStore

/// `cairn route LAT,LON LAT,LON…`: plans a walk along mapped ways between stops, headless.
enum RouteCommand: Command {
    static let name = "route"
    static let summary = N("Plan a walk between stops along mapped paths; write GPX or save it as a hike")
    // "200 m" is RouteOptions().maxSnapDistance, written out as the catalogue needs one plain string.
    static let about = N("Routes each leg between consecutive stops along the walkable ways of the offline map\n(paths, tracks, footways, steps, minor roads…; foot and access tags respected) and\nprints the total length and each leg with the nearest named place at both ends. A leg\nthat cannot be routed (a stop more than 200 m from every usable way, or no\nwalk between the stops) is a straight line, marked as such; the route never fails.\nStops are decimal degrees, latitude first: 42.6196,1.5389; one south of the equator\nbegins with a minus sign (-33.9,18.4) and is still a stop, not an option. With terrain\ntiles imported (`cairn dem import`), climbing costs time in the routing, each leg\nreports its ascent and descent, and gain, loss and the DIN 33466 walking time come\nfrom the terrain.")
    /// The stops. Words such as `-1.5,42` or `-33.9` are stops, not options: the rule lives
    /// here, with the one command whose arguments can begin with a dash.
    static let arguments = [ArgumentSpec("LAT,LON", count: .atLeast(2), beginsWithDash: looksLikeStop,
                                         help: N("a stop in decimal degrees, latitude first"))]
    static let straight = OptionSpec("--straight", help: N("straight legs, no routing"))
    static let maxSAC = OptionSpec("--max-sac", value: "T", kind: .choice((1...6).map { "T\($0)" }),
                                   defaultHelp: N("T4: the alpine grades T5 and T6 are off"), // T4: SACScale.defaultLimit
                                   help: N("hardest SAC grade to use, T1…T6 or an OSM sac_scale value"))
    static let viaFerrata = OptionSpec("--via-ferrata", help: N("allow via ferratas (off by default)"))
    static let output = OptionSpec("--output", short: "-o", value: "FILE", kind: .file(extensions: ["gpx"]),
                                   help: N("write a GPX 1.1 file: one track, one segment per leg (with terrain heights where tiles are imported), the stops as waypoints"))
    static let save = OptionSpec("--save", value: "NAME",
                                 help: N("store the route in the hike library as a drawn hike called NAME"))
    static let json = OptionSpec("--json", help: N("print the result as JSON (metres, degrees)"))
    static let options: [OptionSpec] = [straight, maxSAC, viaFerrata, output, save, json, .units, .map, .store, .dem]

    static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let mapPath = try MapCommandSupport.storePath(args, context)
        let storePath = StoreAccess.path(args, context)
        let units = try UnitsOption.formatter(args, context)
        let straight = args.has(Self.straight)
        let viaFerrata = args.has(Self.viaFerrata)
        let json = args.has(Self.json)
        let sacText = args.value(Self.maxSAC)
        let output = args.value(Self.output).map(context.resolve)
        let saveName = args.value(Self.save)
        let terrain = try DemCommandSupport.optionalStore(args, context).map { TerrainElevation(store: $0) }
        let stops = try args.positionals.map(parseStop)
        guard stops.count >= 2 else { throw CLIError.usage(L("route needs at least two stops (LAT,LON LAT,LON)")) }
        var options = RouteOptions(allowViaFerrata: viaFerrata)
        if let sacText {
            guard let s = SACScale(tagValue: sacText) else {
                throw CLIError.usage(L("--max-sac takes T1…T6 or an OSM sac_scale value, not '%s'", TerminalText.clean(sacText)))
            }
            options.maxSAC = s
        }
        if let saveName, saveName.trimmingCharacters(in: .whitespaces).isEmpty {
            throw CLIError.usage(L("--save needs a name"))
        }

        // The map: without one every leg is straight (and nothing is named).
        let route = PlannedRoute(stops: stops, options: options, routing: !straight, mapPath: mapPath, terrain: terrain) {
            context.stderr.write("cairn route: \($0)\n")
        }
        let plan = route.plan, elevation = route.elevation, places = route.places
        if let output {
            do {
                try GPXWriter().write(route.document(name: saveName ?? "Route", time: context.now()), to: URL(fileURLWithPath: output))
            } catch {
                throw CLIError.failure(L("cannot write %s: %s", TerminalText.clean(output), error))
            }
        }
        var saved: HikeStore.InsertOutcome?
        if let saveName {
            let store = try StoreAccess.open(storePath, context, write: true)
            do {
                saved = try route.save(name: saveName, time: context.now(), into: store)
            } catch {
                throw CLIError.failure(L("cannot save the route: %s", error))
            }
        }

        if json {
            context.stdout.write(try RouteReport.json(plan, places: places, saved: saved, output: output, terrain: elevation?.route,
                                                      legs: elevation?.legs))
        } else {
            var text = RouteReport.text(plan, places: places, units: units, terrain: elevation?.route, legs: elevation?.legs)
            if let output { text += L("Written to %s", TerminalText.clean(output)) + "\n" }
            switch saved {
            case .inserted(let id): text += L("Saved as %s (a drawn hike)", id) + "\n"
            case .duplicate(let id): text += L("Already stored as %s; nothing saved", id) + "\n"
            case nil: break
            }
            context.stdout.write(text)
        }
        return 0
    }

    /// True for a word beginning with "-" that is a stop (`-1.5,42`) or a bare number (`-33.9`,
    /// a stop typed with a space after its comma), so the parser leaves it positional.
    @Sendable static func looksLikeStop(_ word: String) -> Bool {
        Double(word) != nil || (word.contains(",") && (try? parseStop(word)) != nil)
    }

    /// "42.6196,1.5389" → a coordinate.
    static func parseStop(_ text: String) throws -> Coordinate {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let lat = Double(parts[0].trimmingCharacters(in: .whitespaces)),
              let lon = Double(parts[1].trimmingCharacters(in: .whitespaces)) else {
            throw CLIError.usage(L("a stop is LAT,LON in decimal degrees, not '%s'", TerminalText.clean(text)))
        }
        let c = Coordinate(latitude: lat, longitude: lon)
        guard c.isValid else { throw CLIError.usage(L("stop %s is out of range (latitude ±90, longitude ±180)", TerminalText.clean(text))) }
        return c
    }
}
