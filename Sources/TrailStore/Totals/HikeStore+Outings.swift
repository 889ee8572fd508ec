import Foundation
import TrailCore
import TrailSQLite

/// What the totals count, read from the store in two queries over stored statistics (the
/// `hikes` columns and the walks' summaries), never from points.
public struct OutingList: Hashable, Sendable {
    /// The walks to count (see ``Outing``): dated hikes, then walks.
    public var outings: [Outing]
    /// Dated hikes left out because an earlier stored hike has the same content hash (the same
    /// track imported twice, or a recording and its exported GPX imported again).
    public var duplicateHikes: Int
    /// Hikes without timestamps (drawn routes, untimed files): counted only through their walks.
    public var undatedHikes: Int
    /// Walks left out because a dated hike covers the same time (the walk was followed while it
    /// was recorded, or a watch's track of it was imported): the hike counts, once.
    public var walksDuringHikes: Int
    /// Dated hikes left out because an earlier stored hike was walked at the same time and place
    /// (most of the shorter one's time and box shared: a watch's FIT and a phone's GPX of one
    /// walk, or a copy cut or edited so that its points differ): the earlier stored one counts.
    public var sameTimeHikes: Int
    /// Walks followed with a replayed GPX as the position (`--gps replay:FILE`): a rehearsal or
    /// a demonstration, not a time out, so not counted (``HikeStore/walkedSQL``).
    public var replayedWalks: Int

    public init(outings: [Outing], duplicateHikes: Int, undatedHikes: Int, walksDuringHikes: Int = 0, sameTimeHikes: Int = 0,
                replayedWalks: Int = 0) {
        self.outings = outings
        self.duplicateHikes = duplicateHikes
        self.undatedHikes = undatedHikes
        self.walksDuringHikes = walksDuringHikes
        self.sameTimeHikes = sameTimeHikes
        self.replayedWalks = replayedWalks
    }
}

