import Localization
import Foundation
import HikeServices
import OverpassSupport
import TrailCore
import TrailMap
import TrailStore

/// `cairn map fetch`: the map data of an area from an Overpass API server, imported as one
/// extract (see ``OverpassQuery`` for the query, ``OverpassHelper`` and the `cairn-overpass` program for the request and its politeness).
enum MapFetchCommand: Command {
    static let name = "map fetch"
    static let summary = N("Fetch the map data of an area (around a hike, or a box) from an Overpass API server")
    static let about = N("Asks an Overpass API server for the walking-relevant OpenStreetMap data of an area (paths,\ntracks and roads, water, forest and land use, peaks, huts, springs and other places,\nhiking routes) and imports the answer as one extract, like `cairn map import`: one\ntransaction, so a failed or partial answer adds nothing. The only command that uses the\nnetwork; browsing never does.\nPolitely, as the Overpass usage policy asks: a User-Agent naming Cairn and its version,\none request at a time (a lock in the cache folder holds other `cairn map fetch` back), an\nanswer of 429 or 503/504 waited out as its Retry-After says (10 s without one) and tried\nagain, three tries in all; the server's own [timeout:] and [maxsize:] set in the query,\nareas up to 1,000 km², and every complete answer kept in\n$XDG_CACHE_HOME/cairn/overpass (~/.cache/cairn/overpass) so the same area is never\nfetched twice (--refresh asks again).\nThe query: [out:xml][timeout:T][maxsize:B][bbox:S,W,N,E]; (way[highway]; way[natural];\nway[landuse]; way[waterway]; way[leisure]; way[tourism]; way[amenity]; node[natural];\nnode[tourism]; node[amenity]; node[place]; node[waterway]; relation[route=hiking];\nmultipolygon relations with natural, landuse or leisure); (._; >;); out body;")
    static let bbox = OptionSpec("--bbox", value: "S,W,N,E", help: N("the area: south, west, north, east in degrees"))
    static let around = OptionSpec("--around", value: "ID", kind: .hikeID, help: N("the area of a stored hike, widened by --margin"))
    static let margin = OptionSpec("--margin", value: "DIST", defaultValue: "2km",
                                   help: N("how far around the hike (m, km or ft; up to 10 km)"))
    static let defaultEndpoint = "https://overpass-api.de/api/interpreter"
    static let endpoint = OptionSpec("--endpoint", value: "URL", defaultValue: defaultEndpoint,
                                     help: N("the Overpass API interpreter to ask (the main public instance by default)"))
    static let timeout = OptionSpec("--timeout", value: "SECONDS", defaultValue: "180",
                                    help: N("the [timeout:] asked of the server; Cairn waits 5 s longer for the whole answer"))
    static let maxSize = OptionSpec("--max-size", value: "MB", defaultValue: "100",
                                    help: N("the largest answer accepted, megabytes (also the server's [maxsize:])"))
    static let refresh = OptionSpec("--refresh", help: N("ask the server again even when the answer is in the cache"))
    static let options: [OptionSpec] = [bbox, around, margin, endpoint, timeout, maxSize, refresh, .map, .store]
    static let notes = N("Examples:\n  cairn map fetch --around k3v9qa --margin 3km\n  cairn map fetch --bbox 42.50,1.50,42.56,1.58 --endpoint https://overpass.kumi.systems/api/interpreter\n\nMap data © OpenStreetMap contributors, ODbL 1.0.")

