import Foundation
import GPSFakeSupport
import Testing
import TrailCore
import TrailStore

/// Kill -9 during `cairn record` fed by a real gpsd (gpsfake on a free 127.0.0.1 port, never
/// 2947): every point the recorder logged as accepted (`--point-log`, written after each
/// commit) must be in the store after the kill, the recording must come back paused, and
/// `--resume` must continue the same recording. Prints accepted / found / lost per run.
///
/// `make test` runs a handful of kills (``defaultKills``); `CAIRN_RECORD_KILLS=50` (the
/// benchmark, `Benchmarks/record-kill.sh`) runs more. The kill moments come from a seeded
/// generator (`CAIRN_RECORD_KILL_SEED`, printed) so a failure can be replayed.
@Suite(.serialized) struct RecordKillTests {
    static let defaultKills = 3
    static let gpx = E2EPaths.samples.appendingPathComponent("GPSTools-Oybin.gpx").path

    /// SplitMix64 (Steele, Lea, Flood 2014): a small seeded generator for the kill moments.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Complete lines of the point log: (sequence, latitude, longitude).
    static func logged(_ path: String) -> [(Int, Double, Double)] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        lines.removeLast()  // after the last "\n": empty, or a line cut by the kill
        return lines.compactMap { l in
            let f = l.split(separator: " ")
            guard f.count == 5, let seq = Int(f[0]), let lat = Double(f[2]), let lon = Double(f[3]) else { return nil }
            return (seq, lat, lon)
        }
    }

    @Test func killedRecordingLosesNothingAndResumes() throws {
        guard BrowseTests.ready else { return }
        guard let gpsfake = which("gpsfake"), let python = which("python3") else {
            print("skipped: gpsfake or python3 not found (Debian: gpsd-clients, python3)")
            return
        }
        let env = ProcessInfo.processInfo.environment
        let kills = env["CAIRN_RECORD_KILLS"].flatMap(Int.init) ?? Self.defaultKills
        let seed = env["CAIRN_RECORD_KILL_SEED"].flatMap(UInt64.init) ?? 20261201
        var rng = SplitMix(state: seed)
        let dir = NSTemporaryDirectory() + "cairn-record-kill-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let storePath = dir + "/hikes.sqlite", pointLog = dir + "/points.log", nmea = dir + "/walk.nmea"
        // The sample walked out and back (40 laps, about 17,700 fixes: more than 50 rounds
        // use), each round's log going on from the recording's last stored point, so every
        // round feeds fixes the recording has not seen and every kill can land mid-write.
        // 150 copies of the first fix lead each log: cairn needs a moment to start and connect
        // (at or before the last stored point's time, the resumed recording skips them).
        func writeLog(after: Date?) throws {
            let iso = ISO8601DateFormatter()
            iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            _ = try FollowTests.output([python, E2EPaths.repo.appendingPathComponent("Tools/gpx2nmea.py").path, Self.gpx,
                                        "-o", nmea, "--lead", "150", "--laps", "40"]
                                       + (after.map { ["--after", iso.string(from: $0)] } ?? []))
        }
        var lastStored: Date?
        var storedBefore = 0
        var totalLost = 0, totalNew = 0
        print("record kill test: \(kills) kills, seed \(seed)")
        for round in 1...kills + 1 {
            let last = round == kills + 1
            try writeLog(after: lastStored)
            let fake = try GPSFakeProcess(gpsfake: gpsfake, log: nmea, cycle: 0.01)
            defer { fake.finish(timeout: 0) }
            var unfinished = false
            if FileManager.default.fileExists(atPath: storePath) {
                unfinished = try !HikeStore(path: storePath).unfinishedRecordings().isEmpty
            }
            let args = ["record", "--gps", "gpsd://127.0.0.1:\(fake.port)", "--store", storePath, "--point-log", pointLog,
                        "--status-every", "3600"] + (unfinished ? ["--resume"] : ["--name", "Killed walk"])
            let cairn = try SpawnedProcess(E2EPaths.cairn, args)
            if last {
                // Let it record a while, then Ctrl-C: the resumed recording is paused (DECISIONS.md
                // 842), and `--finish` finishes it.
                usleep(8_000_000)
                kill(cairn.pid, SIGINT)
                #expect(cairn.wait(timeout: 10), "cairn record did not end on SIGINT")
                #expect(try HikeStore(path: storePath).unfinishedRecordings().first?.state == .paused)
                let finish = try SpawnedProcess(E2EPaths.cairn, ["record", "--finish", "--store", storePath])
                #expect(finish.wait(timeout: 10))
            } else {
                let moment = Double.random(in: 2.0...8.0, using: &rng)
                usleep(UInt32(moment * 1_000_000))
                kill(cairn.pid, SIGKILL)
                cairn.wait(timeout: 5)
            }
            // "Restart": open the store as the next `cairn record` would.
            let accepted = Self.logged(pointLog)
            let store = try HikeStore(path: storePath)
            guard let hike = try store.summaries().first, let record = try store.recording(of: hike.id) else {
                print("round \(round): killed before the first accepted point (nothing to find)")
                #expect(accepted.isEmpty)
                continue
            }
            let stretches = try store.recordingStretches(record.id)
            let stored = Array(stretches.joined())
            let found = accepted.filter { seq, lat, lon in
                seq < stored.count && stored[seq].latitude == lat && stored[seq].longitude == lon
            }.count
            let lost = accepted.count - found
            totalLost += lost
            totalNew += stored.count - storedBefore
            lastStored = stored.last?.time ?? lastStored
            defer { storedBefore = stored.count }
            print("round \(round)\(last ? " (resumed, then SIGINT)" : ""): accepted \(accepted.count), found \(found), lost \(lost), stored \(stored.count) (\(stored.count - storedBefore) new)")
            #expect(lost == 0)
            #expect(stored.count >= accepted.count)
            // What other commands see, before anything restores it: every stored point, and the
            // statistics of a full recomputation (DECISIONS.md 420-421).
            try Self.expectStoredHikeCurrent(store: storePath, hike: hike.id.rawValue, segments: RecordingSession.segments(of: stretches), dir: dir)
            if last {
                #expect(record.state == .finished && record.pointCount == stored.count)
            } else {
                #expect(record.state == .recording)  // as the kill left it; the next start restores it
                let restored = try #require(try Recorder.restoreUnfinished(in: store))
                #expect(restored.session.state == .paused && restored.session.pointCount == stored.count)
                #expect(try store.recording(record.id).state == .paused)
            }
        }
        print("record kill test: lost \(totalLost) in total (must be 0); \(totalNew) points stored over \(kills + 1) rounds")
        #expect(totalLost == 0)
        let summaries = try HikeStore(path: storePath).summaries()
        #expect(summaries.count == 1 && summaries.first?.kind == .recorded)
    }

    /// `cairn delete` of the hike `cairn record` is recording into refuses in words and deletes
    /// nothing (it used to delete it, and the recorder then stopped on its next point saying
    /// the walk was paused); once the recorder has stopped, the unfinished recording can be
    /// deleted (discarded).
    @Test func deletingTheHikeBeingRecordedIsRefused() throws {
        guard BrowseTests.ready else { return }
        let dir = NSTemporaryDirectory() + "cairn-record-delete-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let storePath = dir + "/hikes.sqlite"
        let recorder = try SpawnedProcess(E2EPaths.cairn, ["record", "--gps", "replay:" + Self.gpx, "--speed", "10",
                                                           "--name", "Walking now", "--store", storePath, "--status-every", "3600"])
        var hike: HikeSummary?
        let deadline = Date().addingTimeInterval(30)
        while hike == nil && Date() < deadline {
            usleep(200_000)
            if FileManager.default.fileExists(atPath: storePath) { hike = try? HikeStore(path: storePath).summaries().first }
        }
        let id = try #require(hike).id.rawValue
        let delete = Process()
        delete.executableURL = URL(fileURLWithPath: E2EPaths.cairn)
        delete.arguments = ["delete", "--yes", id, "--store", storePath]
        let err = Pipe()
        delete.standardError = err
        delete.standardOutput = FileHandle.nullDevice
        try delete.run()
        delete.waitUntilExit()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(delete.terminationStatus == 1)
        #expect(message.contains("is being recorded right now") && message.contains("nothing was deleted"), "\(message)")
        #expect(try HikeStore(path: storePath).summaries().map(\.id.rawValue) == [id])
        // The recorder carries on and stops normally.
        kill(recorder.pid, SIGTERM)
        #expect(recorder.wait(timeout: 10))
        // Stopped by a signal, it removed its lock file (DECISIONS.md 491).
        #expect(!FileManager.default.fileExists(atPath: storePath + ".recording-lock"))
        #expect(try HikeStore(path: storePath).recording(of: try #require(HikeID(id)))?.state == .paused)
        _ = try FollowTests.output([E2EPaths.cairn, "delete", "--yes", id, "--store", storePath])
        #expect(try HikeStore(path: storePath).summaries().isEmpty)
    }

    /// A recording stopped before its first accepted position says nothing was recorded (it
    /// said "paused: `cairn record --resume` continues it", and the resume then found nothing).
    @Test func stoppedBeforeTheFirstPositionSaysNothingWasRecorded() throws {
        guard BrowseTests.ready else { return }
        let dir = NSTemporaryDirectory() + "cairn-record-nothing-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let storePath = dir + "/hikes.sqlite"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: E2EPaths.cairn)
        // Port 9 (discard) on the loopback: nothing listens, no fix ever comes.
        p.arguments = ["record", "--gps", "gpsd://127.0.0.1:9", "--store", storePath, "--status-every", "3600"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        usleep(1_500_000)
        p.terminate()
        p.waitUntilExit()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(p.terminationStatus == 0)
        #expect(text.contains("before the first accepted position: nothing was recorded") && !text.contains("--resume"), "\(text)")
        #expect(try HikeStore(path: storePath).summaries().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: storePath + ".recording-lock"))
    }

    /// Ctrl-C before any fix, with nothing listening at the gpsd address, says that gpsd could
    /// not be reached (it said "no fix passed the filter", DECISIONS.md 492), and leaves no
    /// lock file (491).
    @Test func ctrlCBeforeAnyFixSaysGpsdCouldNotBeReached() throws {
        guard BrowseTests.ready else { return }
        let dir = NSTemporaryDirectory() + "cairn-record-refused-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let storePath = dir + "/hikes.sqlite"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: E2EPaths.cairn)
        p.arguments = ["record", "--gps", "gpsd://127.0.0.1:9", "--store", storePath, "--status-every", "3600"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        usleep(1_500_000)
        #expect(FileManager.default.fileExists(atPath: storePath + ".recording-lock"))
        kill(p.processIdentifier, SIGINT)
        p.waitUntilExit()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(p.terminationStatus == 0)
        #expect(text.contains("nothing was recorded: could not connect to gpsd at 127.0.0.1:9 (connect to 127.0.0.1:9: Connection refused"),
                "\(text)")
        #expect(!text.contains("passed the filter"))
        #expect(!FileManager.default.fileExists(atPath: storePath + ".recording-lock"))
    }

    /// DECISIONS.md 422, end to end: `cairn record --gps replay:FILE --speed 1000` killed with
    /// SIGKILL part-way, then `cairn record --resume` without `--speed` plays the rest at 1000x
    /// (the GPX's 13,937 s left of the walk take about 10 s; at 1x they would take hours), says
    /// so, and finishes at the log's last point, with the walk one segment across the kill.
    @Test func resumeWithoutSpeedKeepsTheReplaySpeedAfterAKill() throws {
        guard BrowseTests.ready else { return }
        let dir = NSTemporaryDirectory() + "cairn-record-speed-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let storePath = dir + "/hikes.sqlite"
        let first = try SpawnedProcess(E2EPaths.cairn, ["record", "--gps", "replay:" + Self.gpx, "--speed", "1000",
                                                        "--name", "Fast replay", "--store", storePath, "--status-every", "3600"])
        usleep(4_000_000)
        kill(first.pid, SIGKILL)
        first.wait(timeout: 5)
        let before = try HikeStore(path: storePath)
        let hike = try #require(try before.summaries().first)
        let recording = try #require(try before.recording(of: hike.id))
        #expect(recording.state == .recording && recording.speed == 1000)
        let killedAt = recording.pointCount
        #expect(killedAt > 0)
        // A killed process cannot remove its lock file; unlocked, it blocks nothing, and the
        // next recorder removes it when it ends (DECISIONS.md 491).
        #expect(FileManager.default.fileExists(atPath: storePath + ".recording-lock"))

        let resume = Process()
        resume.executableURL = URL(fileURLWithPath: E2EPaths.cairn)
        resume.arguments = ["record", "--resume", "--store", storePath, "--status-every", "3600"]
        let out = Pipe()
        resume.standardOutput = out
        resume.standardError = FileHandle.nullDevice
        let started = Date()
        try resume.run()
        while resume.isRunning && Date().timeIntervalSince(started) < 90 { usleep(50_000) }
        let wall = Date().timeIntervalSince(started)
        if resume.isRunning { resume.terminate() }
        resume.waitUntilExit()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        print("record resume speed: \(killedAt) points before the kill, resumed run took \(String(format: "%.1f", wall)) s")
        #expect(wall < 90, "the resume did not finish at the recording's speed")
        #expect(stdout.contains("resuming 'Fast replay' from ") && stdout.contains(" at 1000x "), "\(stdout)")
        #expect(stdout.contains("finished 'Fast replay'"), "\(stdout)")
        #expect(!FileManager.default.fileExists(atPath: storePath + ".recording-lock"))
        let store = try HikeStore(path: storePath)
        let done = try store.recording(recording.id)
        #expect(done.state == .finished && done.speed == 1000)
        let stretches = try store.recordingStretches(recording.id)
        #expect(stretches.count == 2 && stretches[0].count >= killedAt)
        // The log's last <time>, 2021-04-10T10:19:18.91Z: the walk ends where the log does.
        let gpxText = try String(contentsOfFile: Self.gpx, encoding: .utf8)
        let lastTime = try #require(gpxText.components(separatedBy: "<time>").last?.components(separatedBy: "</time>").first)
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let gpxLast = try #require(iso.date(from: lastTime))
        let recordedLast = try #require(stretches.last?.last?.time)
        #expect(abs(recordedLast.timeIntervalSince(gpxLast)) < 0.001, "\(recordedLast) vs \(lastTime)")
        try Self.expectStoredHikeCurrent(store: storePath, hike: hike.id.rawValue, segments: RecordingSession.segments(of: stretches), dir: dir)
    }

    /// The statistics fields `cairn show --json`, `list --json` and `stats --json` print.
    static let statisticsKeys = ["distance", "elapsedTime", "movingTime", "movingDistance", "timedDistance", "averageSpeed",
                                 "movingAverageSpeed", "maxSpeed", "elevationGain", "elevationLoss", "minElevation",
                                 "maxElevation", "steepestGrade", "estimatedWalkingTime", "totalTime"]

    /// `cairn show ID --json` and `cairn list --json` of a recording's hike against `segments`
    /// (the recording's own point rows, in order, its stretches joined into segments where the
    /// leg between them could have been walked, DECISIONS 420/423): the same point and segment
    /// counts, and statistics equal to ``StatisticsCalculator`` over those segments (a full
    /// recomputation); `cairn export` writes one `trkseg` per segment, and `cairn stats` of that
    /// GPX (parsed back, computed again) gives the same figures.
    static func expectStoredHikeCurrent(store: String, hike: String, segments: [[Trackpoint]], dir: String) throws {
        let points = Array(segments.joined())
        let expected = StatisticsCalculator().statistics(for: Track(segments: segments.map { TrackSegment(points: $0) }))
        let expectedJSON = try JSONSerialization.jsonObject(with: JSONEncoder().encode(expected)) as? [String: Any]
        func check(_ figures: [String: Any]?, _ what: String, exact: Bool = true) {
            #expect(figures?["pointCount"] as? Int == points.count, "\(what): point count")
            #expect(figures?["segmentCount"] as? Int == segments.count, "\(what): segments")
            for key in statisticsKeys {
                let want = expectedJSON?[key] as? Double, got = figures?[key] as? Double
                if exact || want == nil || got == nil {
                    #expect(got == want, "\(what) \(key): \(String(describing: got)) != \(String(describing: want))")
                } else if let want, let got {
                    // Exports write 7 decimals of degrees and 1 of metres (DECISIONS 722): heights
                    // move by up to 0.05 m, lengths by centimetres over a recording.
                    #expect(abs(got - want) <= max(0.05, 1e-3 * abs(want)), "\(what) \(key): \(got) != \(want)")
                }
            }
        }
        let cairn = E2EPaths.cairn
        let show = try FollowTests.output([cairn, "show", hike, "--json", "--store", store])
        let shown = try JSONSerialization.jsonObject(with: Data(show.utf8)) as? [String: Any]
        check((shown?["hike"] as? [String: Any])?["statistics"] as? [String: Any], "show --json")
        let list = try FollowTests.output([cairn, "list", "--json", "--store", store])
        let row = (try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [[String: Any]])?.first { $0["id"] as? String == hike }
        check(row?["statistics"] as? [String: Any], "list --json")
        let gpx = dir + "/export.gpx"
        try? FileManager.default.removeItem(atPath: gpx)
        _ = try FollowTests.output([cairn, "export", hike, "-o", gpx, "--store", store])
        let text = try String(contentsOfFile: gpx, encoding: .utf8)
        #expect(text.components(separatedBy: "<trkseg>").count - 1 == segments.count, "one trkseg per segment")
        let stats = try FollowTests.output([cairn, "stats", "--json", gpx])
        let file = (try JSONSerialization.jsonObject(with: Data(stats.utf8)) as? [[String: Any]])?.first
        // GPX writes coordinates to 7 decimals, heights to 1, times exactly (DECISIONS 722).
        check(((file?["tracks"] as? [[String: Any]])?.first)?["statistics"] as? [String: Any], "stats of the export", exact: false)
    }
}
