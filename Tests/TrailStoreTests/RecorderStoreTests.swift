import Foundation
import Testing
import TrailCore
@testable import TrailStore

/// Recording on a real SQLite store in a temporary folder: the hike appears with the first
/// accepted point, every point is in the store before it counts, state changes are written
/// before they are applied, and an unfinished recording comes back paused.
@Suite struct RecorderStoreTests {
    let t0 = Date(timeIntervalSince1970: 1_714_557_600)

    func fix(_ i: Int, metres: Double = 15) -> PositionFix {
        let c = Coordinate(latitude: 46.5, longitude: 7.5).coordinate(at: Double(i) * metres, bearing: 30)
        return PositionFix(time: t0.addingTimeInterval(Double(i) * 5), coordinate: c, altitude: 1500 + Double(i),
                           horizontalAccuracy: 4, mode: .threeD, satellitesUsed: 9, source: .gpsd)
    }

    func openStore(_ dir: String) throws -> HikeStore { try HikeStore(path: dir + "/hikes.sqlite") }

    @Test func nothingStoredBeforeTheFirstAcceptedPoint() throws {
        let dir = makeTempDirectory("rec")
        let store = try openStore(dir)
        let rec = try Recorder(store: store, name: "Walk", source: "gpsd://127.0.0.1:2948")
        _ = try rec.receive(PositionFix(time: t0, coordinate: Coordinate(latitude: 0, longitude: 0), source: .gpsd))
        try rec.perform(.pause)
        try rec.perform(.resume)
        #expect(try store.hikeCount() == 0 && rec.hike == nil)
        try rec.perform(.finish)
        #expect(try store.hikeCount() == 0)
    }

    /// Issue 14 item 5: without --name a replayed or logged walk is named after its first
    /// accepted fix's local date, not the day it was replayed (the wall clock here is 2026).
    @Test func defaultNameIsTheFirstFixesLocalDate() throws {
        let store = try openStore(makeTempDirectory("rec"))
        let wall = Date(timeIntervalSince1970: 1_796_000_000)  // 2026-11-30
        let rec = try Recorder(store: store, name: nil, source: "replay:walk.gpx", now: { wall })
        _ = try rec.receive(fix(0))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        let d = calendar.dateComponents([.year, .month, .day], from: t0)
        let expected = "Recorded " + String(format: "%04d-%02d-%02d", d.year!, d.month!, d.day!)
        #expect(rec.name == expected)
        #expect(try store.summary(#require(rec.hike)).name == expected)
        #expect(!expected.hasPrefix("Recorded 2026"))
    }

    @Test func migrationIsRecordedUnderItsName() throws {
        let store = try openStore(makeTempDirectory("rec"))
        #expect(try HikeSchema.migrator.appliedMigrations(store.connection).contains(RecordingSchema.migrationName))
        #expect(try store.connection.tableExists("recordings") && store.connection.tableExists("recording_points"))
    }

    @Test func everyPointIsInTheStoreBeforeItCounts() throws {
        let dir = makeTempDirectory("rec")
        let store = try openStore(dir)
        let rec = try Recorder(store: store, name: "Walk", source: "gpsd://127.0.0.1:2948", now: { self.t0 })
        #expect(try store.connection.scalar("PRAGMA synchronous")?.integer == 2)  // FULL
        #expect(try store.connection.scalar("PRAGMA journal_mode")?.text == "wal")
        // A second connection (another process, in effect) sees each point as soon as receive returns.
        let reader = try openStore(dir)
        for i in 0..<20 {
            let j = try rec.receive(fix(i))
            guard case .accept = j else { Issue.record("fix \(i) not accepted: \(j)"); continue }
            let id = try #require(rec.recording)
            #expect(try reader.recording(id).pointCount == rec.session.pointCount)
            #expect(try reader.recordingStretches(id).joined().count == i + 1)
        }
        let hike = try #require(rec.hike)
        #expect(try reader.summary(hike).kind == .recorded)
        #expect(try reader.recording(of: hike)?.state == .recording)
    }

