import Foundation
import Testing

/// End to end (issue 31, DECISIONS 602): the hike screen opens with the line in one plain
/// colour and no legend; every other colouring `o` chooses is named on screen by a legend in
/// the map's top row: slope, SAC grade, walked by other hikes; then back to plain. In colour
/// (a true-colour terminal) and in mono (`--theme mono`), in the real binary under tmux.
@Suite(.serialized) struct LineColouringTests {
    @Test func plainByDefaultAndALegendForEveryOtherColouring() throws {
        try check(theme: nil)
    }

    @Test func plainByDefaultAndALegendForEveryOtherColouringInMono() throws {
        try check(theme: "mono")
    }

    /// The first row of the screen, left of the panel separator.
    static func top(_ screen: String) -> String {
        let first = screen.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return (first.components(separatedBy: "│").first ?? first)
    }

    func check(theme: String?) throws {
        guard BrowseTests.ready else { return }
        let (store, map) = try BrowseTests.demoStore()
        let tmux = try TmuxSession(command: "env -u NO_COLOR \(E2EPaths.cairn) tui --store \(store) --map \(map)" + (theme.map { " --theme \($0)" } ?? ""),
                                   width: 120, height: 44, environment: ["TERM": "tmux-256color", "COLORTERM": "truecolor"])
        #expect(try tmux.waitFor(text: "Tag 2").ok)
        try tmux.type("/new")
        try tmux.send("Enter")
        #expect(try tmux.waitFor(text: "1 of 9 hikes").ok)
        try tmux.send("Enter")
        let opened = try tmux.waitFor { $0.contains("Ground") && $0.contains("© OpenStreetMap") }
        #expect(opened.ok, "the hike screen did not open:\n\(opened.screen)")
        // Plain: no legend row; the map starts at the top (its first row is map, not a title).
        let first = Self.top(opened.screen)
        for title in ["slope", "SAC", "walked"] {
            #expect(!first.hasPrefix(title), "a legend on opening: \(first)")
        }
        let escaped = try tmux.screen(withColours: true)
        if theme == nil {
            // The dark theme's route colour #ff87ff is on screen (true colour, or 256-colour 213
            // where the terminal says 256); the walked colour #00ffaf (49) is not.
            let colours = GroundTests.foregroundColours(escaped)
            #expect(colours.contains("2;255;135;255") || colours.contains("5;213"), "no line in the route colour: \(colours)")
            #expect(!colours.contains("2;0;255;175") && !colours.contains("5;49"), "walked stretches coloured without being asked")
        } else {
            #expect(GroundTests.foregroundColours(escaped).isEmpty, "colour in mono")
        }
        // Each other colouring: named in the status line and by its legend above the map.
        let legends: [(status: String, title: String, entries: [String])] = [
            ("Line colours: slope", "slope", ["<5%", "35%+"]),
            ("Line colours: SAC grade", "SAC", ["T1", "ungraded", "no path"]),
            ("Line colours: walked by other hikes", "walked", ["by other hikes", "not yet"]),
        ]
        for legend in legends {
            try tmux.send("o")
            let shown = try tmux.waitFor { s in
                s.contains(legend.status) && Self.top(s).hasPrefix(legend.title)
                    && legend.entries.allSatisfy { Self.top(s).contains($0) }
            }
            #expect(shown.ok, "\(legend.title): no legend in the top row: \(Self.top(shown.screen))")
            let row = try tmux.screen(withColours: true).split(separator: "\n").first.map(String.init) ?? ""
            if theme == nil {
                #expect(GroundTests.foregroundColours(row).count >= 2, "\(legend.title): legend samples without colour: \(row.debugDescription)")
            } else {
                #expect(GroundTests.foregroundColours(row).isEmpty, "\(legend.title): colour in the mono legend")
            }
        }
        try tmux.send("o")
        let plain = try tmux.waitFor(text: "Line colours: plain")
        #expect(plain.ok)
        let back = Self.top(plain.screen)
        #expect(!back.hasPrefix("slope") && !back.hasPrefix("SAC") && !back.hasPrefix("walked"), "legend left: \(back)")
    }
}
