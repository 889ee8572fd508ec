import Foundation
import Testing

/// End to end (issue 16): the match review screen on a real Andorra recording over the east
/// clip of the Andorra extract (../shared/data): `m` opens it, one section is kept as
/// recorded, `s` stores the line, the hike's length changes by that section's difference and
/// its recorded points are in the kept line; reopened, the review shows the saved choices;
/// `u` goes back to the recording, and a second `u` changes nothing.
@Suite(.serialized) struct MatchReviewTests {
    static func capture(_ argv: [String]) throws -> String { try FollowTests.output(argv) }

    static func json(_ argv: [String]) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(try capture(argv).utf8)) as? [String: Any] ?? [:]
    }

    static func distance(_ store: String, _ id: String) throws -> Double {
        let hike = try json([E2EPaths.cairn, "show", id, "--json", "--store", store])["hike"] as? [String: Any]
        return (hike?["statistics"] as? [String: Any])?["distance"] as? Double ?? -1
    }

    /// The `<trkpt lat lon>` pairs of a GPX text, in order.
    static func trackpoints(_ gpx: String) -> [String] {
        gpx.components(separatedBy: "<trkpt ").dropFirst().map { String($0.prefix { $0 != ">" }) }
    }

    @Test func reviewKeepOneSectionRawSaveAndUndo() throws {
        guard BrowseTests.ready else { return }
        guard let data = E2EPaths.sharedData else { print("skipped: ../shared/data not found"); return }
        let gpx = data.appendingPathComponent("gpx-unlicensed/adrutas-180429_b.gpx").path
        let clip = data.appendingPathComponent("osm/WorldKG-andorra-2021-east-clip.osm").path
        guard FileManager.default.fileExists(atPath: gpx), FileManager.default.fileExists(atPath: clip) else {
            print("skipped: the Andorra recording or extract is missing"); return
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let store = dir.appendingPathComponent("hikes.sqlite").path, map = dir.appendingPathComponent("map.sqlite").path
        try BrowseTests.run([E2EPaths.cairn, "import", "--store", store, gpx])
        try BrowseTests.run([E2EPaths.cairn, "map", "import", "--map", map, clip])
        let id = try Self.capture([E2EPaths.cairn, "list", "--store", store]).split(separator: "\n").dropFirst().first
            .map { String($0.prefix { $0 != " " }) } ?? ""
        let match = try Self.json([E2EPaths.cairn, "match", id, "--json", "--store", store, "--map", map])
        let sections = try #require(match["sections"] as? [[String: Any]])
        let matchedLength = try #require(match["matchedLength"] as? Double)
        let rawDistance = try Self.distance(store, id)
        // The moved section that changes the length most, of those inside a matched stretch
        // (widened by a point on each side, so its ends are within 15 m of their recording; a
        // section touching an unmatched one starts or ends at a point up to 30 m off).
        let unmatchedPoints = sections.filter { $0["kind"] as? String == "unmatched" }
            .map { ($0["firstPoint"] as! Int)...($0["lastPoint"] as! Int) }
        let inside = { (s: [String: Any]) in
            !unmatchedPoints.contains { $0.contains(s["firstPoint"] as! Int) || $0.contains(s["lastPoint"] as! Int) }
        }
        let pick = try #require(sections.indices.filter { sections[$0]["kind"] as? String == "moved" && inside(sections[$0]) }
            .max { abs(sections[$0]["lengthDifference"] as! Double) < abs(sections[$1]["lengthDifference"] as! Double) })
        let difference = sections[pick]["lengthDifference"] as! Double
        let first = sections[pick]["firstPoint"] as! Int, last = sections[pick]["lastPoint"] as! Int
        let unmatched = sections.filter { $0["kind"] as? String == "unmatched" }.count

        let tmux = try TmuxSession(command: "\(E2EPaths.cairn) tui --store \(store) --map \(map)", width: 120, height: 40)
        #expect(try tmux.waitFor(text: "180429_b").ok)
        try tmux.send("Enter")
        #expect(try tmux.waitFor(text: "Focus: profile").ok)
        try tmux.send("m")
        let opened = try tmux.waitFor(text: "\(sections.count) sections to review")
        #expect(opened.ok, "\(opened.screen)")
        #expect(opened.screen.contains("Match review · 180429_b"))
        #expect(opened.screen.contains("matched") && opened.screen.contains("recorded") && opened.screen.contains("© OpenStreetMap contributors"))
        for _ in 0..<pick { try tmux.send("j") }
        let selected = try tmux.waitFor(text: "Section \(pick + 1) of \(sections.count): points \(first)-\(last)")
        #expect(selected.ok, "\(selected.screen)")
        try tmux.send("r")
        #expect(try tmux.waitFor(text: "Line with these choices").ok)
        try tmux.send("s")
        let saved = try tmux.waitFor(text: "Kept as line version 1")
        #expect(saved.ok, "\(saved.screen)")
        // The matched line with this one section as recorded: the length moves by the
        // section's difference, give or take its two end offsets (each under the 15 m threshold).
        // Sections whose points all matched to one spot stay as recorded whatever is chosen
        // (DECISIONS 471): the line starts from the matched one with those put back.
        let collapsed = sections.filter { $0["collapsed"] as? Bool == true }
            .reduce(0.0) { $0 + ($1["rawLength"] as! Double) - ($1["matchedLength"] as! Double) }
        let kept = try Self.distance(store, id)
        #expect(abs(kept - (matchedLength + collapsed - difference)) < 30,
                "kept \(kept), matched \(matchedLength), collapsed +\(collapsed), section \(difference)")
        #expect(abs(kept - matchedLength - collapsed) > abs(difference) / 2)
        let keptPoints = Self.trackpoints(try Self.capture([E2EPaths.cairn, "export", id, "--store", store]))
        let rawPoints = Self.trackpoints(try Self.capture([E2EPaths.cairn, "export", id, "--line", "raw", "--store", store]))
        let section = Array(rawPoints[first...last])
        #expect(keptPoints.indices.contains { Array(keptPoints[$0..<min(keptPoints.count, $0 + section.count)]) == section },
                "the section's recorded points are in the kept line")
        // Reopened: the saved choices (this section as recorded), said so; saving them again
        // changes nothing.
        try tmux.send("Escape")
        #expect(try tmux.waitFor(text: "Focus: profile").ok)
        try tmux.send("m")
        let reopened = try tmux.waitFor(text: "Line version 1's choices: 1 recorded, \(sections.count - 1 - unmatched) matched")
        #expect(reopened.ok, "\(reopened.screen)")
        #expect(reopened.screen.contains("shows: line version 1 (these choices)"), "\(reopened.screen)")
        for _ in 0..<pick { try tmux.send("j") }
        #expect(try tmux.waitFor(text: "Section \(pick + 1) of \(sections.count)").ok)
        try tmux.send("s")
        let same = try tmux.waitFor(text: "Nothing changed: the hike already shows this line (line version 1)")
        #expect(same.ok, "\(same.screen)")
        try tmux.send("u")
        #expect(try tmux.waitFor(text: "recorded line again").ok)
        #expect(abs(try Self.distance(store, id) - rawDistance) < 0.01)
        try tmux.send("u")
        #expect(try tmux.waitFor(text: "Nothing changed: the hike already shows this line (the recording)").ok)
        // The same choices again: version 1 shown again, no second copy.
        try tmux.send("s")
        let again = try tmux.waitFor(text: "Shown again: line version 1 is this line")
        #expect(again.ok, "\(again.screen)")
        #expect(abs(try Self.distance(store, id) - kept) < 0.01)
        try tmux.send("Escape")
        #expect(try tmux.waitFor(text: "Focus: profile").ok)
        let versions = try Self.capture([E2EPaths.cairn, "match", id, "--keep", "raw", "--store", store, "--map", map])
        #expect(versions.contains("the raw line is kept"), "\(versions)")
    }
}
