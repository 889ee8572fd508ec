import Foundation
import TermUI
import Testing
import TrailCore
import TrailStore
@testable import TrailApp

/// Each screen's key map against what the user sees: every line of the map is in the `?`
/// help, every hint in the status line, and a key the map does not bind does nothing.
@Suite struct KeyMapTests {
    let app = CairnApp()

    func library(width: Int = 200, height: Int = 40) -> AppState {
        var s = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: width, height: height)
        _ = app.update(&s, .hikesLoaded([AppUpdateTests.summary(1, "Alpha", distance: 5000, start: 0),
                                         AppUpdateTests.summary(2, "Beta", distance: 6000, start: 10)]))
        return s
    }

    func hike(width: Int = 200, height: Int = 40) throws -> AppState {
        var s = library(width: width, height: height)
        _ = app.update(&s, .hikeLoaded(HikeID(rowID: 1), try AppUpdateTests.sampleHike(), forPreview: false))
        return s
    }

    func text(_ s: AppState) -> String { app.view(s, width: s.width, height: s.height).textDump() }

    /// The help box of `s` holds every line of `maps`, label and text (the box may cut long
    /// text at its edge, so the first 30 characters are compared).
    func expectHelp<A>(_ s: AppState, lists maps: [KeyMap<A>], sourceLocation: SourceLocation = #_sourceLocation) {
        var s = s
        _ = app.update(&s, .input(.key(.character("?"))))
        guard case .help = s.modal else { Issue.record("? opened no help", sourceLocation: sourceLocation); return }
        let shown = text(s)
        for b in maps.flatMap(\.bindings) + AppAction.keyMap.bindings.map({ KeyBinding<A>($0.label, $0.help, keys: [(Key, A)]()) }) {
            #expect(shown.contains(b.label), "help lacks \(b.label)", sourceLocation: sourceLocation)
            #expect(shown.contains(String(b.help.prefix(30))), "help lacks \(b.help)", sourceLocation: sourceLocation)
        }
    }

    /// The status line of `s` holds every hint of `hints`.
    func expectHints(_ s: AppState, _ hints: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let status = app.view(s, width: s.width, height: s.height).textLines()[s.height - 1]
        #expect(!hints.isEmpty, sourceLocation: sourceLocation)
        for h in hints { #expect(status.contains(h), "status line \(status) lacks \(h)", sourceLocation: sourceLocation) }
    }

    @Test func libraryHelpAndHintsComeFromItsKeyMap() {
        let s = library()
        expectHelp(s, lists: [LibraryAction.keyMap])
        expectHints(s, LibraryAction.keyMap.hints)
        // The keys the old help left out.
        #expect(HelpText.library.contains { $0.keys == "n" })
        #expect(HelpText.hike.contains { $0.keys.split(separator: " ").first == "e" })  // "e  p  > <"
    }

    @Test func hikeHelpAndHintsComeFromItsKeyMaps() throws {
        let s = try hike()
        expectHelp(s, lists: [HikeAction.keyMap, HikeAction.mapFocusKeyMap])
        expectHints(s, HikeAction.keyMap.hints)
    }

    /// With the map focused the arrows pan: the hints say so and no longer offer scrubbing
    /// (tester finding: "← → scrub" stayed while the arrows panned).
    @Test func mapFocusHintsOfferWhatTheArrowsDoThere() throws {
        var s = try hike()
        s.hike!.screen.focus = .map
        let keys = HikeAction.mapFocusKeyMap.layered(over: HikeAction.keyMap)
        expectHints(s, keys.hints)
        let status = app.view(s, width: s.width, height: s.height).textLines()[s.height - 1]
        #expect(status.contains("← → ↑ ↓ pan") && !status.contains("scrub"), "\(status)")
    }

    /// `g`/`G` move to the ends in the library and the stop list, and the help says so.
    @Test func viStyleEndsAreInTheHelp() {
        #expect(HelpText.library.contains { $0.keys.contains("g G") })
        #expect(LibraryAction.keyMap.action(for: .character("G")) != nil)
    }

    /// The help's text on every page (PgDn until it stops moving).
    func allPages(_ s: inout AppState) -> String {
        var shown = text(s)
        for _ in 0..<30 {
            let before = s.helpScroll
            _ = app.update(&s, .input(.key(.pageDown)))
            if s.helpScroll == before { break }
            shown += text(s)
        }
        return shown
    }

    @Test func hikeHelpTextsShowOnAnEightyColumnTerminal() throws {
        var s = try hike(width: 80, height: 24)
        _ = app.update(&s, .input(.key(.character("?"))))
        let shown = allPages(&s)
        for line in HelpText.hike { #expect(shown.contains(String(line.what.prefix(30))), "cut: \(line.what)") }
    }

    /// At 80x24 each help either fits ("Press any key to close") or says there is more.
    @Test func helpAtEightyByTwentyFourFitsOrSaysThereIsMore() throws {
        var drawing = library(width: 80, height: 24)
        _ = app.update(&drawing, .input(.key(.character("n"))))
        for var s in [library(width: 80, height: 24), try hike(width: 80, height: 24), drawing] {
            _ = app.update(&s, .input(.key(.character("?"))))
            let t = text(s)
            #expect(t.contains("Press any key to close") || t.contains("▼"), "\(t)")
        }
    }

    @Test func drawingHelpAndHintsFollowTheMode() throws {
        var s = library()
        _ = app.update(&s, .input(.key(.character("n"))))
        #expect(s.screen.kind == .draw)
        expectHelp(s, lists: [DrawAction.mapKeyMap, DrawAction.listKeyMap, DrawAction.commonKeyMap])
        expectHints(s, DrawAction.mapKeyMap.hints + DrawAction.commonKeyMap.hints)
        // Two stops, then the list.
        for _ in 0..<2 {
            _ = app.update(&s, .input(.key(.enter)))
            _ = app.update(&s, .input(.key(.character(s.drawing!.stops.isEmpty ? "s" : "d"))))
            for _ in 0..<5 { _ = app.update(&s, .input(.key(.right))) }
        }
        #expect(s.drawing!.stops.count == 2)
        _ = app.update(&s, .input(.key(.tab)))
        #expect(s.drawing!.focus == .list)
        expectHelp(s, lists: [DrawAction.listKeyMap, DrawAction.mapKeyMap, DrawAction.commonKeyMap])
        expectHints(s, DrawAction.listKeyMap.hints + DrawAction.commonKeyMap.hints)
        _ = app.update(&s, .input(.key(.character("m"))))
        #expect(s.drawing!.moving != nil)
        expectHelp(s, lists: [DrawAction.movingKeyMap])
        expectHints(s, DrawAction.movingKeyMap.hints)
    }

    @Test func pinCardHintsOfferOnlyItsChoices() throws {
        var s = library()
        _ = app.update(&s, .input(.key(.character("n"))))
        _ = app.update(&s, .input(.key(.enter)))
        guard case .pinCard(let card) = s.drawing!.panel else { Issue.record("no pin card"); return }
        #expect(card.choices == [.start, .pin])
        expectHints(s, ["s start", "p pin", "Esc cancels"])
        let status = app.view(s, width: s.width, height: s.height).textLines()[s.height - 1]
        #expect(!status.contains("between") && !status.contains("destination"))
    }

    @Test func checklistFooterComesFromItsKeyMap() {
        #expect(hintLine(ChecklistAction.keyMap.hints) == "Space tick · a all/none · Enter import · Esc cancel")
        #expect(HelpText.checklist.count == ChecklistAction.keyMap.bindings.count)
    }

    /// Printable characters and special keys that `map` does not bind.
    static func unbound(_ maps: [[Key]]) -> [Key] {
        let bound = Set(maps.flatMap { $0 } + AppAction.keyMap.keys)
        let printable = (33...126).map { Key.character(Character(Unicode.Scalar(UInt8($0)))) }
        let special: [Key] = [.enter, .escape, .tab, .backTab, .backspace, .delete, .insert, .up, .down, .left, .right,
                              .home, .end, .pageUp, .pageDown, .shiftUp, .shiftDown, .shiftLeft, .shiftRight,
                              .function(1), .function(2), .control("a")]
        return (printable + special).filter { !bound.contains($0) }
    }

    @Test func keysOutsideTheLibraryMapDoNothing() {
        let keys = Self.unbound([LibraryAction.keyMap.keys])
        #expect(keys.contains(.character("x")) && !keys.contains(.character("n")))
        for key in keys {
            var s = library()
            let before = text(s)
            #expect(app.update(&s, .input(.key(key))).isEmpty, "\(key) did something")
            #expect(text(s) == before && s.modal == nil && s.screen.kind == .library, "\(key) changed the screen")
        }
    }

    @Test func keysOutsideTheHikeMapsDoNothing() throws {
        for focus in [HikeScreenState.Focus.chart, .map] {
            let maps = [HikeAction.keyMap.keys] + (focus == .map ? [HikeAction.mapFocusKeyMap.keys] : [])
            var base = try hike()
            base.hike!.screen.focus = focus
            for key in Self.unbound(maps) {
                var s = base
                let before = text(s)
                #expect(app.update(&s, .input(.key(key))).isEmpty, "\(key) did something")
                #expect(text(s) == before && s.modal == nil && s.screen.kind == .hike, "\(key) changed the screen")
            }
        }
    }
}
