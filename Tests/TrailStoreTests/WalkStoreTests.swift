import Foundation
import Testing
import TrailCore
import TrailSQLite
@testable import TrailStore

/// The walk history tables ("v2-walks"): points appended as they arrive survive a crash,
/// summaries round-trip, backtrack routes are kept, walks go with their hike.
@Suite struct WalkStoreTests {
    /// A store in a fresh directory with one hike (the 50-point northbound ``sampleTrack``).
    func storeWithHike() throws -> (HikeStore, HikeID, String) {
        let dir = makeTempDirectory("walks")
        let store = try HikeStore(path: dir + "/hikes.sqlite", now: { Date(timeIntervalSince1970: 1_700_000_000) })
        guard case .inserted(let id) = try store.insert(sampleHike(sampleTrack())) else {
            throw CocoaError(.fileWriteUnknown)
        }
        return (store, id, dir)
    }

    /// Fixes walking the sample track's line, 1 s apart, with speed and satellites.
    static func fixes(_ track: Track, from: Int = 0, count: Int, t0: Date = Date(timeIntervalSince1970: 1_700_000_100)) -> [PositionFix] {
        let pts = track.segments.flatMap(\.points)
        return (0..<count).map { k in
            let p = pts[from + k]
            return PositionFix(time: t0.addingTimeInterval(Double(k) * 10), coordinate: p.coordinate, altitude: p.elevation,
                               horizontalAccuracy: 5, speed: 1.1, course: 0, mode: .threeD, satellitesUsed: 9, source: .gpsd)
        }
    }

    @Test func pointsAndSummaryRoundTripByStretch() throws {
        let (store, hike, _) = try storeWithHike()
        let walk = try store.beginWalk(of: hike, startedAt: Date(timeIntervalSince1970: 1_700_000_050), offRouteThreshold: 30)
        let fixes = Self.fixes(sampleTrack(), count: 6)
        let written = fixes.enumerated().map { WalkPoint(stretch: $0.offset < 4 ? 0 : 1, point: $0.element.trackpoint) }
        let summary = FollowSummary(startTime: fixes[0].time, endTime: fixes[5].time, routeLength: 544, coverage: 0.25,
                                    coveredLength: 136, furthestProgress: 55.5, finalProgress: 55.5, activeTime: 40,
                                    distanceWalked: 44.4, elevationGain: 5, acceptedFixes: 6, rejectedFixes: 1)
        try store.appendWalkPoints(walk, Array(written[0..<4]))
        try store.appendWalkPoints(walk, Array(written[4...]), summary: summary)

        let stretches = try store.walkStretches(walk)
        #expect(stretches.count == 2)
        #expect(stretches[0] == written[0..<4].map(\.point))
        #expect(stretches[1] == written[4...].map(\.point))
        #expect(stretches[0][0].extras?.speed == 1.1)
        #expect(stretches[0][0].extras?.satellites == 9)
        #expect(stretches[0][0].extras?.fix == "3d")

        let record = try #require(try store.walks(of: hike).first)
        #expect(record.id == walk)
        #expect(record.pointCount == 6)
        #expect(record.summary == summary)
        #expect(!record.isFinished)
        #expect(!record.isBacktrack)
        #expect(record.offRouteThreshold == 30)
        #expect(try store.unfinishedWalk(of: hike)?.id == walk)

        var final = summary
        final.coverage = 0.5
        try store.finishWalk(walk, endedAt: Date(timeIntervalSince1970: 1_700_001_000), summary: final)
        let done = try #require(try store.walks(of: hike).first)
        #expect(done.endedAt == Date(timeIntervalSince1970: 1_700_001_000))
        #expect(done.summary == final)
        #expect(try store.unfinishedWalk(of: hike) == nil)
    }

