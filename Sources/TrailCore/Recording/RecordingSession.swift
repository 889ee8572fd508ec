import Foundation

/// Where a recording stands. Raw values are stored in the hike store (`recordings.state`).
public enum RecordingState: String, Hashable, Sendable, Codable, CaseIterable {
    /// Fixes are judged and accepted points are recorded.
    case recording
    /// Fixes are ignored; ``RecordingSession/resume()`` starts a new stretch.
    case paused
    /// Done: the recording is an ordinary hike; nothing changes it any more.
    case finished
}

/// A key or signal that changes a recording's state.
public enum RecordingAction: String, Hashable, Sendable {
    /// recording → paused.
    case pause
    /// paused → recording (a new stretch).
    case resume
    /// recording or paused → finished.
    case finish
}

/// A state change that the current state does not allow (pause while paused, anything once
/// finished).
public struct RecordingTransitionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was asked.
    public var action: RecordingAction
    /// The state it was asked in.
    public var state: RecordingState
    public var description: String { "cannot \(action.rawValue) a recording that is \(state.rawValue)" }
}

/// An accepted point not yet counted: the store writes it, then ``RecordingSession/commit(_:)``
/// counts it. `sequence` numbers the recording's points from 0; `stretch` numbers the parts
/// between pauses from 0 (the track goes on across them when the leg is plausible, DECISIONS.md 420).
public struct PendingPoint: Hashable, Sendable {
    /// 0-based number of the point in the recording.
    public var sequence: Int
    /// 0-based stretch (the part between two pauses) it belongs to.
    public var stretch: Int
    /// Position, altitude, time and fix quality (``PositionFix/trackpoint``).
    public var point: Trackpoint

    public init(sequence: Int, stretch: Int, point: Trackpoint) {
        self.sequence = sequence
        self.stretch = stretch
        self.point = point
    }
}

/// What ``RecordingSession/judge(_:)`` made of one fix.
public enum RecordingJudgement: Hashable, Sendable {
    /// The filter accepted it: store it, then commit it.
    case accept(PendingPoint)
    /// The filter refused it by this rule (counted).
    case reject(FixRejection)
    /// Not recording (paused or finished): the fix is not judged and not counted.
    case ignored(RecordingState)
}

/// The pure state of recording a hike: the state machine (recording → paused → recording …
/// → finished), the noise filter, and the accepted points by stretch.
///
/// The store is the source of truth, so accepting a point is two steps: ``judge(_:)`` runs the
/// ``PositionFilter`` and hands back a ``PendingPoint``; the caller writes it to the store and
/// only then calls ``commit(_:)``, which adds it to the points and the distance. State changes
/// are checked first (``check(_:)``), written, then applied (``apply(_:)``). A recording found
/// unfinished after a crash is rebuilt with ``init(restoring:counters:rules:)`` as paused.
///
/// Memory: the committed points are kept as ``KeptPoint`` (position, elevation and time: 32
/// bytes a point, against some 250 for a ``Trackpoint`` with its receiver extras, which the
/// store keeps), so a 12-hour walk at 1 Hz holds about 1.4 MB; ``stretches`` and ``track``
/// build trackpoints on demand.
///
/// Figures: ``statistics()`` are those of ``StatisticsCalculator`` over the committed points as
/// ``track`` — what `cairn stats` gives for the stored track — kept up to date point by point
/// (``IncrementalStatistics``, O(1) per point however long the walk). A pause (or a kill) does
/// not cut the track when the leg from the last point before it to the first after the resume
/// could have been walked (``legCounts(from:to:)``): that leg counts like any step; otherwise
/// the resume begins a new segment and the leg counts nowhere (DECISIONS.md 420). Time comes
/// only from fix times.
public struct RecordingSession: Sendable {
    /// The filter's thresholds (``PositionFilterRules/recording`` unless overridden).
    public let rules: PositionFilterRules
    /// Where the recording stands.
    public private(set) var state: RecordingState
    /// The noise filter with its counters (accepted, rejected by rule).
    public private(set) var filter: PositionFilter
    /// Accepted, committed points as kept; one array per stretch (a stretch without points is left out).
    public private(set) var keptStretches: [[KeptPoint]] = []
    /// Accepted, committed points as trackpoints (position, elevation, time; the receiver's
    /// extras are in the store); one array per stretch. Built on each call: O(points).
    public var stretches: [[Trackpoint]] { keptStretches.map { $0.map(\.trackpoint) } }
    /// Metres walked: ``statistics()``'s distance (across a pause when its leg counts, stray fixes left out).
    public var distance: Double { current.distance }
    /// The statistics so far, growing with each committed point.
    private var running = IncrementalStatistics()
    /// `running`'s statistics after the last commit.
    private var current = TrackStatistics()
    /// Points committed.
    public private(set) var pointCount = 0
    /// The stretch the next point belongs to.
    public private(set) var stretch = 0
    private var pending: PendingPoint?
    /// The running statistics and their figures with the pending point, once asked for
    /// (``statisticsWithPending()``); ``commit(_:)`` takes them over.
    private var prepared: (running: IncrementalStatistics, statistics: TrackStatistics)?
    private var stretchHasPoints = false

