import Foundation
import Testing

/// End to end (issue 16): the sample hike's ground shares in the stats panel, and `o` cycling
/// the line colouring to SAC grade with its legend, in the real binary under tmux.
@Suite(.serialized) struct GroundTests {
    /// In colour: a 256-colour terminal that says it takes true colour, NO_COLOR unset
    /// whatever the test runner has; the legend's samples are checked to be in colour.
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
        let tmux = try TmuxSession(command: "env -u NO_COLOR \(E2EPaths.cairn) tui --store \(store) --map \(map)" + (theme.map { " --theme \($0)" } ?? ""),
                                   width: 120, height: 44, environment: ["TERM": "tmux-256color", "COLORTERM": "truecolor"])
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
        // The legend row as tmux holds it, with its SGR escapes: in colour each grade's sample
        // has its own foreground colour and the samples are the same solid bar; in mono no
        // foreground colour at all, and the samples are the grades' dash patterns.
        let escaped = try tmux.screen(withColours: true).split(separator: "\n").first.map(String.init) ?? ""
        let colours = Self.foregroundColours(escaped)
        let samples = Set(Self.samples(top))
        if theme == nil {
            #expect(colours.count >= 6, "too few colours in the legend (\(colours)): \(escaped.debugDescription)")
            #expect(samples.count == 1, "colour samples differ: \(samples)")
        } else {
            #expect(colours.isEmpty, "colour in the mono legend: \(colours)")
            #expect(samples.count >= 5, "mono samples are not dash patterns: \(samples)")
        }
        // At 100 columns the legend needs a second row for "no path", which holds only that
        // entry (the map starts below it). The second row, not the first: right after the
        // resize tmux still shows the 120-column frame, whose first row has "no path".
        try tmux.resize(width: 100, height: 36)
        let narrow = try tmux.waitFor { screen in
            let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard rows.count > 2, rows[0].hasPrefix("SAC"), rows[0].contains("ungraded") else { return false }
            let second = (rows[1].components(separatedBy: "│").first ?? "").trimmingCharacters(in: .whitespaces)
            return second.hasSuffix("no path") && second.count <= 12
        }
        #expect(narrow.ok, "no \"no path\" in the legend's second row at 100 columns:\n\(narrow.screen)")
        try tmux.resize(width: 120, height: 44)
        try tmux.send("o")
        #expect(try tmux.waitFor(text: "Line colours: walked by other hikes").ok)
        try tmux.send("o")
        let plain = try tmux.waitFor(text: "Line colours: plain")
        #expect(plain.ok && !(plain.screen.split(separator: "\n").first ?? "").hasPrefix("SAC"))
        try tmux.send("?")
        #expect(try tmux.waitFor(text: "plain / by slope / by SAC grade / walked by other hikes").ok)
    }

    /// The foreground colours set by the SGR sequences in `line` (`38;5;N`, `38;2;R;G;B`,
    /// `30`-`37`, `90`-`97`), as text.
    static func foregroundColours(_ line: String) -> Set<String> {
        var out: Set<String> = []
        var rest = Substring(line)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "m") else { break }
            let params = rest[..<end].split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
            rest = rest[rest.index(after: end)...]
            var i = 0
            while i < params.count {
                let p = params[i]
                if p == 38, i + 2 < params.count, params[i + 1] == 5 {
                    out.insert("5;\(params[i + 2])"); i += 3
                } else if p == 38, i + 4 < params.count, params[i + 1] == 2 {
                    out.insert("2;\(params[i + 2]);\(params[i + 3]);\(params[i + 4])"); i += 5
                } else if (30...37).contains(p) || (90...97).contains(p) {
                    out.insert("\(p)"); i += 1
                } else if p == 48, i + 1 < params.count {
                    i += params[i + 1] == 5 ? 3 : params[i + 1] == 2 ? 5 : 1   // a background, skipped
                } else { i += 1 }
            }
        }
        return out
    }

    /// The legend's samples in `row`: each run of braille cells.
    static func samples(_ row: String) -> [String] {
        row.split { !(0x2800...0x28FF).contains($0.unicodeScalars.first!.value) }.map(String.init)
    }
}
