import Foundation
import Testing

/// End to end: the recording screen in tmux, driving the real `cairn` with the replayed
/// Andorra walk as the position source (as ``FollowTests`` does): start from the library with
/// `R`, points arriving, pause (the replay is held: the count stays), resume, finish with a
/// name, and the hike in the library with the points the screen counted. A killed recording is
/// offered on the next start and finished from the offer.
@Suite(.serialized) struct RecordScreenTests {
    static var andorra: String { FollowTests.andorra }

    /// The hikes of `store` as `cairn list --json` gives them: name, kind and point count.
    static func hikes(_ store: String) throws -> [(name: String, kind: String, points: Int)] {
        let json = try FollowTests.output([E2EPaths.cairn, "list", "--json", "--store", store])
        let rows = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
        return rows.map { r in
            let stats = r["statistics"] as? [String: Any]
            return (r["name"] as? String ?? "", r["kind"] as? String ?? "", stats?["pointCount"] as? Int ?? -1)
        }
    }

    /// N of the recording panel's "Points  N recorded" (the library preview has a "Points" too).
    static func points(_ screen: String) -> Int? {
        guard let line = screen.split(separator: "\n").first(where: { $0.contains("Points") && $0.contains(" recorded") }),
              let r = line.range(of: " recorded") else { return nil }
        return Int(line[..<r.lowerBound].split(separator: " ").last ?? "")
    }

    /// Opens the viewer on `store` and starts recording from the replay with `R`.
    static func startRecording(_ tmux: TmuxSession) throws {
        #expect(try tmux.waitFor(text: "sorted by", timeout: 15).ok, "library not shown")
        try tmux.send("R")
        #expect(try tmux.waitFor(text: "Record with position from").ok)
        try tmux.send("C-u")
        try tmux.type("replay:\(andorra)")
        #expect(try tmux.waitFor(text: "_matching.gpx▏").ok, "source not typed")
        try tmux.send("Enter")
        // The source is checked first (a GPX read; slow on a loaded machine).
        let screen = try tmux.waitFor(text: "● recording", timeout: 60)
        #expect(screen.ok, "the recording screen did not open:\n\(screen.screen)")
    }

    @Test func recordFromTheLibraryPauseResumeFinishAndFindTheHike() throws {
        guard BrowseTests.ready else { return }
        let (store, _, dir) = try FollowTests.store(with: FollowTests.andorra)
        let tmux = try TmuxSession(command: "\(E2EPaths.cairn) --store \(store) --map \(dir.path)/none.sqlite --speed 20",
                                   width: 110, height: 34)
        try Self.startRecording(tmux)
        let arriving = try tmux.waitFor(timeout: 30) { (Self.points($0) ?? 0) >= 5 }
        #expect(arriving.ok, "no points arrived:\n\(arriving.screen)")
        #expect(arriving.screen.contains("● recording"))
        #expect(arriving.screen.contains("◉"))

        // Pause: written, shown, and the held replay adds nothing.
        try tmux.send("p")
        let paused = try tmux.waitFor(text: "● paused")
        #expect(paused.ok, "not paused:\n\(paused.screen)")
        Thread.sleep(forTimeInterval: 0.5)
        let atPause = try #require(Self.points(try tmux.screen()))
        Thread.sleep(forTimeInterval: 2)
        #expect(Self.points(try tmux.screen()) == atPause, "points arrived while paused")

        // Resume: points arrive again.
        try tmux.send("p")
        let resumed = try tmux.waitFor(timeout: 30) { (Self.points($0) ?? 0) >= atPause + 5 }
        #expect(resumed.ok, "no points after resuming:\n\(resumed.screen)")
        #expect(resumed.screen.contains("● recording"))

        // Pause again so the count is final, then finish under a name.
        try tmux.send("p")
        #expect(try tmux.waitFor(text: "● paused").ok)
        Thread.sleep(forTimeInterval: 0.5)
        let final = try #require(Self.points(try tmux.screen()))
        try tmux.send("x")
        #expect(try tmux.waitFor(text: "Finish and save as").ok)
        try tmux.send("C-u")
        try tmux.type("Ordino by e2e")
        #expect(try tmux.waitFor(text: "Ordino by e2e▏").ok)
        try tmux.send("Enter")
        let opened = try tmux.waitFor(timeout: 30) { $0.contains("Ordino by e2e") && ($0.contains("Focus:") || $0.contains("Tip:")) }
        #expect(opened.ok, "the finished hike did not open:\n\(opened.screen)")
        // Back in the library the hike is listed. (Wait for the library itself: "Ordino by e2e"
        // is on the hike screen too, and a `q` sent within the escape delay after Esc is read
        // as Alt-q, which is no key: the test then waited for an exit that never came.)
        try tmux.send("Escape")
        #expect(try tmux.waitFor { $0.contains("Ordino by e2e") && $0.contains("sorted by") }.ok)
        let recorded = try Self.hikes(store).filter { $0.kind == "recorded" }
        #expect(recorded.count == 1)
        #expect(recorded.first?.name == "Ordino by e2e")
        #expect(recorded.first?.points == final, "the hike has \(recorded.first?.points ?? -1) points, the screen counted \(final)")
        try tmux.send("q")
        let exited = try tmux.waitFor(text: "CAIRN-EXIT-0")
        #expect(exited.ok, "did not quit:\n\(exited.screen)")
    }

