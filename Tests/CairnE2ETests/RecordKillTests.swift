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
        // 150 copies of the first fix lead the log: cairn needs a moment to start and connect.
        _ = try FollowTests.output([python, E2EPaths.repo.appendingPathComponent("Tools/gpx2nmea.py").path, Self.gpx,
                                    "-o", nmea, "--lead", "150"])
        var totalLost = 0
        print("record kill test: \(kills) kills, seed \(seed)")
        for round in 1...kills + 1 {
            let last = round == kills + 1
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
                // Let it record a while, then Ctrl-C: the resumed recording is finished.
                usleep(8_000_000)
                kill(cairn.pid, SIGINT)
                #expect(cairn.wait(timeout: 10), "cairn record did not finish on SIGINT")
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
            let stored = Array(try store.recordingStretches(record.id).joined())
            let found = accepted.filter { seq, lat, lon in
                seq < stored.count && stored[seq].latitude == lat && stored[seq].longitude == lon
            }.count
            let lost = accepted.count - found
            totalLost += lost
            print("round \(round)\(last ? " (resumed, then SIGINT)" : ""): accepted \(accepted.count), found \(found), lost \(lost), stored \(stored.count)")
            #expect(lost == 0)
            #expect(stored.count >= accepted.count)
            if last {
                #expect(record.state == .finished && record.pointCount == stored.count)
            } else {
                #expect(record.state == .recording)  // as the kill left it; the next start restores it
                let restored = try #require(try Recorder.restoreUnfinished(in: store))
                #expect(restored.session.state == .paused && restored.session.pointCount == stored.count)
                #expect(try store.recording(record.id).state == .paused)
            }
        }
        print("record kill test: lost \(totalLost) in total (must be 0)")
        #expect(totalLost == 0)
        let summaries = try HikeStore(path: storePath).summaries()
        #expect(summaries.count == 1 && summaries.first?.kind == .recorded)
    }
}
