import Foundation

/// Straight-line distance for short chords (speed windows, stop detection) in an
/// equirectangular frame whose scales are those of ``LocalProjection`` at a reference latitude,
/// re-centred whenever the track moves more than 0.01° (1.1 km) north or south of it. The
/// relative error is then below |tan φ| · 1.75e-4 (0.018 % at 45°) plus the
/// ``Geodesy/shortDistance(from:to:)`` error: plenty for speeds, no trigonometry per point.
struct ChordMeter: Sendable {
    private var referenceLatitude: Double
    private var kx: Double
    private var ky: Double

    init(latitude: Double) {
        referenceLatitude = latitude
        let p = LocalProjection(origin: Coordinate(latitude: latitude, longitude: 0))
        kx = p.metresPerDegreeLongitude
        ky = p.metresPerDegreeLatitude
    }

    @inline(__always)
    mutating func recentre(near latitude: Double) {
        if abs(latitude - referenceLatitude) > 0.01 { self = ChordMeter(latitude: latitude) }
    }

    @inline(__always)
    func distance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        var dLon = lon2 - lon1
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        let x = dLon * kx, y = (lat2 - lat1) * ky
        return (x * x + y * y).squareRoot()
    }
}

/// The one-pass core of ``StatisticsCalculator`` over the points of one segment (or one part of
/// a segment), fed one point at a time: ``add(_:nextTime:)`` in order, then ``finished()``.
/// The batch calculator feeds a whole segment; ``IncrementalStatistics`` feeds a recording as
/// it grows and reads ``finished()`` on a copy after each point. Both are this code, so a
/// recording's figures are those of `cairn stats` of its points (DECISIONS.md 421).
///
/// Memory is bounded by the walk, not its length: besides a few scalars it keeps the recent
/// points the two backward-looking windows still need (the steepest-grade window's
/// `gradeWindowDistance` and the speed window's `speedWindowDuration`), trimmed as they move.
///
/// Time line (see ``StatisticsCalculator`` for the rules): each timestamped point is either
/// ignored (a single out-of-order time), continues the current run, or starts a new one after
/// a break. Moving chunks and speed windows live inside one run; elapsed time and timed
/// distance are summed per run.
struct SegmentPass: Sendable {
    let configuration: StatisticsConfiguration

    /// A point the windows may still look back at: position, elevation, cumulative distance
    /// (metres from the first point) and accepted time (seconds since 1970, NaN when the
    /// point has none or its time was ignored).
    private struct Recent: Sendable {
        var latitude: Double
        var longitude: Double
        var elevation: Double?
        var distance: Double
        var time: Double
    }

    /// Points `base ..< base + recent.count`, by index in the segment.
    private var recent: [Recent] = []
    private var base = 0
    /// Points added.
    private(set) var count = 0

    private var minLat = 0.0, maxLat = 0.0, minLon = 0.0, maxLon = 0.0
    private var total = 0.0
    private var filter: ElevationFilter
    private var minEle = Double.infinity, maxEle = -Double.infinity
    // Steepest grade: gradeScan moves over the points at least the window behind the newest;
    // the trail is the latest elevation point among them.
    private var gradeScan = 0
    private var gradeTrail: (elevation: Double, distance: Double)?
    private var steepest = 0.0, hasGrade = false
    // Time line: the current run starts at runStart; last is the latest accepted point.
    private var first = 0.0, lastTime = 0.0, last = -1, runStartTime = 0.0, runStartDistance = 0.0
    private var lastLat = 0.0, lastLon = 0.0, lastDistance = 0.0
    private var elapsed = 0.0, timedDistance = 0.0
    /// Timed points accepted: with fewer than two the durations are unknown, not 0.
    private var timedPoints = 0
    // Moving time: chunk from point chunkStart (time chunkTime).
    private var chunkStart = -1, chunkTime = 0.0, chunkLat = 0.0, chunkLon = 0.0, chunkDistance = 0.0
    private var moving = 0.0, movingDistance = 0.0
    // Max speed: window start `trail` (an accepted point of the run), the next accepted
    // point after it once found (trailNext, searched from trailScan); ring of recent windows.
    private var trail = -1, trailNext = -1, trailScan = 0
    private var ring: [Double], sorted: [Double]
    private var windows = 0
    private var maxSpeed = -Double.infinity
    private var previous = Coordinate(latitude: 0, longitude: 0)
    private var previousU = Geodesy.ReducedLatitude(0)
    private var chord = ChordMeter(latitude: 0)

