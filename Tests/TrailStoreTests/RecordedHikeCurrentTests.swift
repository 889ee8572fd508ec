import Foundation
import Testing
import TrailCore
@testable import TrailStore

/// The stored hike of a recording is current with every accepted point (DECISIONS.md 421):
/// another connection (`cairn list`, `show`, `export`, another process) sees each point as soon
/// as `receive` returns, also after a kill; the statistics written point by point equal a full
/// recomputation over the stored track; the walk is one segment across pauses (DECISIONS.md
/// 420); the replay speed is kept for a resume (DECISIONS.md 422).
@Suite struct RecordedHikeCurrentTests {
    let t0 = Date(timeIntervalSince1970: 1_714_557_600)

    func fix(_ i: Int, metres: Double = 15, seconds: Double = 5) -> PositionFix {
        let c = Coordinate(latitude: 46.5, longitude: 7.5).coordinate(at: Double(i) * metres, bearing: 30)
        return PositionFix(time: t0.addingTimeInterval(Double(i) * seconds), coordinate: c, altitude: 1500 + Double(i),
                           horizontalAccuracy: 4, mode: .threeD, satellitesUsed: 9, source: .gpsd)
    }

    /// A fix on the meridian 7.5° E at 46.5° + k·10⁻⁴, at time t0 + `seconds`.
    func meridianFix(_ k: Int, seconds: Double, altitude: Double) -> PositionFix {
        PositionFix(time: t0.addingTimeInterval(seconds), coordinate: Coordinate(latitude: 46.5 + Double(k) * 1e-4, longitude: 7.5),
                    altitude: altitude, horizontalAccuracy: 4, mode: .threeD, satellitesUsed: 9, source: .gpsd)
    }

    /// The calculator over the hike's track as stored (what `export` writes and `cairn stats` reads).
    func recomputed(_ store: HikeStore, _ hike: HikeID) throws -> TrackStatistics {
        StatisticsCalculator().statistics(for: try store.tracks(of: hike))
    }

    @Test func anotherConnectionSeesEveryAcceptedPointAtOnce() throws {
        let dir = makeTempDirectory("rec-current")
        let rec = try Recorder(store: try HikeStore(path: dir + "/hikes.sqlite"), name: "Walk", source: nil, now: { self.t0 })
        let reader = try HikeStore(path: dir + "/hikes.sqlite")
        // 150 points: the open block of 64 fills twice.
        for i in 0..<150 {
            guard case .accept = try rec.receive(fix(i)) else { Issue.record("fix \(i) refused"); continue }
            let hike = try #require(rec.hike)
            let summary = try reader.summary(hike).statistics
            #expect(summary.pointCount == i + 1)
            let tracks = try reader.tracks(of: hike)
            #expect(tracks.count == 1 && tracks[0].segments.count == 1 && tracks[0].pointCount == i + 1)
            #expect(summary == (try recomputed(reader, hike)), "after point \(i)")
            #expect(summary == rec.session.statistics())
        }
        let hike = try #require(rec.hike)
        #expect(try reader.recording(of: hike)?.state == .recording)
        let blocks = try reader.connection.scalar("SELECT count(*) FROM point_blocks")?.integer
        #expect(blocks == 3)  // 64 + 64 + 22
    }

    @Test func aKilledProcessLosesNothingThatOtherCommandsSee() throws {
        let dir = makeTempDirectory("rec-current")
        var accepted: [Trackpoint] = []
        do {
            let rec = try Recorder(store: try HikeStore(path: dir + "/hikes.sqlite"), name: "Killed", source: nil)
            for i in 0..<100 { if case .accept(let p) = try rec.receive(fix(i)) { accepted.append(p.point) } }
            // The process "dies" here: no pause, no finish.
        }
        let other = try HikeStore(path: dir + "/hikes.sqlite")
        let hike = try #require(try other.summaries().first?.id)
        #expect(Array(try other.tracks(of: hike).flatMap(\.segments).flatMap(\.points)) == accepted)
        #expect(try other.summary(hike).statistics == (try recomputed(other, hike)))
        #expect(try other.summary(hike).statistics.pointCount == 100)
        // Restored, paused, hashed: the hash is the import's over the same track.
        let rec = try #require(try Recorder.restoreUnfinished(in: other))
        #expect(rec.session.state == .paused)
        let row = try #require(try other.connection.scalar("SELECT content_hash FROM hikes")?.blob)
        #expect(row == ContentHash.of(tracks: try other.tracks(of: hike), waypoints: []))
        #expect(try other.summary(hike).statistics == (try recomputed(other, hike)))
    }

