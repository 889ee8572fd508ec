import Foundation
import Testing

/// End-to-end: `cairn follow` in tmux with a replayed GPX (position moving, coverage rising,
/// stop and summary, the walk in the hike's history; a killed walk offered for resuming).
/// The gpsd runs are in ``FollowGPSFakeTests``.
@Suite(.serialized) struct FollowTests {
    static var andorra: String { E2EPaths.samples.appendingPathComponent("graphhopper-andorra_for_map_matching.gpx").path }

    /// A store holding only `gpx`, and its hike id (`cairn list --json`).
    static func store(with gpx: String) throws -> (store: String, id: String, dir: URL) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-e2e-follow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let store = dir.appendingPathComponent("hikes.sqlite").path
        try BrowseTests.run([E2EPaths.cairn, "import", "--store", store, gpx])
        let list = try output([E2EPaths.cairn, "list", "--json", "--store", store])
        let rows = try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [[String: Any]]
        let id = try #require(rows?.first?["id"] as? String)
        return (store, id, dir)
    }

    /// Runs a program and returns its standard output.
    static func output(_ argv: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: argv[0])
        p.arguments = Array(argv.dropFirst())
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// What `cairn show --json` says about the walks (SI units).
    struct ShownWalk: Decodable {
        struct Summary: Decodable {
            var coverage: Double
            var coveredLength: Double
            var finalProgress: Double
            var furthestProgress: Double
            var distanceWalked: Double
            var activeTime: Double
            var acceptedFixes: Int
            var routeLength: Double
        }
        var finished: Bool
        var backtrack: Bool
        var pointCount: Int
        var summary: Summary?
    }

    static func walks(_ id: String, store: String) throws -> [ShownWalk] {
        struct Detail: Decodable { var walks: [ShownWalk] }
        let json = try output([E2EPaths.cairn, "show", id, "--json", "--store", store])
        return try JSONDecoder().decode(Detail.self, from: Data(json.utf8)).walks
    }

    /// The integer after `label` on screen ("Covered   42 % · 455 m" → 42).
    static func number(after label: String, in screen: String) -> Int? {
        guard let line = screen.split(separator: "\n").first(where: { $0.contains(label) }),
              let r = line.range(of: label) else { return nil }
        return Int(line[r.upperBound...].trimmingCharacters(in: .whitespaces).prefix { $0.isNumber })
    }

    @Test func replayFollowStopAndTheWalkInTheHistory() throws {
        guard BrowseTests.ready else { return }
        let (store, id, dir) = try Self.store(with: Self.andorra)
        let map = dir.appendingPathComponent("map.sqlite").path
        try BrowseTests.run([E2EPaths.cairn, "map", "import", "--map", map,
                             E2EPaths.samples.appendingPathComponent("andorra-ordino.osm").path])
        // The 677 m line without times is walked at 4 km/h (610 s): 10 s at 60×.
        let tmux = try TmuxSession(command: "\(E2EPaths.cairn) follow \(id) --gps replay:\(Self.andorra) --speed 60 "
                                   + "--store \(store) --map \(map)", width: 120, height: 36)
        let started = try tmux.waitFor(timeout: 15) { $0.contains("Following new") && $0.contains("◉") }
        #expect(started.ok, "follow screen did not appear:\n\(started.screen)")
        let marker0 = BrowseTests.position(of: "◉", in: started.screen)
        // Coverage rises while the position moves.
        let rising = try tmux.waitFor(timeout: 15) { (Self.number(after: "Covered", in: $0) ?? 0) >= 30 }
        #expect(rising.ok)
        #expect(rising.screen.contains("© OpenStreetMap contributors"))
        let marker1 = BrowseTests.position(of: "◉", in: rising.screen)
        if let a = marker0, let b = marker1 { #expect(a != b, "the position marker did not move") }
        // The replay ends with all of the line covered.
        let done = try tmux.waitFor(text: "ended (replay finished)", timeout: 25)
        #expect(done.ok, "replay did not finish:\n\(done.screen)")
        #expect(Self.number(after: "Covered", in: done.screen) == 100)
        #expect(done.screen.contains("Along     677 m of 677 m"))
        #expect(!done.screen.contains("OFF ROUTE"))
        // x: the summary, saved.
        try tmux.send("x")
        let summary = try tmux.waitFor(text: "Walk stopped")
        #expect(summary.ok)
        #expect(summary.screen.contains("Coverage         100 % of 677 m"))
        #expect(summary.screen.contains("Furthest point   677 m along the route (100 %)"))
        try tmux.send("Enter")
        let history = try tmux.waitFor(text: "100 % covered, 677 m")
        #expect(history.ok, "walk not listed on the hike screen:\n\(history.screen)")
        #expect(history.screen.contains("Walks"))
        let walks = try Self.walks(id, store: store)
        #expect(walks.count == 1)
        #expect(walks.first?.finished == true)
        let s = try #require(walks.first?.summary)
        #expect(abs(s.furthestProgress - s.routeLength) < 1)
        #expect(s.coverage > 0.995)
        #expect(walks.first?.pointCount == s.acceptedFixes)
        try tmux.send("q")
        try tmux.send("q")
        #expect(try tmux.waitFor(text: "CAIRN-EXIT-0").ok)
    }

    @Test func aKilledWalkIsOfferedForResumingWithNothingLost() throws {
        guard BrowseTests.ready else { return }
        let (store, id, dir) = try Self.store(with: Self.andorra)
        let pidFile = dir.appendingPathComponent("cairn.pid").path
        let follow = "\(E2EPaths.cairn) follow \(id) --gps replay:\(Self.andorra) --speed 20 --store \(store) --map \(dir.path)/none.sqlite"
        let first = try TmuxSession(command: "sh -c 'echo $$ > \(pidFile); exec \(follow)'", width: 110, height: 32)
        let walking = try first.waitFor(timeout: 20) { (Self.number(after: "Fixes", in: $0) ?? 0) >= 40 }
        #expect(walking.ok)
        let pid = try #require(Int32((try String(contentsOfFile: pidFile, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(pid, SIGKILL)
        #expect(try first.waitFor(text: "CAIRN-EXIT-137").ok)
        let before = try #require(try Self.walks(id, store: store).first)
        #expect(!before.finished)
        #expect(before.pointCount >= 40)

        // Reopening offers to resume; yes restores it paused with every stored point.
        let second = try TmuxSession(command: follow, width: 110, height: 32)
        #expect(try second.waitFor(text: "Resume the unfinished walk").ok)
        try second.send("y")
        let restored = try second.waitFor(text: "paused")
        #expect(restored.ok)
        #expect(Self.number(after: "Fixes", in: restored.screen) == before.pointCount)
        try second.send("p")
        #expect(try second.waitFor(text: "live").ok)
        try second.send("x")
        #expect(try second.waitFor(text: "Walk stopped").ok)
        try second.send("Enter")
        #expect(try second.waitFor(text: "Walks").ok)
        let after = try Self.walks(id, store: store)
        #expect(after.count == 1)
        #expect(after.first?.finished == true)
        #expect((after.first?.pointCount ?? 0) >= before.pointCount)
        try second.send("C-c")
        #expect(try second.waitFor(text: "CAIRN-EXIT-0").ok)
    }
}
