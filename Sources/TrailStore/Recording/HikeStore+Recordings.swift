import Foundation
import TrailSQLite
import TrailCore
import TrailSQLite

/// Live recording in the hike store: the hike (kind `recorded`) and its recording row appear
/// with the first accepted point; every further point is its own transaction, committed before
/// the call returns, that also appends it to the hike's track and writes the hike's statistics,
/// so `list`, `show`, `export` and the totals see every accepted point, also after a kill;
/// a state change is written before the caller shows it. See ``RecordingSchema`` and
/// DECISIONS.md 141, 421.
extension HikeStore {
    /// Creates the hike and its recording from the first accepted point, in one transaction.
    /// - Parameters:
    ///   - name: the hike's name.
    ///   - first: the first accepted point (sequence 0).
    ///   - source: the position source as typed for `--gps`.
    ///   - speed: the replay speed (`--speed`) of a replayed source, nil for a live one.
    /// - Returns: the new hike and recording, and the end of its track to append to.
    /// - Throws: ``HikeStoreError/readOnly(path:)``, ``SQLiteError``.
    public func beginRecording(name: String, first: PendingPoint, rules: PositionFilterRules, counters: FilterCounters,
                               source: String?, speed: Double? = nil, at now: Date) throws
        -> (hike: HikeID, recording: RecordingID, end: RecordedTrackEnd) {
        try requireWritable()
        let track = Track(segments: [TrackSegment(points: [first.point])])
        let hike = NewHike(name: name, kind: .recorded, sourceFileName: nil, tracks: [track],
                           statistics: StatisticsCalculator().statistics(for: track))
        return try connection.transaction {
            let id = try HikeWriter(connection).write(hike, hash: hike.contentHash, createdAt: now) { _ in }
            let row = try recordingHikeRow(id)
            try connection.run("""
                INSERT INTO recordings(hike_id, state, started_at, changed_at, source, rules_json, counters_json, speed)
                VALUES (?, 'recording', ?, ?, ?, ?, ?, ?)
                """, [.integer(row), .real(now.timeIntervalSinceReferenceDate), .real(now.timeIntervalSinceReferenceDate),
                      .optional(source), .text(HikeWriter.json(rules)), .text(HikeWriter.json(counters)), .optional(speed)])
            let rec = RecordingID(rawValue: connection.lastInsertRowID)
            try insertRecordingPoint(rec, first, counters: counters, at: now)
            return (id, rec, try recordedTrackEnd(hikeRow: row))
        }
    }

    /// Appends one accepted point and the current counters, and the point to the hike's track
    /// with the hike's statistics, in one transaction committed before returning: the stored
    /// hike is current with every accepted point (DECISIONS.md 421). `end` advances only when
    /// the transaction commits.
    /// - Parameters:
    ///   - end: where the recording's track ends (from ``beginRecording(name:first:rules:counters:source:speed:at:)``
    ///     or ``rewriteRecordedTrack(_:)``).
    ///   - statistics: the statistics of the track with this point (``RecordingSession/statisticsWithPending()``).
    ///   - newSegment: the point begins a new segment of the track (``RecordingSession/pendingStartsSegment``).
    /// - Throws: ``RecordingStoreError``, ``SQLiteError``.
    public func appendRecordingPoint(_ recording: RecordingID, _ point: PendingPoint, counters: FilterCounters,
                                     at now: Date, end: inout RecordedTrackEnd, statistics: TrackStatistics,
                                     newSegment: Bool = false) throws {
        try requireWritable()
        var next = end
        try connection.transaction {
            guard try recordingState(recording) != .finished else { throw RecordingStoreError.finished(recording) }
            try insertRecordingPoint(recording, point, counters: counters, at: now)
            try appendToRecordedTrack(&next, point.point, newSegment: newSegment)
            try writeHikeStatistics(next.hikeRow, statistics, hash: nil)
        }
        end = next
    }

    /// Writes a state change (pause, resume, finish) with the counters, in one transaction; on
    /// pause and finish the hike's content hash (the import's duplicate check, not kept up to
    /// date point by point) is taken again over its stored track, block by block.
    /// - Throws: ``RecordingStoreError``, ``SQLiteError``.
    public func setRecordingState(_ recording: RecordingID, _ state: RecordingState, counters: FilterCounters?,
                                  at now: Date) throws {
        try requireWritable()
        try connection.transaction {
            guard try recordingState(recording) != .finished else { throw RecordingStoreError.finished(recording) }
            try connection.run("""
                UPDATE recordings SET state = ?, changed_at = ?, finished_at = ?,
                                      counters_json = coalesce(?, counters_json) WHERE id = ?
                """, [.text(state.rawValue), .real(now.timeIntervalSinceReferenceDate),
                      state == .finished ? .real(now.timeIntervalSinceReferenceDate) : .null,
                      .optional(counters.map(HikeWriter.json)), .integer(recording.rawValue)])
            if state != .recording {
                let row = try recordingHikeRow(recording)
                try refreshRecordedSegmentCounts(row)
                try connection.run("UPDATE hikes SET content_hash = ? WHERE id = ?",
                                   [.blob(try storedTrackContentHash(row)), .integer(row)])
            }
        }
    }