    /// A new recording, in state recording, with no points.
    public init(rules: PositionFilterRules = .recording) {
        self.rules = rules
        state = .recording
        filter = PositionFilter(rules: rules)
    }

    /// A recording read back from the store: its points by stretch (as stored, in order), its
    /// saved filter counters; always paused, so the hiker decides to resume or finish it.
    public init(restoring stored: [[Trackpoint]], counters: FilterCounters?, rules: PositionFilterRules = .recording,
                finished: Bool = false) {
        self.init(rules: rules)
        for s in stored where !s.isEmpty {
            keptStretches.append(s.map(KeptPoint.init))
            if let last = lastPoint, let first = s.first, !Self.legCounts(from: last, to: first) { running.startSegment() }
            lastPoint = s.last
            for p in s { running.add(p) }
            pointCount += s.count
        }
        if pointCount > 0 { current = running.statistics }
        filter.restoreCounters(counters ?? FilterCounters(),
                               latestTime: stored.joined().compactMap(\.time).max())
        stretch = keptStretches.count
        state = finished ? .finished : .paused
    }

    /// Whether the leg across a pause, from `last` (the last point before it) to `first` (the
    /// first after the resume), could have been walked, so the track goes on across it: both
    /// times known, `first` at most ``StatisticsConfiguration/timeBreak`` (24 h) after `last`,
    /// and the straight line no faster than ``PlausibilityLimits/maximumAverageSpeed`` (25 km/h,
    /// the limit for a walk or run) over that time. Points without times go on (nothing says
    /// they were not walked). DECISIONS.md 420.
    public static func legCounts(from last: Trackpoint, to first: Trackpoint) -> Bool {
        guard let t0 = last.time, let t1 = first.time else { return true }
        let dt = t1.timeIntervalSince(t0)
        guard dt >= 0, dt <= StatisticsConfiguration.standard.timeBreak else { return false }
        let d = Coordinate(latitude: last.latitude, longitude: last.longitude)
            .distance(to: Coordinate(latitude: first.latitude, longitude: first.longitude))
        return d <= PlausibilityLimits.standard.maximumAverageSpeed * dt
    }

    /// A recording's stretches (as stored, in order) as the segments of its track: a stretch
    /// joins the one before when ``legCounts(from:to:)`` allows the leg between them.
    public static func segments(of stretches: [[Trackpoint]]) -> [[Trackpoint]] {
        var out: [[Trackpoint]] = []
        for s in stretches where !s.isEmpty {
            if let last = out.last?.last, let first = s.first, legCounts(from: last, to: first) {
                out[out.count - 1].append(contentsOf: s)
            } else {
                out.append(s)
            }
        }
        return out
    }

    /// True when the pending point opens a stretch after a leg that does not count
    /// (``legCounts(from:to:)``): it begins a new segment of the track.
    public var pendingStartsSegment: Bool {
        guard let pending else { return false }
        return startsSegment(pending.point)
    }

    private func startsSegment(_ point: Trackpoint) -> Bool {
        guard !stretchHasPoints, let lastPoint else { return false }
        return !Self.legCounts(from: lastPoint, to: point)
    }

    /// Decides on a fix: while recording, the filter judges it; an accepted fix becomes the
    /// pending point (it must be committed before the next fix is judged).
    public mutating func judge(_ fix: PositionFix) -> RecordingJudgement {
        guard state == .recording else { return .ignored(state) }
        precondition(pending == nil, "commit the pending point before judging the next fix")
        let reanchors = filter.counters.reanchors
        switch filter.evaluate(fix) {
        case .rejected(let why):
            return .reject(why)
        case .accepted:
            // A re-anchor (a run of fixes too fast or too far from the anchor) opens a stretch
            // like a resume, so the leg to it counts only when it could have been walked
            // (legCounts): a GPS jump or a ride without pausing adds no distance (DECISIONS 423).
            if filter.counters.reanchors != reanchors, stretchHasPoints {
                stretch += 1
                stretchHasPoints = false
            }
            let p = PendingPoint(sequence: pointCount, stretch: stretch, point: fix.trackpoint)
            pending = p
            prepared = nil
            return .accept(p)
        }
    }

    /// Counts the pending point after the store has written it.
    public mutating func commit(_ point: PendingPoint) {
        precondition(pending == point, "commit only the point judge returned")
        pending = nil
        let newSegment = startsSegment(point.point)
        if stretchHasPoints, !keptStretches.isEmpty {
            keptStretches[keptStretches.count - 1].append(KeptPoint(point.point))
        } else {
            keptStretches.append([KeptPoint(point.point)])
            stretchHasPoints = true
        }
        pointCount += 1
        lastPoint = point.point
        if let prepared {
            running = prepared.running
            current = prepared.statistics
        } else {
            if newSegment { running.startSegment() }
            running.add(point.point)
            current = running.statistics
        }
        prepared = nil
    }

