import Testing
import TermUI

/// ``PathCompletion`` against a made-up file system, as bash completes (case-sensitive, hidden
/// names only for a typed ".", "/" after a directory, the longest common prefix for several).
@Suite struct PathCompletionTests {
    static let tree: [String: [PathCompletion.Entry]] = [
        "/home/h": [.init(name: "hikes", isDirectory: true), .init(name: "hike.gpx", isDirectory: false),
                    .init(name: ".config", isDirectory: true), .init(name: "Notes.txt", isDirectory: false)],
        "/home/h/hikes": [.init(name: "alps-2024.fit", isDirectory: false), .init(name: "alps-2025.fit", isDirectory: false),
                          .init(name: "pyrenees.gpx", isDirectory: false)],
        "/work": [.init(name: "track.tcx", isDirectory: false)],
    ]

    func complete(_ typed: String) -> PathCompletion {
        PathCompletion.complete(typed, home: "/home/h", currentDirectory: "/work") { Self.tree[$0] }
    }

    @Test func oneMatchCompletesWhole() {
        #expect(complete("~/hikes/py") == PathCompletion(completed: "~/hikes/pyrenees.gpx", candidates: []))
        #expect(complete("/home/h/hikes/py").completed == "/home/h/hikes/pyrenees.gpx")
        #expect(complete("tr").completed == "track.tcx")  // relative: the current directory
        #expect(complete("~/N").completed == "~/Notes.txt")
    }

    @Test func aDirectoryGetsItsSlash() {
        #expect(complete("~/hikes").completed == "~/hikes/")
        #expect(complete("~/hike").completed == "~/hike")  // "hike.gpx" and "hikes": the common prefix only
        #expect(complete("~/hike").candidates == ["hike.gpx", "hikes/"])
        #expect(complete("~/hikes/").candidates == ["alps-2024.fit", "alps-2025.fit", "pyrenees.gpx"])
        #expect(complete("~").completed == "~/")
    }

    @Test func severalMatchesGiveTheCommonPrefixAndTheList() {
        let c = complete("~/hikes/al")
        #expect(c.completed == "~/hikes/alps-202")
        #expect(c.candidates == ["alps-2024.fit", "alps-2025.fit"])
    }

    @Test func hiddenNamesOnlyWhenTypedAndNoMatchChangesNothing() {
        #expect(complete("~/").candidates == ["Notes.txt", "hike.gpx", "hikes/"])
        #expect(complete("~/.c").completed == "~/.config/")
        #expect(complete("~/zz") == PathCompletion(completed: "~/zz", candidates: []))
        #expect(complete("/nowhere/x") == PathCompletion(completed: "/nowhere/x", candidates: []))
        #expect(complete("~/n").completed == "~/n")  // case-sensitive
    }
}