    /// Keeps the position source (as typed for `--gps`) and replay speed a recording resumes with.
    /// - Throws: ``RecordingStoreError``, ``SQLiteError``.
    public func setRecordingSource(_ recording: RecordingID, source: String?, speed: Double?) throws {
        try requireWritable()
        try connection.run("UPDATE recordings SET source = ?, speed = ? WHERE id = ?",
                           [.optional(source), .optional(speed), .integer(recording.rawValue)])
        guard connection.changes > 0 else { throw RecordingStoreError.noSuchRecording(recording) }
    }

    /// Recordings not finished (killed, crashed, closed), newest first.
    public func unfinishedRecordings() throws -> [RecordingRecord] {
        try recordingRecords(where: "r.state <> 'finished'", [])
    }

    /// The hikes whose recording is not finished, with what it is doing: `.recording` only while
    /// another process records into this store (``RecordingLock``); a recording left in the
    /// `recording` state by a process that died is `.paused` here (restoring it pauses it).
    public func unfinishedRecordingStates() throws -> [HikeID: RecordingState] {
        let live = RecordingLock.isHeldElsewhere(store: path)
        var out: [HikeID: RecordingState] = [:]
        for r in try unfinishedRecordings() { out[r.hikeID] = r.state == .recording && live ? .recording : .paused }
        return out
    }

    /// The recording of a hike, nil for a hike that was not recorded.
    public func recording(of hike: HikeID) throws -> RecordingRecord? {
        try recordingRecords(where: "h.public_id = ?", [.text(hike.rawValue)]).first
    }

    /// A recording by id.
    /// - Throws: ``RecordingStoreError/noSuchRecording(_:)``.
    public func recording(_ id: RecordingID) throws -> RecordingRecord {
        guard let r = try recordingRecords(where: "r.id = ?", [.integer(id.rawValue)]).first
        else { throw RecordingStoreError.noSuchRecording(id) }
        return r
    }

    /// A recording's stored points, one array per stretch, in order.
    public func recordingStretches(_ recording: RecordingID) throws -> [[Trackpoint]] {
        try storedStretches(.recordings, owner: recording.rawValue)
    }

    // MARK: helpers

    private func insertRecordingPoint(_ recording: RecordingID, _ wp: PendingPoint, counters: FilterCounters,
                                      at now: Date) throws {
        let insert = try connection.prepare(StretchPointTable.recordings.insertSQL)
        try insert.bind(Self.stretchPointValues(owner: recording.rawValue, seq: Int64(wp.sequence), stretch: wp.stretch, wp.point))
        _ = try insert.step()
        try connection.run("""
            UPDATE recordings SET point_count = point_count + 1, changed_at = ?, counters_json = ? WHERE id = ?
            """, [.real(now.timeIntervalSinceReferenceDate), .text(HikeWriter.json(counters)), .integer(recording.rawValue)])
    }

    private func recordingState(_ id: RecordingID) throws -> RecordingState {
        guard let text = try connection.scalar("SELECT state FROM recordings WHERE id = ?", [.integer(id.rawValue)])?.text,
              let state = RecordingState(rawValue: text)
        else { throw RecordingStoreError.noSuchRecording(id) }
        return state
    }

    private func recordingHikeRow(_ id: HikeID) throws -> Int64 {
        guard let v = try connection.scalar("SELECT id FROM hikes WHERE public_id = ?", [.text(id.rawValue)])?.integer
        else { throw HikeStoreError.noSuchHike(id.rawValue) }
        return v
    }

    private static let recordingDecoder = JSONDecoder()

    private func recordingRecords(where condition: String, _ bindings: [SQLiteValue]) throws -> [RecordingRecord] {
        try connection.query("""
            SELECT r.id, h.public_id, r.state, r.started_at, r.changed_at, r.finished_at, r.source, r.rules_json,
                   r.counters_json, r.point_count, r.speed
            FROM recordings r JOIN hikes h ON h.id = r.hike_id WHERE \(condition) ORDER BY r.id DESC
            """, bindings) { st in
            let d = Self.recordingDecoder
            return RecordingRecord(
                id: RecordingID(rawValue: st.int64(0)), hikeID: HikeID(uncheckedRawValue: st.string(1)),
                state: RecordingState(rawValue: st.string(2)) ?? .paused,
                startedAt: Date(timeIntervalSinceReferenceDate: st.double(3)),
                changedAt: Date(timeIntervalSinceReferenceDate: st.double(4)),
                finishedAt: st.optionalDouble(5).map { Date(timeIntervalSinceReferenceDate: $0) },
                source: st.optionalString(6),
                rules: (try? d.decode(PositionFilterRules.self, from: Data(st.string(7).utf8))) ?? .recording,
                counters: st.optionalString(8).flatMap { try? d.decode(FilterCounters.self, from: Data($0.utf8)) },
                pointCount: st.int(9), speed: st.optionalDouble(10))
        }
    }
}