    /// A crash leaves the database file and its WAL as they are; a copy of just those two files,
    /// taken while the writer is still open, holds every point appended so far.
    @Test func appendedPointsSurviveAKilledWriter() throws {
        let (store, hike, dir) = try storeWithHike()
        let walk = try store.beginWalk(of: hike, startedAt: Date(timeIntervalSince1970: 1_700_000_050), offRouteThreshold: 30)
        let fixes = Self.fixes(sampleTrack(), count: 25)
        var session = FollowSession(route: FollowRoute(track: sampleTrack()))
        for f in fixes {
            guard session.receive(f).isAccepted else { continue }
            try store.appendWalkPoints(walk, [WalkPoint(stretch: session.walkedSegments.count - 1, point: f.trackpoint)],
                                       summary: session.summary)
        }
        // The crash image: the main file and the WAL, no shared-memory index, no checkpoint.
        let crash = makeTempDirectory("walks-crash")
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(atPath: dir + "/hikes.sqlite" + suffix, toPath: crash + "/hikes.sqlite" + suffix)
        }
        #expect(FileManager.default.fileExists(atPath: dir + "/hikes.sqlite-wal"))
        let reopened = try HikeStore(path: crash + "/hikes.sqlite")
        let record = try #require(try reopened.unfinishedWalk(of: hike))
        #expect(record.pointCount == session.walkedPoints.count)
        #expect(record.summary == session.summary)
        let stretches = try reopened.walkStretches(walk)
        #expect(stretches == session.walkedSegments)

