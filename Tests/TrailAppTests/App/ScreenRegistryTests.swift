import Foundation
import TermUI
import Testing
import TrailCore
import TrailStore
@testable import TrailApp

/// The screens the root knows only through ``CairnApp/screens`` (``AppScreen``), and Esc
/// through the back stack (``AppState/backStack``).
@Suite struct ScreenRegistryTests {
    let app = CairnApp()

    /// Every kind of screen is registered exactly once, under its own kind.
    @Test func everyScreenKindIsRegisteredOnce() {
        let all: [AppState.Screen.Kind] = [.library, .hike, .draw, .follow, .record, .places, .totals, .review, .routes]
        #expect(CairnApp.screens.count == all.count)
        for kind in all {
            #expect(CairnApp.screens.filter { $0.kind == kind }.count == 1, "\(kind)")
            #expect(CairnApp.screen(kind).kind == kind)
        }
    }

    /// Only the screens that write the store themselves ignore changes by another process
    /// (DECISIONS 481).
    @Test func theScreensThatWriteTheStoreIgnoreItsChanges() {
        let writers = Set(CairnApp.screens.filter { !$0.readsStoreChanges }.map { "\($0.kind)" })
        #expect(writers == ["draw", "follow", "record"])
    }

    /// Totals → a record's hike → Routes: Esc goes back the same way, each screen as it was,
    /// and the stack is empty at the library.
    @Test func escapeWalksBackThroughTotalsHikeAndRoutes() throws {
        var s = AppState(environment: TotalsScreenTests.environment(), storeLabel: "test", width: 80, height: 24)
        _ = app.update(&s, .hikesLoaded([]))
        _ = app.update(&s, .input(.key(.character("T"))))
        _ = app.update(&s, .totals(.loaded(TotalsScreenTests.list(), now: TotalsScreenTests.now)))
        _ = app.update(&s, .input(.key(.character("r"))))
        let totals = try #require(TotalsScreenTests.model(s))
        let record = try #require(totals.report?.records.first)
        _ = app.update(&s, .input(.key(.enter)))
        _ = app.update(&s, .hikeLoaded(HikeID(record.trailID)!, try AppUpdateTests.sampleHike(), forPreview: false))
        #expect(s.screen.kind == .hike && s.backStack.map(\.kind) == [.totals])
        _ = app.update(&s, .input(.key(.character("+"))))  // the hike's map zoomed in: kept on the way back
        let zoom = try #require(s.hike?.screen.viewport.zoom)
        _ = app.update(&s, .input(.key(.character("w"))))
        #expect(s.screen.kind == .routes && s.backStack.map(\.kind) == [.totals, .hike])
        _ = app.update(&s, .input(.key(.escape)))
        #expect(s.screen.kind == .hike && s.hike?.screen.viewport.zoom == zoom && s.backStack.map(\.kind) == [.totals])
        _ = app.update(&s, .input(.key(.escape)))
        #expect(s.screen.kind == .totals && TotalsScreenTests.model(s)?.showsRecords == true && s.backStack.isEmpty)
        _ = app.update(&s, .input(.key(.escape)))
        #expect(s.screen.kind == .library && s.backStack.isEmpty)
    }

    /// Routes opened from the library goes back to it.
    @Test func routesFromTheLibraryGoesBackToIt() {
        var s = AppState(environment: TotalsScreenTests.environment(), storeLabel: "test", width: 80, height: 24)
        _ = app.update(&s, .hikesLoaded([]))
        _ = app.update(&s, .input(.key(.character("w"))))
        #expect(s.screen.kind == .routes && s.backStack.map(\.kind) == [.library])
        _ = app.update(&s, .input(.key(.escape)))
        #expect(s.screen.kind == .library && s.backStack.isEmpty)
    }
}
