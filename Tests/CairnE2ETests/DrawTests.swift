import Foundation
import Testing

/// End-to-end: drawing a route in the real `cairn` binary, driven through tmux (issue 7's
/// check): three stops near the Samples Andorra track, reorder, straight lines, quit and
/// reopen (the draft is back), save, and the hike is in the library.
@Suite(.serialized) struct DrawTests {
    // On the roads the Samples track follows (its start, middle and end): legs are routed.
    static let a = (lat: 42.62364, lon: 1.53291)
    static let b = (lat: 42.62180, lon: 1.54015)
    static let c = (lat: 42.62215, lon: 1.53626)

    /// The cursor readout of the drawing panel: "Cursor 42.62249 N 1.53653 E z15.9".
    static func cursor(_ screen: String) -> (lat: Double, lon: Double, zoom: Double)? {
        guard let line = screen.split(separator: "\n").first(where: { $0.contains("Cursor ") }),
              let r = line.range(of: "Cursor ") else { return nil }
        let words = line[r.upperBound...].split(separator: " ")
        guard words.count >= 5, let lat = Double(words[0]), let lon = Double(words[2]),
              let zoom = Double(words[4].dropFirst()) else { return nil }
        return (words[1] == "S" ? -lat : lat, words[3] == "W" ? -lon : lon, zoom)
    }

    /// The total length readout in metres ("Length 1.04 km · …", "Length 676 m · …").
    static func length(_ screen: String) -> Double? {
        guard let line = screen.split(separator: "\n").first(where: { $0.contains("Length ") }),
              let r = line.range(of: "Length ") else { return nil }
        let words = line[r.upperBound...].split(separator: " ")
        guard words.count >= 2, let v = Double(words[0]) else { return nil }
        return words[1] == "km" ? v * 1000 : v
    }

    /// Moves the cursor onto `target` with arrow keys (Shift for eight cells at a time), from
    /// the cursor readout and the size of a cell at its zoom (2 × 4 Web Mercator pixels).
    /// Single-cell presses go 0.2 s apart: closer ones would be a held key, whose steps grow
    /// (``CursorAcceleration``, checked here too: a burst of plain presses moves further).
    static func moveCursor(_ tmux: TmuxSession, to target: (lat: Double, lon: Double)) throws {
        for _ in 0..<3 {
            let screen = try tmux.screen()
            let now = try #require(cursor(screen), "no cursor readout:\n\(screen)")
            let degreesPerPixel = 360 / (256 * pow(2, now.zoom))
            let dx = Int(((target.lon - now.lon) / (2 * degreesPerPixel)).rounded())
            let dy = Int(((now.lat - target.lat) / (4 * degreesPerPixel * cos(now.lat * .pi / 180))).rounded())
            if dx == 0 && dy == 0 { return }
            let big = Array(repeating: dx > 0 ? "S-Right" : "S-Left", count: abs(dx) / 8)
                + Array(repeating: dy > 0 ? "S-Down" : "S-Up", count: abs(dy) / 8)
            for chunk in stride(from: 0, to: big.count, by: 20) {
                try tmux.sendKeys(Array(big[chunk..<min(big.count, chunk + 20)]))
            }
            let single = Array(repeating: dx > 0 ? "Right" : "Left", count: abs(dx) % 8)
                + Array(repeating: dy > 0 ? "Down" : "Up", count: abs(dy) % 8)
            for key in single {
                usleep(200_000)
                try tmux.send(key)
            }
            // Wait until the readout has settled (the keys are processed in order).
            var last = ""
            _ = try tmux.waitFor(timeout: 3) { s in
                defer { last = s }
                return s == last && cursor(s).map { $0.lat != now.lat || $0.lon != now.lon } == true
            }
        }
    }

    /// Drops a pin at the cursor and answers the card with `choice`; waits until the plan is in.
    static func pin(_ tmux: TmuxSession, _ choice: String, until text: String) throws {
        try tmux.send("Enter")
        #expect(try tmux.waitFor(text: "leave it as a pin").ok)
        try tmux.send(choice)
        let done = try tmux.waitFor { $0.contains(text) && !$0.contains("routing…") && !$0.contains("leave it as a pin") }
        #expect(done.ok, "after '\(choice)':\n\(done.screen)")
    }

