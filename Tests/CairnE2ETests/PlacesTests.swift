import Foundation
import Testing

/// End-to-end: Places on the demo hike (Samples/cairn-route-serrat-sorteny.gpx over the
/// Andorra sample map) in the real `cairn` in tmux: open Places, filter to peaks, widen the
/// search, add one, see it on the profile, export, and find the `<wpt>` in the file.
@Suite(.serialized) struct PlacesTests {
    @Test func openFilterAddSeeOnProfileExport() throws {
        guard BrowseTests.ready else { return }
        let (tmux, store, _) = try BrowseTests.demoLibrary(filter: "Sorteny")
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

    /// `a` on the hike map (map focus): a place of one's own at the map cursor, named and
    /// noted, stored with the hike (`cairn places --added`) and exported as a `<wpt>`.
    @Test func ownPlaceAtTheMapCursor() throws {
        guard BrowseTests.ready else { return }
        let (tmux, store, _) = try BrowseTests.demoLibrary(filter: "Sorteny")
        try tmux.send("Enter")
        #expect(try tmux.waitFor { BrowseTests.readout($0) != nil && $0.contains("© OpenStreetMap contributors") }.ok)
        try tmux.send("Tab")
        try tmux.type("a")
        #expect(try tmux.waitFor(text: "Name of your place at the map cursor").ok)
        try tmux.type("Lunch rock")
        try tmux.send("Enter")
        #expect(try tmux.waitFor(text: "Note for").ok)
        try tmux.type("flat, in the shade")
        try tmux.send("Enter")
        let added = try tmux.waitFor(text: "Added your place “Lunch rock”")
        #expect(added.ok, "\(added.screen)")
        try tmux.type("q")
        try tmux.type("q")
        let id = try Self.hikeID(store: store, named: "Sorteny")
        let listed = try Self.output([E2EPaths.cairn, "places", id, "--added", "--store", store])
        #expect(listed.contains("Lunch rock") && listed.contains("*#"), "\(listed)")
        let gpx = try Self.output([E2EPaths.cairn, "export", "--store", store, id])
        #expect(gpx.contains("<name>Lunch rock</name>") && gpx.contains("<desc>flat, in the shade</desc>"))
    }

    /// `p` on the drawing screen: a hut near the route added, kept when going back, saved with
    /// the route as one of the new hike's places.
    @Test func placesAlongARouteBeingDrawnAreSavedWithIt() throws {
        guard BrowseTests.ready else { return }
        let (tmux, store, _) = try BrowseTests.demoLibrary(filter: "Sorteny", options: "--within 2km")
        try tmux.type("n")
        #expect(try tmux.waitFor(text: "New route").ok)
        try tmux.send("Enter")
        try tmux.type("s")
        for _ in 0..<12 { try tmux.send("Right") }
        try tmux.send("Enter")
        try tmux.type("d")
        // Two stops routed: the readouts show the walking time, nothing waits for the router.
        #expect(try tmux.waitFor { $0.contains("Time ") && $0.contains("Stop 2:") && !$0.contains("routing…") }.ok)
        try tmux.type("p")
        let list = try tmux.waitFor { $0.contains("Places along the route being drawn") && $0.contains(" shown") }
        #expect(list.ok, "\(list.screen)")
        try tmux.type("1")  // only peaks
        try tmux.type("a")
        let kept = try tmux.waitFor(text: "to the route (saved with it)")
        #expect(kept.ok, "\(kept.screen)")
        try tmux.send("Escape")
        #expect(try tmux.waitFor(text: "1 place saved with the route").ok)
        try tmux.type("w")
        #expect(try tmux.waitFor(text: "Save the route as").ok)
        try tmux.send("C-u")
        try tmux.type("E2E route")
        try tmux.send("Enter")
        let saved = try tmux.waitFor(text: "Saved E2E route")
        #expect(saved.ok, "\(saved.screen)")
        try tmux.type("q")
        let id = try Self.hikeID(store: store, named: "E2E route")
        let listed = try Self.output([E2EPaths.cairn, "places", id, "--added", "--json", "--store", store])
        #expect(listed.contains("\"kind\" : \"peak\"") && listed.contains("\"osmId\" : \"node/"), "\(listed)")
    }

    static func output(_ argv: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: argv[0])
        p.arguments = Array(argv.dropFirst())
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
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
