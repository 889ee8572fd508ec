import Foundation
import Testing

/// End to end: a headless `cairn record` of a replay running in tmux, driven from a second
/// shell (this test's own processes) through the control socket: `cairn status` (text, tmux,
/// JSON), `cairn record pause`, `place`, `resume`, `finish --name`; the recording's pane says
/// what came from the other shell, and the stored hike has the name and the place.
@Suite(.serialized) struct RecordControlE2ETests {
    /// Runs the built `cairn` with `environment` added; (status, stdout, stderr).
    static func cairn(_ args: [String], environment: [String: String]) throws -> (Int32, String, String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: E2EPaths.cairn)
        p.arguments = args
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    @Test func statusAndPauseFromASecondShellDuringAHeadlessRecording() throws {
        guard BrowseTests.ready else { return }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-e2e-control-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let runtime = "/tmp/cairn-e2e-rt-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let env = ["XDG_RUNTIME_DIR": runtime]
        let store = dir.appendingPathComponent("hikes.sqlite").path
        #expect(try Self.cairn(["status"], environment: env).1 == "not recording\n")
        let tmux = try TmuxSession(command: "\(E2EPaths.cairn) record --headless --gps replay:\(FollowTests.andorra) --speed 10 "
                                   + "--status-every 1 --name Ordino --store \(store)", width: 200, height: 50, environment: env)
        #expect(try tmux.waitFor(text: "first position accepted", timeout: 30).ok)
        // Status from the second shell: recording, with points.
        var status = (Int32(0), "", "")
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            status = try Self.cairn(["status", "--json"], environment: env)
            if let o = try? JSONSerialization.jsonObject(with: Data(status.1.utf8)) as? [String: Any], (o["points"] as? Int ?? 0) >= 3 { break }
            Thread.sleep(forTimeInterval: 0.2)
        }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(status.1.utf8)) as? [String: Any], "\(status)")
        #expect(json["running"] as? Bool == true)
        #expect(json["state"] as? String == "recording")
        #expect(json["activity"] as? String == "recording")
        #expect((json["distance"] as? Double ?? 0) > 0)
        let text = try Self.cairn(["status"], environment: env)
        #expect(text.1.hasPrefix("recording · "), "\(text)")
        let tmuxLine = try Self.cairn(["status", "--format", "tmux"], environment: env)
        #expect(tmuxLine.1.hasPrefix("#[fg=red,bold]● REC#[default] "), "\(tmuxLine)")

        // Pause from the second shell: the recording's pane says so, the status follows.
        let pause = try Self.cairn(["record", "pause"], environment: env)
        #expect(pause.0 == 0 && pause.1.hasPrefix("paused"), "\(pause)")
        #expect(try tmux.waitFor(text: "from another shell: pause: paused").ok)
        #expect(try tmux.waitFor(text: " paused · elapsed").ok)
        #expect(try Self.cairn(["status"], environment: env).1.hasPrefix("paused · "))
        let again = try Self.cairn(["record", "pause"], environment: env)
        #expect(again.0 == 0 && again.1.contains("already paused"), "\(again)")
        // `cairn follow …` does not act on a recording; it names the command that does.
        let wrong = try Self.cairn(["follow", "resume"], environment: env)
        #expect(wrong.0 == 1 && wrong.2.hasPrefix("cairn follow: a recording is running, not a followed walk: `cairn record resume`"), "\(wrong)")
        #expect(try Self.cairn(["record", "place", "Bridge"], environment: env).0 == 0)
        #expect(try Self.cairn(["record", "resume"], environment: env).0 == 0)
        #expect(try tmux.waitFor(text: "from another shell: resume: recording again").ok)
        let finish = try Self.cairn(["record", "finish", "--name", "Ordino from tmux"], environment: env)
        #expect(finish.0 == 0 && finish.1.contains("finished as hike"), "\(finish)")
        let done = try tmux.waitFor(text: "CAIRN-EXIT-0", timeout: 15)
        #expect(done.ok, "the recording did not end:\n\(done.screen)")
        #expect(done.screen.contains("finished 'Ordino from tmux' as hike"))
        #expect(try Self.cairn(["status"], environment: env).1 == "not recording\n")
        let list = try FollowTests.output([E2EPaths.cairn, "list", "--json", "--store", store])
        let rows = try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [[String: Any]]
        let id = try #require(rows?.first?["id"] as? String)
        let places = try FollowTests.output([E2EPaths.cairn, "places", id, "--added", "--store", store])
        #expect(places.contains("Bridge"), "\(places)")
        #expect(try RecordScreenTests.hikes(store).first?.name == "Ordino from tmux")
    }

    /// The same requests reach the recording screen (`cairn record` on a terminal).
    @Test func pauseAndFinishTheRecordingScreenFromASecondShell() throws {
        guard BrowseTests.ready else { return }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-e2e-control-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let runtime = "/tmp/cairn-e2e-rt-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let env = ["XDG_RUNTIME_DIR": runtime]
        let store = dir.appendingPathComponent("hikes.sqlite").path
        let tmux = try TmuxSession(command: "\(E2EPaths.cairn) record --gps replay:\(FollowTests.andorra) --speed 10 "
                                   + "--name Ordino --store \(store) --map \(dir.path)/none.sqlite", width: 110, height: 34, environment: env)
        let arriving = try tmux.waitFor(timeout: 60) { (RecordScreenTests.points($0) ?? 0) >= 3 }
        #expect(arriving.ok, "no points arrived:\n\(arriving.screen)")
        let status = try Self.cairn(["status"], environment: env)
        #expect(status.1.hasPrefix("recording · "), "\(status)")
        let pause = try Self.cairn(["record", "pause"], environment: env)
        #expect(pause.0 == 0, "\(pause)")
        #expect(try tmux.waitFor(text: "● paused").ok)
        #expect(try Self.cairn(["record", "place", "Bridge"], environment: env).0 == 0)
        #expect(try tmux.waitFor(text: "Place 'Bridge' added from another shell").ok)
        let finish = try Self.cairn(["record", "finish", "--name", "Ordino from tmux"], environment: env)
        #expect(finish.0 == 0 && finish.1.contains("finished as hike"), "\(finish)")
        let after = try tmux.waitFor(timeout: 15) { !$0.contains("● paused") && !$0.contains("● recording") }
        #expect(after.ok, "the screen still records:\n\(after.screen)")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try Self.cairn(["status"], environment: env).1 == "not recording\n")
        #expect(try RecordScreenTests.hikes(store).first?.name == "Ordino from tmux")
    }

    /// And the walk being followed: status, pause, a place, finish.
    @Test func pauseAndFinishAFollowedWalkFromASecondShell() throws {
        guard BrowseTests.ready else { return }
        let (store, id, dir) = try FollowTests.store(with: FollowTests.andorra)
        let runtime = "/tmp/cairn-e2e-rt-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let env = ["XDG_RUNTIME_DIR": runtime]
        let tmux = try TmuxSession(command: "\(E2EPaths.cairn) follow \(id) --gps replay:\(FollowTests.andorra) --speed 10 "
                                   + "--store \(store) --map \(dir.path)/none.sqlite", width: 110, height: 32, environment: env)
        let walking = try tmux.waitFor(timeout: 30) { (FollowTests.number(after: "Fixes", in: $0) ?? 0) >= 5 }
        #expect(walking.ok, "no fixes:\n\(walking.screen)")
        let status = try Self.cairn(["status"], environment: env)
        #expect(status.1.hasPrefix("following · "), "\(status)")
        #expect(try Self.cairn(["status", "--format", "tmux"], environment: env).1.hasPrefix("#[fg=green,bold]▶ FOLLOW#[default] "))
        let pause = try Self.cairn(["follow", "pause"], environment: env)
        #expect(pause.0 == 0 && pause.1.hasPrefix("paused"), "\(pause)")
        #expect(try tmux.waitFor(text: "Paused: the walk does not count until p").ok)
        let again = try Self.cairn(["follow", "pause"], environment: env)
        #expect(again.0 == 0 && again.1.contains("already paused"), "\(again)")
        // `cairn record resume` does nothing to a followed walk and names `cairn follow resume`.
        let wrong = try Self.cairn(["record", "resume"], environment: env)
        #expect(wrong.0 == 1 && wrong.2.hasPrefix("cairn record: a followed walk is running, not a recording: `cairn follow resume`"), "\(wrong)")
        #expect(try Self.cairn(["status"], environment: env).1.hasPrefix("paused · "))
        let resume = try Self.cairn(["follow", "resume"], environment: env)
        #expect(resume.0 == 0 && resume.1.contains("following again"), "\(resume)")
        let running = try Self.cairn(["follow", "resume"], environment: env)
        #expect(running.0 == 0 && running.1.contains("already following"), "\(running)")
        let place = try Self.cairn(["follow", "place", "Bridge"], environment: env)
        #expect(place.0 == 0, "\(place)")
        #expect(try tmux.waitFor(text: "Place 'Bridge' added from another shell").ok)
        let finish = try Self.cairn(["follow", "finish"], environment: env)
        #expect(finish.0 == 0 && finish.1.contains("stopped following"), "\(finish)")
        // Stopped as by x: the walk is finished in the history (the status line may have moved on).
        var finished = false
        let deadline = Date().addingTimeInterval(15)
        while !finished && Date() < deadline {
            finished = (try? FollowTests.walks(id, store: store).first?.finished) == true
            if !finished { Thread.sleep(forTimeInterval: 0.2) }
        }
        #expect(finished, "\((try? tmux.screen()) ?? "")")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(try Self.cairn(["status"], environment: env).1 == "not recording\n")
    }

    /// Ctrl-C means the same on the screen and headless: the recording is paused, kept, and the
    /// way on is said (DECISIONS.md 842).
    @Test func ctrlCPausesOnScreenAndHeadlessAndSaysHowToGoOn() throws {
        guard BrowseTests.ready else { return }
        for headless in [true, false] {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-e2e-ctrlc-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let store = dir.appendingPathComponent("hikes.sqlite").path
            let env = ["XDG_RUNTIME_DIR": dir.path]
            let tmux = try TmuxSession(command: "\(E2EPaths.cairn) record \(headless ? "--headless " : "")--gps replay:\(FollowTests.andorra) "
                                       + "--speed 10 --name Ordino --store \(store) --map \(dir.path)/none.sqlite", width: 200, height: 40,
                                       environment: env)
            let started = try tmux.waitFor(timeout: 60) { screen in
                headless ? screen.contains("first position accepted") : (RecordScreenTests.points(screen) ?? 0) >= 2
            }
            #expect(started.ok, "not recording:\n\(started.screen)")
            try tmux.send("C-c")
            let ended = try tmux.waitFor(text: "CAIRN-EXIT-0", timeout: 15)
            #expect(ended.ok, "did not end:\n\(ended.screen)")
            let said = ended.screen.replacingOccurrences(of: "\n", with: "")
            #expect(said.contains("`cairn record --resume` continues it, `cairn record --finish` finishes it"), "\(ended.screen)")
            let status = try Self.cairn(["record", "--finish", "--store", store], environment: env)
            #expect(status.0 == 0 && status.1.contains("finished 'Ordino'"), "\(headless): \(status)")
        }
    }

    /// Ctrl-C on the follow screen keeps the walk unfinished and says how to go on (DECISIONS.md 972).
    @Test func ctrlCOnTheFollowScreenSaysHowToGoOn() throws {
        guard BrowseTests.ready else { return }
        let (store, id, dir) = try FollowTests.store(with: FollowTests.andorra)
        let env = ["XDG_RUNTIME_DIR": dir.path]
        let tmux = try TmuxSession(command: "\(E2EPaths.cairn) follow \(id) --gps replay:\(FollowTests.andorra) --speed 10 "
                                   + "--store \(store) --map \(dir.path)/none.sqlite", width: 200, height: 40, environment: env)
        let walking = try tmux.waitFor(timeout: 30) { (FollowTests.number(after: "Fixes", in: $0) ?? 0) >= 3 }
        #expect(walking.ok, "no fixes:\n\(walking.screen)")
        try tmux.send("C-c")
        let ended = try tmux.waitFor(text: "CAIRN-EXIT-0", timeout: 15)
        #expect(ended.ok, "did not end:\n\(ended.screen)")
        // The terminal wraps the line where the path's length puts it (at a space or inside a
        // word): compare without white space.
        func squeezed(_ s: String) -> String { s.filter { !$0.isWhitespace } }
        let said = squeezed(ended.screen)
        #expect(said.contains(squeezed("is kept unfinished: `cairn follow \(id) --gps replay:")), "\(ended.screen)")
        #expect(said.contains(squeezed("offers to resume it (y resumes, n closes it into the hike's history)")), "\(ended.screen)")
        #expect(try FollowTests.walks(id, store: store).first?.finished == false)
    }
}
