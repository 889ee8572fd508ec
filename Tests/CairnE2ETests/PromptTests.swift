import Foundation
import Testing

/// Every prompt of the viewer is the one text field: the real `cairn` in tmux, each prompt
/// opened, edited with the field's keys and closed, read back as text.
@Suite(.serialized) struct PromptTests {
    /// One prompt: how to reach it from the library, the text that shows it is open, and what
    /// to check in it.
    struct Prompt {
        var name: String
        var open: (TmuxSession) throws -> Void
        var shown: String
        var check: (TmuxSession) throws -> Void
    }

    static let longPath = "/home/hiker/" + String(repeating: "tracks/", count: 30) + "walk.gpx"

    /// Opens the Andorra sample (its track is named "new") from the library.
    static func openAndorra(_ t: TmuxSession) throws {
        try t.type("/new")
        try t.send("Enter")
        _ = try t.waitFor(text: "1 of 9 hikes")
        try t.send("Enter")
        // The library's preview shows the attribution too: wait for the hike screen itself.
        _ = try t.waitFor(text: "Focus: profile")
        _ = try t.waitFor(text: "© OpenStreetMap contributors")
    }

    static var prompts: [Prompt] { [
        Prompt(name: "library filter", open: { t in try t.type("/") }, shown: "Filter:", check: { t in
            // "Tag" matches Tag 1-3 and the Garmin walk named "… Tag".
            try t.type("Tag")
            #expect(try t.waitFor { $0.contains("Tag▏") && !$0.contains("Oybin") }.ok)
            // ← then a character inserts before the last one: "Ta2g" matches nothing.
            try t.send("Left")
            try t.type("2")
            #expect(try t.waitFor(text: "Ta2g").ok)
            try t.send("BSpace", "Enter")
            #expect(try t.waitFor(text: "4 of 9 hikes").ok)
            // Reopened, the filter is selected: typing replaces it.
            try t.type("/")
            try t.type("Oy")
            #expect(try t.waitFor { $0.contains("Oy▏") && $0.contains("Oybin") && !$0.contains("Tag 1") }.ok)
            // Esc puts the filter back as it was.
            try t.send("Escape")
            #expect(try t.waitFor(text: "4 of 9 hikes").ok)
            try t.send("Escape")
            #expect(try t.waitFor(text: "9 hikes").ok)
        }),
        Prompt(name: "rename", open: { t in try t.send("g"); try t.send("r") }, shown: "Rename", check: { t in
            // The name is selected: the first character replaces it.
            try t.type("Renamed by the field")
            try t.send("Home")
            try t.type("» ")
            try t.send("Enter")
            #expect(try t.waitFor(text: "» Renamed by the field").ok)
        }),
        Prompt(name: "import path", open: { t in try t.type("i") }, shown: "Import track file", check: { t in
            // A long paste scrolls inside the box: its end shows, its start gives way to "…".
            try t.type(longPath)
            let pasted = try t.waitFor(text: "walk.gpx▏")
            #expect(pasted.ok && pasted.screen.contains("…"), "\(pasted.screen)")
            try t.send("C-a")
            #expect(try t.waitFor(text: "▏/home/hiker/").ok)
            // Ctrl-W takes the word before the cursor: the whole path (it has no space).
            try t.send("C-e", "C-w")
            #expect(try t.waitFor { !$0.contains("walk.gpx") && !$0.contains("/home/hiker") }.ok)
            try t.type("two words")
            try t.send("C-w")
            #expect(try t.waitFor(text: "two ▏").ok)
            try t.send("C-u")
            #expect(try t.waitFor { !$0.contains("two") }.ok)
            // Tab completes file names as a shell does: one match whole, several listed.
            try t.type(E2EPaths.samples.path + "/gpxpy-Mo")
            try t.send("Tab")
            #expect(try t.waitFor(text: "gpxpy-Mojstrovka.gpx▏").ok)
            try t.send("C-u")
            try t.type(E2EPaths.samples.path + "/togeo")
            try t.send("Tab")
            let listed = try t.waitFor { $0.contains("togeojson-▏") && $0.contains("togeojson-multitrackgpx.gpx  togeojson-trek.gpx") }
            #expect(listed.ok, "\(listed.screen)")
            try t.send("Escape")
            #expect(try t.waitFor { !$0.contains("Import track file") }.ok)
        }),
        Prompt(name: "follow source", open: { t in try openAndorra(t); try t.type("f") }, shown: "with position from",
               check: { t in
            #expect(try t.waitFor(text: "gpsd://127.0.0.1:2947").ok)
            // Delete clears the selected value; wide characters take two columns.
            try t.send("Delete")
            try t.type("nmea:山小屋")
            #expect(try t.waitFor(text: "nmea:山小屋▏").ok)
            try t.send("Left", "Left", "BSpace")
            #expect(try t.waitFor(text: "nmea:▏小屋").ok)
            try t.send("Escape")
            #expect(try t.waitFor { !$0.contains("with position from") }.ok)
        }),
        Prompt(name: "place search (drawing)", open: { t in
            try t.type("n")
            _ = try t.waitFor(text: "No stops yet.")
            try t.type("/")
        },
               shown: "Search:", check: { t in
            try t.type("Sorteny")
            #expect(try t.waitFor(text: "Sorteny▏").ok)
            try t.send("Home", "Delete")
            #expect(try t.waitFor(text: "▏orteny").ok)
            try t.send("Escape")
            #expect(try t.waitFor { !$0.contains("Search:") }.ok)
        }),
        Prompt(name: "save name (drawing)", open: { t in
            try t.type("n")
            _ = try t.waitFor(text: "No stops yet.")
            try t.send("Enter"); try t.type("s")
            for _ in 0..<6 { try t.send("Right") }
            try t.send("Enter"); try t.type("d")
            _ = try t.waitFor(text: " end ", timeout: 15)
            Thread.sleep(forTimeInterval: 1)
            try t.type("w")
        }, shown: "Save the route as", check: { t in
            try t.send("End")
            try t.type(" (test)")
            #expect(try t.waitFor(text: " (test)▏").ok)
            try t.send("Escape")
            #expect(try t.waitFor { !$0.contains("Save the route as") }.ok)
        }),
    ] }

    @Test func everyPromptIsTheOneTextField() throws {
        guard BrowseTests.ready else { return }
        let (store, map) = try BrowseTests.demoStore()
        for prompt in Self.prompts {
            let tmux = try TmuxSession(command: "\(E2EPaths.cairn) tui --store \(store) --map \(map)", width: 100, height: 30)
            #expect(try tmux.waitFor(text: "Tag 2").ok)
            try prompt.open(tmux)
            let opened = try tmux.waitFor(text: prompt.shown, timeout: 15)
            #expect(opened.ok, "\(prompt.name) did not open:\n\(opened.screen)")
            if opened.ok { try prompt.check(tmux) }
        }
    }
}
