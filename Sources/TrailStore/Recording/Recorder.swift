import Foundation
import TrailSQLite
import TrailCore
import TrailSQLite

/// A recording in progress, bound to the store: the one place that puts every step in the
/// right order — each accepted point is committed to the store *before* ``RecordingSession``
/// counts it, and each pause, resume and finish is written before the session (and so any
/// screen or status line) shows it.
///
/// No hike exists until the first accepted point: a recording that never had a fix leaves
/// nothing behind. Not thread-safe (one thread owns it, as ``HikeStore``).
public final class Recorder {
    /// The store written to (its connection switched to ``synchronousSetting``).
    public let store: HikeStore
    /// The pure state; read it for figures, never change it except through the recorder.
    public private(set) var session: RecordingSession
    /// The stored recording; nil before the first accepted point.
    public private(set) var recording: RecordingID?
    /// The recorded hike; nil before the first accepted point.
    public private(set) var hike: HikeID?
    /// The hike's name, used when the first point creates it. Without a given name it is
    /// ``defaultName(for:timeZone:)`` of the first accepted fix's time (a replayed or logged walk
    /// is named after the day it was walked, not the day it was replayed); before that fix,
    /// the same of the wall clock.
    public private(set) var name: String
    /// True when no name was given: the first accepted fix names the hike (DECISIONS.md 340).
    private let namedByFirstFix: Bool
    /// The position source as typed (`--gps`), stored with the recording.
    public let source: String?
    private let now: () -> Date
    /// This store's recording lock, held while the recorder lives (one recorder per store across processes).
    private let lock: RecordingLock
    /// When the hike's track and statistics were last brought up to date (``syncHikeIfDue()``).
    private var lastHikeSync: Date?
    /// Accepted points committed since then (in `recording_points`, not yet in the hike's track).
    public private(set) var pointsBehindHike = 0
    /// Seconds between two hike syncs now: ``hikeSyncMinimumInterval``, or
    /// ``hikeSyncCostFactor`` times the last sync's duration when that is longer.
    public private(set) var hikeSyncInterval = Recorder.hikeSyncMinimumInterval
    /// The last sync's duration, seconds (monotonic clock); nil before the first.
    public private(set) var lastHikeSyncDuration: Double?

    /// The hike row (`list`, `show`, `export`, totals, the library) follows a running recording
    /// at least this often, seconds of wall time (DECISIONS.md 250).
    public static let hikeSyncMinimumInterval: Double = 5
    /// A sync rewrites the whole track and its statistics (O(points)); the next one waits this
    /// many times its duration, so syncing never takes more than 1/200 (0.5 %) of a core: the
    /// issue's "under 1 % of a core while waiting" holds with the sync included (DECISIONS.md 250).
    public static let hikeSyncCostFactor: Double = 200

    /// Durability of a recording's commits: `synchronous = FULL` on the store's connection (the
    /// store opens with NORMAL). In WAL mode FULL syncs the log at every commit, so a power cut
    /// loses at most the commit in flight; a killed process loses nothing committed in either
    /// mode (DECISIONS.md 141).
    public static let synchronousSetting = "FULL"

    /// A new recording (nothing is written until the first accepted point).
    /// - Throws: ``RecordingStoreError/recordingElsewhere(pid:)`` when another process records into the store (``RecordingLock``), ``SQLiteError`` when the durability setting cannot be applied.
    /// - Parameter name: the hike's name; nil for ``defaultName(for:timeZone:)`` of the first accepted fix's time.
    public init(store: HikeStore, name: String?, rules: PositionFilterRules = .recording, source: String?,
                now: @escaping () -> Date = Date.init) throws {
        lock = try RecordingLock(store: store.path)
        try store.connection.execute("PRAGMA synchronous = \(Self.synchronousSetting)")
        self.store = store
        self.name = name ?? Self.defaultName(for: now())
        namedByFirstFix = name == nil
        self.source = source
        self.now = now
        session = RecordingSession(rules: rules)
    }

