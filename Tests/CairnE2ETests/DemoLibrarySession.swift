import Foundation
import Testing

extension BrowseTests {
    /// The real `cairn` in tmux (120x36) on a copy of the demo store and map, its library
    /// filtered by `filter` down to one of the nine sample hikes, which is selected.
    /// `options` go after `--map` (e.g. "--within 2km").
    static func demoLibrary(filter: String, options: String = "") throws -> (tmux: TmuxSession, store: String, map: String) {
        let (store, map) = try demoStore()
        let tmux = try TmuxSession(command: "\(E2EPaths.cairn) tui --store \(store) --map \(map)" + (options.isEmpty ? "" : " " + options),
                                   width: 120, height: 36)
        #expect(try tmux.waitFor(text: "Tag 2").ok)
        try tmux.type("/" + filter)
        try tmux.send("Enter")
        #expect(try tmux.waitFor(text: "1 of 9 hikes").ok)
        return (tmux, store, map)
    }
}