    @Test func pauseAndFinishAreWrittenBeforeTheyAreShown() throws {
        let dir = makeTempDirectory("rec")
        let store = try openStore(dir)
        let rec = try Recorder(store: store, name: "Walk", source: nil)
        for i in 0..<10 { try rec.receive(fix(i)) }
        try rec.perform(.pause)
        let id = try #require(rec.recording)
        #expect(try store.recording(id).state == .paused && rec.session.state == .paused)
        // While paused the hike is already an ordinary hike with its statistics.
        let hike = try #require(rec.hike)
        #expect(try store.summary(hike).statistics.pointCount == 10)
        #expect(throws: RecordingTransitionError.self) { try rec.perform(.pause) }
        try rec.perform(.resume)
        for i in 20..<25 { try rec.receive(fix(i)) }
        var end = try #require(try store.rewriteRecordedTrack(id))
        try rec.perform(.finish)
        let stored = try store.recording(id)
        #expect(stored.state == .finished && stored.finishedAt != nil && stored.pointCount == 15)
        // Finished: an ordinary hike, one segment across the pause (DECISIONS.md 420), the
        // calculator's statistics of the same points.
        let tracks = try store.tracks(of: hike)
        #expect(tracks.count == 1 && tracks[0].segments.map(\.points.count) == [15])
        let expected = StatisticsCalculator().statistics(for: tracks[0])
        #expect(try store.summary(hike).statistics.distance == expected.distance)
        #expect(try store.summary(hike).statistics.elapsedTime == expected.elapsedTime)
        #expect(rec.session.distance == expected.distance)
        #expect(throws: RecordingStoreError.finished(id)) { try store.appendRecordingPoint(id, PendingPoint(
            sequence: 15, stretch: 1, point: fix(30).trackpoint), counters: FilterCounters(), at: t0, end: &end,
            statistics: TrackStatistics()) }
        #expect(throws: RecordingStoreError.finished(id)) { try store.rewriteRecordedTrack(id) }
    }

    @Test func unfinishedRecordingComesBackPausedWithEverything() throws {
        let dir = makeTempDirectory("rec")
        var accepted: [Trackpoint] = []
        var counters = FilterCounters()
        do {
            let store = try openStore(dir)
            let rec = try Recorder(store: store, name: "Killed walk", source: "replay:walk.gpx")
            for i in 0..<12 {
                if i == 5 {
                    var poor = fix(i)
                    poor.horizontalAccuracy = 80
                    #expect(try rec.receive(poor) == .reject(.poorAccuracy))
                }
                if case .accept(let p) = try rec.receive(fix(i)) { accepted.append(p.point) }
            }
            counters = rec.session.filter.counters
            // The process "dies" here: nothing is closed, finished or paused.
        }
        let store = try openStore(dir)
        let rec = try #require(try Recorder.restoreUnfinished(in: store))
        #expect(rec.session.state == .paused)
        // The session keeps position, elevation and time (DECISIONS.md 160); the store all of it.
        #expect(Array(rec.session.stretches.joined()) == accepted.map { KeptPoint($0).trackpoint })
        #expect(Array(try store.recordingStretches(#require(rec.recording)).joined()) == accepted)
        #expect(rec.source == "replay:walk.gpx" && rec.name == "Killed walk")
        #expect(try store.recording(#require(rec.recording)).state == .paused)
        #expect(rec.session.filter.counters == counters)  // saved with the last point
        // Resuming continues the same recording (same hike, a new stretch).
        try rec.perform(.resume)
        for i in 30..<33 { try rec.receive(fix(i)) }
        try rec.perform(.finish)
        #expect(try store.recordingStretches(#require(rec.recording)).map(\.count) == [12, 3])
        #expect(try store.hikeCount() == 1)
        #expect(try Recorder.restoreUnfinished(in: store) == nil)
    }
}
