import Foundation
import Testing

/// End-to-end (issue 13, the newcomer tester's findings): the real `cairn` in tmux with the
/// shipped SRTM tile. A hike half off the tile lists its terrain gain with its coverage as
/// `cairn list --json` gives them; `t` on a hike with `ele` on only some points draws the
/// terrain's line beside the filled profile; Totals mark the climb that includes terrain gains.
@Suite(.serialized) struct TerrainListsTests {
    /// A GPX track of `n` points from (lat0, lon0) to (lat1, lon1), a minute apart on 1 July
    /// 2024, with `ele` where `ele` gives one.
    static func gpx(_ name: String, _ n: Int, from a: (Double, Double), to b: (Double, Double),
                    ele: (Int) -> Double?) -> String {
        var out = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"e2e\" xmlns=\"http://www.topografix.com/GPX/1/1\">"
            + "<trk><name>\(name)</name><trkseg>\n"
        for i in 0..<n {
            let f = Double(i) / Double(n - 1)
            let e = ele(i).map { "<ele>\($0)</ele>" } ?? ""
            out += String(format: "<trkpt lat=\"%.6f\" lon=\"%.6f\">", a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f)
                + e + String(format: "<time>2024-07-01T%02d:%02d:00Z</time></trkpt>\n", 8 + i / 60, i % 60)
        }
        return out + "</trkseg></trk></gpx>\n"
    }

    @Test func coverageInTheLibraryTheTerrainLineBesideAFilledProfileAndTotals() throws {
        guard BrowseTests.ready else { return }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-e2e-terrain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = dir.appendingPathComponent("hikes.sqlite").path, dem = dir.appendingPathComponent("dem").path
        // Half off: across the tile's south edge (42° N) without heights. Some: in Andorra,
        // heights on the first and last thirds only.
        let half = dir.appendingPathComponent("half.gpx"), some = dir.appendingPathComponent("some.gpx")
        try Self.gpx("Half off", 81, from: (42.02, 1.6), to: (41.98, 1.61), ele: { _ in nil })
            .write(to: half, atomically: true, encoding: .utf8)
        try Self.gpx("Some heights", 90, from: (42.55, 1.55), to: (42.57, 1.60), ele: { i in (30..<60).contains(i) ? nil : 2000 + Double(i) })
            .write(to: some, atomically: true, encoding: .utf8)
        try BrowseTests.run([E2EPaths.cairn, "dem", "import", "--dem", dem, E2EPaths.samples.appendingPathComponent("N42E001.hgt.zip").path])
        try BrowseTests.run([E2EPaths.cairn, "import", "--store", store, half.path, some.path])
        let json = try FollowTests.output([E2EPaths.cairn, "list", "--json", "--store", store, "--dem", dem])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let halfRow = try #require(list.first { $0["name"] as? String == "Half off" })
        let gain = try #require((halfRow["statistics"] as? [String: Any])?["elevationGain"] as? Double)
        let coverage = try #require(halfRow["elevationCoverage"] as? Double)
        #expect(abs(coverage - 0.5) < 0.02, "\(coverage)")
        let percent = Int((coverage * 100).rounded())
        let tmux = try TmuxSession(command: "env TZ=UTC LANG=C.UTF-8 \(E2EPaths.cairn) tui --store \(store) --dem \(dem) --map \(dir.path)/m.sqlite --units metric",
                                   width: 120, height: 36)
        let library = try tmux.waitFor(text: "~+\(Int(gain.rounded())) m (\(percent) %)", timeout: 30)
        #expect(library.ok, "no coverage in the library:\n\(library.screen)")
        // The hike with some heights (listed first: same date, stored later), `t`.
        try tmux.type("g")
        let row = try #require(library.screen.split(separator: "\n").firstIndex { $0.contains("Some heights") })
        let other = try #require(library.screen.split(separator: "\n").firstIndex { $0.contains("Half off") })
        if row > other { try tmux.send("Down") }
        try tmux.send("Enter")
        #expect(try tmux.waitFor(text: "Focus: profile", timeout: 30).ok)
        try tmux.type("t")
        let line = try tmux.waitFor(text: "┅ terrain +", timeout: 30)
        #expect(line.ok && line.screen.contains("━ GPS+fill +") && line.screen.contains("Terrain line on"),
                "no terrain line beside the filled profile:\n\(line.screen)")
        try tmux.send("Escape")
        #expect(try tmux.waitFor(text: "sorted by date", timeout: 30).ok)
        try tmux.type("T")
        let totals = try tmux.waitFor(text: "~ climb: +", timeout: 30)
        #expect(totals.ok, "Totals do not say the terrain's part:\n\(totals.screen)")
        try tmux.type("q")
    }

    /// Issue 13, leftovers: a places-only file reads "--" in the library as in `cairn list`; a
    /// hike without heights across the tile that opens below zoom 8 says where contours begin
    /// at once, and zooming in to zoom 8 takes the sentence away.
    @Test func aPlacesOnlyRowAndTheContourSentenceAtOpening() throws {
        guard BrowseTests.ready else { return }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-e2e-terrain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = dir.appendingPathComponent("hikes.sqlite").path, dem = dir.appendingPathComponent("dem").path
        let long = dir.appendingPathComponent("long.gpx"), places = dir.appendingPathComponent("places.gpx")
        // About 360 km corner to corner, through N42E001: fitted, it opens near zoom 5.
        try Self.gpx("Long line", 201, from: (41.2, 0.2), to: (43.8, 2.8), ele: { _ in nil })
            .write(to: long, atomically: true, encoding: .utf8)
        try """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="e2e" xmlns="http://www.topografix.com/GPX/1/1">
            <metadata><name>Places only</name></metadata>
            <wpt lat="42.6074" lon="1.7156"><name>Refugi de Juclar</name></wpt>
            <wpt lat="42.6226" lon="1.5641"><name>Refugi Borda de Sorteny</name></wpt>
            </gpx>
            """.write(to: places, atomically: true, encoding: .utf8)
        try BrowseTests.run([E2EPaths.cairn, "dem", "import", "--dem", dem, E2EPaths.samples.appendingPathComponent("N42E001.hgt.zip").path])
        try BrowseTests.run([E2EPaths.cairn, "import", "--store", store, long.path, places.path])
        let tmux = try TmuxSession(command: "env TZ=UTC LANG=C.UTF-8 \(E2EPaths.cairn) tui --store \(store) --dem \(dem) --map \(dir.path)/m.sqlite --units metric",
                                   width: 120, height: 36)
        let library = try tmux.waitFor(text: "Long line", timeout: 30)
        #expect(library.ok, "\(library.screen)")
        let placesRow = try #require(library.screen.split(separator: "\n").first { $0.contains("undated") })
        let cells = placesRow.split(separator: "│")[0].split(separator: " ").map(String.init)
        #expect(cells.suffix(3) == ["--", "--", "--"] && !placesRow.contains("0 m") && !placesRow.contains("~0"), "\(placesRow)")
        // Long line is the dated one, on top.
        try tmux.type("g")
        try tmux.send("Enter")
        let opened = try tmux.waitFor(text: "Contours from zoom 8: zoom in", timeout: 30)
        #expect(opened.ok, "no contour sentence at opening:\n\(opened.screen)")
        for _ in 0..<3 { try tmux.type("+") }
        let zoomed = try tmux.waitFor(timeout: 30) { $0.contains(" · z8") && !$0.contains("Contours from zoom 8") }
        #expect(zoomed.ok, "the sentence stayed at zoom 8:\n\(zoomed.screen)")
        try tmux.send("Escape")
        try tmux.type("q")
    }
}
