import Localization
import Foundation
import HikeServices
import TrailCore
import TrailMap
import TrailStore

/// `cairn routes [--near LAT,LON | --in ID] [--json] [--all]`: the waymarked routes the map knows.
public enum RoutesCommand: Command {
    public static let name = "routes"
    public static let summary = N("List the waymarked hiking routes near a place or a hike, with how much you have walked")
    public static let about = """
        Lists the signposted routes (OpenStreetMap route=hiking/foot relations) the map store
        has within \(Int(nearRadius / 1000)) km of --near, or touching the box of the hike --in
        (nearest first), or every route the map has: name or ref, the waymark (osmc:symbol),
        network (local, regional, national, international), from and to, round trip, the
        length of its line in the map (gaps between members not counted, and said), and how
        much of it you have walked over all your walks and recordings (within 25 m, as
        following counts coverage). Routes longer than a day's walk (\(Int(RouteSummary.dayWalk / 1000)) km, by the map or the
        route's distance tag) are left out unless --all. The data is © OpenStreetMap
        contributors; each route's openstreetmap.org address is given for corrections.
        """
    static let nearRadius = 2000.0
    static let near = OptionSpec("--near", value: "LAT,LON", help: "routes within \(Int(nearRadius / 1000)) km of this position (decimal degrees)")
    static let inHike = OptionSpec("--in", value: "ID", kind: .hikeID, help: N("routes crossing the box of this stored hike"))
    static let all = OptionSpec("--all", help: "include long-distance paths (longer than \(Int(RouteSummary.dayWalk / 1000)) km)")
    static let json = OptionSpec("--json", help: N("JSON (metres, degrees), with the walked and missing stretches"))
    public static let options: [OptionSpec] = [near, inHike, all, json, .units, .store, .map]

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard args.positionals.isEmpty else { throw CLIError.usage("routes takes no arguments (use --near LAT,LON or --in ID)") }
        if args.value(near) != nil && args.value(inHike) != nil { throw CLIError.usage("give --near or --in, not both") }
        let units = try UnitsOption.formatter(args, context)
        guard let map = try PlacesSupport.openMap(args, context) else {
            throw CLIError.failure("no map store at \(TerminalText.clean(try MapCommandSupport.storePath(args, context))); "
                + "import an extract with `cairn map import FILE.osm`")
        }
        let storePath = StoreAccess.path(args, context)
        let store = FileManager.default.fileExists(atPath: storePath) ? try StoreAccess.open(storePath, context, create: false) : nil
        var box: BoundingBox?
        var point: Coordinate?
        var radius: Double?
        var scope = "in the map"
        if let text = args.value(near) {
            let p = try DemCommandSupport.parsePosition(text)
            point = p
            radius = nearRadius
            box = BoundingBox(p).expanded(byMetres: nearRadius)
            scope = "within \(units.distance(nearRadius)) of \(text)"
        } else if let idText = args.value(inHike) {
            guard let store else { throw CLIError.failure("no hike store at \(TerminalText.clean(storePath))") }
            let id = try StoreAccess.ids([idText], in: store)[0]
            let s = try store.summary(id).statistics
            guard let b = s.boundingBox else { throw CLIError.failure("hike \(id) has no points") }
            box = b
            point = try store.tracks(of: id).first?.segments.first?.points.first?.coordinate
            scope = "near hike \(id)"
        }
        let listing = try RouteListing(map: map, box: box, near: point, within: radius, includeLongDistance: args.has(Self.all))
        let shown = listing.shown
        let completions = try shown.map { r in try store.map { try CompletionReport.ofRoute(r.line.runs, in: $0, map: map) } }
        if args.has(json) {
            context.stdout.write(try HikeJSON.text(zip(shown, completions).map { RouteJSON($0, completion: $1) }))
        } else {
            context.stdout.write(text(shown, completions, hidden: listing.hiddenLongDistance, scope: scope, units))
        }
        return 0
    }

    static func text(_ routes: [RouteSummary], _ completions: [CompletionReport?], hidden: Int, scope: String,
                     _ u: UnitFormatter) -> String {
        let c = TerminalText.clean
        var out = "\(routes.count) waymarked route\(routes.count == 1 ? "" : "s") \(scope) (© OpenStreetMap contributors)"
        out += hidden > 0 ? "; \(hidden) long-distance path\(hidden == 1 ? "" : "s") left out (--all shows them)\n" : "\n"
        for (r, comp) in zip(routes, completions) {
            out += "\n\(c(r.title))"
            if let ref = r.route.ref, ref != r.title { out += " (\(c(ref)))" }
            out += "  [\(r.symbol.map { BlazeText.words($0) } ?? "no waymark tagged")]\n"
            var facts: [String] = []
            if let n = r.network { facts.append("\(c(n)) network") }
            if let f = r.route.tags["from"] { facts.append("from \(c(f))") }
            if let t = r.route.tags["to"] { facts.append("to \(c(t))") }
            if let rt = r.route.isRoundTrip { facts.append(rt ? "round trip" : "one way") }
            facts.append(u.distance(r.length) + (r.route.isComplete ? "" : " in this extract (incomplete)") + (r.taggedDistance.map { " (tagged \(u.distance($0)))" } ?? ""))
            if !r.line.gaps.isEmpty {
                facts.append("\(r.line.gaps.count) gap\(r.line.gaps.count == 1 ? "" : "s") of \(u.distance(r.line.gaps.reduce(0) { $0 + $1.length })) bridged")
            }
            if let d = r.distanceFromPoint, d > 0 { facts.append("\(u.distance(d)) away") }
            out += "  " + facts.joined(separator: " · ") + "\n"
            if let comp { out += "  " + comp.text(u).replacingOccurrences(of: "\n  ", with: "\n    ") }
            out += "  \(r.osmURL)\n"
        }
        return out
    }
}

/// The words of a waymark for text output: "white with red bar, text GR in black".
enum BlazeText {
    static func words(_ s: OSMCSymbol) -> String {
        var parts: [String] = []
        if let b = s.background { parts.append(b.colour.rawValue + (b.shape == .fill ? "" : " \(shape(b.shape))")) } else { parts.append("no background") }
        for f in s.foregrounds { parts.append("\(f.colour.rawValue) \(shape(f.shape))") }
        if let t = s.text { parts.append("“\(TerminalText.clean(t))” in \(s.textColour.rawValue)") }
        return parts.joined(separator: ", ")
    }

    static func shape(_ s: OSMCSymbol.Shape) -> String {
        switch s {
        case .other(let n): return TerminalText.clean(n)
        default: return "\(s)"
        }
    }
}