extension HikeStore {
    /// Everything the totals count (DECISIONS.md 220; the walks' columns of ``WalkTotalsSchema``):
    /// - every hike with timestamps (`start_time` set: recordings, paused ones with the numbers
    ///   of their last pause, and imported tracks), dated by its first timestamp, once per
    ///   content hash (the first stored copy counts);
    /// - every walk of the walk history with at least one accepted fix (finished or not, a
    ///   backtrack too), dated by its first accepted fix (else the wall-clock start), along
    ///   the trail it followed — for a copy, the first stored copy — with its summary's
    ///   distance walked, climb and moving time (``FollowSummary/movingTime``; walks saved
    ///   before it was kept count their active time). Walks store no highest point or grade.
    /// Hikes without timestamps count only through their walks. Of two dated hikes that share
    /// more than half of the shorter one's time and most of the ground (``sameWalk``,
    /// ``samePlace``), the earlier stored counts (``OutingList/sameTimeHikes``).
    /// One walk is counted once (DECISIONS.md 254): a walk whose time (first fix to end, or its
    /// first fix alone while unfinished) overlaps a counted dated hike's first-to-last timestamp
    /// is that hike walked — followed while recording it — and is left out
    /// (``OutingList/walksDuringHikes``); a hiker walks one walk at a time. Numbers that cannot
    /// be a walk's (``PlausibilityLimits``: a clock before 1980, faster than 25 km/h on average,
    /// as the import warns) mark the outing ``Outing/implausible``: in the sums, not the records.
    /// - Throws: ``SQLiteError``.
    public func outings() throws -> OutingList {
        try connection.execute("SAVEPOINT cairn_read_outings")
        defer { try? connection.execute("RELEASE cairn_read_outings") }
        // Every hike (the trails walks follow), each with the row id of its first stored copy.
        struct Row { let id: Int64, canonical: Int64, publicID: String, name: String, dated: Outing?, end: Double, box: Box? }
        let limits = PlausibilityLimits.standard
        let rows = try connection.query("""
            SELECT h.id, (SELECT min(d.id) FROM hikes d WHERE d.content_hash = h.content_hash), h.public_id, h.name,
                   h.start_time, h.distance, h.elevation_gain, h.moving_time, h.moving_distance, h.max_elevation,
                   h.steepest_grade, h.average_speed, coalesce(h.end_time, h.start_time),
                   h.min_latitude, h.min_longitude, h.max_latitude, h.max_longitude
            FROM hikes h ORDER BY h.id
            """) { st -> Row in
            let id = st.string(2), name = st.string(3)
            let dated = st.optionalDouble(4).map { t -> Outing in
                let start = Date(timeIntervalSinceReferenceDate: t)
                return Outing(source: .hike, trailID: id, trailName: name, startTime: start,
                              distance: st.double(5), elevationGain: st.optionalDouble(6), movingTime: st.optionalDouble(7),
                              movingDistance: st.optionalDouble(8), maxElevation: st.optionalDouble(9),
                              steepestGrade: st.optionalDouble(10),
                              implausible: limits.implausibility(startTime: start, averageSpeed: st.optionalDouble(11)))
            }
            var box: Box?
            if let s = st.optionalDouble(13), let w = st.optionalDouble(14), let n = st.optionalDouble(15), let e = st.optionalDouble(16) {
                box = Box(south: s, west: w, north: n, east: e)
            }
            return Row(id: st.int64(0), canonical: st.int64(1), publicID: id, name: name, dated: dated,
                       end: st.optionalDouble(12) ?? 0, box: box)
        }
        var byRow: [Int64: Int] = [:]
        byRow.reserveCapacity(rows.count)
        for (i, r) in rows.enumerated() { byRow[r.id] = i }
        var outings: [Outing] = []
        var duplicates = 0, undated = 0, sameTime = 0
        var spans = TimeSpans()
        var counted = CountedHikes()
        for r in rows {
            guard let o = r.dated else { undated += 1; continue }
            guard r.canonical == r.id else { duplicates += 1; continue }
            let start = o.startTime.timeIntervalSinceReferenceDate, end = max(r.end, start)
            if counted.candidates(start, end).contains(where: { Self.sameWalk($0.start, $0.end, start, end) && Self.samePlace($0.box, r.box) }) {
                sameTime += 1
                continue
            }
            outings.append(o)
            counted.add(start, end, r.box)
            spans.add(start, end)
        }
        spans.seal()
        var during = 0
        let walks = try connection.query("""
            SELECT id, hike_id, coalesce(first_fix_at, started_at), distance_walked, elevation_gain, moving_time,
                   moving_distance, ended_at
            FROM walks WHERE accepted_fixes > 0 AND \(Self.walkedSQL) ORDER BY id
            """) { st -> Outing? in
            guard let i = byRow[st.int64(1)], let trail = byRow[rows[i].canonical].map({ rows[$0] }) else { return nil }
            let start = st.double(2)
            if spans.overlaps(start, max(start, st.optionalDouble(7) ?? start)) {
                during += 1
                return nil
            }
            let date = Date(timeIntervalSinceReferenceDate: start)
            return Outing(source: .walk(st.int64(0)), trailID: trail.publicID, trailName: trail.name,
                          startTime: date, distance: st.optionalDouble(3) ?? 0,
                          elevationGain: st.optionalDouble(4), movingTime: st.optionalDouble(5),
                          movingDistance: st.optionalDouble(6),
                          implausible: limits.implausibility(startTime: date, averageSpeed: nil))
        }
        outings += walks.compactMap { $0 }
        let replayed = try connection.scalar("SELECT count(*) FROM walks WHERE accepted_fixes > 0 AND NOT \(Self.walkedSQL)")?.integer ?? 0
        return OutingList(outings: outings, duplicateHikes: duplicates, undatedHikes: undated, walksDuringHikes: during,
                          sameTimeHikes: sameTime, replayedWalks: Int(replayed))
    }

    /// True when the hikes timed [a0, a1] and [b0, b1] (seconds) are one walk: they share more
    /// than half of the shorter one's time. A hiker walks one walk at a time (DECISIONS.md 254);
    /// two recordings of one walk by two devices, or a copy cut short, share nearly all of it,
    /// while a walk split into two files shares at most the point where it was split. A hike
    /// whose points all have one time shares nothing.
    static func sameWalk(_ a0: Double, _ a1: Double, _ b0: Double, _ b1: Double) -> Bool {
        let shorter = min(a1 - a0, b1 - b0)
        guard shorter > 0 else { return false }
        return min(a1, b1) - max(a0, b0) > shorter / 2
    }

