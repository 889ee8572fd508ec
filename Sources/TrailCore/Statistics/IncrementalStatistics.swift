import Foundation

/// The statistics of a track that grows a point at a time — a recording — equal to
/// ``StatisticsCalculator`` over the same points and segments (`statistics(for:)` of the track),
/// field for field and bit for bit, at a cost per point that does not grow with the walk. A new
/// segment begins with ``startSegment()``; the closed ones are kept merged, as the calculator
/// merges them.
///
/// It is the calculator's own core (``SegmentPass``) fed as points arrive, behind two short
/// delays that the batch rules need: the stray-fix rule (``StrayFixRule``) decides a point
/// once its next plausible neighbour is known (the last points by the end-point rule when
/// ``statistics`` is read), and the single out-of-order time test looks at the next
/// timestamp. ``statistics`` closes everything on a copy, so adding goes on afterwards.
///
/// Memory: a few hundred bytes plus the recent points the grade (100 m) and speed (20 s)
/// windows still reach, however long the walk (DECISIONS.md 421).
public struct IncrementalStatistics: Sendable {
    /// The thresholds in use.
    public let configuration: StatisticsConfiguration
    /// Points added (stray ones included, as ``TrackStatistics/pointCount`` counts them).
    public private(set) var pointCount = 0
    private var strays: StrayFixStream?
    private var pass: SegmentPass
    /// A timestamped point waiting for the next timestamp, then the untimed points after it.
    private var waiting: [Trackpoint] = []
    /// Points added to the current segment.
    private var segmentPointCount = 0
    /// The segments closed by ``startSegment()``, merged in order (nil before the first).
    private var closed: TrackStatistics?

    public init(configuration: StatisticsConfiguration = .standard) {
        self.configuration = configuration
        strays = configuration.strayFixRule.map(StrayFixStream.init)
        pass = SegmentPass(configuration: configuration)
    }

    /// Ends the current segment (when it has points): the next point begins a new one, and
    /// nothing is counted between the two (``StatisticsCalculator``'s rule for segments).
    public mutating func startSegment() {
        guard segmentPointCount > 0 else { return }
        closed = statistics
        strays = configuration.strayFixRule.map(StrayFixStream.init)
        pass = SegmentPass(configuration: configuration)
        waiting.removeAll()
        segmentPointCount = 0
    }

    /// Adds the next point of the current segment.
    public mutating func add(_ point: Trackpoint) {
        pointCount += 1
        segmentPointCount += 1
        guard strays != nil else { return feed(point) }
        strays!.add(point)
        drainStrays()
    }

    /// The statistics of the points added so far, as ``StatisticsCalculator/statistics(for:)-(Track)``
    /// gives them for a track of these points and segments.
    public var statistics: TrackStatistics {
        var copy = self
        if copy.strays != nil {
            copy.strays!.flush()
            copy.drainStrays()
        }
        for p in copy.waiting { copy.pass.add(p, nextTime: nil) }
        copy.waiting.removeAll()
        var segment = copy.pass.finished()
        segment.pointCount = segmentPointCount
        var total = closed ?? TrackStatistics()
        total.merge(segment, timeBreak: configuration.timeBreak)
        return total
    }

    private mutating func drainStrays() {
        guard let released = strays?.takeReleased() else { return }
        for p in released { feed(p) }
    }

    /// Hands points (strays removed) to the pass in order, holding a timestamped point until the
    /// next timestamp is known.
    private mutating func feed(_ point: Trackpoint) {
        if let t = point.time {
            if let head = waiting.first {
                pass.add(head, nextTime: t.timeIntervalSince1970)
                for p in waiting.dropFirst() { pass.add(p, nextTime: nil) }
                waiting.removeAll(keepingCapacity: true)
            }
            waiting.append(point)
        } else if waiting.isEmpty {
            pass.add(point, nextTime: nil)
        } else {
            waiting.append(point)
        }
    }
}

/// ``StrayFixRule/detect(_:)`` as points arrive: each point is released (a stray position
/// dropped, a stray elevation removed) once the rule can decide it — when its next non-null
/// neighbour (for the elevation, its next elevation neighbour) has arrived, or by the end-point
/// rules at ``flush()``. The same rule and thresholds as the batch detection.
struct StrayFixStream: Sendable {
    let rule: StrayFixRule

    private enum Decision: Sendable { case pending, stray, kept }
    private struct Entry: Sendable {
        var point: Trackpoint
        var position: Decision = .pending
        var elevation: Decision = .pending
    }

