import Foundation
import Testing

/// End to end (issue 16): the sample hike's ground shares in the stats panel, and `o` cycling
/// the line colouring to SAC grade with its legend, in the real binary under tmux.
@Suite(.serialized) struct GroundTests {
    @Test func groundBarsAndGradeColouring() throws {
        try groundBarsAndGradeColouring(theme: nil)
    }

    /// Without colour the legend has the same entries (dash patterns), at 100 columns too.
    @Test func gradeLegendWithoutColour() throws {
        try groundBarsAndGradeColouring(theme: "mono")
    }

    func groundBarsAndGradeColouring(theme: String?) throws {
        guard BrowseTests.ready else { return }
        let (store, map) = try BrowseTests.demoStore()
        let tmux = try TmuxSession(command: "\(E2EPaths.cairn) tui --store \(store) --map \(map)" + (theme.map { " --theme \($0)" } ?? ""), width: 120, height: 44)
        #expect(try tmux.waitFor(text: "Tag 2").ok)
        try tmux.type("/new")
        try tmux.send("Enter")
        #expect(try tmux.waitFor(text: "1 of 9 hikes").ok)
        try tmux.send("Enter")
        // The sample lies on mapped ways without sac_scale: all ungraded, measured on opening.
        let opened = try tmux.waitFor { $0.contains("Ground") && $0.contains("ungraded 100%") }
        #expect(opened.ok, "no ground bars:\n\(opened.screen)")
        try tmux.send("o")
        let slope = try tmux.waitFor(text: "Line colours: slope")
        #expect(slope.ok && slope.screen.split(separator: "\n").first?.hasPrefix("slope") == true, "\(slope.screen)")
        try tmux.send("o")
        let grade = try tmux.waitFor(text: "Line colours: SAC grade")
        #expect(grade.ok, "\(grade.screen)")
        let top = grade.screen.split(separator: "\n").first.map(String.init) ?? ""
        #expect(top.hasPrefix("SAC") && top.contains("T1") && top.contains("ungraded"), "legend: \(top)")
        // At 100 columns the legend needs a second row for "off map", which holds only that
        // entry (the map starts below it). The second row, not the first: right after the
        // resize tmux still shows the 120-column frame, whose first row has "off map".
        try tmux.resize(width: 100, height: 36)
        let narrow = try tmux.waitFor { screen in
            let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard rows.count > 2, rows[0].hasPrefix("SAC"), rows[0].contains("ungraded") else { return false }
            let second = (rows[1].components(separatedBy: "│").first ?? "").trimmingCharacters(in: .whitespaces)
            return second.hasSuffix("off map") && second.count <= 12
        }
        #expect(narrow.ok, "no off map in the legend's second row at 100 columns:\n\(narrow.screen)")
        try tmux.resize(width: 120, height: 44)
        try tmux.send("o")
        let plain = try tmux.waitFor(text: "Line colours: plain")
        #expect(plain.ok && !(plain.screen.split(separator: "\n").first ?? "").hasPrefix("SAC"))
        try tmux.send("?")
        #expect(try tmux.waitFor(text: "plain / by slope / by SAC grade").ok)
    }
}
