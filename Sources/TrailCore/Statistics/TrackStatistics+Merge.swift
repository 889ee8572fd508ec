import Foundation

extension TrackStatistics {
    /// Adds the numbers of the next part (a following segment or track, in file order) to
    /// these: sums for distance, counts, elapsed and moving time, timed and moving distance,
    /// gain/loss and walking time; extremes for elevations, max speed, steepest grade (by
    /// magnitude), start/end time and the box. Total time adds the part's own total time plus
    /// the pause from the latest end so far to the part's start, when that pause is positive
    /// and at most `timeBreak` seconds (the rule inside a segment: a longer or negative step
    /// is a break). Averages are recomputed from the sums, and max speed is raised to them.
    public mutating func merge(_ o: TrackStatistics, timeBreak: Double = StatisticsConfiguration.standard.timeBreak) {
        // A part with one timed point has a start but no total time (it times nothing, DECISIONS
        // 1076): it adds 0 and the pause before it, so two such parts 5 s apart make 5 s, and
        // one alone stays unknown.
        if o.totalTime != nil || o.startTime != nil {
            var pause = 0.0
            if let end = endTime, let start = o.startTime {
                let step = start.timeIntervalSince(end)
                if step > 0 && step <= timeBreak { pause = step }
            }
            let before = totalTime ?? (startTime != nil ? 0 : nil)
            if before != nil || o.totalTime != nil {
                totalTime = (before ?? 0) + (o.totalTime ?? 0) + pause
            }
        }
        distance += o.distance
        pointCount += o.pointCount
        segmentCount += o.segmentCount
        estimatedWalkingTime += o.estimatedWalkingTime
        startTime = Self.pick(startTime, o.startTime, min)
        endTime = Self.pick(endTime, o.endTime, max)
        elapsedTime = Self.pick(elapsedTime, o.elapsedTime, +)
        timedDistance = Self.pick(timedDistance, o.timedDistance, +)
        movingTime = Self.pick(movingTime, o.movingTime, +)
        movingDistance = Self.pick(movingDistance, o.movingDistance, +)
        maxSpeed = Self.pick(maxSpeed, o.maxSpeed, max)
        elevationGain = Self.pick(elevationGain, o.elevationGain, +)
        elevationLoss = Self.pick(elevationLoss, o.elevationLoss, +)
        minElevation = Self.pick(minElevation, o.minElevation, min)
        maxElevation = Self.pick(maxElevation, o.maxElevation, max)
        steepestGrade = Self.pick(steepestGrade, o.steepestGrade) { abs($1) > abs($0) ? $1 : $0 }
        if let b = o.boundingBox {
            if boundingBox == nil { boundingBox = b } else { boundingBox?.extend(b) }
        }
        updateAverages()
    }

    /// The merge of several parts in file order; an empty list gives all-zero statistics with
    /// no values.
    public static func merged<S: Sequence>(_ parts: S, timeBreak: Double = StatisticsConfiguration.standard.timeBreak)
        -> TrackStatistics where S.Element == TrackStatistics {
        var total = TrackStatistics()
        for p in parts { total.merge(p, timeBreak: timeBreak) }
        return total
    }

    /// Recomputes averageSpeed = timedDistance / elapsedTime and movingAverageSpeed =
    /// movingDistance / movingTime (each nil when its divisor is nil or 0), then raises
    /// maxSpeed to the larger of them: an average is a speed held over the whole (moving)
    /// time, so the fastest sustained speed is at least that. Max speed is displacement over
    /// 20 s windows while the averages are path lengths, so without this a zig-zagging track
    /// (GPS scatter at a stop, points sharing one timestamp) could show an average above the
    /// maximum.
    mutating func updateAverages() {
        if let t = elapsedTime, t > 0, let d = timedDistance { averageSpeed = d / t } else { averageSpeed = nil }
        if let t = movingTime, t > 0, let d = movingDistance { movingAverageSpeed = d / t } else { movingAverageSpeed = nil }
        for v in [averageSpeed, movingAverageSpeed] {
            if let v, v > (maxSpeed ?? -.infinity) { maxSpeed = v }
        }
    }

    private static func pick<T>(_ a: T?, _ b: T?, _ combine: (T, T) -> T) -> T? {
        switch (a, b) {
        case let (x?, y?): return combine(x, y)
        case let (x?, nil): return x
        case let (nil, y?): return y
        case (nil, nil): return nil
        }
    }
}

extension TrackStatistics {
    /// These statistics with every figure that has a time in it taken from `recorded`: start
    /// and end time, elapsed, total and moving time (s), timed and moving distance (m), average,
    /// moving average and max speed (m/s). Distance, point and segment counts, heights, grade,
    /// box and the walking-time estimate stay these. For a line made from a recording (a kept
    /// match, whose vertices between matched points have interpolated times): its speeds and
    /// moving time are the recording's, never those the interpolation invents (DECISIONS 350).
    public func takingTimes(from recorded: TrackStatistics) -> TrackStatistics {
        var s = self
        s.startTime = recorded.startTime
        s.endTime = recorded.endTime
        s.elapsedTime = recorded.elapsedTime
        s.totalTime = recorded.totalTime
        s.movingTime = recorded.movingTime
        s.timedDistance = recorded.timedDistance
        s.movingDistance = recorded.movingDistance
        s.averageSpeed = recorded.averageSpeed
        s.movingAverageSpeed = recorded.movingAverageSpeed
        s.maxSpeed = recorded.maxSpeed
        return s
    }
}