        // Restoring from what was stored gives the same walk, paused.
        let restored = FollowSession(route: FollowRoute(track: sampleTrack()), restoring: stretches)
        #expect(restored.isPaused)
        #expect(restored.distanceWalked == session.distanceWalked)
        #expect(restored.activeTime == session.activeTime)
        #expect(restored.coverage.coveredLength == session.coverage.coveredLength)
        #expect(restored.furthestProgress == session.furthestProgress)
        // 24 steps of 11.1 m north (1e-4 degrees of latitude at 46° N is 11.1 m): about 267 m.
        #expect(abs(session.distanceWalked - 24 * 11.1) < 2)
    }

    @Test func backtrackRouteIsKept() throws {
        let (store, hike, _) = try storeWithHike()
        let route = sampleTrack().segments[0].points.prefix(10).reversed().map {
            Trackpoint($0.coordinate, elevation: $0.elevation)
        }
        let walk = try store.beginWalk(of: hike, startedAt: Date(timeIntervalSince1970: 1_700_000_050), offRouteThreshold: 40,
                                       backtrackRoute: Array(route))
        let record = try #require(try store.walks(of: hike).first)
        #expect(record.isBacktrack)
        #expect(record.offRouteThreshold == 40)
        #expect(try store.walkBacktrackRoute(walk) == Array(route))
        let plain = try store.beginWalk(of: hike, startedAt: Date(timeIntervalSince1970: 1_700_000_060), offRouteThreshold: 30)
        #expect(try store.walkBacktrackRoute(plain) == nil)
        #expect(try store.walks(of: hike).map(\.id) == [walk, plain])
    }

    @Test func walksGoWithTheirHike() throws {
        let (store, hike, _) = try storeWithHike()
        let walk = try store.beginWalk(of: hike, startedAt: Date(timeIntervalSince1970: 1_700_000_050), offRouteThreshold: 30)
        try store.appendWalkPoints(walk, Self.fixes(sampleTrack(), count: 3).map { WalkPoint(stretch: 0, point: $0.trackpoint) })
        try store.delete([hike])
        #expect(try store.connection.scalar("SELECT count(*) FROM walks")?.integer == 0)
        #expect(try store.connection.scalar("SELECT count(*) FROM walk_points")?.integer == 0)
        #expect(throws: WalkStoreError.noSuchWalk(walk)) {
            try store.appendWalkPoints(walk, [WalkPoint(stretch: 0, point: Trackpoint(latitude: 1, longitude: 1))])
        }
        #expect(throws: HikeStoreError.noSuchHike(hike.rawValue)) { try store.walks(of: hike) }
    }

    @Test func aStoreFromBeforeWalksGetsTheTablesAndKeepsItsHikes() throws {
        // Every migration but the walks' (as the release before walks wrote it), one hike.
        let path = makeTempDirectory("walks-old") + "/hikes.sqlite"
        let hike = sampleHike(sampleTrack())
        do {
            let db = try Connection(path: path)
            var old = Migrator()
            for m in HikeSchema.migrator.migrations
            where ![WalkSchema.migrationName, WalkSchema.sourceMigrationName, WalkSchema.speedMigrationName, WalkTotalsSchema.migrationName,
                     CompletionSchema.migrationName].contains(m.name) {
                old.register(m.name, m.apply)
            }
            try old.migrate(db)
            #expect(try !db.tableExists("walks"))
            _ = try HikeWriter(db).write(hike, hash: hike.contentHash, createdAt: Date(timeIntervalSince1970: 0)) { _ in }
        }
        let store = try HikeStore(path: path)
        #expect(try store.connection.tableExists("walk_points"))
        #expect(try store.hikeCount() == 1)
        let id = try #require(try store.summaries().first?.id)
        #expect(try store.walks(of: id).isEmpty)
    }

    @Test func emptyUnfinishedWalksAreDeletedAndTheSourceIsKept() throws {
        let (store, hike, _) = try storeWithHike()
        let t = Date(timeIntervalSince1970: 1_700_000_050)
        let empty = try store.beginWalk(of: hike, startedAt: t, offRouteThreshold: 30)
        let finishedEmpty = try store.beginWalk(of: hike, startedAt: t.addingTimeInterval(1), offRouteThreshold: 30)
        try store.finishWalk(finishedEmpty, endedAt: t.addingTimeInterval(2), summary: FollowSummary())
        let walked = try store.beginWalk(of: hike, startedAt: t.addingTimeInterval(3), offRouteThreshold: 30)
        try store.appendWalkPoints(walked, [WalkPoint(stretch: 0, point: Trackpoint(latitude: 1, longitude: 2))])
        try store.setWalkSource(walked, "replay:/tmp/walk.gpx")
        #expect(try store.deleteEmptyUnfinishedWalks(of: hike) == 1)
        let walks = try store.walks(of: hike)
        #expect(walks.map(\.id) == [finishedEmpty, walked])
        #expect(walks.map(\.source) == [nil, "replay:/tmp/walk.gpx"])
        try store.deleteWalk(finishedEmpty)
        #expect(try store.walks(of: hike).map(\.id) == [walked])
        #expect(throws: WalkStoreError.noSuchWalk(empty)) { try store.setWalkSource(empty, "gpsd") }
        #expect(HikeSchema.migrator.migrations.map(\.name).contains(WalkSchema.sourceMigrationName))
    }

    /// The replay speed is kept with the walk (v18-walk-speed) and given back; nil for 1x.
    @Test func theReplaySpeedIsKeptWithTheWalk() throws {
        let (store, hike, _) = try storeWithHike()
        let t = Date(timeIntervalSince1970: 1_700_000_050)
        let fast = try store.beginWalk(of: hike, startedAt: t, offRouteThreshold: 30)
        let live = try store.beginWalk(of: hike, startedAt: t.addingTimeInterval(1), offRouteThreshold: 30)
        try store.setWalkSource(fast, "replay:/tmp/walk.gpx", speed: 20)
        try store.setWalkSource(live, "gpsd://127.0.0.1:2947")
        #expect(try store.walks(of: hike).map(\.speed) == [20, nil])
        #expect(try HikeSchema.migrator.appliedMigrations(store.connection).contains(WalkSchema.speedMigrationName))
    }

    @Test func migrationIsRecordedUnderItsName() throws {
        let (store, _, _) = try storeWithHike()
        let names = try HikeSchema.migrator.appliedMigrations(store.connection)
        #expect(names.contains("v2-walks"))
        #expect(try store.connection.tableExists("walk_points"))
    }
}
