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
/// nothing behind. From then on the stored hike (track and statistics) is current with every
/// accepted point, written in the point's own transaction (DECISIONS.md 421). Not thread-safe
/// (one thread owns it, as ``HikeStore``).
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
    /// True while ``name`` is only the wall-clock placeholder: no name was given and no fix has
    /// been accepted yet, so the stored name (the first fix's date) is not known (DECISIONS.md 490).
    public var nameAwaitsFirstFix: Bool { namedByFirstFix && hike == nil }
    /// The position source as typed (`--gps`), stored with the recording.
    public private(set) var source: String?
    /// The replay speed (`--speed`) of that source, stored with the recording so a resume plays
    /// at it again; nil for 1x or a live source (DECISIONS.md 422).
    public private(set) var speed: Double?
    private let now: () -> Date
    /// This store's recording lock, held while the recorder lives (one recorder per store across processes).
    private let lock: RecordingLock
    /// Where the next point goes in the hike's track; nil before the first accepted point.
    private var trackEnd: RecordedTrackEnd?

    /// Durability of a recording's commits: `synchronous = FULL` on the store's connection (the
    /// store opens with NORMAL). In WAL mode FULL syncs the log at every commit, so a power cut
    /// loses at most the commit in flight; a killed process loses nothing committed in either
    /// mode (DECISIONS.md 141).
    public static let synchronousSetting = "FULL"

    /// A new recording (nothing is written until the first accepted point).
    /// - Throws: ``RecordingStoreError/recordingElsewhere(pid:)`` when another process records into the store (``RecordingLock``), ``SQLiteError`` when the durability setting cannot be applied.
    /// - Parameters:
    ///   - name: the hike's name; nil for ``defaultName(for:timeZone:)`` of the first accepted fix's time.
    ///   - speed: the replay speed of `source` (`--speed`), nil for 1x or a live source.
    public init(store: HikeStore, name: String?, rules: PositionFilterRules = .recording, source: String?,
                speed: Double? = nil, now: @escaping () -> Date = Date.init) throws {
        lock = try RecordingLock(store: store.path)
        try store.connection.execute("PRAGMA synchronous = \(Self.synchronousSetting)")
        self.store = store
        self.name = name ?? Self.defaultName(for: now())
        namedByFirstFix = name == nil
        self.source = source
        self.speed = speed
        self.now = now
        session = RecordingSession(rules: rules)
    }

    /// Reopens a stored recording. An unfinished one that is still marked `recording` (its
    /// process was killed) is first written as paused, so it comes back paused with every point
    /// accepted so far; a paused one stays paused. An unfinished recording's hike is written
    /// again from its points (segments as DECISIONS.md 420 joins them, small blocks: 421), so one stored by
    /// an older version continues the same way.
    /// - Throws: ``RecordingStoreError``, ``SQLiteError``.
    public init(restoring record: RecordingRecord, store: HikeStore, now: @escaping () -> Date = Date.init) throws {
        lock = try RecordingLock(store: store.path)
        try store.connection.execute("PRAGMA synchronous = \(Self.synchronousSetting)")
        self.store = store
        self.now = now
        name = try store.summary(record.hikeID).name
        namedByFirstFix = false
        source = record.source
        speed = record.speed
        recording = record.id
        hike = record.hikeID
        if record.state != .finished {
            trackEnd = try store.rewriteRecordedTrack(record.id)
        }
        if record.state == .recording {
            try store.setRecordingState(record.id, .paused, counters: nil, at: now())
        }
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
                // A stored recording always has its first point, so it has a track to append to.
                if trackEnd == nil { trackEnd = try store.rewriteRecordedTrack(recording) }
                guard trackEnd != nil else { throw RecordingStoreError.noSuchRecording(recording) }
                let statistics = session.statisticsWithPending()
                try store.appendRecordingPoint(recording, point, counters: session.filter.counters, at: now(),
                                               end: &trackEnd!, statistics: statistics,
                                               newSegment: session.pendingStartsSegment)
            } else {
                if namedByFirstFix { name = Self.defaultName(for: fix.time) }
                let ids = try store.beginRecording(name: name, first: point, rules: session.rules,
                                                   counters: session.filter.counters, source: source, speed: speed,
                                                   at: now())
                hike = ids.hike
                recording = ids.recording
                trackEnd = ids.end
            }
        } catch {
            session.discardPending()
            throw error
        }
        session.commit(point)
        return judgement
    }

    /// Keeps the position source and replay speed a resume uses (``source``, ``speed``) with the
    /// recording, before it resumes with them: `cairn record --resume` and the screen's resume
    /// reuse them unless told otherwise (DECISIONS.md 422). Before the first point they are kept
    /// here and stored with it.
    /// - Parameters:
    ///   - source: the source as typed; nil keeps the stored one.
    ///   - speed: the replay speed; nil for 1x.
    /// - Throws: store errors.
    public func useSource(_ source: String?, speed: Double?) throws {
        let kept = source ?? self.source
        if let recording { try store.setRecordingSource(recording, source: kept, speed: speed) }
        self.source = kept
        self.speed = speed
    }

    /// Pauses, resumes or finishes: written to the store first, then applied to the session.
    /// Before the first point there is nothing stored, so only the session changes.
    /// - Throws: ``RecordingTransitionError`` when not allowed now (nothing written), store errors.
    public func perform(_ action: RecordingAction) throws {
        let next = try session.check(action)
        if let recording {
            try store.setRecordingState(recording, next, counters: session.filter.counters, at: now())
        }
        try session.apply(action)
    }
}
