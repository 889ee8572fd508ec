import Foundation
import TrailCore
import TrailFormats
import TrailMap
import TrailTerrain
import TrailStore

/// `cairn route LAT,LON LAT,LON…`: plans a walk along mapped ways between stops, headless.
enum RouteCommand: Command {
    static let name = "route"
    static let summary = "Plan a walk between stops along mapped paths; write GPX or save it as a hike"
    static var help: String {
        """
        Usage: cairn route LAT,LON LAT,LON [LAT,LON…] [--straight] [--max-sac T] [--via-ferrata]
                           [-o FILE.gpx] [--save NAME] [--json] [--map PATH] [--store PATH] [--dem DIR]

        Routes each leg between consecutive stops along the walkable ways of the offline map
        (paths, tracks, footways, steps, minor roads…; foot and access tags respected) and
        prints the total length and each leg with the nearest named place at both ends. A leg
        that cannot be routed (a stop more than \(Int(RouteOptions().maxSnapDistance)) m from every usable way, or no
        walk between the stops) is a straight line, marked as such; the route never fails.
        Stops are decimal degrees, latitude first: 42.6196,1.5389. With terrain tiles imported
        (`cairn dem import`), climbing costs time in the routing, each leg reports its ascent
        and descent, and gain, loss and the DIN 33466 walking time come from the terrain.

        Options:
          --straight        straight legs, no routing
          --max-sac T       hardest SAC grade to use, T1…T6 or an OSM sac_scale value
                            (default \(SACScale.defaultLimit): the alpine grades T5 and T6 are off)
          --via-ferrata     allow via ferratas (off by default)
          -o, --output FILE write a GPX 1.1 file: one track, one segment per leg, the stops as waypoints
          --save NAME       store the route in the hike library as a drawn hike called NAME
          --json            print the result as JSON (metres, degrees)
        \(UnitsOption.helpLine)
        \(MapCommandSupport.mapOptionHelp)
        \(StoreAccess.helpLine)
        \(DemCommandSupport.demOptionHelp)
        """
    }

    static func run(_ args: inout ArgumentList, _ context: CommandContext) throws -> Int32 {
        let mapPath = try MapCommandSupport.storePath(&args, context)
        let storePath = try StoreAccess.path(&args, context)
        let units = try UnitsOption.take(&args, context)
        let straight = args.flag("--straight")
        let viaFerrata = args.flag("--via-ferrata")
        let json = args.flag("--json")
        let sacText = try args.option("--max-sac")
        let output = try args.option("-o", "--output").map(context.resolve)
        let saveName = try args.option("--save")
        let terrain = try DemCommandSupport.optionalStore(&args, context).map { TerrainElevation(store: $0) }
        let stops = try args.positionals().map(parseStop)
        try args.finish()
        guard stops.count >= 2 else { throw CLIError.usage("route needs at least two stops (LAT,LON LAT,LON)") }
        var options = RouteOptions(allowViaFerrata: viaFerrata)
        if let sacText {
            guard let s = SACScale(tagValue: sacText) else {
                throw CLIError.usage("--max-sac takes T1…T6 or an OSM sac_scale value, not '\(sacText)'")
            }
            options.maxSAC = s
        }
        if let saveName, saveName.trimmingCharacters(in: .whitespaces).isEmpty {
            throw CLIError.usage("--save needs a name")
        }

        // The map: without one every leg is straight (and nothing is named).
        var planner: RoutePlanner?
        if FileManager.default.fileExists(atPath: mapPath) {
            do {
                planner = RoutePlanner(store: try MapStore(path: mapPath, readOnly: true), options: options,
                                       elevation: terrain.map { TerrainLookup(store: $0.store) })
            } catch {
                context.stderr.write("cairn route: cannot open the map store: \(TerminalText.clean("\(error)")); legs are straight\n")
            }
        } else if !straight {
            context.stderr.write("cairn route: no map store at \(TerminalText.clean(mapPath)); legs are straight "
                                 + "(import an extract with `cairn map import FILE.osm`)\n")
        }
        var plan: RoutePlan
        if let planner {
            plan = planner.plan(stops: stops, routing: !straight)
        } else {
            let legs = zip(stops, stops.dropFirst()).map { a, b in
                RouteLeg.straight(from: a, to: b, reason: straight ? .routingOff : .mapUnavailable, routingRequested: !straight)
            }
            plan = RoutePlan(stops: stops, legs: legs, options: options)
        }
        let elevation = terrain.map { DemElevation.apply(&plan, $0) }
        let places = stops.map { stop in (try? planner?.nearestPlace(to: stop, maxDistance: 500)) ?? nil }
        let track = plan.track(name: saveName ?? "Route")
        let stopNames = places.map { $0?.name }

        if let output {
            let document = GPXDocument(creator: "Cairn", metadata: GPXMetadata(name: saveName ?? "Route", time: context.now()),
                                       waypoints: plan.stopWaypoints(names: stopNames), tracks: [track])
            do {
                try GPXWriter().write(document, to: URL(fileURLWithPath: output))
            } catch {
                throw CLIError.failure("cannot write \(TerminalText.clean(output)): \(error)")
            }
        }
        var saved: HikeStore.InsertOutcome?
        if let saveName {
            saved = try save(plan, name: saveName, stopNames: stopNames, storePath: storePath, context)
        }

        if json {
            context.stdout.write(try RouteReport.json(plan, places: places, saved: saved, output: output, terrain: elevation))
        } else {
            var text = RouteReport.text(plan, places: places, units: units, terrain: elevation)
            if let output { text += "Written to \(TerminalText.clean(output))\n" }
            switch saved {
            case .inserted(let id): text += "Saved as \(id) (a drawn hike)\n"
            case .duplicate(let id): text += "Already stored as \(id); nothing saved\n"
            case nil: break
            }
            context.stdout.write(text)
        }
        return 0
    }

    /// Stores the route as a drawn hike (unless the same points are already stored).
    private static func save(_ plan: RoutePlan, name: String, stopNames: [String?], storePath: String,
                             _ context: CommandContext) throws
        -> HikeStore.InsertOutcome {
        let store = try StoreAccess.open(storePath, context, write: true)
        do {
            return try store.insert(plan.drawnHike(name: name, time: context.now(), stopNames: stopNames))
        } catch {
            throw CLIError.failure("cannot save the route: \(error)")
        }
    }

    /// "42.6196,1.5389" → a coordinate.
    static func parseStop(_ text: String) throws -> Coordinate {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let lat = Double(parts[0].trimmingCharacters(in: .whitespaces)),
              let lon = Double(parts[1].trimmingCharacters(in: .whitespaces)) else {
            throw CLIError.usage("a stop is LAT,LON in decimal degrees, not '\(TerminalText.clean(text))'")
        }
        let c = Coordinate(latitude: lat, longitude: lon)
        guard c.isValid else { throw CLIError.usage("stop \(TerminalText.clean(text)) is out of range (latitude ±90, longitude ±180)") }
        return c
    }
}