    /// DECISIONS.md 420: the leg from the last point before a pause to the first after the
    /// resume counts in distance and climb; an hour's stop is not moving time. The points lie on
    /// one meridian going north, so the distance is the arc from the first to the last point:
    /// GeographicLib 2.1 `Geodesic.WGS84.Inverse(46.5, 7.5, 46.5063, 7.5)['s12']` = 700.3152151016283 m
    /// (the two stretches alone: 200.09006145768353 m).
    @Test func theLegAcrossAPauseCountsInDistanceAndClimbNotInMovingTime() throws {
        let dir = makeTempDirectory("rec-current")
        let store = try HikeStore(path: dir + "/hikes.sqlite")
        let rec = try Recorder(store: store, name: "Lunch", source: nil, now: { self.t0 })
        for k in 0..<10 { try rec.receive(meridianFix(k, seconds: Double(k) * 5, altitude: 1500)) }  // 11 m / 5 s
        try rec.perform(.pause)
        try rec.perform(.resume)
        // An hour later, 500 m further north and 60 m higher (a stop, then a short walk).
        for k in 54..<64 { try rec.receive(meridianFix(k, seconds: 45 + 3_600 + Double(k - 54) * 5, altitude: 1560)) }
        try rec.perform(.finish)
        let hike = try #require(rec.hike)
        let s = try store.summary(hike).statistics
        #expect(abs(s.distance - 700.3152151016283) < 1e-6)
        #expect(s.elevationGain == 60 && s.elevationLoss == 0)
        // Moving: the two stretches' 45 s each; the hour across (500 m, 0.14 m/s) is a stop.
        #expect(s.movingTime == 90)
        let elapsed = try #require(s.elapsedTime)
        #expect(abs(elapsed - (45 + 3_600 + 45)) < 1e-9)
        #expect(s.segmentCount == 1)
        #expect(s == (try recomputed(store, hike)))
        #expect(rec.session.distance == s.distance)
    }

    /// Ten points north on the meridian (46.5° to 46.5009°, 5 s apart), a kill (the recorder
    /// dropped while recording), then restored from the store and resumed.
    func killedAfterTenPointsAndResumed() throws -> (dir: String, store: HikeStore, recorder: Recorder) {
        let dir = makeTempDirectory("rec-current")
        do {
            let rec = try Recorder(store: try HikeStore(path: dir + "/hikes.sqlite"), name: "Kill", source: nil, now: { self.t0 })
            for k in 0..<10 { try rec.receive(meridianFix(k, seconds: Double(k) * 5, altitude: 1500)) }
        }
        let store = try HikeStore(path: dir + "/hikes.sqlite")
        let rec = try #require(try Recorder.restoreUnfinished(in: store, now: { self.t0 }))
        try rec.perform(.resume)
        return (dir, store, rec)
    }

    /// A kill, then the hiker walks on: 745 m north in 10 minutes (1.24 m/s) before resuming.
    /// The leg counts in distance and, walked at walking pace, in moving time (DECISIONS.md 420).
    /// On one meridian going north: GeographicLib 2.1 `Geodesic.WGS84.Inverse(46.5, 7.5, 46.5085,
    /// 7.5)['s12']` = 944.8699172088398 m (the leg alone, from 46.5009 to 46.5076: 744.7798170938762 m).
    @Test func aGapWalkedAtWalkingPaceIsMovingTime() throws {
        let (_, store, rec) = try killedAfterTenPointsAndResumed()
        for j in 0..<10 {
            try rec.receive(meridianFix(76 + j, seconds: 45 + 600 + Double(j) * 5, altitude: 1500))
        }
        let hike = try #require(rec.hike)
        let s = try store.summary(hike).statistics
        #expect(abs(s.distance - 944.8699172088398) < 1e-6)
        let moving = try #require(s.movingTime)
        #expect(abs(moving - (45 + 600 + 45)) < 1e-9, "moving \(moving)")
        #expect(s == (try recomputed(store, hike)))
        #expect(try store.tracks(of: hike)[0].segments.count == 1)
    }

