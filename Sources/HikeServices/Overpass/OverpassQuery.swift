import Foundation
import TrailCore

/// The Overpass API query `cairn map fetch` sends for an area: the walking-relevant data the
/// map draws and the router walks, as OSM XML, in one request.
///
/// ```
/// [out:xml][timeout:T][maxsize:BYTES][bbox:S,W,N,E];
/// ( way[highway]; way[natural]; way[landuse]; way[waterway]; way[leisure]; way[tourism];
///   way[amenity]; node[natural]; node[tourism]; node[amenity]; node[place]; node[waterway];
///   relation[route=hiking]; relation[type=multipolygon][natural]; relation[type=multipolygon][landuse];
///   relation[type=multipolygon][leisure]; );
/// (._; >;);
/// out body;
/// ```
/// `[timeout:]` and `[maxsize:]` are the server's own limits (Overpass QL, "Settings"), so the
/// server gives up before the client does; `(._; >;)` adds the nodes of the ways and the members
/// of the relations; `out body` writes nodes, ways and relations sorted by id, as an extract.
public struct OverpassQuery: Hashable, Sendable {
    /// The area: south, west, north, east in degrees.
    public var box: BoundingBox
    /// Seconds the server may work on it.
    public var timeout: Int
    /// Bytes the server may use for the answer (and the client accepts).
    public var maxSize: Int

    /// The largest area asked for, km² (the Overpass usage policy asks for modest requests; a
    /// region larger than this is an extract's job: `cairn map import`).
    public static let maximumArea = 1000.0

    public init(box: BoundingBox, timeout: Int, maxSize: Int) {
        self.box = box
        self.timeout = timeout
        self.maxSize = maxSize
    }

    /// The area in km² (spherical, mean radius 6371.0088 km).
    public var areaSquareKilometres: Double {
        let r = 6371.0088, rad = Double.pi / 180
        let lat = (sin(box.maxLatitude * rad) - sin(box.minLatitude * rad))
        return r * r * abs(lat) * abs(box.maxLongitude - box.minLongitude) * rad
    }

    /// The query text (Overpass QL).
    public var text: String {
        let b = [box.minLatitude, box.minLongitude, box.maxLatitude, box.maxLongitude]
            .map { String(format: "%.6f", $0) }.joined(separator: ",")
        return """
            [out:xml][timeout:\(timeout)][maxsize:\(maxSize)][bbox:\(b)];
            (way[highway];way[natural];way[landuse];way[waterway];way[leisure];way[tourism];way[amenity];\
            node[natural];node[tourism];node[amenity];node[place];node[waterway];relation[route=hiking];\
            relation[type=multipolygon][natural];relation[type=multipolygon][landuse];relation[type=multipolygon][leisure];);
            (._;>;);
            out body;
            """
    }

    /// The box around `box` widened by `margin` metres on every side (a local flat
    /// approximation: 111,320 m per degree of latitude, times cos(latitude) for longitude).
    public static func box(around box: BoundingBox, margin: Double) -> BoundingBox {
        let dLat = margin / 111_320
        let mid = (box.minLatitude + box.maxLatitude) / 2 * Double.pi / 180
        let dLon = margin / (111_320 * max(0.01, cos(mid)))
        return BoundingBox(minLatitude: max(-90, box.minLatitude - dLat), minLongitude: max(-180, box.minLongitude - dLon),
                           maxLatitude: min(90, box.maxLatitude + dLat), maxLongitude: min(180, box.maxLongitude + dLon))
    }
}