    /// Points not yet released: `queue[head...]`, point numbers from `firstNumber + head`.
    private var queue: [Entry] = []
    private var head = 0
    private var firstNumber = 0
    /// The last (up to) three points that are not at null island, with their numbers, and how many there were.
    private var nonNull: [(number: Int, point: Trackpoint)] = []
    private var nonNullCount = 0
    /// Points kept by position with an elevation, from elevated index `elevatedBase` on (the
    /// last three decided and every undecided one), and how many there were.
    private var elevated: [(number: Int, point: Trackpoint)] = []
    private var elevatedBase = 0
    private var elevatedCount = 0
    /// The elevated index of the first point whose elevation is not decided yet.
    private var nextElevation = 0
    private var released: [Trackpoint] = []

    init(rule: StrayFixRule) { self.rule = rule }

    /// The points decided since the last call, in order, strays applied.
    mutating func takeReleased() -> [Trackpoint] {
        defer { released.removeAll(keepingCapacity: true) }
        return released
    }

    mutating func add(_ point: Trackpoint) {
        let number = firstNumber + queue.count
        queue.append(Entry(point: point))
        if point.latitude == 0 && point.longitude == 0 {
            decidePosition(number, stray: true)
        } else {
            nonNull.append((number, point))
            nonNullCount += 1
            if nonNull.count > 3 { nonNull.removeFirst() }
            if nonNullCount >= 3 {
                let a = nonNull[0].point, b = nonNull[1].point, c = nonNull[2].point
                if nonNullCount == 3 {  // the first point by the end-point rule
                    decidePosition(nonNull[0].number, stray: !rule.plausibleStep(a, b) && rule.plausibleStep(b, c))
                }
                decidePosition(nonNull[1].number,
                               stray: !rule.plausibleStep(a, b) && !rule.plausibleStep(b, c) && rule.plausibleStep(a, c))
            }
        }
        release()
    }

    /// Decides the points still open as the last ones of the segment.
    mutating func flush() {
        if nonNullCount >= 3 {
            let a = nonNull[0].point, b = nonNull[1].point, c = nonNull[2].point
            decidePosition(nonNull[2].number, stray: !rule.plausibleStep(b, c) && rule.plausibleStep(a, b))
        } else {
            for (number, _) in nonNull { decidePosition(number, stray: false) }
        }
        while nextElevation < elevatedCount { decideNextElevation() }
        release()
    }

    private mutating func decidePosition(_ number: Int, stray: Bool) {
        let k = number - firstNumber
        queue[k].position = stray ? .stray : .kept
        let point = queue[k].point
        guard !stray, point.elevation?.isFinite == true else {
            queue[k].elevation = .kept
            return
        }
        elevated.append((number, point))
        elevatedCount += 1
        // A point is decided once the three after it are known (the first once four are):
        // ``StrayFixRule/isElevationSpike(_:count:_:)`` asks no further.
        while nextElevation + StrayFixRule.maximumSpikeRun < elevatedCount && (nextElevation > 0 || elevatedCount >= 5) {
            decideNextElevation()
        }
        let keep = max(0, nextElevation - StrayFixRule.maximumSpikeRun)
        if keep - elevatedBase >= 64 {
            elevated.removeFirst(keep - elevatedBase)
            elevatedBase = keep
        }
    }

    /// Decides the elevation of elevated point `nextElevation` with the points known so far
    /// (all of them once the segment is flushed).
    private mutating func decideNextElevation() {
        let j = nextElevation, base = elevatedBase
        let stray = elevated.withUnsafeBufferPointer { window in
            rule.isElevationSpike(j, count: elevatedCount) { window[$0 - base].point }
        }
        decideElevation(elevated[j - base].number, stray: stray)
        nextElevation += 1
    }

    private mutating func decideElevation(_ number: Int, stray: Bool) {
        queue[number - firstNumber].elevation = stray ? .stray : .kept
    }

    private mutating func release() {
        while head < queue.count {
            let e = queue[head]
            if e.position == .pending || (e.position == .kept && e.elevation == .pending) { break }
            if e.position == .kept {
                var p = e.point
                if e.elevation == .stray { p.elevation = nil }
                released.append(p)
            }
            head += 1
        }
        if head >= 64 && head * 2 >= queue.count {
            queue.removeFirst(head)
            firstNumber += head
            head = 0
        }
    }
}