    /// Brings the stored hike (track, one segment per stretch, and statistics) up to the points
    /// committed so far, when points are behind and ``hikeSyncInterval`` has passed since the
    /// last sync. Called after each accepted point and by the loops' clocks (so a source that
    /// stops sending still gets its last points into the hike). A failure leaves the points
    /// safe in `recording_points` (pause, finish or the next sync writes them) and is returned,
    /// not thrown: the point that triggered it was committed.
    /// - Returns: nil, or the store's error.
    @discardableResult
    public func syncHikeIfDue() -> Error? {
        guard pointsBehindHike > 0, let recording else { return nil }
        let t = now()
        if let last = lastHikeSync, t >= last, t.timeIntervalSince(last) < hikeSyncInterval { return nil }
        let clock = ContinuousClock()
        let started = clock.now
        do {
            try store.syncRecordedTrack(recording)
        } catch {
            lastHikeSync = t
            return error
        }
        let d = clock.now - started
        let seconds = Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
        lastHikeSyncDuration = seconds
        hikeSyncInterval = max(Self.hikeSyncMinimumInterval, Self.hikeSyncCostFactor * seconds)
        lastHikeSync = t
        pointsBehindHike = 0
        return nil
    }

    /// Reopens a stored recording. An unfinished one that is still marked `recording` (its
    /// process was killed) is first written as paused, so it comes back paused with every point
    /// accepted so far; a paused one stays paused.
    /// - Throws: ``RecordingStoreError``, ``SQLiteError``.
    public init(restoring record: RecordingRecord, store: HikeStore, now: @escaping () -> Date = Date.init) throws {
        lock = try RecordingLock(store: store.path)
        try store.connection.execute("PRAGMA synchronous = \(Self.synchronousSetting)")
        self.store = store
        self.now = now
        name = try store.summary(record.hikeID).name
        namedByFirstFix = false
        source = record.source
        recording = record.id
        hike = record.hikeID
        if record.state == .recording {
            try store.setRecordingState(record.id, .paused, counters: nil, at: now())
        }
        lastHikeSync = now()
        session = RecordingSession(restoring: try store.recordingStretches(record.id), counters: record.counters,
                                   rules: record.rules, finished: record.state == .finished)
    }

    /// The default name of a recording: "Recorded YYYY-MM-DD", the date of `date` in `timeZone`
    /// (the local time zone by default).
    public static func defaultName(for date: Date, timeZone: TimeZone = .current) -> String {
        "Recorded " + ISO8601DateFormatter.string(from: date, timeZone: timeZone,
                                                  formatOptions: [.withFullDate, .withDashSeparatorInDate])
    }

    /// The newest unfinished recording in `store`, restored as paused; nil when there is none.
    public static func restoreUnfinished(in store: HikeStore, now: @escaping () -> Date = Date.init) throws -> Recorder? {
        guard let record = try store.unfinishedRecordings().first else { return nil }
        return try Recorder(restoring: record, store: store, now: now)
    }

    /// Judges a fix; an accepted one is committed to the store (creating the hike on the first),
    /// then counted. When the store fails the point is not counted and the error is thrown.
    /// - Returns: the judgement (for an accepted fix, the point as stored).
    /// - Throws: ``HikeStoreError``, ``RecordingStoreError``, ``SQLiteError``.
    @discardableResult
    public func receive(_ fix: PositionFix) throws -> RecordingJudgement {
        let judgement = session.judge(fix)
        guard case .accept(let point) = judgement else { return judgement }
        do {
            if let recording {
                try store.appendRecordingPoint(recording, point, counters: session.filter.counters, at: now())
            } else {
                if namedByFirstFix { name = Self.defaultName(for: fix.time) }
                let ids = try store.beginRecording(name: name, first: point, rules: session.rules,
                                                   counters: session.filter.counters, source: source, at: now())
                hike = ids.hike
                recording = ids.recording
                lastHikeSync = now()
            }
        } catch {
            session.discardPending()
            throw error
        }
        session.commit(point)
        if pointCountInHike(point) { pointsBehindHike += 1 }
        syncHikeIfDue()
        return judgement
    }

    /// The first point is in the hike as `beginRecording` wrote it; every later one is behind
    /// until the next sync.
    private func pointCountInHike(_ point: PendingPoint) -> Bool { point.sequence > 0 }

    /// Pauses, resumes or finishes: written to the store first, then applied to the session.
    /// Before the first point there is nothing stored, so only the session changes.
    /// - Throws: ``RecordingTransitionError`` when not allowed now (nothing written), store errors.
    public func perform(_ action: RecordingAction) throws {
        let next = try session.check(action)
        if let recording {
            try store.setRecordingState(recording, next, counters: session.filter.counters, at: now())
            if next != .recording {  // pause and finish rewrote the track
                pointsBehindHike = 0
                lastHikeSync = now()
            }
        }
        try session.apply(action)
    }
}
