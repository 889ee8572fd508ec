import Foundation
import GPSFakeSupport
import Testing
import TrailCore
import TrailStore

/// End to end, the recording screen's live readout (DECISIONS.md 920): `b` while recording
/// shows the way back with the distance and time left and the arrival (on the screen and in
/// `cairn status` from a second shell), and gpsd killed and restarted clears the "Position
/// source lost" error once fixes flow again (real gpsd through gpsfake on a free port).
@Suite(.serialized) struct RecordLiveReadoutE2ETests {
    /// A private runtime folder, so the control socket is this test's alone.
    static func runtime() throws -> [String: String] {
        let runtime = "/tmp/cairn-e2e-rt-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        return ["XDG_RUNTIME_DIR": runtime]
    }

    /// The time of the last point stored by the recording in progress in `path`.
    static func lastStoredTime(_ path: String) throws -> Date? {
        let store = try HikeStore(path: path)
        guard let rec = try store.unfinishedRecordings().first else { return nil }
        return try store.recordingStretches(rec.id).joined().last?.time
    }

    /// The value of the panel row `label` ("Left   1.23 km · 20 min"), nil when not shown.
    static func row(_ label: String, in screen: String) -> String? {
        for line in screen.split(separator: "\n") {
            guard let r = line.range(of: label + " ") else { continue }
            let value = line[r.upperBound...].trimmingCharacters(in: .whitespaces)
            if !value.isEmpty { return value.components(separatedBy: "  ").first }
        }
        return nil
    }

    @Test func backtrackWhileRecordingShowsDistanceTimeAndArrival() throws {
        guard BrowseTests.ready else { return }
        let (store, _, dir) = try FollowTests.store(with: FollowTests.andorra)
        let env = try Self.runtime()
        let tmux = try TmuxSession(command: "\(E2EPaths.cairn) record --gps replay:\(FollowTests.andorra) --speed 20 --name Back "
                                   + "--store \(store) --map \(dir.path)/none.sqlite", width: 120, height: 40, environment: env)
        #expect(try tmux.waitFor(text: "● recording", timeout: 60).ok)
        let walked = try tmux.waitFor(timeout: 40) { (RecordScreenTests.points($0) ?? 0) >= 12 }
        #expect(walked.ok, "no points arrived:\n\(walked.screen)")
        try tmux.send("b")
        let back = try tmux.waitFor(timeout: 15) { $0.contains("Way back") && $0.contains("Arrival") }
        #expect(back.ok, "no way back on the panel:\n\(back.screen)")
        // "Way back  0 m of 1.23 km", "Left  1.23 km · 20 min", "Arrival  14:05".
        let left = try #require(Self.row("Left", in: back.screen), "\(back.screen)")
        #expect(left.contains(" · ") && left.range(of: #"\d+ (min|h)"#, options: .regularExpression) != nil, "\(left)")
        let arrival = try #require(Self.row("Arrival", in: back.screen))
        #expect(arrival.range(of: #"^\d\d:\d\d"#, options: .regularExpression) != nil, "\(arrival)")
        #expect(Self.row("Link", in: back.screen) != nil)
        // The same from a second shell: what is left and the arrival.
        let status = try RecordControlE2ETests.cairn(["status", "--json"], environment: env)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(status.1.utf8)) as? [String: Any], "\(status)")
        let metres = try #require(json["left"] as? Double, "\(status.1)")
        let seconds = try #require(json["time_left"] as? Double)
        let at = try #require(json["arrival"] as? Double)
        #expect(metres > 0 && seconds > 0)
        // Arrival = now + time left (within the seconds the request took).
        #expect(abs(at - (Date().timeIntervalSince1970 + seconds)) < 5, "\(status.1)")
        let text = try RecordControlE2ETests.cairn(["status"], environment: env)
        #expect(text.1.contains("left "), "\(text)")
        try tmux.send("p")
        #expect(try tmux.waitFor(text: "● paused").ok)
        try tmux.send("C-c")
        #expect(try tmux.waitFor(text: "CAIRN-EXIT-").ok)
    }

    @Test func gpsdKilledAndRestartedClearsTheError() throws {
        guard BrowseTests.ready else { return }
        guard let gpsfake = which("gpsfake"), let python = which("python3") else {
            print("skipped: gpsfake or python3 not found (Debian: gpsd-clients, python3)")
            return
        }
        let (store, _, dir) = try FollowTests.store(with: FollowTests.andorra)
        let env = try Self.runtime()
        let nmea = dir.appendingPathComponent("walk.nmea").path
        // The Oybin sample out and back, led by 150 copies of the first fix (cairn needs a moment to connect).
        _ = try FollowTests.output([python, E2EPaths.repo.appendingPathComponent("Tools/gpx2nmea.py").path, RecordKillTests.gpx,
                                    "-o", nmea, "--lead", "150", "--laps", "4"])
        let port = LocalPorts.freePort()
        var fake: GPSFakeProcess? = try GPSFakeProcess(gpsfake: gpsfake, log: nmea, cycle: 0.05, port: port)
        defer { fake?.finish(timeout: 0) }
        let tmux = try TmuxSession(command: "\(E2EPaths.cairn) record --gps gpsd://127.0.0.1:\(port) --name Restart "
                                   + "--store \(store) --map \(dir.path)/none.sqlite", width: 120, height: 40, environment: env)
        let recording = try tmux.waitFor(timeout: 40) { (RecordScreenTests.points($0) ?? 0) >= 3 }
        #expect(recording.ok, "no points from gpsd:\n\(recording.screen)")
        // gpsd goes away: the status line says the source is lost, the fix row says so too.
        fake?.process.stop()
        fake?.finish(timeout: 0)
        fake = nil
        let lost = try tmux.waitFor(text: "Position source lost", timeout: 20)
        #expect(lost.ok, "the loss was not shown:\n\(lost.screen)")
        #expect(Self.row("Fix", in: lost.screen)?.hasPrefix("lost") == true, "\(lost.screen)")
        let before = RecordScreenTests.points(lost.screen) ?? 0
        // gpsd back on the same port, fed from the recording's last point on.
        let last = try #require(try Self.lastStoredTime(store))
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        _ = try FollowTests.output([python, E2EPaths.repo.appendingPathComponent("Tools/gpx2nmea.py").path, RecordKillTests.gpx,
                                    "-o", nmea, "--lead", "150", "--laps", "4", "--after", iso.string(from: last)])
        fake = try GPSFakeProcess(gpsfake: gpsfake, log: nmea, cycle: 0.05, port: port)
        let back = try tmux.waitFor(timeout: 60) {
            !$0.contains("Position source lost") && (RecordScreenTests.points($0) ?? 0) > before
        }
        #expect(back.ok, "the error stayed or no points came after gpsd came back:\n\(back.screen)")
        #expect(Self.row("Link", in: back.screen)?.hasPrefix("connected") == true, "\(back.screen)")
        #expect(Self.row("Fix", in: back.screen)?.hasPrefix("lost") == false)
        try tmux.send("p")
        #expect(try tmux.waitFor(text: "● paused").ok)
        try tmux.send("C-c")
        #expect(try tmux.waitFor(text: "CAIRN-EXIT-").ok)
    }
}
