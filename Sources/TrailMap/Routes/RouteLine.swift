import Foundation
import Localization
import TrailCore

/// A waymarked route's member ways assembled into one ordered line.
///
/// Rules (DECISIONS 291):
/// - Ways are taken in the relation's member order. Members with a side role (`alternative`,
///   `excursion`, `approach`, `connection`) are not part of the main line; nodes and relation
///   members never are.
/// - `forward` keeps the way's direction, `backward` reverses it; a way without a role is turned
///   so that it continues from the end of the line so far (the first one so that its end is
///   nearest the next way).
/// - Two ways join when the end of one lies within ``joinTolerance`` (1 m: they share a node)
///   of the start of the next. Otherwise the line has a **gap**: it goes on at the next way's
///   start, and the gap is listed with its place and straight length — never bridged silently.
/// - Roles apply only when the stored geometry has one line per present way member (a way
///   clipped at the extract's edge has several); otherwise every way is oriented by continuity
///   and ``rolesApplied`` is false.
public struct RouteLine: Sendable, Hashable {
    /// Ends closer than this join without a gap, metres.
    public static let joinTolerance = 1.0

    /// A jump in the line between two members that do not meet.
    public struct Gap: Sendable, Hashable {
        /// Distance along the line (bridges not counted) where the gap starts, metres.
        public var along: Double
        /// Straight (geodesic) length of the jump, metres.
        public var length: Double
        /// The two ends.
        public var from: Coordinate
        public var to: Coordinate
    }

    /// The stretches between gaps, in order (each one joined ways).
    public var runs: [[Coordinate]]
    /// The gaps between consecutive runs (`gaps.count == runs.count - 1`).
    public var gaps: [Gap]
    /// Number of ways in the main line, and of ways left out as side branches.
    public var wayCount: Int
    public var sideWayCount: Int
    /// Whether the members' roles were used (see the type's notes).
    public var rolesApplied: Bool

    /// Length of the runs (gaps not counted), metres (Vincenty on WGS84, as ``Polyline``).
    public let length: Double
    /// All points, runs one after another (a gap is the jump between a run's last and the next's first point).
    public var coordinates: [Coordinate] { runs.flatMap { $0 } }

    static let sideRoles: Set<String> = ["alternative", "excursion", "approach", "connection"]

    /// Assembles `route`'s present member ways.
    public init(route: HikingRoute) {
        let presentWays = route.members.filter { $0.type == .way && $0.isPresent }
        let paired = presentWays.count == route.parts.count
        rolesApplied = paired
        var lines: [(points: [Coordinate], role: String)] = []
        var side = 0
        for (i, part) in route.parts.enumerated() where part.count >= 2 {
            let role = paired ? presentWays[i].role.lowercased() : ""
            if Self.sideRoles.contains(role) { side += 1; continue }
            lines.append((part, role))
        }
        sideWayCount = side
        wayCount = lines.count
        var runs: [[Coordinate]] = []
        var gaps: [Gap] = []
        var current: [Coordinate] = []
        var along = 0.0
        for (i, line) in lines.enumerated() {
            var pts = line.points
            switch line.role {
            case "forward": break
            case "backward": pts.reverse()
            default:
                if let end = current.last {
                    if end.distance(to: pts[pts.count - 1]) < end.distance(to: pts[0]) { pts.reverse() }
                } else if i + 1 < lines.count {
                    let next = lines[i + 1].points
                    let dEnd = min(pts[pts.count - 1].distance(to: next[0]), pts[pts.count - 1].distance(to: next[next.count - 1]))
                    let dStart = min(pts[0].distance(to: next[0]), pts[0].distance(to: next[next.count - 1]))
                    if dStart < dEnd { pts.reverse() }
                }
            }
            if let end = current.last {
                let jump = end.distance(to: pts[0])
                if jump <= Self.joinTolerance {
                    current.append(contentsOf: pts.dropFirst())
                } else {
                    along += Polyline(coordinates: current).length
                    gaps.append(Gap(along: along, length: jump, from: end, to: pts[0]))
                    runs.append(current)
                    current = pts
                }
            } else {
                current = pts
            }
        }
        if !current.isEmpty { runs.append(current) }
        length = along + (current.isEmpty ? 0 : Polyline(coordinates: current).length)
        self.runs = runs
        self.gaps = gaps
    }
}

