import Foundation
import TermUI
import Testing
import TrailCore
import TrailStore
@testable import TrailApp

/// The `?` help and long status messages at a small (60x20) and a large (200x60) terminal:
/// nothing is cut off; the help scrolls when it does not fit.
@Suite struct HelpOverlayTests {
    let app = CairnApp()

    func hike(width: Int, height: Int) throws -> AppState {
        var s = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: width, height: height)
        _ = app.update(&s, .hikesLoaded([AppUpdateTests.summary(1, "Alpha", distance: 5000, start: 0)]))
        _ = app.update(&s, .hikeLoaded(HikeID(rowID: 1), try AppUpdateTests.sampleHike(), forPreview: false))
        return s
    }

    func text(_ s: AppState) -> String { app.view(s, width: s.width, height: s.height).textDump() }
    func press(_ s: inout AppState, _ key: Key) { _ = app.update(&s, .input(.key(key))) }

    /// The help's text from every page of `s` (scrolling down page by page), joined.
    func everyPage(_ s: inout AppState) -> String {
        var seen = text(s)
        for _ in 0..<40 {
            let before = s.helpScroll
            press(&s, .pageDown)
            if s.helpScroll == before { break }
            seen += "\n" + text(s)  // each page from its own first line
        }
        return seen
    }

    /// Cut-free: every key label and the whole of every description is on screen, with words
    /// possibly on the next line (so compared with all white space taken out).
    func expectComplete(_ shown: String, _ help: [HelpLine], sourceLocation: SourceLocation = #_sourceLocation) {
        // Only what is inside the box: the screen beside it (the map's right columns) would
        // otherwise sit between the two parts of a wrapped description.
        var inside = "", left: Int?, right: Int?
        for line in shown.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init) {
            if let l = line.firstIndex(of: "┌"), let r = line.lastIndex(of: "┐") { left = l; right = r; continue }
            if let l = left, let r = right, line.count > l {
                inside += String(line[(l + 1)..<min(r, line.count)]) + "\n"
            } else {
                inside += String(line) + "\n"
            }
        }
        let squeezed = inside.filter { !$0.isWhitespace && $0 != "│" }
        for line in help {
            #expect(shown.contains(line.keys), "help lacks \(line.keys)", sourceLocation: sourceLocation)
            #expect(squeezed.contains(line.what.filter { !$0.isWhitespace }), "help cuts \(line.what)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test func helpScrollsAtSixtyByTwentyAndShowsEveryLineWhole() throws {
        var s = try hike(width: 60, height: 20)
        press(&s, .character("?"))
        let first = text(s)
        #expect(first.contains("▼") && first.contains("more"), "no more-marker:\n\(first)")
        #expect(!first.contains("Press any key to close"))
        for line in app.view(s, width: 60, height: 20).textLines() { #expect(DisplayWidth.of(line) <= 60) }
        expectComplete(everyPage(&s), HelpText.hike)
        #expect(text(s).contains("end"), "the last page says it is the end")
        // Back up with k / ↑, and to the top with Home.
        let bottom = s.helpScroll
        press(&s, .character("k"))
        #expect(s.helpScroll == bottom - 1)
        press(&s, .up)
        #expect(s.helpScroll == bottom - 2)
        press(&s, .home)
        #expect(s.helpScroll == 0)
        press(&s, .character("j"))
        press(&s, .down)
        #expect(s.helpScroll == 2)
        press(&s, .end)
        #expect(s.helpScroll == bottom)
        // Any other key closes; the help opens at its top the next time.
        press(&s, .character("x"))
        #expect(s.modal == nil && s.helpScroll == 0)
        press(&s, .character("?"))
        #expect(s.helpScroll == 0 && text(s).contains("▼"))
    }

    @Test func helpFitsWholeAtTwoHundredBySixty() throws {
        var s = try hike(width: 200, height: 60)
        press(&s, .character("?"))
        let shown = text(s)
        #expect(shown.contains("Press any key to close"))
        #expect(!shown.contains("▼"))
        expectComplete(shown, HelpText.hike)
        press(&s, .down)  // nothing to scroll: the help stays open and unmoved
        #expect(s.helpScroll == 0)
    }

    @Test func libraryHelpAtSixtyByTwentyIsCompleteOverItsPages() {
        var s = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: 60, height: 20)
        _ = app.update(&s, .hikesLoaded([AppUpdateTests.summary(1, "Alpha", distance: 5000, start: 0)]))
        press(&s, .character("?"))
        expectComplete(everyPage(&s), HelpText.library)
    }

    @Test func aLongErrorIsWrappedAboveTheStatusLineInFull() throws {
        let message = "Map data not read: the map store /home/hiker/.local/share/cairn/map.sqlite is locked by another "
            + "process (database is locked); close the other cairn and press r to retry"
        for (w, h) in [(60, 20), (200, 60)] {
            var s = try hike(width: w, height: h)
            s.status = StatusMessage(text: message, isError: true)
            let lines = app.view(s, width: w, height: h).textLines()
            let squeezed = lines.joined().filter { !$0.isWhitespace }
            #expect(squeezed.contains(message.filter { !$0.isWhitespace }), "cut at \(w)x\(h):\n\(lines.joined(separator: "\n"))")
            if w == 60 {
                #expect(lines[h - 1].contains("retry") && !lines[h - 2].isEmpty, "wrapped onto the lines above")
            } else {
                #expect(lines[h - 1].contains(message), "one line at 200 columns")
            }
        }
    }

    @Test func hintsThatDoNotFitAreDroppedWhole() throws {
        let s = try hike(width: 60, height: 20)
        let status = app.view(s, width: 60, height: 20).textLines()[19]
        let hints = HikeAction.keyMap.hints
        // Every hint shown is whole; the line does not end in a cut word.
        let shownHints = hints.filter { status.contains($0) }
        #expect(!shownHints.isEmpty)
        #expect(!status.contains("…"), "\(status)")
        let fitted = StatusLine.fitHints("a b · c d · eeee ffff", toWidth: 12)
        #expect(fitted == "a b · c d")
    }

    @Test func aLongConfirmQuestionWraps() {
        var s = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: 60, height: 20)
        let name = "A very long hike name from a GPS watch that goes on and on past the edge of the box"
        _ = app.update(&s, .hikesLoaded([AppUpdateTests.summary(1, name, distance: 5000, start: 0)]))
        press(&s, .character("d"))
        let squeezed = text(s).filter { !$0.isWhitespace && $0 != "│" }
        #expect(squeezed.contains("Delete\(name)?(y/n)".filter { !$0.isWhitespace }))
    }
}
