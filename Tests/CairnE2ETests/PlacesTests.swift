import Foundation
import Testing

/// End-to-end: Places on the demo hike (Samples/cairn-route-serrat-sorteny.gpx over the
/// Andorra sample map) in the real `cairn` in tmux: open Places, filter to peaks, widen the
/// search, add one, see it on the profile, export, and find the `<wpt>` in the file.
@Suite(.serialized) struct PlacesTests {
    @Test func openFilterAddSeeOnProfileExport() throws {
        guard BrowseTests.ready else { return }
        let (store, map) = try BrowseTests.demoStore()
        let tmux = try TmuxSession(command: "\(E2EPaths.cairn) tui --store \(store) --map \(map)", width: 120, height: 36)
        #expect(try tmux.waitFor(text: "Tag 2").ok)
        try tmux.type("/Sorteny")
        try tmux.send("Enter")
        #expect(try tmux.waitFor(text: "1 of 9 hikes").ok)
        try tmux.send("Enter")
        #expect(try tmux.waitFor { BrowseTests.readout($0) != nil && $0.contains("© OpenStreetMap contributors") }.ok)
        // p: the places within 1 km of the line, in walking order: the huts the route passes.
        try tmux.type("p")
        let list = try tmux.waitFor { $0.contains("Places along") && $0.contains("Refugi de Rialb") }
        #expect(list.ok, "places list:\n\(list.screen)")
        #expect(list.screen.contains("Cabana de Besalí"))
        // Only peaks (chip cursor on the first chip, "peak"), then widen to 2 km: peaks appear.
        try tmux.type("1")
        try tmux.type("+")
        let peaks = try tmux.waitFor { $0.contains("Pic de Besalí") && $0.contains("within 2 km") }
        #expect(peaks.ok, "peaks within 2 km:\n\(peaks.screen)")
        #expect(!peaks.screen.contains("Refugi de Rialb"))
        // Add the first one (Pic de Besalí, 3.25 km along), back to the hike: a tick on the profile.
        try tmux.type("a")
        #expect(try tmux.waitFor(text: "Added peak").ok)
        try tmux.send("Escape")
        let hike = try tmux.waitFor { BrowseTests.readout($0) != nil && !$0.contains("Places along") }
        #expect(hike.ok)
        // The profile's ticks: ▲ over a ┊ on the chart; > scrubs there.
        #expect(hike.screen.contains("┊"), "no place tick on the profile:\n\(hike.screen)")
        try tmux.type(">")
        let scrubbed = try tmux.waitFor(text: "peak: Pic de Besalí")
        #expect(scrubbed.ok, "scrub to the place:\n\(scrubbed.screen)")
        try tmux.type("q")
        try tmux.type("q")
        // Export: the place travels out as a <wpt>.
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-e2e-\(UUID().uuidString).gpx").path
        let id = try Self.hikeID(store: store, named: "Sorteny")
        try BrowseTests.run([E2EPaths.cairn, "export", "--store", store, id, "-o", out])
        let gpx = try String(contentsOfFile: out, encoding: .utf8)
        #expect(gpx.contains("<wpt lat=\"42.6384013\" lon=\"1.5377946\">"))
        #expect(gpx.contains("<name>Pic de Besalí</name>") && gpx.contains("<type>peak</type>"))
        #expect(gpx.contains("https://www.openstreetmap.org/node/3947873430"))
    }

    static func hikeID(store: String, named: String) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: E2EPaths.cairn)
        p.arguments = ["list", "--store", store]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let line = try #require(String(decoding: data, as: UTF8.self).split(separator: "\n").first { $0.contains(named) })
        return String(line.split(separator: " ")[0])
    }
}