/// What a listing says about one waymarked route (`cairn routes`, the Routes screen).
public struct RouteSummary: Sendable, Hashable, Identifiable {
    /// Routes longer than this are long-distance paths, left out of listings unless asked for:
    /// 30 km, a long day's walk (DECISIONS 292).
    public static let dayWalk = 30_000.0

    public var route: HikingRoute
    public var line: RouteLine
    public var symbol: OSMCSymbol?
    /// Metres from the point asked about to the nearest point of the line (0 when on it).
    public var distanceFromPoint: Double?

    public var id: Int64 { route.id }

    public init(route: HikingRoute, near point: Coordinate? = nil) {
        self.route = route
        line = RouteLine(route: route)
        symbol = OSMCSymbol(route.tags["osmc:symbol"])
        distanceFromPoint = point.map { p in line.coordinates.lazy.map { Geodesy.sphericalDistance(from: p, to: $0) }.min() ?? .infinity }
    }

    /// The name, else the ref, else "relation N".
    public var title: String {
        if let n = route.name, !n.isEmpty { return n }
        if let r = route.ref, !r.isEmpty { return r }
        // TRANSLATORS: the title of an OpenStreetMap route relation without a name or ref.
        return L("relation %d", route.id)
    }

    /// `lwn`… as a word: local, regional, national, international (nil when untagged).
    public var network: String? {
        switch route.tags["network"] {
        case "lwn": return "local"
        case "rwn": return "regional"
        case "nwn": return "national"
        case "iwn": return "international"
        case let other?: return other
        case nil: return nil
        }
    }

    /// ``network`` in the user's language (``network`` itself is for JSON): local, regional,
    /// national, international translated, another tag value as it is.
    public var networkWord: String? {
        switch route.tags["network"] {
        // TRANSLATORS: a route network (OpenStreetMap lwn), shown as "local network".
        case "lwn": return L("local")
        // TRANSLATORS: a route network (OpenStreetMap rwn), shown as "regional network".
        case "rwn": return L("regional")
        // TRANSLATORS: a route network (OpenStreetMap nwn), shown as "national network".
        case "nwn": return L("national")
        // TRANSLATORS: a route network (OpenStreetMap iwn), shown as "international network".
        case "iwn": return L("international")
        case let other?: return other
        case nil: return nil
        }
    }

    /// The `distance` tag in metres (the whole route's stated length, often beyond the extract), nil when absent or unreadable.
    public var taggedDistance: Double? {
        guard let raw = route.tags["distance"]?.trimmingCharacters(in: .whitespaces).lowercased() else { return nil }
        let number = raw.prefix { $0.isNumber || $0 == "." || $0 == "," }.replacingOccurrences(of: ",", with: ".")
        guard let v = Double(number) else { return nil }
        let unit = raw.dropFirst(number.count).trimmingCharacters(in: .whitespaces)
        switch unit {
        case "", "km": return v * 1000
        case "m": return v
        case "mi": return v * 1609.344
        default: return nil
        }
    }

    /// Length of the line in the map store (gaps not counted), metres.
    public var length: Double { line.length }

    /// Longer than ``dayWalk`` by the map's line or by the `distance` tag.
    public var isLongDistance: Bool { max(length, taggedDistance ?? 0) > Self.dayWalk }

    /// The relation's page on openstreetmap.org, where anyone can correct it.
    public var osmURL: String { "https://www.openstreetmap.org/relation/\(route.id)" }
}

