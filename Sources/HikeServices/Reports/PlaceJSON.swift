import Foundation
import TrailCore

/// One place of `cairn places --json`: distances along and off the line in metres to the
/// decimetre, where the height comes from ("terrain", "tagged" in the map, or the
/// "waypoint"'s own), and the map's tags.
public struct PlaceJSON: Encodable {
    public let along: Double?, off: Double?, kind: String, name: String?, latitude: Double, longitude: Double
    public let elevation: Double?, elevationSource: String?, osmId: String?, placeId: Int64?, note: String?
    public let tags: [String: String]

    public init(_ r: ListedPlace) {
        let round1 = { (v: Double) in (v * 10).rounded() / 10 }
        along = r.along.map(round1)
        off = r.off.map(round1)
        kind = r.place.kind.rawValue
        name = r.place.name
        latitude = r.place.coordinate.latitude
        longitude = r.place.coordinate.longitude
        elevation = r.place.elevation
        elevationSource = r.place.elevation == nil ? nil : (r.place.elevationFromTerrain ? "terrain" : r.place.osmID != nil ? "tagged" : "waypoint")
        osmId = r.place.osmID
        placeId = r.place.id
        note = r.place.note
        tags = r.place.tags
    }
}