    /// The statistics the recording will have once the pending point counts: what the store
    /// writes with the point (the hike is current with every accepted point), computed once —
    /// ``commit(_:)`` keeps them. Without a pending point, ``statistics()``.
    public mutating func statisticsWithPending() -> TrackStatistics {
        guard let pending else { return current }
        var next = running
        if startsSegment(pending.point) { next.startSegment() }
        next.add(pending.point)
        let s = next.statistics
        prepared = (next, s)
        return s
    }

    /// Forgets the pending point when the store could not write it (it never counts).
    public mutating func discardPending() {
        pending = nil
        prepared = nil
    }

    /// The state `action` leads to from the current one.
    /// - Throws: ``RecordingTransitionError`` when the action is not allowed now.
    public func check(_ action: RecordingAction) throws(RecordingTransitionError) -> RecordingState {
        switch (state, action) {
        case (.recording, .pause): return .paused
        case (.paused, .resume): return .recording
        case (.recording, .finish), (.paused, .finish): return .finished
        default: throw RecordingTransitionError(action: action, state: state)
        }
    }

    /// Applies an allowed action (after the store has recorded it). Resuming opens a new
    /// stretch and forgets the filter's anchor (the hiker may have moved while paused).
    /// - Throws: ``RecordingTransitionError`` as ``check(_:)``.
    public mutating func apply(_ action: RecordingAction) throws(RecordingTransitionError) {
        let next = try check(action)
        if action == .resume {
            if stretchHasPoints { stretch += 1 }
            stretchHasPoints = false
            filter.resetAnchor()
        }
        pending = nil
        prepared = nil
        state = next
    }

    /// The committed points as a track: the stretches in order, as ``segments(of:)`` joins them
    /// (as stored).
    public var track: Track {
        Track(segments: Self.segments(of: stretches).map { TrackSegment(points: $0) })
    }

    /// The last committed point (with its extras).
    public private(set) var lastPoint: Trackpoint?

    /// Statistics of the committed points as ``StatisticsCalculator`` gives them for ``track``
    /// (what `cairn stats` and the stored hike show): kept up to date with each commit for the
    /// standard thresholds, computed over every point for others.
    public func statistics(configuration: StatisticsConfiguration = .standard) -> TrackStatistics {
        configuration == .standard ? current : StatisticsCalculator(configuration: configuration).statistics(for: track)
    }

    /// Speed over the last `window` metres walked, m/s (the current pace is its inverse), as a
    /// watch measures it: back from the last point through earlier stretches, so the window
    /// spans a pause, counting only the steps between points of one stretch — a pause's time
    /// and the leg across it (or across a re-anchor) count in neither distance nor time
    /// (DECISIONS.md 494). Whole steps are taken until they reach `window`. Nil before the
    /// recording has `window` metres, or when a point in reach has no time.
    public func currentSpeed(over window: Double = RecordingSession.currentPaceWindow) -> Double? {
        var covered = 0.0, time = 0.0
        for points in keptStretches.reversed() where points.count >= 2 {
            var i = points.count - 1
            while i > 0 && covered < window {
                guard let t1 = points[i].date, let t0 = points[i - 1].date else { return nil }
                covered += points[i - 1].coordinate.distance(to: points[i].coordinate)
                time += t1.timeIntervalSince(t0)
                i -= 1
            }
            if covered >= window { break }
        }
        guard covered >= window else { return nil }
        return time > 0 ? covered / time : nil
    }

    /// The distance the current pace is measured over, metres: 500 m, a few minutes of walking,
    /// long enough that 10 m point spacing and GPS noise do not make it jump.
    public static let currentPaceWindow = 500.0
}

/// A committed point as ``RecordingSession`` keeps it in memory: position, elevation and time,
/// 32 bytes (NaN stands for a missing elevation or time).
public struct KeptPoint: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double
    /// Metres, NaN when the fix had none.
    public var elevationOrNaN: Double
    /// Seconds since the reference date (`Date.timeIntervalSinceReferenceDate`), NaN without a time.
    public var timeOrNaN: Double

    public init(_ p: Trackpoint) {
        latitude = p.latitude
        longitude = p.longitude
        elevationOrNaN = p.elevation ?? .nan
        timeOrNaN = p.time?.timeIntervalSinceReferenceDate ?? .nan
    }

    public var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }
    public var date: Date? { timeOrNaN.isNaN ? nil : Date(timeIntervalSinceReferenceDate: timeOrNaN) }
    /// The point as a trackpoint without extras.
    public var trackpoint: Trackpoint {
        Trackpoint(latitude: latitude, longitude: longitude, elevation: elevationOrNaN.isNaN ? nil : elevationOrNaN, time: date)
    }
}
