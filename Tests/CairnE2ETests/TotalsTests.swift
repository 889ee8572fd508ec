import Foundation
import Testing

/// End-to-end: `T` in the library of the real `cairn` in tmux opens Totals with the sample
/// hikes' numbers (the same as `cairn totals`), `r` shows the records, Enter opens one's hike.
@Suite(.serialized) struct TotalsTests {
    @Test func openTotalsFromTheLibraryAndARecordsHike() throws {
        guard BrowseTests.ready else { return }
        let (store, map) = try BrowseTests.demoStore()
        let tmux = try TmuxSession(command: "env TZ=UTC LANG=C.UTF-8 \(E2EPaths.cairn) tui --store \(store) --map \(map) --units metric",
                                   width: 100, height: 30)
        #expect(try tmux.waitFor(text: "Tag 2").ok)
        try tmux.type("T")
        // The samples' all-time line, as `cairn totals` prints it.
        let shown = try tmux.waitFor(text: "All time: 115 km · +5077 m")
        #expect(shown.ok, "totals did not appear:\n\(shown.screen)")
        #expect(shown.screen.contains("against") && shown.screen.contains("└Jan"))
        try tmux.type("r")
        let records = try tmux.waitFor(text: "longest        29.9 km")
        #expect(records.ok, "records did not appear:\n\(records.screen)")
        try tmux.send("Enter")
        let hike = try tmux.waitFor(text: "Focus: profile")
        #expect(hike.ok && hike.screen.contains("Tag 1"), "the record's hike did not open:\n\(hike.screen)")
        // Esc goes back to the Totals screen it came from, records still shown; Esc again to the library.
        try tmux.send("Escape")
        let totals = try tmux.waitFor(text: "longest        29.9 km")
        #expect(totals.ok, "not back on Totals:\n\(totals.screen)")
        try tmux.send("Escape")
        let back = try tmux.waitFor(text: "9 hikes · sorted by date")
        #expect(back.ok, "not back in the library:\n\(back.screen)")
        try tmux.type("q")
    }
}