extension MapStore {
    /// The routes whose line touches `box`, summarised, nearest to `point` first (else by title).
    /// Long-distance paths (``RouteSummary/isLongDistance``) only with `includeLongDistance`.
    /// A stage without `osmc:symbol` (or `network`) takes its super-route's (the relation that
    /// lists it as a member): stages of the GR 11 are often tagged only on the whole path.
    /// With `radius` (metres) and `point`, only routes whose nearest line point is within
    /// `radius` of `point` (the box is a prefilter; its corners reach √2 × radius).
    /// - Throws: ``SQLiteError``.
    public func routeSummaries(in box: BoundingBox, near point: Coordinate? = nil, within radius: Double? = nil,
                               includeLongDistance: Bool = false) throws -> [RouteSummary] {
        let all = try routes(in: box).filter { $0.bounds != nil }.map { r in
            var route = r
            for key in ["osmc:symbol", "network"] where route.tags[key] == nil {
                if let inherited = try parentTag(key, of: r.id) {
                    route = HikingRoute(id: r.id, route: r.route, tags: r.tags.merging([key: inherited]) { a, _ in a },
                                        members: r.members, isComplete: r.isComplete, parts: r.parts, bounds: r.bounds)
                }
            }
            return RouteSummary(route: route, near: point)
        }
        return all.filter { includeLongDistance || !$0.isLongDistance }
            .filter { r in radius.map { (r.distanceFromPoint ?? 0) <= $0 } ?? true }
            .sorted { a, b in
                let da = a.distanceFromPoint ?? 0, db = b.distanceFromPoint ?? 0
                return da != db ? da < db : (a.title, a.id) < (b.title, b.id)
            }
    }
}

extension MapStore {
    /// `key`'s value on the first stored relation (lowest id) that has route `id` as a member, up to two levels.
    func parentTag(_ key: String, of id: Int64, depth: Int = 2) throws -> String? {
        guard depth > 0 else { return nil }
        let parents = try db.query("SELECT DISTINCT route_id FROM route_members WHERE type = ? AND ref = ? ORDER BY route_id",
                                   [.integer(Int64(OSMElementType.relation.rawValue)), .integer(id)]) { $0.int64(0) }
        for p in parents {
            let tags = try db.query("SELECT tags FROM routes WHERE id = ?", [.integer(p)]) { st in
                st.withBlob(0) { TagsJSON.decode($0) } ?? [:]
            }
            if let v = tags.first?[key] { return v }
            if let v = try parentTag(key, of: p, depth: depth - 1) { return v }
        }
        return nil
    }
}

extension RouteSummary {
    /// The route as a hike to store: one track with one segment per run (so a gap breaks the
    /// profile and the statistics do not walk across it), a waypoint at each gap saying how long
    /// it is, the relation's address as the track's link and source "OpenStreetMap"; kind
    /// ``HikeKind/drawn`` (a planned line) and no time (undated).
    /// - Parameters:
    ///   - elevate: gives the line terrain heights (``TerrainElevation``'s planned track) where
    ///     tiles exist; nil keeps it without elevation.
    public func hike(calculator: StatisticsCalculator = StatisticsCalculator(),
                     elevate: ((Track) -> Track)? = nil) -> NewHike {
        let segments = line.runs.map { TrackSegment(points: $0.map { Trackpoint($0) }) }
        let link = Link(href: osmURL, text: L("OpenStreetMap relation %d", route.id))
        var about: [String] = []
        if let r = route.ref, r != title { about.append(r) }
        if let n = networkWord { about.append(L("%s network", n)) }
        if let f = route.tags["from"], let t = route.tags["to"] { about.append(L("from %s to %s", f, t)) }
        if !line.gaps.isEmpty {
            about.append(Ln("%d gap between members not in the map", "%d gaps between members not in the map", line.gaps.count, line.gaps.count))
        }
        let description = (about + [L("waymarked route from OpenStreetMap (© OpenStreetMap contributors, ODbL)")]).joined(separator: "; ")
        let plain = Track(name: title, description: description, source: "OpenStreetMap", links: [link], type: "hiking",
                          segments: segments)
        let track = elevate?(plain) ?? plain
        let waypoints = line.gaps.map { g in
            Waypoint(latitude: g.from.latitude, longitude: g.from.longitude,
                     name: L("Gap of %d m in the route", Int(g.length.rounded())), description: L("members missing from the map"), type: "gap")
        }
        // A planned line, not a walk: the kind of drawn lines (planned terrain heights, editable
        // as a drawing) and no time, so no start is shown (the moment it was opened is not one).
        return NewHike(name: title, description: description, kind: .drawn, sourceFileName: nil,
                       metadata: HikeMetadata(gpxVersion: "1.1", creator: "Cairn", links: [link]),
                       tracks: [track], waypoints: waypoints, statistics: calculator.statistics(for: [track]))
    }
}
