import Foundation

/// A place on or near a hike: a peak, a spring, a hut from OpenStreetMap, a waypoint of an
/// imported file, or a place of the hiker's own.
///
/// Stored as one of the hike's waypoints (the GPX `wpt` it is exported as); ``id`` is the
/// store's row id once stored. An OpenStreetMap place keeps its ``osmID`` and the tags a
/// hiker cares about (``hikerTags``); tags and names are stored as OSM has them, so every
/// view sanitises them before drawing.
public struct Place: Hashable, Sendable, Codable {
    /// The hike store's id of the place (nil until stored, and for search results).
    public var id: Int64?
    public var kind: PlaceKind
    public var name: String?
    public var coordinate: Coordinate
    /// Metres above sea level: the tagged `ele` of an OSM place, a waypoint's `<ele>`, or the
    /// terrain's height there (``elevationFromTerrain``) when neither gives one.
    public var elevation: Double?
    /// True when ``elevation`` is the terrain model's (SRTM, bilinear) rather than tagged or
    /// from a file: lists mark it, the store keeps the mark (`waypoints.elevation_source`).
    public var elevationFromTerrain = false
    /// The hiker's note (GPX `<desc>`).
    public var note: String?
    /// "node/123", "way/456", "relation/789" for a place from OpenStreetMap; nil for the rest.
    public var osmID: String?
    /// The OSM tags worth showing (see ``Place/hikerTagKeys``), key → value as tagged.
    public var tags: [String: String]

    public init(id: Int64? = nil, kind: PlaceKind, name: String?, coordinate: Coordinate,
                elevation: Double? = nil, note: String? = nil, osmID: String? = nil, tags: [String: String] = [:],
                elevationFromTerrain: Bool = false) {
        self.id = id
        self.kind = kind
        self.name = name
        self.coordinate = coordinate
        self.elevation = elevation
        self.note = note
        self.osmID = osmID
        self.tags = tags
        self.elevationFromTerrain = elevationFromTerrain && elevation != nil
    }

    /// The place with the terrain's height when it has none of its own (tagged, or from a
    /// file), rounded to 0.1 m and marked ``elevationFromTerrain``; `height` is the terrain
    /// model's at ``coordinate`` (metres), nil where there is no tile.
    public func withTerrainHeight(_ height: (Coordinate) -> Double?) -> Place {
        guard elevation == nil, let h = height(coordinate), h.isFinite else { return self }
        var p = self
        p.elevation = (h * 10).rounded() / 10  // decimetres: SRTM heights are whole metres
        p.elevationFromTerrain = true
        return p
    }

    /// True for a place that did not come from OpenStreetMap (the hiker's own or a file's).
    public var isOwn: Bool { osmID == nil }

    /// The OSM keys shown with a place, in the order shown: what a hiker asks of a hut or a
    /// spring before walking to it.
    public static let hikerTagKeys = ["ele", "opening_hours", "drinking_water", "capacity", "fee",
                                      "website", "contact:website", "operator", "seasonal", "shelter_type"]

    /// The openstreetmap.org page of an OSM place.
    public var osmURL: String? { osmID.map { "https://www.openstreetmap.org/\($0)" } }

    /// The place as a GPX waypoint: name, `ele`, `desc` (the note), `type` (the kind's raw
    /// value), `sym` (its Garmin symbol), and for an OSM place a link to its openstreetmap.org
    /// page and `src` "OpenStreetMap", so an import of the file gets the OSM id back.
    public var waypoint: Waypoint {
        Waypoint(latitude: coordinate.latitude, longitude: coordinate.longitude, elevation: elevation,
                 name: name, description: note, source: osmID == nil ? nil : "OpenStreetMap",
                 links: osmURL.map { [Link(href: $0, text: "OpenStreetMap")] } ?? [],
                 symbol: kind.gpxSymbol, type: kind.rawValue)
    }

    /// The place a GPX waypoint stands for: kind from `type`/`sym` (``PlaceKind/init(gpxType:symbol:)``),
    /// note from `desc` (else `cmt`), OSM id from a link to an openstreetmap.org object page.
    public init(waypoint w: Waypoint, id: Int64? = nil) {
        self.init(id: id, kind: PlaceKind(gpxType: w.type, symbol: w.symbol), name: w.name,
                  coordinate: w.coordinate, elevation: w.elevation, note: w.description ?? w.comment,
                  osmID: w.links.lazy.compactMap { Place.osmID(fromURL: $0.href) }.first)
    }

    /// "node/123" from "https://www.openstreetmap.org/node/123" (http, www. optional, a
    /// trailing slash or query allowed); nil for any other address.
    public static func osmID(fromURL url: String) -> String? {
        var s = Substring(url)
        for prefix in ["https://", "http://"] where s.hasPrefix(prefix) { s = s.dropFirst(prefix.count) }
        if s.hasPrefix("www.") { s = s.dropFirst(4) }
        guard s.hasPrefix("openstreetmap.org/") else { return nil }
        s = s.dropFirst("openstreetmap.org/".count)
        let parts = s.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, ["node", "way", "relation"].contains(parts[0]) else { return nil }
        let digits = parts[1].prefix { $0.isNumber || $0 == "-" }
        guard let n = Int64(digits) else { return nil }
        return "\(parts[0])/\(n)"
    }
}

/// A place with where it lies against a trail: how far along the trail its nearest point is,
/// and how far off the trail the place is.
public struct PlaceAlongTrail: Hashable, Sendable {
    public var place: Place
    /// Metres from the trail's start to the trail's point nearest the place (the elevation
    /// profile's distance axis: gaps between segments are not counted).
    public var distanceAlong: Double
    /// Metres from the place to that nearest point (geodesic, WGS84).
    public var distanceOff: Double
    /// The flattened point index the nearest point lies after (its segment starts there).
    public var pointIndex: Int

    public init(place: Place, distanceAlong: Double, distanceOff: Double, pointIndex: Int) {
        self.place = place
        self.distanceAlong = distanceAlong
        self.distanceOff = distanceOff
        self.pointIndex = pointIndex
    }
}
