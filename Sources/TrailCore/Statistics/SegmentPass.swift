import Foundation

/// Straight-line distance for short chords (speed windows, stop detection) in an
/// equirectangular frame whose scales are those of ``LocalProjection`` at a reference latitude,
/// re-centred whenever the track moves more than 0.01° (1.1 km) north or south of it. The
/// relative error is then below |tan φ| · 1.75e-4 (0.018 % at 45°) plus the
/// ``Geodesy/shortDistance(from:to:)`` error: plenty for speeds, no trigonometry per point.
struct ChordMeter {
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
/// a segment). No allocation per point: the only buffers are the caller's two reusable
/// scratch arrays and a few fixed-size ones.
///
/// Time line (see ``StatisticsCalculator`` for the rules): each timestamped point is either
/// ignored (a single out-of-order time), continues the current run, or starts a new one after
/// a break. Moving chunks and speed windows live inside one run; elapsed time and timed
/// distance are summed per run.
struct SegmentPass {
    let configuration: StatisticsConfiguration

    /// Computes the statistics of one continuous stretch of trackpoints.
    /// - Parameters:
    ///   - distances: scratch, reused between calls; on return holds the cumulative distance
    ///     (metres) of each point from the first.
    ///   - times: scratch, reused between calls; on return holds each point's accepted time
    ///     (seconds since 1970), NaN where the point has none or its time was ignored.
    func run(_ p: UnsafeBufferPointer<Trackpoint>, distances: inout [Double], times: inout [Double]) -> TrackStatistics {
        let c = configuration
        let n = p.count
        var out = TrackStatistics(pointCount: n, segmentCount: 1)
        distances.removeAll(keepingCapacity: true)
        times.removeAll(keepingCapacity: true)
        guard n > 0 else { return out }
        distances.reserveCapacity(n)
        times.reserveCapacity(n)

        var minLat = p[0].latitude, maxLat = minLat, minLon = p[0].longitude, maxLon = minLon
        var total = 0.0
        var filter = ElevationFilter(threshold: c.elevationThreshold, walking: WalkingTime(configuration: c))
        var minEle = Double.infinity, maxEle = -Double.infinity
        // Steepest grade: gradeTrail is the latest elevation point at least the window behind.
        var gradeScan = 0, gradeTrail = -1
        var steepest = 0.0, hasGrade = false
        // Time line: the current run starts at point runStart; last is the latest accepted
        // point (time lastTime); lookahead finds the next timestamped point for the glitch test.
        var first = 0.0, lastTime = 0.0, last = -1, runStart = -1, lookahead = 0
        var elapsed = 0.0, timedDistance = 0.0
        // Moving time: chunk from point chunkStart (time chunkTime).
        var chunkStart = -1, chunkTime = 0.0
        var moving = 0.0, movingDistance = 0.0
        // Max speed: window start `trail` (an accepted point of the run), the next accepted
        // point after it once found (trailNext, searched from trailScan); ring of recent windows.
        var trail = -1, trailNext = -1, trailScan = 0
        let span = c.speedMedianSpan
        var ring = [Double](repeating: 0, count: span), sorted = ring
        var windows = 0
        var maxSpeed = -Double.infinity

        @inline(__always) func closeChunk(to i: Int, time: Double) {
            let duration = time - chunkTime
            guard duration > 0 else { return }
            let a = p[chunkStart], b = p[i]
            let displacement = chord.distance(a.latitude, a.longitude, b.latitude, b.longitude)
            if displacement >= c.stoppedSpeedThreshold * duration {
                moving += duration
                movingDistance += distances[i] - distances[chunkStart]
            }
        }

        /// Ends the current run at the last accepted point.
        @inline(__always) func closeRun() {
            if last > chunkStart { closeChunk(to: last, time: lastTime) }
            if lastTime > times[runStart] { timedDistance += distances[last] - distances[runStart] }
        }

        /// Time of the next timestamped point after i, if any (amortised O(1): lookahead only
        /// moves forward).
        @inline(__always) func nextTime(after i: Int) -> Double? {
            if lookahead <= i { lookahead = i + 1 }
            while lookahead < n && p[lookahead].time == nil { lookahead += 1 }
            return lookahead < n ? p[lookahead].time?.timeIntervalSince1970 : nil
        }

        @inline(__always) func median(count k: Int) -> Double {
            for j in 0..<k { sorted[j] = ring[j] }
            for j in 1..<max(1, k) {  // insertion sort of at most `span` values
                let v = sorted[j]
                var m = j - 1
                while m >= 0 && sorted[m] > v { sorted[m + 1] = sorted[m]; m -= 1 }
                sorted[m + 1] = v
            }
            return sorted[(k - 1) / 2]
        }

        var previous = p[0].coordinate
        var previousU = Geodesy.ReducedLatitude(previous.latitude)
        var chord = ChordMeter(latitude: previous.latitude)
        for i in 0..<n {
            let lat = p[i].latitude, lon = p[i].longitude
            if lat < minLat { minLat = lat } else if lat > maxLat { maxLat = lat }
            if lon < minLon { minLon = lon } else if lon > maxLon { maxLon = lon }
            if i > 0 {
                let here = Coordinate(latitude: lat, longitude: lon)
                let u = Geodesy.ReducedLatitude(lat)
                total += Geodesy.distance(previousU, previous, u, here)
                previous = here; previousU = u
            }
            distances.append(total)
            times.append(.nan)

            if let e = p[i].elevation {
                if e < minEle { minEle = e }
                if e > maxEle { maxEle = e }
                filter.add(e, at: total)
                while gradeScan < i && total - distances[gradeScan] >= c.gradeWindowDistance {
                    if p[gradeScan].elevation != nil { gradeTrail = gradeScan }
                    gradeScan += 1
                }
                if gradeTrail >= 0, let e0 = p[gradeTrail].elevation {
                    let g = (e - e0) / (total - distances[gradeTrail])
                    if !hasGrade || abs(g) > abs(steepest) { steepest = g; hasGrade = true }
                }
            }

            guard let t = p[i].time?.timeIntervalSince1970 else { continue }
            chord.recentre(near: lat)
            if last < 0 {
                first = t
            } else {
                // A single out-of-order time: its neighbours agree with each other, it does not.
                if let next = nextTime(after: i), next >= lastTime, next - lastTime <= c.timeBreak,
                   t < lastTime || t > next {
                    continue
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
                        closeChunk(to: last, time: lastTime)
                        chunkStart = last; chunkTime = lastTime
                    }
                    if t - chunkTime >= c.movingChunkDuration {
                        closeChunk(to: i, time: t)
                        chunkStart = i; chunkTime = t
                    }
                }
            }
            times[i] = t
            if last < 0 {  // a new run starts here
                runStart = i
                chunkStart = i; chunkTime = t
                trail = i; trailNext = -1; trailScan = i + 1
            }
            last = i; lastTime = t

            // Max speed: move the window start to the latest accepted point of the run at
            // least the window duration back, then take the window.
            while true {
                if trailNext < 0 {
                    while trailScan < i && times[trailScan].isNaN { trailScan += 1 }
                    guard trailScan < i else { break }
                    trailNext = trailScan
                }
                guard t - times[trailNext] >= c.speedWindowDuration else { break }
                trail = trailNext; trailNext = -1; trailScan = trail + 1
            }
            let duration = t - times[trail]
            if trail < i && duration >= c.speedWindowDuration {
                let a = p[trail]
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
            out.elapsedTime = elapsed
            out.totalTime = elapsed
            out.timedDistance = timedDistance
            out.movingTime = moving
            out.movingDistance = movingDistance
            if windows >= span {
                out.maxSpeed = maxSpeed
            } else if windows > 0 {
                out.maxSpeed = median(count: windows)
            }
        }
        out.updateAverages()
        return out
    }
}