    init(configuration: StatisticsConfiguration) {
        self.configuration = configuration
        filter = ElevationFilter(threshold: configuration.elevationThreshold, walking: WalkingTime(configuration: configuration))
        ring = [Double](repeating: 0, count: configuration.speedMedianSpan)
        sorted = ring
    }

    /// Computes the statistics of one continuous stretch of trackpoints.
    static func run(_ p: UnsafeBufferPointer<Trackpoint>, configuration: StatisticsConfiguration) -> TrackStatistics {
        var pass = SegmentPass(configuration: configuration)
        var lookahead = 0
        for i in 0..<p.count {
            var next: Double?
            if p[i].time != nil {
                // The next timestamped point after i (amortised O(1): lookahead only moves forward).
                if lookahead <= i { lookahead = i + 1 }
                while lookahead < p.count && p[lookahead].time == nil { lookahead += 1 }
                next = lookahead < p.count ? p[lookahead].time?.timeIntervalSince1970 : nil
            }
            pass.add(p[i], nextTime: next)
        }
        return pass.finished()
    }

    @inline(__always) private func at(_ i: Int) -> Recent { recent[i - base] }

    private mutating func closeChunk(toLatitude lat: Double, longitude lon: Double, distance: Double, time: Double) {
        let duration = time - chunkTime
        guard duration > 0 else { return }
        let displacement = chord.distance(chunkLat, chunkLon, lat, lon)
        if displacement >= configuration.stoppedSpeedThreshold * duration {
            moving += duration
            movingDistance += distance - chunkDistance
        }
    }

    /// Ends the current run at the last accepted point.
    private mutating func closeRun() {
        if last > chunkStart { closeChunk(toLatitude: lastLat, longitude: lastLon, distance: lastDistance, time: lastTime) }
        if lastTime > runStartTime { timedDistance += lastDistance - runStartDistance }
    }

    private mutating func median(count k: Int) -> Double {
        for j in 0..<k { sorted[j] = ring[j] }
        for j in 1..<max(1, k) {  // insertion sort of at most `span` values
            let v = sorted[j]
            var m = j - 1
            while m >= 0 && sorted[m] > v { sorted[m + 1] = sorted[m]; m -= 1 }
            sorted[m + 1] = v
        }
        return sorted[(k - 1) / 2]
    }

