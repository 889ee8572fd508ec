import Foundation

/// Computes ``TrackStatistics`` for a segment, a track, a hike (several tracks) or a range of a
/// track, in one pass over the points without allocating per point.
///
/// The rules, with the thresholds of ``StatisticsConfiguration`` (defaults in brackets):
/// - **Distance**: WGS84 geodesic (Vincenty 1975, see ``Geodesy``) summed within segments;
///   the gap between two segments is not distance.
/// - **Time line** (per segment): a timestamp is *accepted* unless it is a single
///   out-of-order time — outside [previous accepted time, next timestamp] while those two agree
///   (next ≥ previous, at most `timeBreak` later); such a point counts as untimed. A step
///   from the previous accepted time that is negative or longer than `timeBreak` (24 h) is a
///   *break*: it adds no elapsed or moving time, no timed distance and no speed sample (its
///   distance still counts as distance). A *run* is a maximal stretch of accepted times without
///   a break; inside a run times never go back (equal times add nothing). Points without a
///   timestamp add distance but no time.
/// - **Elapsed time** = the sum of the runs' spans (last − first accepted time of each run),
///   summed over segments; for an ordinary segment last − first timestamp. A spliced segment
///   (recordings of different years in one `trkseg`) counts each recording's own duration, a
///   receiver's wrong time on one point costs nothing. `startTime` / `endTime` are the first /
///   last accepted time of a segment (over segments: the earliest start, the latest end).
/// - **Total time** = elapsed time plus the pauses between consecutive segments (and tracks of
///   a hike), each from the latest end so far to the next part's start, counted when
///   0 < pause ≤ `timeBreak`: the time from the first to the last point without clock jumps.
/// - **Average speed** = timed distance / elapsed time, where the timed distance is the path
///   length of each run lasting more than 0 s. Untimed stretches before the first or after the
///   last timestamp and break pairs are neither time nor timed distance. Untimed points between
///   two timestamps of a run are inside its time and count.
/// - **Moving time**: the accepted points of each run are cut into consecutive chunks of at
///   least `movingChunkDuration` (60 s); a single step that long is a chunk of its own; the
///   run's last, shorter chunk counts too. A chunk is moving when its straight-line
///   displacement / duration ≥ `stoppedSpeedThreshold` (0.25 m/s). Moving chunks add their
///   duration to the moving time and their path length to the moving distance; moving average
///   = moving distance / moving time. Compare gpxpy's `get_moving_data`, which applies a
///   1 km/h threshold to every pair; per-pair speeds at 1 Hz are mostly GPS noise, hence chunks.
/// - **Max speed**: for each accepted point, the window back to the latest accepted point of
///   the same run at least `speedWindowDuration` (20 s) earlier; window speed = displacement /
///   duration. The maximum of the running median of `speedMedianSpan` (5) consecutive window
///   speeds (the lower median of all windows when fewer); one spike point touches at most two
///   windows. Then raised to the average and the moving average speed when either is higher
///   (averages are path lengths, windows displacements; an average is itself a speed held over
///   the whole time). No window spans a break, so a spliced or jumping clock cannot make a
///   speed: each window is displacement over real time inside one run, at most the path
///   speed of its steps.
/// - **Elevation gain/loss**: turning-point hysteresis of `elevationThreshold` (5 m), see
///   ``StatisticsConfiguration/elevationThreshold``; restarts at every segment. Points without
///   elevation are skipped; min/max elevation are nil when no point has one (never 0).
/// - **Steepest grade**: signed (e_i − e_j) / (d_i − d_j) for each elevation point i and the
///   latest elevation point j at least `gradeWindowDistance` (100 m) behind; the largest in
///   magnitude.
/// - **Stray fixes** (``StatisticsConfiguration/strayFixRule``, ``StrayFixRule``): found per
///   segment (or selected range) and left out of everything above; `pointCount` still counts
///   them (it is the number of stored points).
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
                return statistics(of: segment.points[...])
    }

    /// Statistics of one track: its segments computed separately and merged (total time adds
    /// the pauses between segments).
    public func statistics(for track: Track) -> TrackStatistics {
        merged(segmentStatistics(for: track))
    }

    /// Statistics of a hike made of several tracks: all their segments merged in order;
    /// distance, elapsed and moving time are not counted between tracks, total time counts the
    /// pauses between them as between segments.
    public func statistics(for tracks: [Track]) -> TrackStatistics {
                var parts: [TrackStatistics] = []
        for track in tracks {
            for segment in track.segments { parts.append(statistics(of: segment.points[...])) }
        }
        return merged(parts)
    }

    /// Per-segment statistics of a track, in order (for a per-segment table).
    public func segmentStatistics(for track: Track) -> [TrackStatistics] {
                return track.segments.map { statistics(of: $0.points[...]) }
    }

    /// Per-segment statistics of a track together with the stray fixes left out of them, the
    /// rule of ``StatisticsConfiguration/strayFixRule`` detected once per segment (what
    /// ``segmentStatistics(for:)`` and ``Track/strayFixes(rule:)`` would find separately, for
    /// the price of one detection). Stray fixes are indices into the flattened track (all
    /// segments' points in order, 0..<pointCount); none when the configuration has no rule.
    /// ``merged(_:)`` of the segments gives ``statistics(for:)-(Track)``.
    public func segmentStatisticsAndStrayFixes(for track: Track) -> (segments: [TrackStatistics], strayFixes: StrayFixes) {
        var segments: [TrackStatistics] = []
        segments.reserveCapacity(track.segments.count)
        var strays = StrayFixes()
        var offset = 0
        for segment in track.segments {
            let (s, found) = statisticsAndStrays(of: segment.points[...])
            segments.append(s)
            if !found.isEmpty {
                strays.positions += found.positions.map { $0 + offset }
                strays.elevations += found.elevations.map { $0 + offset }
            }
            offset += segment.points.count
        }
        return (segments, strays)
    }

    /// Statistics of a track from its per-segment statistics (as ``statistics(for:)-(Track)``:
    /// total time adds the pauses between segments up to the configuration's `timeBreak`).
    public func merged(_ parts: [TrackStatistics]) -> TrackStatistics {
        TrackStatistics.merged(parts, timeBreak: configuration.timeBreak)
    }

    /// Statistics of the points `range` of the flattened track (all segments' points in order,
    /// indices 0..<track.pointCount), as selected on the elevation profile. Segment gaps inside
    /// the range still do not count; the filters restart at the range start. Indices outside
    /// the track are clamped away; an empty intersection gives empty statistics.
    public func statistics(for track: Track, pointRange range: ClosedRange<Int>) -> TrackStatistics {
                var parts: [TrackStatistics] = []
        var offset = 0
        for segment in track.segments {
            let count = segment.points.count
            let lower = max(range.lowerBound - offset, 0)
            let upper = min(range.upperBound - offset, count - 1)
            if lower <= upper {
                parts.append(statistics(of: segment.points[lower...upper]))
            }
            offset += count
        }
        return merged(parts)
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


    private func statistics(of points: ArraySlice<Trackpoint>) -> TrackStatistics {
        statisticsAndStrays(of: points).statistics
    }

    private func statisticsAndStrays(of points: ArraySlice<Trackpoint>) -> (statistics: TrackStatistics, strays: StrayFixes) {
        let c = configuration
        return points.withUnsafeBufferPointer { all in
            guard let rule = c.strayFixRule else { return (SegmentPass.run(all, configuration: c), StrayFixes()) }
            let strays = rule.detect(all)
            if strays.isEmpty { return (SegmentPass.run(all, configuration: c), strays) }
            var out = strays.applied(to: all).withUnsafeBufferPointer { SegmentPass.run($0, configuration: c) }
            out.pointCount = all.count
            return (out, strays)
        }
    }
}
