import Foundation

extension TrackStatistics {
    /// Adds the numbers of another part (a following segment or track) to these: sums for
    /// distance, counts, times, gain/loss, moving distance and walking time; extremes for
    /// elevations, max speed, steepest grade (by magnitude), start/end time and the box.
    /// Averages are recomputed from the sums.
    public mutating func merge(_ o: TrackStatistics) {
        distance += o.distance
        pointCount += o.pointCount
        segmentCount += o.segmentCount
        estimatedWalkingTime += o.estimatedWalkingTime
        startTime = Self.pick(startTime, o.startTime, min)
        endTime = Self.pick(endTime, o.endTime, max)
        elapsedTime = Self.pick(elapsedTime, o.elapsedTime, +)
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

    /// The merge of several parts; an empty list gives all-zero statistics with no values.
    public static func merged<S: Sequence>(_ parts: S) -> TrackStatistics where S.Element == TrackStatistics {
        var total = TrackStatistics()
        for p in parts { total.merge(p) }
        return total
    }

    /// Recomputes averageSpeed = distance / elapsedTime and movingAverageSpeed =
    /// movingDistance / movingTime; each is nil when its divisor is nil or 0.
    mutating func updateAverages() {
        averageSpeed = elapsedTime.flatMap { $0 > 0 ? distance / $0 : nil }
        if let t = movingTime, t > 0, let d = movingDistance { movingAverageSpeed = d / t } else { movingAverageSpeed = nil }
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
