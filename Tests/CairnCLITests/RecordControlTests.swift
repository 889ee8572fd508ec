import Foundation
import Synchronization
import Testing
import TrailCore
import TrailLive
@testable import CairnCLI
@testable import TrailStore

/// `cairn record pause|resume|finish|place` and `cairn status` against the headless loop:
/// the requests reach the recorder through the control socket, the store shows their effect.
@Suite struct RecordControlTests {
    /// Sends three fixes 25 m and 20 s apart, then waits for `done` (at most 30 s) and ends.
    final class ThreeThenWait: PositionSource, @unchecked Sendable {
        let done: @Sendable () -> Bool
        init(done: @escaping @Sendable () -> Bool) { self.done = done }
        func start(_ handler: @escaping @Sendable (PositionEvent) -> Void) {
            let done = self.done
            Thread.detachNewThread {
                let c = Coordinate(latitude: 46.5, longitude: 7.5)
                let t0 = Date()
                for i in 0..<3 {
                    handler(.fix(PositionFix(time: t0.addingTimeInterval(Double(i) * 20), coordinate: c.coordinate(at: Double(i) * 25, bearing: 0),
                                             horizontalAccuracy: 5, source: .gpsd)))
                }
                let deadline = Date().addingTimeInterval(30)
                while !done() && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
                handler(.ended(SourceEnd(reason: "test source ended")))
            }
        }
        func stop() {}
    }

    @Test func anotherShellPausesAddsAPlaceAndFinishesWithAName() throws {
        let dir = makeTempDirectory("control")
        let runtime = "/tmp/cairn-rc-\(UUID().uuidString.prefix(8))"
        let env = ["XDG_RUNTIME_DIR": runtime]
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let path = LiveControlSocket.path(environment: env)
        let store = try HikeStore(path: dir + "/hikes.sqlite")
        let recorder = try Recorder(store: store, name: "Walk", source: "test")
        let out = RecordRunnerTests.LockedSink()
        let context = CommandContext(stdout: out, stderr: StringSink(), environment: env)
        let finished = Mutex(false)
        var runner = RecordRunner(recorder: recorder, source: ThreeThenWait(done: { finished.withLock { $0 } }), context: context,
                                  units: UnitFormatter(system: .metric), statusInterval: 60, pointLog: nil)
        runner.controlPath = path

        let shell = Mutex<[CLIRun]>([])
        Thread.detachNewThread {
            // Wait until the three points are in, then drive it as a second shell would.
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                let r = cairn(["status", "--json"], environment: env)
                if r.stdout.contains("\"points\":3") { break }
                Thread.sleep(forTimeInterval: 0.05)
            }
            for words in [["status"], ["record", "pause"], ["record", "pause"], ["status", "--format", "tmux"],
                          ["record", "place", "Spring", "by", "the", "bridge"], ["record", "photo"], ["record", "resume"],
                          ["record", "finish", "--name", "Col walk"]] {
                let r = cairn(words, environment: env)
                shell.withLock { $0.append(r) }
            }
            finished.withLock { $0 = true }
        }
        #expect(runner.run() == .finished)
        let runs = shell.withLock { $0 }
        try #require(runs.count == 8)
        // 50 m walked in 40 s: the status line says so (distances by the store's own geodesy: 2 × 25 m);
        // elapsed runs on by the wall clock since the last point arrived, as on the screen (DECISIONS.md 920).
        #expect(runs[0].stdout.range(of: #"^recording · 0:00:4\d · 50 m · "#, options: .regularExpression) != nil, "\(runs[0].stdout)")
        #expect(runs[1].status == 0 && runs[1].stdout.hasPrefix("paused"))
        // Pausing what is paused says so and is not an error (DECISIONS.md 972).
        #expect(runs[2].status == 0 && runs[2].stdout.contains("already paused"), "\(runs[2])")
        // Paused: the clock stands where the pause found it, 40 s of points plus the run-on since.
        #expect(runs[3].stdout.range(of: #"^#\[fg=yellow,bold\]❚❚ PAUSED#\[default\] 0:00:4\d 50 m"#, options: .regularExpression) != nil,
                "\(runs[3].stdout)")
        #expect(runs[4].status == 0, "\(runs[4].stderr)")
        #expect(runs[5].status == 0 && runs[5].stdout.contains("photo-here mark #"), "\(runs[5].stderr)")
        #expect(runs[6].status == 0 && runs[6].stdout.contains("recording again"))
        #expect(runs[7].status == 0 && runs[7].stdout.contains("finished as hike"))
        let hike = try #require(recorder.hike)
        #expect(try store.summary(hike).name == "Col walk")
        let places = try store.places(of: hike)
        #expect(places.map(\.name) == ["Spring by the bridge"])
        let last = Coordinate(latitude: 46.5, longitude: 7.5).coordinate(at: 50, bearing: 0)
        #expect(abs((places.first?.coordinate.latitude ?? 0) - last.latitude) < 1e-9)
        // The photo-here mark: at the last point, 50 m into the walk, with the point's time.
        let marks = try store.photos(of: hike)
        #expect(marks.count == 1 && marks.first?.photo.placement == "placeholder" && marks.first?.photo.path == "")
        #expect(abs((marks.first?.photo.coordinate?.latitude ?? 0) - last.latitude) < 1e-9)
        #expect(abs((marks.first?.photo.distanceAlong ?? 0) - 50) < 0.01)
        #expect(marks.first?.photo.takenAt != nil)
        #expect(try store.unfinishedRecordings().isEmpty)
        #expect(out.text.contains("from another shell: pause: paused"))
        // The socket is gone with the process's loop: nothing runs now.
        let after = cairn(["status"], environment: env)
        #expect(after.status == 0 && after.stdout == "not recording\n")
        #expect(cairn(["status", "--json"], environment: env).stdout == "{\"running\":false}\n")
    }

    @Test func controlWithNothingRunningIsRefusedClearly() {
        let env = ["XDG_RUNTIME_DIR": "/tmp/cairn-rc-none-\(UUID().uuidString.prefix(8))"]
        let r = cairn(["record", "pause"], environment: env)
        #expect(r.status != 0)
        #expect(r.stderr.contains("nothing is recording or following"))
        let f = cairn(["record", "finish"], environment: env)
        #expect(f.stderr.contains("`cairn record --finish`"))
        let bad = cairn(["record", "jump"], environment: env)
        #expect(bad.status == 2 || bad.stderr.contains("record takes pause, resume, finish"))
        #expect(cairn(["record", "place"], environment: env).stderr.contains("needs a NAME"))
    }
}
