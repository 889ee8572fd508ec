import Foundation
import TermUI
import Testing
import TrailCore
import TrailMap
import TrailStore
@testable import TrailApp

/// The drawing screen when its effects fail, and what saving does to the library.
@Suite struct DrawFailureTests {
    let app = CairnApp()
    let t = DrawUpdateTests()

    @Test func aFailedPlanClearsThePendingStopBetweenAndTheWaitingKeysRun() throws {
        let planner = try DrawUpdateTests.planner()
        var s = try t.drawing()
        t.answer(&s, t.place(&s, dx: -20, dy: 0, "s"), planner)
        t.answer(&s, t.place(&s, dx: 20, dy: 8, "d"), planner)
        let before = s.drawing!.stops
        let effects = t.place(&s, dx: -10, dy: -4, "b")
        let request = try #require(DrawUpdateTests.planRequests(effects).first)
        #expect(s.drawing!.insertionPending)
        #expect(t.key(&s, .tab).isEmpty && s.drawing!.deferred.count == 1)
        let answer = app.update(&s, .draw(.planFailed(request: request.request, reason: "no planner")))
        #expect(answer.contains(.bell))
        let m = s.drawing!
        #expect(!m.insertionPending && m.planRequest == nil && m.deferred.isEmpty && m.stops == before)
        // The key that waited ran (Tab: the list) and the failure is in the status line.
        #expect(m.focus == .list)
        #expect(s.status.isError && s.status.text.contains("no planner"))
        // Later keys act at once instead of waiting.
        _ = t.key(&s, .down)
        #expect(s.drawing!.selected == 1 && s.drawing!.deferred.isEmpty)
        // A late answer for the failed request changes nothing.
        let plan = request.plan(with: planner)
        _ = app.update(&s, .draw(.planned(request: request.request, plan, places: [], elevationKnown: false)))
        #expect(s.drawing!.stops == before)
    }

    @Test func aFailedPlanOfOrdinaryStopsKeepsThemAndAllowsSaving() throws {
        var s = try t.drawing()
        let first = t.place(&s, dx: 0, dy: 0, "s")
        let r1 = try #require(DrawUpdateTests.planRequests(first).last)
        _ = app.update(&s, .draw(.planFailed(request: r1.request, reason: "x")))
        #expect(s.drawing!.planRequest == nil && s.drawing!.stops.count == 1)
        // A stale failure (an older request) is ignored.
        let second = t.place(&s, dx: 6, dy: 2, "d")
        let r2 = try #require(DrawUpdateTests.planRequests(second).last)
        #expect(app.update(&s, .draw(.planFailed(request: r1.request, reason: "old"))).isEmpty)
        #expect(s.drawing!.planRequest == r2.request)
    }

    @Test func savingADrawingKeepsTheLibraryFilter() throws {
        let planner = try DrawUpdateTests.planner()
        var s = try t.drawing()
        // A filter typed in the library before drawing.
        _ = t.key(&s, .character("q"))
        #expect(s.screen.kind == .library)
        _ = t.key(&s, .character("/"))
        for c in "ne" { _ = t.key(&s, .character(c)) }
        _ = t.key(&s, .enter)
        #expect(s.library.filter == "ne")
        _ = t.key(&s, .character("n"))
        if case .drawing = s.modal { _ = t.key(&s, .character("d")) }  // discard the kept (empty) drawing
        #expect(s.screen.kind == .draw)
        t.answer(&s, t.place(&s, dx: 0, dy: 0, "s"), planner)
        t.answer(&s, t.place(&s, dx: 8, dy: 3, "d"), planner)
        _ = t.key(&s, .character("w"))
        let plan = s.drawing!.plan
        _ = t.key(&s, .enter)
        let id = HikeID(rowID: 9)
        #expect(app.update(&s, .draw(.saved(name: "Drawn route", .inserted(id)))) == [.draw(.clearDraft(owner: s.draw.owner)), .draw(.loadDraft), .loadHikes(.date)])
        #expect(s.screen.kind == .library && s.library.filter == "ne")
        var saved = AppUpdateTests.summary(9, "Drawn route", distance: plan.length, start: 0)
        saved.kind = .drawn
        _ = app.update(&s, .hikesLoaded([AppUpdateTests.summary(1, "new", distance: 677, start: 0), saved]))
        // "Drawn route" does not match "ne": the filter stands, the list shows what passes it.
        #expect(s.library.visible.map(\.id) == [HikeID(rowID: 1)])
    }

    @Test func typedFailuresAreWordedByTheApp() {
        var s = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: 100, height: 30)
        let id = HikeID(rowID: 3)
        #expect(app.update(&s, .library(.failed(.renameFailed(id, reason: "read-only")))) == [.bell])
        #expect(s.status.isError && s.status.text == "\(id) not renamed: read-only")
        #expect(app.update(&s, .library(.imported(fileName: "a.gpx", added: 2, duplicates: 1))) == [.loadHikes(.date)])
        #expect(s.status == StatusMessage(text: "Imported 2 hikes from a.gpx; 1 already stored, skipped", isError: false))
        #expect(app.update(&s, .draw(.draftFailed(.keep, reason: "disk full"))) == [.bell])
        #expect(s.status.text == "The drawing could not be kept: disk full")
        // A basemap failure for no pending request is not shown.
        #expect(app.update(&s, .basemapFailed(request: 99, reason: "x")).isEmpty)
    }
}