    /// Issue 19: a held arrow (here a burst of 12 → from tmux, as a terminal's key repeat sends
    /// them) moves 1 + 2 + … + 8 + 4 · 8 = 68 cells (``CursorAcceleration``); taps 0.5 s apart
    /// move one cell each; Shift+← eight.
    @Test func heldArrowAcceleratesTheCursor() throws {
        guard BrowseTests.ready else { return }
        let (tmux, _, _) = try BrowseTests.demoLibrary(filter: "new")
        try tmux.send("n")
        #expect(try tmux.waitFor(text: "New route").ok)
        // Taps against the cell width of the readout's zoom (one decimal: to 10 %); the held and
        // the Shift steps against each other (1 + 2 + … + 8 + 4 × 8 = 68 : 8), both measured in degrees.
        let start = try #require(Self.cursor(try tmux.screen()))
        for _ in 0..<3 { usleep(500_000); try tmux.send("Right") }
        let tapped = try tmux.waitFor(timeout: 5) { s in Self.cursor(s).map { $0.lon != start.lon } == true }
        usleep(300_000)
        let afterTaps = try #require(Self.cursor(try tmux.screen()))
        let cellDegrees = (afterTaps.lon - start.lon) / 3
        let zoomCell = 2 * 360 / (256 * pow(2, start.zoom))
        #expect(tapped.ok && abs(cellDegrees / zoomCell - 1) < 0.1, "3 taps moved \((afterTaps.lon - start.lon) / zoomCell) cells")
        func cellsMoved(from: (lat: Double, lon: Double, zoom: Double), settle: (Double) -> Bool) throws -> Double {
            let r = try tmux.waitFor(timeout: 5) { s in Self.cursor(s).map { settle(($0.lon - from.lon) / cellDegrees) } == true }
            return try ((#require(Self.cursor(r.screen)).lon - from.lon) / cellDegrees)
        }
        usleep(500_000)
        try tmux.sendKeys(Array(repeating: "Right", count: 12))
        let held = try cellsMoved(from: afterTaps) { $0 > 64 }
        usleep(500_000)
        let beforeBig = try #require(Self.cursor(try tmux.screen()))
        try tmux.send("S-Left")
        let big = try cellsMoved(from: beforeBig) { $0 < -7 }
        #expect(abs(held / -big - 8.5) < 0.1, "12 repeats moved \(held) cells, Shift+Left \(big)")
    }

    @Test func drawReorderStraightQuitReopenSave() throws {
        guard BrowseTests.ready else { return }
        let (store, map) = try BrowseTests.demoStore()
        let command = "\(E2EPaths.cairn) tui --store \(store) --map \(map)"
        var tmux = try TmuxSession(command: command, width: 120, height: 36)
        #expect(try tmux.waitFor(text: "Tag 2").ok)
        // The Andorra sample hike ("new"), then a new drawing over it, zoomed in a step.
        try tmux.type("/new")
        try tmux.send("Enter")
        #expect(try tmux.waitFor(text: "1 of 9 hikes").ok)
        try tmux.send("n")
        #expect(try tmux.waitFor(text: "New route").ok)
        try tmux.send("+")
        #expect(try tmux.waitFor { (Self.cursor($0)?.zoom ?? 0) > 15.5 }.ok)

        // Three stops: start, destination, then one between.
        try Self.moveCursor(tmux, to: Self.a)
        try Self.pin(tmux, "s", until: "1 start")
        try Self.moveCursor(tmux, to: Self.b)
        try Self.pin(tmux, "d", until: "2 end")
        try Self.moveCursor(tmux, to: Self.c)
        try Self.pin(tmux, "b", until: "3 end")
        var screen = try tmux.screen()
        #expect(screen.contains("0 straight legs"), "legs near the track should be routed:\n\(screen)")
        #expect(screen.contains("┃") && screen.contains("Stop 2: 42.622"), "the stop between is second:\n\(screen)")
        #expect(screen.contains("Carretera"), "stops say what is there:\n\(screen)")
        let routedLength = try #require(Self.length(screen))

        // Reorder: the list has the new stop selected; K makes it the start.
        try tmux.send("Tab")
        try tmux.send("K")
        let reordered = try tmux.waitFor { $0.contains("Stop 1: 42.622") && !$0.contains("routing…") && Self.length($0) != routedLength }
        #expect(reordered.ok, "reorder:\n\(reordered.screen)")

        // Straight lines for new legs, then move it back down: both new legs are straight.
        try tmux.send("s")
        #expect(try tmux.waitFor(text: "Routing off").ok)
        try tmux.send("J")
        let straight = try tmux.waitFor { $0.contains("2 straight legs") && $0.contains("Stop 2: 42.622") }
        #expect(straight.ok, "straight legs:\n\(straight.screen)")
        #expect(straight.screen.contains("straight (routing off)"))
        let straightLength = Self.length(straight.screen)

        // Quit; the draft is kept.
        try tmux.send("q")
        #expect(try tmux.waitFor(text: "Drawing kept").ok)
        try tmux.send("q")
        #expect(try tmux.waitFor(text: "CAIRN-EXIT-0").ok)

        // Reopen: the library mentions the drawing and n continues it, map over its stops.
        tmux = try TmuxSession(command: command, width: 120, height: 36)
        #expect(try tmux.waitFor(text: "Unfinished drawing (3 stops)").ok)
        try tmux.send("n")
        #expect(try tmux.waitFor(text: "continue it").ok)
        try tmux.send("Enter")
        let back = try tmux.waitFor { $0.contains("2 straight legs") && $0.contains("3 end") && !$0.contains("routing…") }
        #expect(back.ok, "draft not back:\n\(back.screen)")
        #expect(back.screen.contains("Routing off") && Self.length(back.screen) == straightLength)
        screen = back.screen
        for glyph in ["1", "2", "3"] {
            #expect(screen.split(separator: "\n").contains { $0.split(separator: "│").first?.contains(Character(glyph)) == true },
                    "stop \(glyph) not on the map")
        }

        // Save under a name; the library shows it, selected, and it opens with a profile.
        try tmux.send("w")
        #expect(try tmux.waitFor(text: "Save the route as").ok)
        try tmux.send("C-u")
        try tmux.type("E2E Sorteny")
        try tmux.send("Enter")
        let saved = try tmux.waitFor { s in
            s.contains("Saved E2E Sorteny as") && s.split(separator: "\n").contains { $0.hasPrefix("E2E Sorteny") }
        }
        #expect(saved.ok, "not saved:\n\(saved.screen)")
        #expect(saved.screen.split(separator: "\n").contains { $0.hasPrefix("E2E Sorteny") && $0.contains("drawn") }, "\(saved.screen)")
        try tmux.send("Enter")
        let opened = try tmux.waitFor { BrowseTests.readout($0) != nil && $0.contains("E2E Sorteny") }
        #expect(opened.ok, "\(opened.screen)")
        try tmux.send("q")
        #expect(try tmux.waitFor(text: "10 hikes").ok)
        try tmux.send("q")
        #expect(try tmux.waitFor(text: "CAIRN-EXIT-0").ok)
    }
}