    /// Adds the next point of the segment.
    /// - Parameter nextTime: for a timestamped point, the time (seconds since 1970) of the next
    ///   timestamped point after it in the segment, nil when there is none (yet: the caller
    ///   must know it, since the single out-of-order time test looks one time ahead).
    mutating func add(_ point: Trackpoint, nextTime: Double?) {
        let c = configuration
        let i = count
        count += 1
        let lat = point.latitude, lon = point.longitude
        if i == 0 {
            minLat = lat; maxLat = lat; minLon = lon; maxLon = lon
            previous = point.coordinate
            previousU = Geodesy.ReducedLatitude(lat)
            chord = ChordMeter(latitude: lat)
        } else {
            if lat < minLat { minLat = lat } else if lat > maxLat { maxLat = lat }
            if lon < minLon { minLon = lon } else if lon > maxLon { maxLon = lon }
            let here = Coordinate(latitude: lat, longitude: lon)
            let u = Geodesy.ReducedLatitude(lat)
            total += Geodesy.distance(previousU, previous, u, here)
            previous = here; previousU = u
        }
        recent.append(Recent(latitude: lat, longitude: lon, elevation: point.elevation, distance: total, time: .nan))
        // The grade window's trail: moved at every point (distances only grow, so moving it
        // early finds the same trail as moving it at the next elevation point).
        while gradeScan < i && total - at(gradeScan).distance >= c.gradeWindowDistance {
            let g = at(gradeScan)
            if let e = g.elevation { gradeTrail = (e, g.distance) }
            gradeScan += 1
        }
        defer { trimRecent() }

        if let e = point.elevation {
            if e < minEle { minEle = e }
            if e > maxEle { maxEle = e }
            filter.add(e, at: total)
            if let (e0, d0) = gradeTrail {
                let g = (e - e0) / (total - d0)
                if !hasGrade || abs(g) > abs(steepest) { steepest = g; hasGrade = true }
            }
        }

        guard let t = point.time?.timeIntervalSince1970 else { return }
        chord.recentre(near: lat)
        if last < 0 {
            first = t
        } else {
            // A single out-of-order time: its neighbours agree with each other, it does not.
            if let next = nextTime, next >= lastTime, next - lastTime <= c.timeBreak, t < lastTime || t > next {
                return
            }
            let step = t - lastTime
            if step < 0 || step > c.timeBreak {
                closeRun()
                last = -1
            } else {
                elapsed += step
                // Moving time. A single step as long as a chunk is a chunk of its own, so a
                // long pause recorded as one pair never swallows the walking just before it.
                if step >= c.movingChunkDuration && last != chunkStart {
                    closeChunk(toLatitude: lastLat, longitude: lastLon, distance: lastDistance, time: lastTime)
                    chunkStart = last; chunkTime = lastTime
                    chunkLat = lastLat; chunkLon = lastLon; chunkDistance = lastDistance
                }
                if t - chunkTime >= c.movingChunkDuration {
                    closeChunk(toLatitude: lat, longitude: lon, distance: total, time: t)
                    chunkStart = i; chunkTime = t
                    chunkLat = lat; chunkLon = lon; chunkDistance = total
                }
            }
        }
        recent[i - base].time = t
        if last < 0 {  // a new run starts here
            runStartTime = t; runStartDistance = total
            chunkStart = i; chunkTime = t
            chunkLat = lat; chunkLon = lon; chunkDistance = total
            trail = i; trailNext = -1; trailScan = i + 1
        }
        last = i; lastTime = t
        timedPoints += 1
        lastLat = lat; lastLon = lon; lastDistance = total

        // Max speed: move the window start to the latest accepted point of the run at
        // least the window duration back, then take the window.
        while true {
            if trailNext < 0 {
                while trailScan < i && at(trailScan).time.isNaN { trailScan += 1 }
                guard trailScan < i else { break }
                trailNext = trailScan
            }
            guard t - at(trailNext).time >= c.speedWindowDuration else { break }
            trail = trailNext; trailNext = -1; trailScan = trail + 1
        }
        let a = at(trail)
        let duration = t - a.time
        if trail < i && duration >= c.speedWindowDuration {
            let span = c.speedMedianSpan
            let v = chord.distance(a.latitude, a.longitude, lat, lon) / duration
            ring[windows % span] = v
            windows += 1
            // A new median can exceed maxSpeed only when the new value does: the previous
            // ring held at most span/2 values above maxSpeed.
            if windows >= span && v > maxSpeed {
                let m = median(count: span)
                if m > maxSpeed { maxSpeed = m }
            }
        }
    }

    /// Forgets the points no window can reach any more (in steps, so the cost per point stays O(1)).
    private mutating func trimRecent() {
        let needed = trail >= 0 ? min(gradeScan, trail) : gradeScan
        let dead = needed - base
        if dead >= 64 && dead * 2 >= recent.count {
            recent.removeFirst(dead)
            base = needed
        }
    }

    /// The statistics of the points added so far (the pending elevation leg and the current
    /// run closed, as at the end of a segment). Call on a copy to go on adding.
    mutating func finished() -> TrackStatistics {
        var out = TrackStatistics(pointCount: count, segmentCount: 1)
        guard count > 0 else { return out }
        filter.finish(endDistance: total)
        out.distance = total
        out.boundingBox = BoundingBox(minLatitude: minLat, minLongitude: minLon, maxLatitude: maxLat, maxLongitude: maxLon)
        out.estimatedWalkingTime = filter.walking.seconds
        if filter.hasElevation {
            out.minElevation = minEle
            out.maxElevation = maxEle
            out.elevationGain = filter.gain
            out.elevationLoss = filter.loss
        }
        if hasGrade { out.steepestGrade = steepest }
        if last >= 0 {
            closeRun()
            out.startTime = Date(timeIntervalSince1970: first)
            out.endTime = Date(timeIntervalSince1970: lastTime)
            // One timed point dates the segment but times nothing: its durations are unknown.
            if timedPoints >= 2 {
                out.elapsedTime = elapsed
                out.totalTime = elapsed
                out.timedDistance = timedDistance
                out.movingTime = moving
                out.movingDistance = movingDistance
            }
            if windows >= configuration.speedMedianSpan {
                out.maxSpeed = maxSpeed
            } else if windows > 0 {
                out.maxSpeed = median(count: windows)
            }
        }
        out.updateAverages()
        return out
    }
}
