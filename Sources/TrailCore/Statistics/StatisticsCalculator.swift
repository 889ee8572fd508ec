import Foundation

/// Computes ``TrackStatistics`` for a segment, a track, a hike (several tracks) or a range of a
/// track, in one pass over the points without allocating per point.
///
/// The rules, with the thresholds of ``StatisticsConfiguration`` (defaults in brackets):
/// - **Distance**: WGS84 geodesic (Vincenty 1975, see ``Geodesy``) summed within segments;
///   the gap between two segments is not distance.
/// - **Elapsed time**: time only moves forward. Each timestamped point adds
///   max(0, t − latest earlier timestamp of its segment), so pairs with dt ≤ 0 (duplicate or
///   backwards timestamps) add no time and give no speed sample, while their distance still
///   counts. So elapsed = latest − first timestamp of each segment: last − first for ordered
///   timestamps, and a backwards glitch (or a receiver's 1901 sentinel time on the last
///   point) costs nothing. Points without a timestamp add distance but no time.
///   `startTime` is the first timestamp, `endTime` the latest (over segments: the earliest
///   start and the latest end).
/// - **Moving time**: timestamped points are cut into consecutive chunks of at least
///   `movingChunkDuration` (60 s); a single pair that long is a chunk of its own. A chunk is
///   moving when its straight-line displacement / duration ≥ `stoppedSpeedThreshold`
///   (0.25 m/s). Moving chunks add their duration to the moving time and their path length to
///   the moving distance; moving average = moving distance / moving time. Compare gpxpy's
///   `get_moving_data`, which applies a 1 km/h threshold to every pair; per-pair speeds at
///   1 Hz are mostly GPS noise, hence chunks.
/// - **Max speed**: window speed = displacement / duration over the shortest run of points
///   ending at each timestamped point that lasts ≥ `speedWindowDuration` (20 s); max speed =
///   the maximum of the running median of `speedMedianSpan` (5) consecutive window speeds
///   (median of all windows when fewer). One spike point touches at most two windows.
/// - **Elevation gain/loss**: turning-point hysteresis of `elevationThreshold` (5 m), see
///   ``StatisticsConfiguration/elevationThreshold``; restarts at every segment. Points without
///   elevation are skipped; min/max elevation are nil when no point has one (never 0).
/// - **Steepest grade**: signed (e_i − e_j) / (d_i − d_j) for each elevation point i and the
///   latest elevation point j at least `gradeWindowDistance` (100 m) behind; the largest in
///   magnitude.
/// - **Estimated walking time**: DIN 33466 per climb/descent section (4 km/h, 300 m/h up,
///   500 m/h down, max + min/2); see ``estimatedWalkingTime(_:)``.
public struct StatisticsCalculator: Sendable {
    /// The thresholds in use.
    public var configuration: StatisticsConfiguration

    public init(configuration: StatisticsConfiguration = .standard) {
        self.configuration = configuration
    }

    /// Statistics of one segment (`segmentCount` 1, also when it is empty).
    public func statistics(for segment: TrackSegment) -> TrackStatistics {
        var scratch: [Double] = []
        return statistics(of: segment.points[...], scratch: &scratch)
    }

    /// Statistics of one track: its segments computed separately and merged.
    public func statistics(for track: Track) -> TrackStatistics {
        var scratch: [Double] = []
        return TrackStatistics.merged(track.segments.map { statistics(of: $0.points[...], scratch: &scratch) })
    }

    /// Statistics of a hike made of several tracks (their segments merged; nothing is counted
    /// between tracks).
    public func statistics(for tracks: [Track]) -> TrackStatistics {
        var scratch: [Double] = []
        var parts: [TrackStatistics] = []
        for track in tracks {
            for segment in track.segments { parts.append(statistics(of: segment.points[...], scratch: &scratch)) }
        }
        return TrackStatistics.merged(parts)
    }

    /// Per-segment statistics of a track, in order (for a per-segment table).
    public func segmentStatistics(for track: Track) -> [TrackStatistics] {
        var scratch: [Double] = []
        return track.segments.map { statistics(of: $0.points[...], scratch: &scratch) }
    }

    /// Statistics of the points `range` of the flattened track (all segments' points in order,
    /// indices 0..<track.pointCount), as selected on the elevation profile. Segment gaps inside
    /// the range still do not count; the filters restart at the range start. Indices outside
    /// the track are clamped away; an empty intersection gives empty statistics.
    public func statistics(for track: Track, pointRange range: ClosedRange<Int>) -> TrackStatistics {
        var scratch: [Double] = []
        var parts: [TrackStatistics] = []
        var offset = 0
        for segment in track.segments {
            let count = segment.points.count
            let lower = max(range.lowerBound - offset, 0)
            let upper = min(range.upperBound - offset, count - 1)
            if lower <= upper {
                parts.append(statistics(of: segment.points[lower...upper], scratch: &scratch))
            }
            offset += count
        }
        return TrackStatistics.merged(parts)
    }

    /// Statistics of the part of the track between two distances along it (metres from the
    /// start, segment gaps not counted, as on ``ElevationProfile``): the points from the first
    /// one at or after the lower bound to the last one at or before the upper bound.
    public func statistics(for track: Track, distanceRange range: ClosedRange<Double>) -> TrackStatistics {
        let profile = ElevationProfile(track: track)
        guard let points = profile.pointRange(forDistances: range) else { return TrackStatistics() }
        return statistics(for: track, pointRange: points)
    }

    /// Planned walking time for the track in seconds, DIN 33466 ("Wanderwege", 2000; the rule
    /// behind German and Swiss Alpine Club signpost times): per section between confirmed
    /// turning points of the elevation filter, horizontal time at 4 km/h and vertical time at
    /// 300 m/h up plus 500 m/h down, combined as the larger plus half the smaller. Rest stops
    /// are not included. A track without elevations is walked flat at 4 km/h.
    public func estimatedWalkingTime(_ track: Track) -> Double {
        statistics(for: track).estimatedWalkingTime
    }

    private func statistics(of points: ArraySlice<Trackpoint>, scratch: inout [Double]) -> TrackStatistics {
        let pass = SegmentPass(configuration: configuration)
        return points.withUnsafeBufferPointer { pass.run($0, distances: &scratch) }
    }
}
