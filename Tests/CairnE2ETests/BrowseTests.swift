import Foundation
import Testing

/// End-to-end: the real `cairn` binary in tmux, driven by keys, read back as text.
/// Needs tmux (installed by `make test`) and the debug build (`swift build --build-tests`).
@Suite(.serialized) struct BrowseTests {
    /// A fresh store with the Samples hikes and the Andorra sample map, made with the real CLI.
    static func demoStore() throws -> (store: String, map: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let store = dir.appendingPathComponent("hikes.sqlite").path
        let map = dir.appendingPathComponent("map.sqlite").path
        let gpx = try FileManager.default.contentsOfDirectory(atPath: E2EPaths.samples.path)
            .filter { $0.hasSuffix(".gpx") }.sorted().map { E2EPaths.samples.appendingPathComponent($0).path }
        try run([E2EPaths.cairn, "import", "--store", store] + gpx)
        try run([E2EPaths.cairn, "map", "import", "--map", map, E2EPaths.samples.appendingPathComponent("andorra-ordino.osm").path])
        return (store, map)
    }

    static func run(_ argv: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: argv[0])
        p.arguments = Array(argv.dropFirst())
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw NSError(domain: "e2e", code: Int(p.terminationStatus),
                          userInfo: [NSLocalizedDescriptionKey: "\(argv.joined(separator: " ")) failed"])
        }
    }

    static var ready: Bool {
        if !TmuxSession.isAvailable { print("skipped: tmux not installed"); return false }
        if !FileManager.default.isExecutableFile(atPath: E2EPaths.cairn) {
            print("skipped: \(E2EPaths.cairn) not built"); return false
        }
        return true
    }

    /// Row and column of the first occurrence of `glyph` on the screen.
    static func position(of glyph: Character, in screen: String) -> (row: Int, col: Int)? {
        for (r, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let i = line.firstIndex(of: glyph) { return (r, line.distance(from: line.startIndex, to: i)) }
        }
        return nil
    }

    /// The scrub readout line of the elevation chart ("▸ 367 m · 1691 m · +7%").
    static func readout(_ screen: String) -> String? {
        screen.split(separator: "\n").first { $0.hasPrefix("▸") }.map(String.init)
    }

    @Test func browseOpenScrubResizeHelpQuit() throws {
        guard Self.ready else { return }
        let (store, map) = try Self.demoStore()
        let tmux = try TmuxSession(command: "\(E2EPaths.cairn) tui --store \(store) --map \(map)", width: 110, height: 34)
        // The library lists the sample hikes.
        #expect(try tmux.waitFor(text: "Tag 2").ok)
        // Filter to the Andorra sample (named "new" by gpx.studio) and open it.
        try tmux.type("/new")
        try tmux.send("Enter")
        #expect(try tmux.waitFor(text: "1 of 9 hikes").ok)
        try tmux.send("Enter")
        let opened = try tmux.waitFor { Self.readout($0) != nil && $0.contains("© OpenStreetMap contributors") }
        #expect(opened.ok, "hike screen with map did not appear:\n\(opened.screen)")
        let before = opened.screen
        let readout0 = try #require(Self.readout(before))
        #expect(readout0.hasPrefix("▸ 0 m"))
        let marker0 = Self.position(of: "◉", in: before)
        #expect(marker0 != nil)

        for _ in 0..<8 { try tmux.send("Right") }
        let moved = try tmux.waitFor { Self.readout($0) != readout0 }
        #expect(moved.ok)
        let marker1 = Self.position(of: "◉", in: moved.screen)
        #expect(marker1 != nil)
        if let a = marker0, let b = marker1 { #expect(a.row != b.row || a.col != b.col, "map marker did not move") }
        // The readout's distance grew.
        let distance = Self.readout(moved.screen)?.split(separator: " ").dropFirst().first.flatMap { Double($0) }
        #expect((distance ?? 0) > 0)

        // Resize: the screen is redrawn at the new size.
        try tmux.resize(width: 80, height: 24)
        let resized = try tmux.waitFor { s in
            let lines = s.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count <= 25 && s.contains("▸") && (lines.map { $0.count }.max() ?? 0) <= 80
        }
        #expect(resized.ok, "not redrawn at 80x24:\n\(resized.screen)")

        // Help lists the keys; any key closes it.
        try tmux.send("?")
        #expect(try tmux.waitFor(text: "mark the start / end of a range").ok)
        try tmux.send("Space")
        #expect(try tmux.waitFor { !$0.contains("mark the start / end of a range") }.ok)

        // Back to the library, quit, and the shell screen is back (alternate screen left).
        try tmux.send("q")
        #expect(try tmux.waitFor(text: "matching").ok)
        try tmux.send("q")
        let exited = try tmux.waitFor(text: "CAIRN-EXIT-0")
        #expect(exited.ok, "cairn did not exit cleanly:\n\(exited.screen)")
        #expect(!exited.screen.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) },
                "braille left on the screen after exit")
    }

    @Test func emptyStoreSaysHowToImport() throws {
        guard Self.ready else { return }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-e2e-\(UUID().uuidString)")
        let tmux = try TmuxSession(command: "\(E2EPaths.cairn) tui --store \(dir.path)/h.sqlite --map \(dir.path)/m.sqlite",
                                   width: 90, height: 24)
        #expect(try tmux.waitFor(text: "No hikes yet").ok)
        #expect(try tmux.screen().contains("cairn import FILE.gpx"))
        try tmux.send("C-c")
        #expect(try tmux.waitFor(text: "CAIRN-EXIT-0").ok)
    }

    @Test func sigtermRestoresTheTerminal() throws {
        guard Self.ready else { return }
        let (store, map) = try Self.demoStore()
        let tmux = try TmuxSession(command: "\(E2EPaths.cairn) tui --store \(store) --map \(map) & pid=$!; sleep 1.5; kill -TERM $pid; wait $pid",
                                   width: 100, height: 30)
        let exited = try tmux.waitFor(text: "CAIRN-EXIT-", timeout: 15)
        #expect(exited.ok)
        #expect(!exited.screen.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
    }

    @Test func tinyPaneShowsAMessageNotGarbage() throws {
        guard Self.ready else { return }
        let (store, map) = try Self.demoStore()
        let tmux = try TmuxSession(command: "\(E2EPaths.cairn) tui --store \(store) --map \(map)", width: 20, height: 5)
        #expect(try tmux.waitFor(text: "Terminal too").ok)
        try tmux.resize(width: 100, height: 30)
        #expect(try tmux.waitFor(text: "Tag 1").ok)
        try tmux.send("q")
        #expect(try tmux.waitFor(text: "CAIRN-EXIT-0").ok)
    }
}