    /// DECISIONS.md 420: a leg across a pause faster than a walk (a ride: 19.9 km north in
    /// 1,755 s, 11.3 m/s) does not count: the resume begins a second segment, in the store as
    /// in the session, live and after a kill and restore; the distance is the two stretches',
    /// the time between them is neither elapsed nor moving time (total time has it). On the
    /// meridian 7.5° E, GeographicLib 2.1: `Inverse(46.5, 7.5, 46.5009, 7.5)['s12']` +
    /// `Inverse(46.68, 7.5, 46.6809, 7.5)['s12']` = 100.04498328562578 + 100.04814571197008 =
    /// 200.09312899759584 m; the leg `Inverse(46.5009, 7.5, 46.68, 7.5)` = 19,909.27 m.
    @Test func aLegFasterThanAWalkAcrossAKillIsASecondSegment() throws {
        let (dir, store, rec) = try killedAfterTenPointsAndResumed()
        for k in 1_800..<1_810 {
            try rec.receive(meridianFix(k, seconds: 1_800 + Double(k - 1_800) * 5, altitude: 1500))
        }
        let hike = try #require(rec.hike)
        func check(_ what: String) throws {
            let s = try store.summary(hike).statistics
            #expect(abs(s.distance - 200.09312899759584) < 1e-6, "\(what): \(s.distance)")
            #expect(s.segmentCount == 2 && s.pointCount == 20, "\(what)")
            #expect(s.movingTime == 90 && s.elapsedTime == 90, "\(what): \(String(describing: s.movingTime)) \(String(describing: s.elapsedTime))")
            #expect(s.totalTime == 1_845, "\(what): \(String(describing: s.totalTime))")
            #expect(s == (try recomputed(store, hike)), "\(what)")
            #expect(try store.tracks(of: hike).flatMap(\.segments).map(\.points.count) == [10, 10], "\(what)")
        }
        try check("live")
        let written = try store.summary(hike).statistics
        #expect(rec.session.track.segments.count == 2 && rec.session.statistics() == written)
        // Killed again: the restore writes the hike again from the points, the same two segments.
        let again = try HikeStore(path: dir + "/hikes.sqlite")
        _ = try #require(try Recorder.restoreUnfinished(in: again, now: { self.t0 }))
        try check("restored")
    }

    /// DECISIONS.md 423: a jump while recording, without a pause (a receiver jump, a ride): the
    /// fixes 3.3 km north at 46.53° are too fast, the sixth re-anchors the filter and opens a
    /// stretch; the leg (46.5009° → 46.5305° in 30 s, 110 m/s) starts a second segment and counts
    /// in nothing, live, in the store and after a kill and restore. GeographicLib 2.1
    /// `Geodesic.WGS84.Inverse` on the meridian 7.5° E: 46.5 → 46.5009 = 100.04498328562578 m,
    /// 46.5305 → 46.531 = 55.58084205060614 m; together 155.6258253362319 m.
    @Test func aJumpWhileRecordingIsASecondSegmentInTheStore() throws {
        let dir = makeTempDirectory("rec-jump")
        let hike: HikeID
        do {
            let rec = try Recorder(store: try HikeStore(path: dir + "/hikes.sqlite"), name: "Jump", source: nil, now: { self.t0 })
            for k in 0..<10 { try rec.receive(meridianFix(k, seconds: Double(k) * 5, altitude: 1500)) }
            for j in 0..<11 { try rec.receive(meridianFix(300 + j, seconds: 50 + Double(j) * 5, altitude: 1500)) }
            hike = try #require(rec.hike)
            #expect(rec.session.filter.counters.reanchors == 1)
            #expect(abs(rec.session.statistics().distance - 155.6258253362319) < 1e-6)
        }
        func check(_ store: HikeStore, _ what: String) throws {
            let s = try store.summary(hike).statistics
            #expect(abs(s.distance - 155.6258253362319) < 1e-6, "\(what): \(s.distance)")
            #expect(s.segmentCount == 2 && s.pointCount == 16, "\(what)")
            #expect(s == (try recomputed(store, hike)), "\(what)")
            #expect(try store.tracks(of: hike).flatMap(\.segments).map(\.points.count) == [10, 6], "\(what)")
        }
        try check(try HikeStore(path: dir + "/hikes.sqlite"), "live")
        // Killed: the restore writes the hike again from the points, the same two segments.
        let again = try HikeStore(path: dir + "/hikes.sqlite")
        let restored = try #require(try Recorder.restoreUnfinished(in: again, now: { self.t0 }))
        #expect(restored.session.track.segments.count == 2)
        try check(again, "restored")
    }