    /// `cairn record` on a terminal opens the recording screen (no `R` needed), and while it
    /// records another process (`cairn list`) sees the walk so far, not the first point only.
    @Test func cairnRecordOnATerminalOpensTheScreenAndTheListSeesTheWalkSoFar() throws {
        guard BrowseTests.ready else { return }
        let (store, _, dir) = try FollowTests.store(with: FollowTests.andorra)
        let tmux = try TmuxSession(command: "\(E2EPaths.cairn) record --gps replay:\(Self.andorra) --speed 20 --name 'Terminal walk' "
                                   + "--store \(store) --map \(dir.path)/none.sqlite", width: 110, height: 34)
        let screen = try tmux.waitFor(text: "● recording", timeout: 60)
        #expect(screen.ok, "cairn record on a terminal did not open the recording screen:\n\(screen.screen)")
        #expect(!screen.screen.contains("recording 'Terminal walk' from"), "headless status shown on a terminal")
        let arriving = try tmux.waitFor(timeout: 40) { (Self.points($0) ?? 0) >= 12 }
        #expect(arriving.ok, "no points arrived:\n\(arriving.screen)")
        // Within the sync interval (5 s) the stored hike holds the walk so far, still recording.
        var listed = 0
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            listed = try Self.hikes(store).first { $0.kind == "recorded" }?.points ?? 0
            if listed >= 10 { break }
            Thread.sleep(forTimeInterval: 0.5)
        }
        #expect(listed >= 10, "cairn list shows \(listed) points for the recording in progress")
        #expect(try Self.hikes(store).first { $0.kind == "recorded" }?.name == "Terminal walk")
        try tmux.send("p")
        #expect(try tmux.waitFor(text: "● paused").ok)
        try tmux.send("C-c")
        #expect(try tmux.waitFor(text: "CAIRN-EXIT-").ok)
    }

    @Test func aKilledRecordingIsOfferedOnStartAndFinishedFromTheOffer() throws {
        guard BrowseTests.ready else { return }
        let (store, _, dir) = try FollowTests.store(with: FollowTests.andorra)
        let pidFile = dir.appendingPathComponent("cairn.pid").path
        let viewer = "\(E2EPaths.cairn) --store \(store) --map \(dir.path)/none.sqlite --speed 20"
        let first = try TmuxSession(command: "sh -c 'echo $$ > \(pidFile); exec \(viewer)'", width: 110, height: 34)
        try Self.startRecording(first)
        let walking = try first.waitFor(timeout: 30) { (Self.points($0) ?? 0) >= 8 }
        #expect(walking.ok)
        let seen = try #require(Self.points(walking.screen))
        let pid = try #require(Int32((try String(contentsOfFile: pidFile, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(pid, SIGKILL)
        #expect(try first.waitFor(text: "CAIRN-EXIT-137").ok)

        let second = try TmuxSession(command: viewer, width: 110, height: 34)
        let offer = try second.waitFor(text: "An unfinished recording is kept, paused", timeout: 30)
        #expect(offer.ok, "not offered:\n\(offer.screen)")
        #expect(offer.screen.contains("r  resume recording it"))
        try second.send("f")
        #expect(try second.waitFor(text: "The recording was finished and saved").ok)
        let recorded = try Self.hikes(store).filter { $0.kind == "recorded" }
        #expect(recorded.count == 1)
        // Every point the screen had shown was on disk before it was shown.
        #expect((recorded.first?.points ?? 0) >= seen)
        try second.send("q")
        #expect(try second.waitFor(text: "CAIRN-EXIT-0").ok)
    }
}
