import Foundation
import Testing
import TrailCore
@testable import TrailStore

/// Line versions (migration "v9-line-versions-table"): keeping one changes what the hike reads
/// and its statistics, never the recorded points; undo goes back to them.
@Suite struct LineVersionStoreTests {
    func store() throws -> (HikeStore, HikeID, Track) {
        let dir = makeTempDirectory("lines")
        let store = try HikeStore(path: dir + "/h.sqlite")
        let track = sampleTrack(count: 30, segments: 2)
        guard case .inserted(let id) = try store.insert(sampleHike(track)) else { throw CancellationError() }
        return (store, id, track)
    }

    @Test func aKeptVersionIsReadAndMeasuredAndUndoGoesBackToTheRecording() throws {
        let (store, id, track) = try store()
        #expect(try store.keptLineVersion(of: id) == 0)
        // A version: every other point of each segment, shifted 0.0001° east.
        let version = track.segments.map { s in
            s.points.enumerated().filter { $0.offset % 2 == 0 }.map { p in
                var q = p.element
                q.longitude += 1e-4
                return q
            }
        }
        #expect(try store.keepLineVersion(version, origin: "matched", of: id) == 1)
        #expect(try store.keptLineVersion(of: id) == 1)
        let kept = try store.tracks(of: id)
        #expect(kept.flatMap(\.segments).map(\.points) == version)
        #expect(kept[0].name == track.name)   // the track's metadata stays
        #expect(try store.tracks(of: id, line: .raw) == [track])
        #expect(try store.hike(id, line: .raw).tracks == [track])
        // The statistics are the kept line's, as the calculator measures it.
        let expected = StatisticsCalculator().statistics(for: Track(segments: version.map { TrackSegment(points: $0) }))
        let summary = try store.summary(id)
        #expect(abs(summary.statistics.distance - expected.distance) < 1e-6)
        #expect(summary.statistics.pointCount == 30)
        #expect(try store.lineVersions(of: id).map(\.pointCount) == [30])
        // Undo: the recording and its own statistics again; the version stays stored.
        try store.keepRawLine(of: id)
        #expect(try store.keptLineVersion(of: id) == 0)
        #expect(try store.tracks(of: id) == [track])
        let rawStats = StatisticsCalculator().statistics(for: Track(segments: track.segments))
        #expect(abs(try store.summary(id).statistics.distance - rawStats.distance) < 1e-6)
        #expect(try store.lineVersions(of: id).count == 1)
    }

    /// An identical line is never stored twice: kept again from the stored version (its
    /// statistics back), the recording itself goes back to the raw line, and a line equal to
    /// the one shown changes nothing (DECISIONS 430).
    @Test func anIdenticalLineReusesTheStoredVersion() throws {
        let (store, id, track) = try store()
        let shifted = { (d: Double) in track.segments.map { s in s.points.map { p in var q = p; q.longitude += d; return q } } }
        #expect(try store.keepLine(shifted(1e-4), origin: "matched", of: id) == .stored(1))
        let oneLength = try store.summary(id).statistics.distance
        #expect(try store.keepLine(shifted(2e-4), origin: "mixed", of: id) == .stored(2))
        #expect(try store.keepLine(shifted(2e-4), origin: "mixed", of: id) == .unchanged(2))
        // Version 1's line again, shown from version 2 and from the raw line.
        #expect(try store.keepLine(shifted(1e-4), origin: "matched", of: id) == .reused(1))
        #expect(try store.keptLineVersion(of: id) == 1)
        #expect(try store.summary(id).statistics.distance == oneLength)
        #expect(try store.tracks(of: id).flatMap(\.segments).map(\.points) == shifted(1e-4))
        #expect(try store.keepRawLine(of: id))
        #expect(try !store.keepRawLine(of: id))
        #expect(try store.keepLine(shifted(1e-4), origin: "mixed", of: id) == .reused(1))
        // The recording's own points: back to the raw line, no version.
        #expect(try store.keepLine(track.segments.map(\.points), origin: "mixed", of: id) == .reused(0))
        #expect(try store.keptLineVersion(of: id) == 0)
        #expect(try store.tracks(of: id) == [track])
        #expect(try store.keepLine(track.segments.map(\.points), origin: "mixed", of: id) == .unchanged(0))
        #expect(try store.lineVersions(of: id).map(\.version) == [1, 2])
    }

    /// Deleting a hike with several versions deletes them all (and which one it showed);
    /// the same recording imported again starts from its raw line, and its first kept line is
    /// version 1 again, never a leftover of the deleted hike.
    @Test func deletingAHikeDeletesItsVersions() throws {
        let (store, id, track) = try store()
        let shifted = { (d: Double) in track.segments.map { s in s.points.map { p in var q = p; q.longitude += d; return q } } }
        for k in 1...3 { #expect(try store.keepLine(shifted(Double(k) * 1e-4), origin: "matched", of: id) == .stored(k)) }
        #expect(try store.keepLine(shifted(2e-4), origin: "matched", of: id) == .reused(2))
        try store.delete([id])
        let count = { (table: String) in try store.connection.scalar("SELECT count(*) FROM \(table)", [])?.integer ?? -1 }
        #expect(try count("line_versions") == 0 && count("kept_line_versions") == 0)
        guard case .inserted(let again) = try store.insert(sampleHike(track), allowDuplicate: true) else {
            Issue.record("imported again"); return
        }
        #expect(try store.keptLineVersion(of: again) == 0 && store.lineVersions(of: again).isEmpty)
        #expect(try store.tracks(of: again) == [track])
        #expect(try !store.keepRawLine(of: again))
        #expect(try store.keepLine(shifted(2e-4), origin: "matched", of: again) == .stored(1))
    }

    @Test func aVersionOfTheWrongShapeIsRefusedAndNothingChanges() throws {
        let (store, id, track) = try store()
        #expect(throws: LineVersionError.segmentCount(given: 1, raw: 2)) {
            try store.keepLineVersion([track.segments[0].points], origin: "matched", of: id)
        }
        #expect(try store.keptLineVersion(of: id) == 0)
        #expect(try store.lineVersions(of: id).isEmpty)
        #expect(try store.tracks(of: id) == [track])
    }

    @Test func aSurveyKeepsItsMapStamp() throws {
        let (store, id, _) = try store()
        try store.saveGroundSurvey(StoredGroundSurvey(pointCount: 60, measuredAt: Date(timeIntervalSinceReferenceDate: 0),
                                                      tags: Data([1, 2]), mapStamp: "1@t@9"), of: id)
        #expect(try store.groundSurvey(of: id)?.mapStamp == "1@t@9")
        try store.removeGroundSurvey(of: id)
        #expect(try store.groundSurvey(of: id) == nil)
    }
}
