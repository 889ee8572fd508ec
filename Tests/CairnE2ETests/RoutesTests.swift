import Foundation
import Testing

/// End-to-end: the Routes screen over the Andorra sample map in the real `cairn` in tmux: `w`
/// near the demo hike lists the GR 11 / HRP stages, Enter stores one as a hike and opens it with
/// its completion line, `w` from the hike screen lists again, and `cairn routes --json` and
/// `cairn show --json` give the same route and a completion.
@Suite(.serialized) struct RoutesTests {
    @Test func listOpenAsHikeCompletion() throws {
        guard BrowseTests.ready else { return }
        let (tmux, store, map) = try BrowseTests.demoLibrary(filter: "Sorteny")
        try tmux.type("w")
        // The details (with the address) are drawn after the list: wait for both.
        let list = try tmux.waitFor {
            $0.contains("Waymarked routes near the selected hike") && $0.contains("% walked") && $0.contains("openstreetmap.org/relation/")
        }
        #expect(list.ok, "routes list:\n\(list.screen)")
        #expect(list.screen.contains("openstreetmap.org/relation/"))
        #expect(list.screen.contains("© OpenStreetMap contributors"))
        let first = try #require(list.screen.split(separator: "\n").dropFirst().first).trimmingCharacters(in: .whitespaces)
        try tmux.send("Enter")
        let hike = try tmux.waitFor {
            $0.contains("Completion:") && $0.range(of: #"Kind +drawn"#, options: .regularExpression) != nil
                && $0.range(of: #"Start +--"#, options: .regularExpression) != nil
        }
        #expect(hike.ok, "opened route (first row \(first)):\n\(hike.screen)")
        try tmux.type("w")
        #expect(try tmux.waitFor(text: "Waymarked routes near the map's view").ok)
        try tmux.send("Escape")
        #expect(try tmux.waitFor(text: "Completion:").ok)
        try tmux.type("q")
        try tmux.type("q")
        let json = try FollowTests.output([E2EPaths.cairn, "routes", "--store", store, "--map", map, "--json", "--all"])
        #expect(json.contains("\"url\" : \"https://www.openstreetmap.org/relation/"))
        #expect(json.contains("\"walkedShare\""))
    }
}
