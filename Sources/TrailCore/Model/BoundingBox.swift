import Foundation

/// An axis-aligned latitude/longitude box, in degrees. Does not handle the antimeridian
/// (hikes that cross it are split by no reader we know of; a box across it reads as the
/// whole width).
public struct BoundingBox: Hashable, Sendable, Codable {
    public var minLatitude: Double
    public var minLongitude: Double
    public var maxLatitude: Double
    public var maxLongitude: Double

    public init(minLatitude: Double, minLongitude: Double, maxLatitude: Double, maxLongitude: Double) {
        self.minLatitude = minLatitude
        self.minLongitude = minLongitude
        self.maxLatitude = maxLatitude
        self.maxLongitude = maxLongitude
    }

    /// A degenerate box around one coordinate.
    public init(_ c: Coordinate) {
        self.init(minLatitude: c.latitude, minLongitude: c.longitude,
                  maxLatitude: c.latitude, maxLongitude: c.longitude)
    }

    /// The smallest box holding all `coordinates`, or nil when there are none.
    public init?<S: Sequence>(covering coordinates: S) where S.Element == Coordinate {
        var it = coordinates.makeIterator()
        guard let first = it.next() else { return nil }
        var box = BoundingBox(first)
        while let c = it.next() { box.extend(c) }
        self = box
    }

    /// Grows the box to include `c`.
    public mutating func extend(_ c: Coordinate) {
        minLatitude = Swift.min(minLatitude, c.latitude)
        maxLatitude = Swift.max(maxLatitude, c.latitude)
        minLongitude = Swift.min(minLongitude, c.longitude)
        maxLongitude = Swift.max(maxLongitude, c.longitude)
    }

    /// Grows the box to include `other`.
    public mutating func extend(_ other: BoundingBox) {
        minLatitude = Swift.min(minLatitude, other.minLatitude)
        maxLatitude = Swift.max(maxLatitude, other.maxLatitude)
        minLongitude = Swift.min(minLongitude, other.minLongitude)
        maxLongitude = Swift.max(maxLongitude, other.maxLongitude)
    }

    /// True when `c` lies inside or on the edge.
    public func contains(_ c: Coordinate) -> Bool {
        c.latitude >= minLatitude && c.latitude <= maxLatitude
            && c.longitude >= minLongitude && c.longitude <= maxLongitude
    }

    /// True when the boxes share any point.
    public func intersects(_ o: BoundingBox) -> Bool {
        !(o.minLatitude > maxLatitude || o.maxLatitude < minLatitude
            || o.minLongitude > maxLongitude || o.maxLongitude < minLongitude)
    }

    /// The centre, in degrees (arithmetic mean of the edges).
    public var center: Coordinate {
        Coordinate(latitude: (minLatitude + maxLatitude) / 2, longitude: (minLongitude + maxLongitude) / 2)
    }
}