    /// The SQL condition on a `walks` row that it was walked: its position source (as typed for
    /// `--gps`, ``setWalkSource(_:_:speed:)``) is not a replayed GPX. Walks stored before their
    /// source was kept count as walked.
    static let walkedSQL = "coalesce(source, '') NOT LIKE 'replay:%'"

    /// True when a walk's stored source is a replayed GPX (the Swift side of ``walkedSQL``).
    public static func isReplay(source: String?) -> Bool { source?.hasPrefix("replay:") ?? false }

    /// A hike's bounding box, degrees.
    struct Box { var south, west, north, east: Double }

    /// True when two hikes' boxes, each widened by 0.001° (about 100 m) on every side, share more
    /// than half of the smaller one's area: two recordings of one walk, or a copy cut short,
    /// cover the same ground, while different walks whose clocks overlap (files with rebased or
    /// unset times, a planner's times) lie elsewhere. An unknown box is no evidence either way:
    /// the time decides.
    static func samePlace(_ a: Box?, _ b: Box?) -> Bool {
        guard let a, let b else { return true }
        let pad = 0.001
        func area(_ s: Double, _ w: Double, _ n: Double, _ e: Double) -> Double { max(0, n - s) * max(0, e - w) }
        let areaA = area(a.south - pad, a.west - pad, a.north + pad, a.east + pad)
        let areaB = area(b.south - pad, b.west - pad, b.north + pad, b.east + pad)
        let shared = area(max(a.south, b.south) - pad, max(a.west, b.west) - pad, min(a.north, b.north) + pad, min(a.east, b.east) + pad)
        return shared > min(areaA, areaB) / 2
    }
}

/// The dated hikes counted so far, found by the days they span, so that each hike is compared
/// only with those of its own days (not with every hike: 5,000 hikes took 2.3x the totals'
/// time compared pairwise). Two hikes that share any time share a day.
struct CountedHikes {
    typealias Hike = (start: Double, end: Double, box: HikeStore.Box?)
    private var byDay: [Int: [Hike]] = [:]
    /// Hikes spanning more than ``maximumDays``, compared with every hike.
    private var long: [Hike] = []
    static let maximumDays = 31

    private static func days(_ start: Double, _ end: Double) -> ClosedRange<Int>? {
        let first = Int((start / 86_400).rounded(.down)), last = Int((end / 86_400).rounded(.down))
        return last - first < maximumDays ? first...max(first, last) : nil
    }

    mutating func add(_ start: Double, _ end: Double, _ box: HikeStore.Box?) {
        guard let days = Self.days(start, end) else { long.append((start, end, box)); return }
        for d in days { byDay[d, default: []].append((start, end, box)) }
    }

    /// The counted hikes that may share time with [start, end] (one spanning several of its days
    /// comes once per day).
    func candidates(_ start: Double, _ end: Double) -> [Hike] {
        guard let days = Self.days(start, end) else { return byDay.values.flatMap { $0 } + long }
        var out = long
        for d in days { out += byDay[d] ?? [] }
        return out
    }
}

/// Closed time intervals (seconds) with an overlap query in O(log n): sorted by start, with
/// the running maximum of the ends.
struct TimeSpans {
    private var spans: [(start: Double, end: Double)] = []
    private var maxEnd: [Double] = []

    mutating func add(_ start: Double, _ end: Double) { spans.append((start, end)) }

    mutating func seal() {
        spans.sort { $0.start < $1.start }
        var m = -Double.infinity
        maxEnd = spans.map { m = max(m, $0.end); return m }
    }

    /// True when [start, end] meets any span.
    func overlaps(_ start: Double, _ end: Double) -> Bool {
        // The last span starting at or before `end`; the spans up to it overlap when one ends at or after `start`.
        var lo = 0, hi = spans.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if spans[mid].start <= end { lo = mid + 1 } else { hi = mid }
        }
        return lo > 0 && maxEnd[lo - 1] >= start
    }
}
