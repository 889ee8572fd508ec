import Foundation
import Testing

/// End-to-end: escape sequences that the terminfo entry in TERM does not describe (tmux's Home
/// `ESC [ 1 ~` under TERM=xterm-256color, whose terminfo says `ESC O H`; Alt+x; an unknown CSI)
/// reach the real program in tmux and must never act as Esc, which would close the hike screen.
@Suite(.serialized) struct KeySequenceTests {
    @Test func homeEndAndAltUnderXtermTermInTmuxDoNotCloseTheHike() throws {
        guard BrowseTests.ready else { return }
        let (store, map) = try BrowseTests.demoStore()
        let tmux = try TmuxSession(command: "\(E2EPaths.cairn) tui --store \(store) --map \(map)",
                                   width: 110, height: 34, environment: ["TERM": "xterm-256color"])
        #expect(try tmux.waitFor(text: "Tag 2").ok)
        try tmux.type("/new")
        try tmux.send("Enter")
        #expect(try tmux.waitFor(text: "1 of 9 hikes").ok)
        try tmux.send("Enter")
        let opened = try tmux.waitFor { BrowseTests.readout($0)?.hasPrefix("▸ 0 m") == true }
        #expect(opened.ok, "hike screen did not open:\n\(opened.screen)")

        // End as tmux and VT220 send it: the cursor goes to the finish, the screen stays.
        try tmux.sendBytes([0x1B, 0x5B, 0x34, 0x7E])
        let atEnd = try tmux.waitFor { BrowseTests.readout($0).map { !$0.hasPrefix("▸ 0 m") } ?? false }
        #expect(atEnd.ok, "End (ESC [ 4 ~) did not move the cursor or closed the hike:\n\(atEnd.screen)")
        // Alt+x, an unknown CSI and bracketed-paste markers are dropped.
        try tmux.sendBytes([0x1B, 0x78])
        try tmux.sendBytes([0x1B, 0x5B, 0x39, 0x39, 0x7E])
        try tmux.sendBytes([0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E])
        // Home as tmux sends it: back to the start, still on the hike screen.
        try tmux.sendBytes([0x1B, 0x5B, 0x31, 0x7E])
        let atStart = try tmux.waitFor { BrowseTests.readout($0)?.hasPrefix("▸ 0 m") == true }
        #expect(atStart.ok, "Home (ESC [ 1 ~) did not bring the cursor back, or the hike closed:\n\(atStart.screen)")
        // A lone Esc still closes it.
        try tmux.send("Escape")
        #expect(try tmux.waitFor(text: "of 9 hikes").ok)
    }
}
