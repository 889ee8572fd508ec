import Foundation
import TrailCore
import TrailMap
import TrailStore

/// One hike made ready for drawing: its tracks flattened into one track (every segment kept, in
/// order), the per-point elevation profile and the statistics. Built once when a hike is opened;
/// every widget reads it and none changes it.
///
/// Point indices everywhere in the hike screen (scrub index, range marks) are indices into the
/// flattened points: all segments of all tracks in order, `0..<pointCount`.
public struct PreparedHike: Sendable {
    /// The hike's name as stored (may hold anything a GPX file held: widgets sanitise it when
    /// they draw it).
    public var name: String
    /// Where it came from ("imported", "recorded", "drawn"), or nil when unknown (a GPX file
    /// rendered without importing).
    public var kind: String?
    /// When the walk started (first timestamp), nil for untimed tracks.
    public var startDate: Date?
    /// All tracks' segments, in order, as one track, without stray fixes
    /// (`Track.withoutStrayFixes()`: stray positions left out, stray elevations unknown), so
    /// the map and the profile never draw a jump to 0,0 or a spike.
    public var track: Track
    /// The stray fixes left out of ``track`` (positions and elevations; the stored hike and
    /// its export keep them).
    public var strayFixesLeftOut = 0
    /// Distance, elevation and time of every flattened point.
    public var profile: ElevationProfile
    /// The hike's numbers (`StatisticsCalculator` over all tracks).
    public var statistics: TrackStatistics
    /// Every flattened point's position, `pointCount` elements.
    public var coordinates: [Coordinate]
    /// Every flattened point in Web Mercator unit coordinates (projected once for the map).
    public var unitPoints: [WebMercator.UnitPoint]
    /// What the terrain says (source of the profile, the terrain's line and gain, gaps), nil
    /// when no terrain tile is imported or it was not asked.
    public var terrain: HikeTerrain?
    /// The ground under each stretch (``GroundLine``, measured from the map when the hike was
    /// first opened), nil when no map was consulted or it had nothing under the line.
    public private(set) var ground: GroundLine?
    /// The shares of ``ground`` (nil with it).
    public private(set) var groundShares: GroundShares?
    /// The hike's places with their distances along and off, in walking order (``setPlaces(_:)``).
    public private(set) var places: [PlaceAlongTrail] = []

    /// Prepares a hike from its tracks.
    /// - Parameters:
    ///   - name: the name shown in headings.
    ///   - kind: "imported", "recorded", "drawn", or nil.
    ///   - tracks: the tracks; their segments are concatenated (gaps between segments and
    ///     tracks are never counted as distance).
    ///   - statistics: precomputed statistics (e.g. from the store), or nil to compute them with
    ///     `calculator`.
    ///   - calculator: used for `statistics` when nil, and kept for range statistics.
    public init(name: String, kind: String? = nil, tracks: [Track], statistics: TrackStatistics? = nil,
                calculator: StatisticsCalculator = StatisticsCalculator()) {
        self.name = name
        self.kind = kind
        let whole = Track(name: name, segments: tracks.flatMap(\.segments))
        strayFixesLeftOut = whole.strayFixes().count
        track = strayFixesLeftOut == 0 ? whole : whole.withoutStrayFixes()
        let segments = track.segments
        profile = ElevationProfile(track: track)
        let stats = statistics ?? calculator.statistics(for: tracks)
        self.statistics = stats
        startDate = stats.startTime
        var coords: [Coordinate] = []
        coords.reserveCapacity(track.pointCount)
        for s in segments { for p in s.points { coords.append(p.coordinate) } }
        coordinates = coords
        unitPoints = coords.map(WebMercator.unitPoint)
    }

    /// Prepares a stored hike (statistics as stored).
    public init(hike: Hike) {
        self.init(name: hike.summary.name, kind: hike.summary.kind.rawValue, tracks: hike.tracks,
                  statistics: hike.summary.statistics)
        if let s = hike.summary.startedAt { startDate = s }
    }

    /// Sets the ground under the line (a survey of these points, see ``GroundMap/survey(segments:)``)
    /// and its shares; a survey with no mapped stretch, or of another point count, is dropped.
    public mutating func setGround(_ line: GroundLine?) {
        guard let line, line.tags.count == pointCount, line.hasMappedStretch else {
            ground = nil
            groundShares = nil
            return
        }
        ground = line
        groundShares = GroundShares(line: line, segments: segmentCoordinates)
    }

    /// The coordinates of each segment, in order (what ``GroundMap/survey(segments:)`` measures).
    public var segmentCoordinates: [[Coordinate]] { track.segments.map { $0.points.map(\.coordinate) } }
    /// The hike's line for nearest-point questions (the profile's distances, gaps left out).
    public var proximity: TrailProximity {
        TrailProximity(coordinates: coordinates, distances: profile.distances, segmentStarts: profile.segmentStartIndices)
    }

    /// Sets the hike's places, placed against its line (``TrailProximity``).
    public mutating func setPlaces(_ list: [Place]) {
        let line = proximity
        places = list.map { p in
            let n = line.nearest(to: p.coordinate)
            return PlaceAlongTrail(place: p, distanceAlong: n?.along ?? 0, distanceOff: n?.off ?? 0, pointIndex: n?.index ?? 0)
        }.sorted(by: TrailProximity.walkingOrder)
    }

    /// Number of flattened points.
    public var pointCount: Int { coordinates.count }

    /// True when at least one point has an elevation.
    public var hasElevation: Bool { profile.elevations.contains { $0 != nil } }

    /// True when at least one point has a timestamp.
    public var hasTimes: Bool { profile.times.contains { $0 != nil } }

    /// `index` clamped to the valid point indices (0 for an empty hike).
    public func clampedIndex(_ index: Int) -> Int { min(max(0, index), max(0, pointCount - 1)) }

    /// Flattened index of the first point of each non-empty segment.
    public var segmentStartIndices: [Int] { profile.segmentStartIndices }

    /// The grade at every point over ±50 m (``ProfileGrade/grade(in:at:halfWindow:)``), for
    /// colouring the route by slope; nil where unknown.
    public func pointGrades() -> [Double?] {
        (0..<pointCount).map { ProfileGrade.grade(in: profile, at: $0) }
    }

    /// The point index at `fraction` (0...1, clamped) of the hike's distance: the first point
    /// whose distance along is at least `fraction · length` (what `--scrub` means).
    public func index(atFraction fraction: Double) -> Int {
        guard pointCount > 0 else { return 0 }
        let f = fraction.isFinite ? min(1, max(0, fraction)) : 0
        let target = f * profile.length
        let d = profile.distances
        var lo = 0, hi = d.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if d[mid] < target { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