    static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let box = try area(args, context)
        guard let seconds = Int(args.value(Self.timeout) ?? "180"), (1...3600).contains(seconds) else {
            throw CLIError.usage(L("--timeout takes whole seconds from 1 to 3600"))
        }
        guard let mb = Int(args.value(Self.maxSize) ?? "100"), (1...2000).contains(mb) else {
            throw CLIError.usage(L("--max-size takes megabytes from 1 to 2000"))
        }
        let endpointText = args.value(Self.endpoint) ?? defaultEndpoint
        guard let url = URL(string: endpointText), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            throw CLIError.usage(L("--endpoint takes an http or https URL, not '%s'", TerminalText.clean(endpointText)))
        }
        let query = OverpassQuery(box: box, timeout: seconds, maxSize: mb * 1_000_000)
        let area = query.areaSquareKilometres
        guard area <= OverpassQuery.maximumArea else {
            throw CLIError.failure(L("the area is %s km², more than the %s km² asked of a public server at once; ask for a smaller one, or import an extract with 'cairn map import'",
                                     String(format: "%.0f", area), String(format: "%.0f", OverpassQuery.maximumArea)))
        }
        let storePath = try MapCommandSupport.storePath(args, context)
        let cache = OverpassCache(directory: OverpassCache.directory(context.environment), endpoint: endpointText, query: query)
        let (fetched, lock): (Bool, OverpassCache.Lock)
        do {
            (fetched, lock) = try OverpassFetch.answer(query, from: endpointText, cache: cache, refresh: args.has(Self.refresh), userAgent: userAgent,
                asking: {
                    context.stderr.write("cairn map fetch: " + L("asking %s for %s km² (up to %d s)", TerminalText.clean(url.host ?? endpointText),
                                                                   String(format: "%.1f", area), seconds) + "\n")
                }, note: { context.stderr.write("cairn map fetch: \(TerminalText.clean($0))\n") })
        } catch let e as OverpassFetch.Failure {
            throw CLIError.failure(e.description)
        }
        defer { lock.release() }
        if !fetched {
            context.stderr.write("cairn map fetch: " + L("the answer for this area is in the cache (%s)", TerminalText.clean(cache.answerPath)) + "\n")
        }
        let store: MapStore
        do { store = try MapStore(path: storePath) } catch {
            throw CLIError.failure(L("cannot open the map store: %s", TerminalText.clean("\(error)")))
        }
        if !fetched, (try? store.imports().contains { $0.file == cache.answerPath }) == true {
            context.stdout.write(L("the map already holds this area (%s); --refresh fetches it again",
                                   TerminalText.clean((cache.answerPath as NSString).lastPathComponent)) + "\n")
            return 0
        }
        do {
            let report = try store.importOSM(path: cache.answerPath, importedAt: context.now())
            context.stdout.write(MapImportCommand.describe(report, shown: (cache.answerPath as NSString).lastPathComponent))
        } catch {
            let reason = (error as? OSMReadError)?.reason ?? "\(error)"
            throw CLIError.failure(L("the server's answer cannot be imported: %s; nothing was imported", TerminalText.clean(reason)))
        }
        return 0
    }

    /// "Cairn/0.1.0 (terminal trail viewer; map fetch)".
    static var userAgent: String { "Cairn/\(CairnCLI.version) (terminal trail viewer; cairn map fetch)" }

    /// The box of `--bbox`, or of `--around` widened by `--margin`.
    static func area(_ args: ParsedArguments, _ context: CommandContext) throws -> BoundingBox {
        switch (args.value(Self.bbox), args.value(Self.around)) {
        case (nil, nil): throw CLIError.usage(L("give the area: --around ID or --bbox S,W,N,E"))
        case (.some, .some): throw CLIError.usage(L("give either --around or --bbox, not both"))
        case (let text?, nil):
            let v = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard v.count == 4, let s = v[0], let w = v[1], let n = v[2], let e = v[3], (-90...90).contains(s),
                  (-90...90).contains(n), (-180...180).contains(w), (-180...180).contains(e), s < n, w < e else {
                throw CLIError.usage(L("--bbox takes south,west,north,east in degrees (south < north, west < east), not '%s'", TerminalText.clean(text)))
            }
            return BoundingBox(minLatitude: s, minLongitude: w, maxLatitude: n, maxLongitude: e)
        case (nil, let id?):
            let margin = try LiveOptions.parseDistance(args.value(Self.margin) ?? "2km", option: "--margin")
            let store = try StoreAccess.open(StoreAccess.path(args, context), context, create: false)
            let hike = try StoreAccess.ids([id], in: store)[0]
            guard let b = try store.summary(hike).statistics.boundingBox else {
                throw CLIError.failure(L("hike %s has no points to fetch the map around", hike))
            }
            return OverpassQuery.box(around: b, margin: margin)
        }
    }
}
