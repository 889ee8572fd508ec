import Foundation
import Testing
import TrailCore
@testable import TrailStore

/// A running recording's hike follows its points (DECISIONS.md 250): another connection (`cairn
/// list`, `export`, the library of another process) sees the walk so far within the sync
/// interval, without a pause; the points themselves are committed one by one as before.
@Suite struct RecorderHikeSyncTests {
    let t0 = Date(timeIntervalSince1970: 1_714_557_600)

    func fix(_ i: Int) -> PositionFix {
        let c = Coordinate(latitude: 46.5, longitude: 7.5).coordinate(at: Double(i) * 15, bearing: 30)
        return PositionFix(time: t0.addingTimeInterval(Double(i) * 5), coordinate: c, altitude: 1500 + Double(i),
                           horizontalAccuracy: 4, mode: .threeD, satellitesUsed: 9, source: .gpsd)
    }

    /// A wall clock the test moves.
    final class Wall: @unchecked Sendable {
        var now: Date
        init(_ d: Date) { now = d }
    }

    @Test func anotherConnectionSeesTheWalkSoFarWithinTheInterval() throws {
        let dir = makeTempDirectory("rec-sync")
        let store = try HikeStore(path: dir + "/hikes.sqlite")
        let wall = Wall(t0)
        let rec = try Recorder(store: store, name: "Walk", source: nil, now: { wall.now })
        let reader = try HikeStore(path: dir + "/hikes.sqlite")
        // One fix a second of wall time: within the first 5 s the hike may lag behind…
        for i in 0..<4 {
            try rec.receive(fix(i))
            wall.now.addTimeInterval(1)
        }
        let hike = try #require(rec.hike)
        #expect(rec.pointsBehindHike == 3)
        // …and at the fix 5 s after the first point it holds every point committed.
        wall.now = t0.addingTimeInterval(Recorder.hikeSyncMinimumInterval)
        try rec.receive(fix(4))
        #expect(rec.pointsBehindHike == 0)
        let summary = try reader.summary(hike)
        #expect(summary.statistics.pointCount == 5)
        let tracks = try reader.tracks(of: hike)
        let points = tracks.flatMap(\.segments).flatMap(\.points)
        #expect(points.count == 5)
        // The statistics are the calculator's over the same points (as on pause and finish).
        let expected = StatisticsCalculator().statistics(for: tracks[0])
        #expect(summary.statistics.distance == expected.distance && expected.distance > 50)
        #expect(summary.statistics.distance == rec.session.distance)
        // Still recording: syncing changes no state.
        #expect(try reader.recording(of: hike)?.state == .recording)
    }

    @Test func aSourceThatStopsSendingStillGetsItsLastPointsIntoTheHike() throws {
        let dir = makeTempDirectory("rec-sync")
        let store = try HikeStore(path: dir + "/hikes.sqlite")
        let wall = Wall(t0)
        let rec = try Recorder(store: store, name: "Walk", source: nil, now: { wall.now })
        for i in 0..<3 { try rec.receive(fix(i)) }
        let hike = try #require(rec.hike)
        #expect(try store.summary(hike).statistics.pointCount == 1)
        rec.syncHikeIfDue()  // the loop's clock, too early
        #expect(rec.pointsBehindHike == 2)
        wall.now.addTimeInterval(Recorder.hikeSyncMinimumInterval)
        #expect(rec.syncHikeIfDue() == nil)  // the loop's clock, no fix came
        #expect(try store.summary(hike).statistics.pointCount == 3 && rec.pointsBehindHike == 0)
        #expect(rec.lastHikeSyncDuration != nil && rec.hikeSyncInterval >= Recorder.hikeSyncMinimumInterval)
        // A kill after that loses nothing: restore rewrites the hike from every stored point.
        try rec.receive(fix(3))
        let restored = try #require(try Recorder.restoreUnfinished(in: try HikeStore(path: dir + "/hikes.sqlite")))
        #expect(restored.session.pointCount == 4)
        #expect(try store.summary(hike).statistics.pointCount == 4)
    }
}
