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
    // The help's "2 km" is nearRadius and its "30 km" RouteSummary.dayWalk, written out as the
    // catalogue needs one plain string (po/README.md).
    public static let about = N("Lists the signposted routes (OpenStreetMap route=hiking/foot relations) the map store\nhas within 2 km of --near, or touching the box of the hike --in\n(nearest first), or every route the map has: name or ref, the waymark (osmc:symbol),\nnetwork (local, regional, national, international), from and to, round trip, the\nlength of its line in the map (gaps between members not counted, and said), and how\nmuch of it you have walked over all your walks and recordings (within 25 m, as\nfollowing counts coverage). Routes longer than a day's walk (30 km, by the map or the\nroute's distance tag) are left out unless --all. The data is © OpenStreetMap\ncontributors; each route's openstreetmap.org address is given for corrections.")
    static let nearRadius = 2000.0
    static let near = OptionSpec("--near", value: "LAT,LON", help: N("routes within 2 km of this position (decimal degrees)"))
    static let inHike = OptionSpec("--in", value: "ID", kind: .hikeID, help: N("routes crossing the box of this stored hike"))
    static let all = OptionSpec("--all", help: N("include long-distance paths (longer than 30 km)"))
    static let json = OptionSpec("--json", help: N("JSON (metres, degrees), with the walked and missing stretches"))
    public static let options: [OptionSpec] = [near, inHike, all, json, .units, .store, .map]

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard args.positionals.isEmpty else { throw CLIError.usage(L("routes takes no arguments (use --near LAT,LON or --in ID)")) }
        if args.value(near) != nil && args.value(inHike) != nil { throw CLIError.usage(L("give --near or --in, not both")) }
        let units = try UnitsOption.formatter(args, context)
        guard let map = try PlacesSupport.openMap(args, context) else {
            let mapPath = try MapCommandSupport.storePath(args, context)
            throw CLIError.failure(L("no map store at %s; import an extract with `cairn map import FILE.osm`", TerminalText.clean(mapPath)))
        }
        let storePath = StoreAccess.path(args, context)
        let store = FileManager.default.fileExists(atPath: storePath) ? try StoreAccess.open(storePath, context, create: false) : nil
        var box: BoundingBox?
        var point: Coordinate?
        var radius: Double?
        // TRANSLATORS: where the listed routes are: "3 waymarked routes in the map".
        var scope = L("in the map")
        if let text = args.value(near) {
            let p = try DemCommandSupport.parsePosition(text)
            point = p
            radius = nearRadius
            box = BoundingBox(p).expanded(byMetres: nearRadius)
            // TRANSLATORS: "3 waymarked routes within 2 km of 42.56,1.53".
            scope = L("within %s of %s", units.distance(nearRadius), TerminalText.clean(text))
        } else if let idText = args.value(inHike) {
            guard let store else { throw CLIError.failure(L("no hike store at %s", TerminalText.clean(storePath))) }
            let id = try StoreAccess.ids([idText], in: store)[0]
            let s = try store.summary(id).statistics
            guard let b = s.boundingBox else { throw CLIError.failure(L("hike %s has no points", id)) }
            box = b
            point = try store.tracks(of: id).first?.segments.first?.points.first?.coordinate
            // TRANSLATORS: "3 waymarked routes near hike 12".
            scope = L("near hike %s", id)
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
        // TRANSLATORS: the second %s says where: "in the map", "within 2 km of 42.56,1.53", "near hike 12".
        var out = Ln("%d waymarked route %s (© OpenStreetMap contributors)", "%d waymarked routes %s (© OpenStreetMap contributors)",
                     routes.count, routes.count, scope)
        out += hidden > 0 ? clauseSeparator + Ln("%d long-distance path left out (--all shows them)", "%d long-distance paths left out (--all shows them)",
                                      hidden, hidden) + "\n" : "\n"
        for (r, comp) in zip(routes, completions) {
            out += "\n\(c(r.title))"
            if let ref = r.route.ref, ref != r.title { out += " (\(c(ref)))" }
            out += "  [\(r.symbol.map { BlazeText.words($0) } ?? L("no waymark tagged"))]\n"
            var facts: [String] = []
            // TRANSLATORS: a route's network as OpenStreetMap tags it (local, regional, national, international).
            if let n = r.networkWord { facts.append(L("%s network", c(n))) }
            if let f = r.route.tags["from"] { facts.append(Lc("from place", "from %s", c(f))) }
            if let t = r.route.tags["to"] { facts.append(L("to %s", c(t))) }
            if let rt = r.route.isRoundTrip { facts.append(rt ? L("round trip") : L("one way")) }
            let incomplete: String = r.route.isComplete ? "" : " " + L("in this extract (incomplete)")
            let tagged: String = r.taggedDistance.map { (d: Double) -> String in " " + L("(tagged %s)", u.distance(d)) } ?? ""
            facts.append(u.distance(r.length) + incomplete + tagged)
            if !r.line.gaps.isEmpty {
                let gaps = r.line.gaps.count
                facts.append(Ln("%d gap of %s bridged", "%d gaps of %s bridged", gaps, gaps, u.distance(r.line.gaps.reduce(0) { $0 + $1.length })))
            }
            if let d = r.distanceFromPoint, d > 0 { facts.append(L("%s away", u.distance(d))) }
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
        if let b = s.background {
            parts.append(b.shape == .fill ? colour(b.colour) : coloured(b.colour, b.shape))
        } else {
            parts.append(L("no background"))
        }
        for f in s.foregrounds { parts.append(coloured(f.colour, f.shape)) }
        // TRANSLATORS: a waymark's text and its colour: "“GR” in black".
        if let t = s.text { parts.append(L("“%s” in %s", TerminalText.clean(t), colour(s.textColour))) }
        return parts.joined(separator: ", ")
    }

    /// "red bar": a colour and a shape.
    static func coloured(_ c: OSMCSymbol.Colour, _ s: OSMCSymbol.Shape) -> String {
        // TRANSLATORS: a waymark's colour (first %s) and shape (second %s): "red bar"; swap them with %2$s %1$s if needed.
        Lc("waymark", "%s %s", colour(c), shape(s))
    }

    /// The colour's word ("other" for a colour outside osmc:symbol's list).
    static func colour(_ c: OSMCSymbol.Colour) -> String {
        switch c {
        case .black: return Lc("waymark colour", "black")
        case .blue: return Lc("waymark colour", "blue")
        case .brown: return Lc("waymark colour", "brown")
        case .gray: return Lc("waymark colour", "gray")
        case .green: return Lc("waymark colour", "green")
        case .orange: return Lc("waymark colour", "orange")
        case .purple: return Lc("waymark colour", "purple")
        case .red: return Lc("waymark colour", "red")
        case .white: return Lc("waymark colour", "white")
        case .yellow: return Lc("waymark colour", "yellow")
        case .other: return Lc("waymark colour", "other")
        }
    }

    /// The shape's word; a named symbol (`hiker`, `shell`) is its osmc:symbol name.
    static func shape(_ s: OSMCSymbol.Shape) -> String {
        switch s {
        case .other(let n): return TerminalText.clean(n)
        case .bar: return Lc("waymark shape", "bar")
        case .stripe: return Lc("waymark shape", "stripe")
        case .lower: return Lc("waymark shape", "lower")
        case .upper: return Lc("waymark shape", "upper")
        case .left: return Lc("waymark shape", "left")
        case .right: return Lc("waymark shape", "right")
        case .dot: return Lc("waymark shape", "dot")
        case .circle: return Lc("waymark shape", "circle")
        case .cross: return Lc("waymark shape", "cross")
        case .x: return Lc("waymark shape", "x")
        case .triangle: return Lc("waymark shape", "triangle")
        case .diamond: return Lc("waymark shape", "diamond")
        case .rectangle: return Lc("waymark shape", "rectangle")
        case .fill: return Lc("waymark shape", "fill")
        case .round: return Lc("waymark shape", "round")
        case .frame: return Lc("waymark shape", "frame")
        }
    }
}
