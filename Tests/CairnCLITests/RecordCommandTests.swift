import Foundation
import HikeServices
import Testing
import TrailCore
import TrailFormats
import TrailLive
@testable import CairnCLI
@testable import TrailStore

/// `cairn record` in-process on a fast GPX replay: the recording is an ordinary hike whose
/// numbers equal `cairn stats` of the same accepted points.
@Suite struct RecordCommandTests {
    let sample = "Samples/gpxpy-Mojstrovka.gpx"

    struct StatsFile: Decodable {
        struct T: Decodable { let statistics: TrackStatistics }
        let tracks: [T]
    }

    func decodeStats(_ json: String) throws -> TrackStatistics {
        let d = JSONDecoder()
        d.dateDecodingStrategy = .custom { decoder in
            let s = try decoder.singleValueContainer().decode(String.self)
            guard let date = ISO8601Timestamp.parse(s) else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: s)) }
            return date
        }
        return try #require(try d.decode([StatsFile].self, from: Data(json.utf8)).first?.tracks.first?.statistics)
    }

    @Test func replayedWalkBecomesAnOrdinaryHikeMatchingStats() throws {
        let dir = makeTempDirectory("record")
        let store = dir + "/hikes.sqlite", log = dir + "/points.log", gpx = dir + "/out.gpx"
        let run = cairn(["record", "--gps", "replay:" + sample, "--speed", "100000", "--name", "Mojstrovka live",
                         "--store", store, "--point-log", log, "--status-every", "3600"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("finished 'Mojstrovka live' as hike"))
        let hikes = try idsInInsertOrder(store)
        #expect(hikes.count == 1)
        let s = try HikeStore(path: store)
        let summary = try s.summary(hikes[0])
        #expect(summary.kind == .recorded && summary.name == "Mojstrovka live")
        // Every logged (accepted) point is stored, in order.
        let logged = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        let stored = try s.tracks(of: hikes[0]).flatMap(\.segments).flatMap(\.points)
        #expect(logged.count == stored.count && stored.count > 20)
        for (line, p) in zip(logged, stored) {
            let f = line.split(separator: " ")
            #expect(Double(f[2]) == p.latitude && Double(f[3]) == p.longitude)
        }
        // Export and `cairn stats` of the file: the same distance and times as the stored hike.
        #expect(cairn(["export", hikes[0].rawValue, "-o", gpx, "--store", store]).status == 0)
        let stats = try decodeStats(cairn(["stats", "--json", gpx]).stdout)
        // Exports write 7 decimals of degrees (DECISIONS 722): each point moves ≤ 7.9 mm, a step ≤ 1.6 cm.
        #expect(abs(stats.distance - summary.statistics.distance) <= Double(summary.statistics.pointCount) * 0.016)
        #expect(stats.pointCount == summary.statistics.pointCount)
        for (a, b) in [(stats.elapsedTime, summary.statistics.elapsedTime), (stats.movingTime, summary.statistics.movingTime)] {
            #expect(abs((a ?? -1) - (b ?? -2)) < 0.01)
        }
        // And it counts in the list like any hike.
        #expect(cairn(["list", "--store", store]).stdout.contains("Mojstrovka live"))
    }

    @Test func withoutASourceNothingIsRecordedAndItSaysWhy() {
        let dir = makeTempDirectory("record")
        let run = cairn(["record", "--store", dir + "/hikes.sqlite"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("needs --gps") && run.stderr.contains("nothing was recorded"))
        let bad = cairn(["record", "--gps", "replay:/nonexistent.gpx", "--store", dir + "/hikes.sqlite"])
        #expect(bad.status == 1 && bad.stderr.contains("no such file"))
        #expect((try? idsInInsertOrder(dir + "/hikes.sqlite"))?.isEmpty ?? true)
    }

    @Test func filterThresholdsAreOptions() {
        let dir = makeTempDirectory("record")
        let run = cairn(["record", "--gps", "replay:" + sample, "--speed", "100000", "--store", dir + "/h.sqlite",
                         "--min-distance", "50m", "--max-speed", "20km/h", "--status-every", "3600"])
        #expect(run.status == 0, "\(run.stderr)")
        // The final status line counts the 50 m spacing's rejections by name.
        #expect(run.stdout.contains("too close"))
        let wrong = cairn(["record", "--gps", "replay:" + sample, "--max-accuracy", "fast", "--store", dir + "/h.sqlite"])
        #expect(wrong.status == 2 && wrong.stderr.contains("--max-accuracy needs a value such as"))
    }
}

/// `--speed` replays keep the log's own times (DECISIONS.md 251), so a recording interrupted
/// during a fast replay resumes: the resumed replay continues after the last recorded point.
@Suite struct RecordReplayResumeTests {
    let sample = "Samples/gpxpy-Mojstrovka.gpx"

    /// Records the first half of `file`'s replay at --speed 100000 as `cairn record` stamps it,
    /// "kills" it (the recorder dropped while its row says "recording"), resumes it with
    /// `cairn record --resume --speed 100000` (or, `speedOnResume` false, `--resume` alone: the
    /// recording's own speed, DECISIONS.md 422), and returns the recorded stretches, the
    /// counters, the hike's track and the command's output.
    func recordKilledAndResumed(_ file: String, dir: String, speedOnResume: Bool = true) throws
        -> (stretches: [[Trackpoint]], counters: FilterCounters?, track: [TrackSegment], stdout: String) {
        let store = dir + "/hikes.sqlite"
        let points = try RecordCommand.loadTrack(file)
        do {
            let s = try HikeStore(path: store)
            let rec = try Recorder(store: s, name: "Killed mid-replay", source: "replay:" + file, speed: 100_000)
            let config = ReplaySource.Configuration(points: points, speedFactor: 100_000,
                                                    timing: rec.replayTiming)
            for fix in config.fixes(startingAt: Date()).prefix(points.count / 2) { try rec.receive(fix) }
            #expect(rec.session.pointCount > 10)
        }
        let run = cairn(["record", "--resume"] + (speedOnResume ? ["--speed", "100000"] : [])
                        + ["--store", store, "--status-every", "3600"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("finished 'Killed mid-replay'"))
        let s = try HikeStore(path: store)
        let hike = try #require(try idsInInsertOrder(store).first)
        let record = try #require(try s.recording(of: hike))
        return (try s.recordingStretches(record.id), record.counters, try s.tracks(of: hike).flatMap(\.segments), run.stdout)
    }

    @Test func resumeAfterAFastReplayOfATimedLogContinuesAtTheLogsOwnTimes() throws {
        let dir = makeTempDirectory("record-resume")
        // A timed log from 2019: 80 points 15 m and 10 s apart.
        let t0 = Date(timeIntervalSince1970: 1_557_000_000)
        var gpx = "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>"
        for i in 0..<80 {
            let c = Coordinate(latitude: 46.5, longitude: 7.5).coordinate(at: Double(i) * 15, bearing: 60)
            gpx += "<trkpt lat=\"\(c.latitude)\" lon=\"\(c.longitude)\"><ele>\(1500 + i)</ele><time>"
                + ISO8601DateFormatter().string(from: t0.addingTimeInterval(Double(i) * 10)) + "</time></trkpt>"
        }
        try (gpx + "</trkseg></trk></gpx>").write(toFile: dir + "/timed.gpx", atomically: true, encoding: .utf8)
        // Resumed without --speed: at the recording's own 100000x (at 1x it would take 400 s).
        let (stretches, counters, track, stdout) = try recordKilledAndResumed(dir + "/timed.gpx", dir: dir, speedOnResume: false)
        #expect(stdout.contains("at 100000x"), "\(stdout)")
        #expect(counters?.rejected[.outOfOrder, default: 0] == 0, "\(String(describing: counters))")
        // Every point keeps the log's own time; the walk ends at the log's last point, once.
        let all = stretches.joined()
        #expect(stretches.count == 2 && all.count == 80)
        for (k, p) in all.enumerated() { #expect(p.time == t0.addingTimeInterval(Double(k) * 10)) }
        // The hike's track is one segment across the kill (DECISIONS.md 420).
        #expect(track.count == 1 && track[0].points == Array(all))
    }

    @Test func resumeAfterAFastReplayOfAnUntimedTrackContinuesIt() throws {
        let dir = makeTempDirectory("record-resume")
        let file = repoRoot + "/" + sample  // every point carries one sentinel time: untimed
        let points = try RecordCommand.loadTrack(file)
        #expect(!ReplayPlan.isTimed(points))
        let (stretches, counters, _, _) = try recordKilledAndResumed(file, dir: dir)
        #expect(counters?.rejected[.outOfOrder, default: 0] == 0, "\(String(describing: counters))")
        #expect(stretches.count == 2)
        // The second stretch continues after the first (nothing walked twice), no fix is in
        // the future, and the walk reaches the end of the track (within the 10 m spacing).
        let firstEnd = try #require(stretches[0].last?.time), secondStart = try #require(stretches[1].first?.time)
        #expect(secondStart > firstEnd)
        #expect(stretches.joined().allSatisfy { ($0.time ?? .distantFuture) <= Date() })
        let end = try #require(points.last?.coordinate), last = try #require(stretches[1].last?.coordinate)
        #expect(last.distance(to: end) < PositionFilterRules.recording.minimumSpacing)
    }

    @Test func untimedReplaysAreNeverStampedInTheFuture() {
        let line = (0..<50).map { i in
            Trackpoint(latitude: 46.5 + Double(i) * 0.0002, longitude: 7.5, elevation: 1500, time: nil)
        }
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let config = ReplaySource.Configuration(points: line, speedFactor: 10, timing: .recording(after: nil, anchor: nil))
        let fixes = config.fixes(startingAt: now)
        // The walk is D of track time and D/10 of wall time: the last fix is stamped at its arrival.
        let d = fixes.last!.time.timeIntervalSince(fixes.first!.time)
        #expect(d > 60)
        #expect(abs(fixes.last!.time.timeIntervalSince(now) - d / 10) < 1e-6)
        // Resumed: anchored at the recording's first point, after its last one.
        let resumed = ReplaySource.Configuration(points: line, speedFactor: 10,
                                                 timing: .recording(after: fixes[20].time, anchor: fixes[0].time))
            .fixes(startingAt: now.addingTimeInterval(3600))
        #expect(resumed.map(\.time) == fixes.dropFirst(21).map(\.time))
    }
}

/// An unfinished recording is not shown as an ordinary finished hike (a tester found a paused
/// and a live recording both listed as "recorded"): `list` and `show` say "recording now" while
/// another process holds the store's recording lock (played by python3), "paused" otherwise.
@Suite struct UnfinishedRecordingListingTests {
    @Test func listAndShowSayWhetherARecordingIsLiveOrPaused() throws {
        let dir = makeTempDirectory("record-listing")
        let store = dir + "/hikes.sqlite"
        let points = try RecordCommand.loadTrack("Samples/gpxpy-Mojstrovka.gpx")
        do {
            let s = try HikeStore(path: store)
            let rec = try Recorder(store: s, name: "Half", source: "test")
            let config = ReplaySource.Configuration(points: points, speedFactor: 100_000, timing: rec.replayTiming)
            for fix in config.fixes(startingAt: Date()).prefix(40) { try rec.receive(fix) }
        }  // dropped while its row says "recording", as after kill -9
        let id = try #require(try idsInInsertOrder(store).first).rawValue
        #expect(cairn(["list", "--store", store]).stdout.contains("recorded, paused"))
        #expect(cairn(["show", id, "--store", store]).stdout.contains("Recording:         paused"))
        #expect(cairn(["list", "--json", "--store", store]).stdout.contains("\"recording\" : \"paused\""))
        // Another process records into the store now.
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", "import fcntl, sys, time\nf = open(sys.argv[1], 'a+'); fcntl.flock(f, fcntl.LOCK_EX)\nprint('held', flush=True); time.sleep(2)",
                       store + ".recording-lock"]
        let out = Pipe()
        p.standardOutput = out
        guard (try? p.run()) != nil else { print("skipped: python3 not found"); return }
        _ = try out.fileHandleForReading.read(upToCount: 5)
        #expect(cairn(["list", "--store", store]).stdout.contains("recording now"))
        #expect(cairn(["show", id, "--store", store]).stdout.contains("Recording:         now, in another process"))
        #expect(cairn(["list", "--json", "--store", store]).stdout.contains("\"recording\" : \"recording\""))
        p.waitUntilExit()
        // A finished recording is an ordinary recorded hike again.
        #expect(cairn(["record", "--finish", "--store", store]).status == 0)
        let after = cairn(["list", "--store", store]).stdout
        #expect(after.contains("recorded") && !after.contains("paused") && !after.contains("recording now"))
    }
}
