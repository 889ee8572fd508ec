import Foundation
import TermUI
import Testing
import TrailCore
import TrailStore
@testable import TrailApp
@testable import TrailMap

/// A screen's status line ends with it (issue 16's tester: the Review's line stayed on the hike
/// screen after Esc; issue 17's: "6 waymarked routes" stayed after leaving Routes). Drawn
/// into a Buffer: the bottom line is what the hiker sees.
@Suite struct StatusScopeTests {
    let app = CairnApp()

    func hike() throws -> AppState {
        var s = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: 120, height: 36)
        _ = app.update(&s, .hikesLoaded([AppUpdateTests.summary(1, "Alpha", distance: 5000, start: 0)]))
        _ = app.update(&s, .hikeLoaded(HikeID(rowID: 1), try AppUpdateTests.sampleHike(), forPreview: false))
        return s
    }

    func statusLine(_ s: AppState) -> String { app.view(s, width: s.width, height: s.height).textLines().last ?? "" }
    func press(_ s: inout AppState, _ key: Key) { _ = app.update(&s, .input(.key(key))) }

    @Test func reviewStatusGoesWithTheReviewScreen() throws {
        var s = try hike()
        let before = statusLine(s)
        press(&s, .character("m"))
        #expect(s.screen.kind == .review)
        #expect(statusLine(s).contains("Matching the recording"), "\(statusLine(s))")
        press(&s, .escape)
        #expect(s.screen.kind == .hike)
        #expect(!statusLine(s).contains("Matching"), "stale: \(statusLine(s))")
        // A failure answered after leaving is said on the hike screen (app-level answer).
        _ = app.update(&s, .review(.failed("no map")))
        #expect(statusLine(s).contains("Match review: no map"))
        _ = before
    }

    @Test func routesStatusGoesWithTheRoutesScreen() throws {
        var s = try hike()
        press(&s, .character("w"))
        #expect(s.screen.kind == .routes)
        guard let model = s.screen.routesModel else { return }
        _ = app.update(&s, .routes(.listed(request: model.requests, [], hiddenLongDistance: 0)))
        #expect(statusLine(s).contains("0 waymarked routes"), "\(statusLine(s))")
        press(&s, .escape)
        #expect(s.screen.kind == .hike)
        #expect(!statusLine(s).contains("waymarked route"), "stale: \(statusLine(s))")
        // And from the hike screen on to the library: the hike screen's own hints are not carried.
        press(&s, .character("w"))
        press(&s, .escape)
        #expect(!statusLine(s).contains("Looking for waymarked routes"), "stale: \(statusLine(s))")
    }

    @Test func aMessageThatGoesWithANavigationIsShownWhereItGoes() throws {
        var s = try hike()
        press(&s, .character("w"))
        // The route stored as a hike: said on the screen it opens (the library, then the hike).
        _ = app.update(&s, .routes(.opened(HikeID(rowID: 1), status: "GR 11 opened as a hike")))
        #expect(s.screen.kind == .library)
        #expect(statusLine(s).contains("GR 11 opened as a hike"), "\(statusLine(s))")
    }

    @Test func anOwnedMessageIsClearedOnlyByLeavingItsScreen() {
        var s = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: 80, height: 24)
        s.status = StatusMessage(text: "on the library", isError: false)
        #expect(s.status.screen == .library)
        s.screen = .library
        #expect(s.status.text == "on the library")
        s.status = StatusMessage(text: "everywhere", isError: false, acrossScreens: true)
        #expect(s.status.screen == nil)
    }
}
