import Foundation
import TrailCore

/// One SRTM tile: the 1° × 1° cell whose south-west corner is (`latitude`, `longitude`),
/// named by the SRTM convention `N42E001` (hemisphere letter, two-digit latitude, hemisphere
/// letter, three-digit longitude of the south-west corner; NASA SRTM v2.1 / v3 file naming).
public struct SRTMTileID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The south edge in whole degrees (−90…89).
    public var latitude: Int
    /// The west edge in whole degrees (−180…179).
    public var longitude: Int

    public init(latitude: Int, longitude: Int) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Parses `N42E001` (case-insensitive), nil when `name` is no SRTM tile name or names a
    /// cell outside −90…89 °N, −180…179 °E.
    public init?(name: String) {
        let u = Array(name.uppercased().utf8)
        guard u.count == 7, u[0] == UInt8(ascii: "N") || u[0] == UInt8(ascii: "S"),
              u[3] == UInt8(ascii: "E") || u[3] == UInt8(ascii: "W"),
              u[1...2].allSatisfy({ $0 >= 48 && $0 <= 57 }), u[4...6].allSatisfy({ $0 >= 48 && $0 <= 57 })
        else { return nil }
        let lat = Int(u[1] - 48) * 10 + Int(u[2] - 48)
        let lon = Int(u[4] - 48) * 100 + Int(u[5] - 48) * 10 + Int(u[6] - 48)
        let signedLat = u[0] == UInt8(ascii: "N") ? lat : -lat
        let signedLon = u[3] == UInt8(ascii: "E") ? lon : -lon
        guard (-90...89).contains(signedLat), (-180...179).contains(signedLon) else { return nil }
        self.init(latitude: signedLat, longitude: signedLon)
    }

    /// The tile holding a position: the cell of ⌊latitude⌋, ⌊longitude⌋ (a point on a shared
    /// edge belongs to the tile north or east of it; ``TerrainStore`` also tries the other).
    public static func containing(latitude: Double, longitude: Double) -> SRTMTileID {
        SRTMTileID(latitude: Int(latitude.rounded(.down)), longitude: Int(longitude.rounded(.down)))
    }

    /// The tiles whose area meets the inside of `box`, south-west first (a box whose edge lies
    /// on a whole degree does not take the tile beyond it); latitudes clamped to 90° S–90° N,
    /// longitudes to 180° W–180° E.
    public static func tiles(covering box: BoundingBox) -> [SRTMTileID] {
        func range(_ low: Double, _ high: Double, _ limit: Int) -> ClosedRange<Int> {
            let a = max(-limit, min(limit - 1, Int(low.rounded(.down))))
            let b = max(a, min(limit - 1, Int(high.rounded(.up)) - 1))
            return a...b
        }
        let lats = range(box.minLatitude, box.maxLatitude, 90), lons = range(box.minLongitude, box.maxLongitude, 180)
        return lats.flatMap { lat in lons.map { SRTMTileID(latitude: lat, longitude: $0) } }
    }

    /// `N42E001`.
    public var name: String {
        let ns = latitude >= 0 ? "N" : "S", ew = longitude >= 0 ? "E" : "W"
        return ns + String(format: "%02d", abs(latitude)) + ew + String(format: "%03d", abs(longitude))
    }

    public var description: String { name }

    /// The area the tile covers, edges included (adjacent tiles share their edge samples).
    public var boundingBox: BoundingBox {
        BoundingBox(minLatitude: Double(latitude), minLongitude: Double(longitude),
                    maxLatitude: Double(latitude + 1), maxLongitude: Double(longitude + 1))
    }

    public static func < (a: SRTMTileID, b: SRTMTileID) -> Bool {
        (a.latitude, a.longitude) < (b.latitude, b.longitude)
    }

    /// The tile name a file name stands for: `N42E001.hgt`, `n42e001.HGT`, `N42E001.hgt.zip`
    /// (the part before the first dot), nil when that is no tile name.
    public static func fromFileName(_ fileName: String) -> SRTMTileID? {
        let base = (fileName as NSString).lastPathComponent
        guard let stem = base.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first else { return nil }
        return SRTMTileID(name: String(stem))
    }
}
