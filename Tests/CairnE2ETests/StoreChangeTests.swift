import Foundation
import Testing

/// End to end (issue 16, DECISIONS 481): a viewer left open notices what another process does
/// to its store. A real Andorra recording is open on the hike screen; `cairn match ID --keep
/// matched` from the shell changes the hike's line, and the viewer reads it again (its
/// statistics show the matched length); `--keep raw` brings the recorded length back; a
/// rename shows in the heading; `cairn delete` closes the hike with a message.
@Suite(.serialized) struct StoreChangeTests {
    /// The hike screen's distance row ("Distance  12.3 km"), trimmed.
    static func distanceRow(_ screen: String) -> String? {
        screen.split(separator: "\n").lazy.flatMap { $0.split(separator: "│") }.first { $0.hasPrefix("Distance") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The waits are generous (30 s) for a loaded machine: reading the hike again measures the
    /// ground of the new line.
    @Test func theViewerSeesAKeepRenameAndDeleteFromTheShell() throws {
        guard BrowseTests.ready else { return }
        guard let data = E2EPaths.sharedData else { print("skipped: ../shared/data not found"); return }
        let gpx = data.appendingPathComponent("gpx-unlicensed/adrutas-180429_b.gpx").path
        let clip = data.appendingPathComponent("osm/WorldKG-andorra-2021-east-clip.osm").path
        guard FileManager.default.fileExists(atPath: gpx), FileManager.default.fileExists(atPath: clip) else {
            print("skipped: the Andorra recording or extract is missing"); return
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = dir.appendingPathComponent("hikes.sqlite").path, map = dir.appendingPathComponent("map.sqlite").path
        try BrowseTests.run([E2EPaths.cairn, "import", "--store", store, gpx])
        try BrowseTests.run([E2EPaths.cairn, "map", "import", "--map", map, clip])
        let id = try MatchReviewTests.capture([E2EPaths.cairn, "list", "--store", store]).split(separator: "\n").dropFirst().first
            .map { String($0.prefix { $0 != " " }) } ?? ""
        let recorded = try MatchReviewTests.distance(store, id)

        let tmux = try TmuxSession(command: "\(E2EPaths.cairn) tui --store \(store) --map \(map)", width: 120, height: 40)
        #expect(try tmux.waitFor(text: "180429_b", timeout: 30).ok)
        try tmux.send("Enter")
        let opened = try tmux.waitFor(text: "Focus: profile", timeout: 30)
        #expect(opened.ok, "\(opened.screen)")
        let before = try #require(Self.distanceRow(opened.screen))

        // From the shell: keep the matched line. The viewer reads the hike again.
        _ = try MatchReviewTests.capture([E2EPaths.cairn, "match", id, "--keep", "matched", "--store", store, "--map", map])
        let matched = try MatchReviewTests.distance(store, id)
        #expect(abs(matched - recorded) > 50, "the matched line has another length (\(matched) against \(recorded))")
        let kept = try tmux.waitFor(timeout: 30) { $0.contains("changed in another process") && Self.distanceRow($0) != before }
        #expect(kept.ok, "\(kept.screen)")
        #expect(kept.screen.contains("Points") && kept.screen.contains("Moving"), "still on the hike screen")

        // Back to the recording: the recorded figure again.
        _ = try MatchReviewTests.capture([E2EPaths.cairn, "match", id, "--keep", "raw", "--store", store, "--map", map])
        let raw = try tmux.waitFor(timeout: 30) { Self.distanceRow($0) == before }
        #expect(raw.ok, "\(raw.screen)")

        // A rename from the shell shows in the heading.
        try BrowseTests.run([E2EPaths.cairn, "rename", id, "Renamed in the shell", "--store", store])
        let renamed = try tmux.waitFor(text: "Renamed in the shell", timeout: 30)
        #expect(renamed.ok, "\(renamed.screen)")

        // Deleted from the shell: the hike closes with a message.
        try BrowseTests.run([E2EPaths.cairn, "delete", id, "--yes", "--store", store])
        let deleted = try tmux.waitFor(text: "was deleted in another process", timeout: 30)
        #expect(deleted.ok, "\(deleted.screen)")
    }
}