    /// A long generated walk (pauses, stops, height noise, refused fixes) recorded point by
    /// point: the statistics written with the last point equal a full recomputation over the
    /// stored track, and the content hash written at the finish equals the import's.
    @Test func aLongWalkEqualsAFullRecomputation() throws {
        let dir = makeTempDirectory("rec-current")
        let store = try HikeStore(path: dir + "/hikes.sqlite")
        var rules = PositionFilterRules.recording
        rules.minimumSpacing = 0  // every 1-2 m step a point, as the benchmark: the most points
        let rec = try Recorder(store: store, name: "Long", rules: rules, source: nil, now: { self.t0 })
        var state: UInt64 = 0x5EED
        func random() -> Double {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Double(state % 1_000_000) / 1_000_000
        }
        var here = Coordinate(latitude: 42.55, longitude: 1.55)
        var heading = 0.0, altitude = 1_700.0, climb = 0.4, t = 0.0
        for i in 0..<3_000 {
            if i % 1_000 == 999 {  // a pause, then 300 m on and an hour later
                try rec.perform(.pause)
                try rec.perform(.resume)
                here = here.coordinate(at: 300, bearing: heading * 180 / .pi)
                t += 3_600
            }
            heading += (random() - 0.5) * 0.5
            let stopped = (i / 200) % 5 == 4  // a stop of 200 s every 1,000
            here = here.coordinate(at: stopped ? random() * 2 : 1 + random(), bearing: heading * 180 / .pi)
            if random() < 0.01 { climb = (random() - 0.5) }
            altitude += climb + (random() - 0.5) * 2
            t += 1
            let accuracy = random() < 0.02 ? 60.0 : 4  // refused by the accuracy rule
            _ = try rec.receive(PositionFix(time: t0.addingTimeInterval(t), coordinate: here, altitude: altitude,
                                            horizontalAccuracy: accuracy, mode: .threeD, satellitesUsed: 9, source: .gpsd))
        }
        let hike = try #require(rec.hike)
        let live = try store.summary(hike).statistics
        let expected = try recomputed(store, hike)
        #expect(live == expected)
        #expect(live.pointCount == rec.session.pointCount && live.pointCount > 2_000, "\(live.pointCount) points, \(rec.session.filter.counters)")
        #expect(live.distance > 2_000 && (live.elevationGain ?? 0) > 50 && (live.movingTime ?? 0) < (live.elapsedTime ?? 0))
        try rec.perform(.finish)
        #expect(try store.summary(hike).statistics == expected)
        // The segments' counts, written as blocks open (DECISIONS.md 495), are exact once finished.
        #expect(try store.connection.scalar("SELECT sum(point_count) FROM segments")?.integer == Int64(live.pointCount))
        let hash = try #require(try store.connection.scalar("SELECT content_hash FROM hikes")?.blob)
        #expect(hash == ContentHash.of(tracks: try store.tracks(of: hike), waypoints: []))
    }

    /// DECISIONS.md 422: the replay speed is stored with the recording, comes back with it, and a
    /// resume with another one keeps that instead.
    @Test func theReplaySpeedIsKeptWithTheRecording() throws {
        let dir = makeTempDirectory("rec-current")
        do {
            let rec = try Recorder(store: try HikeStore(path: dir + "/hikes.sqlite"), name: "Replay",
                                   source: "replay:walk.gpx", speed: 20)
            try rec.receive(fix(0))
        }
        let store = try HikeStore(path: dir + "/hikes.sqlite")
        let rec = try #require(try Recorder.restoreUnfinished(in: store))
        #expect(rec.speed == 20 && rec.source == "replay:walk.gpx")
        try rec.useSource(nil, speed: 5)
        let id = try #require(rec.recording)
        #expect(try store.recording(id).speed == 5 && store.recording(id).source == "replay:walk.gpx")
        try rec.useSource("replay:other.gpx", speed: nil)
        #expect(try store.recording(id).speed == nil && store.recording(id).source == "replay:other.gpx")
        #expect(try HikeSchema.migrator.appliedMigrations(store.connection).contains(RecordingSchema.speedMigrationName))
    }
}
