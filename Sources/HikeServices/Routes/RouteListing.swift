import TrailCore
import TrailMap

/// The waymarked routes the map store has in an area, as `cairn routes` and the Routes screen
/// list them: nearest first when a point is given, the long-distance paths (longer than a day's
/// walk, ``RouteSummary/dayWalk``) left out unless asked for, and counted.
public struct RouteListing: Sendable {
    /// The routes shown, in the map's order (nearest first around a point).
    public var shown: [RouteSummary]
    /// Long-distance paths in the area left out of ``shown``.
    public var hiddenLongDistance: Int

    /// Every route touching `box` (nil: the whole map), within `radius` metres of `point` when
    /// both are given.
    /// - Throws: the map store's errors.
    public init(map: MapStore, box: BoundingBox?, near point: Coordinate?, within radius: Double? = nil,
                includeLongDistance: Bool) throws {
        let world = BoundingBox(minLatitude: -90, minLongitude: -180, maxLatitude: 90, maxLongitude: 180)
        let all = try map.routeSummaries(in: box ?? world, near: point, within: radius, includeLongDistance: true)
        shown = all.filter { includeLongDistance || !$0.isLongDistance }
        hiddenLongDistance = all.count - shown.count
    }
}
