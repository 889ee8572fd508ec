import Foundation
import TermUI
import Testing
import TrailCore
@testable import TrailApp

/// The drawing cursor speeds up while an arrow key is held (issue 19: one cell per press made
/// crossing the screen take seconds). Times come from a fake clock.
@Suite struct CursorAccelerationTests {
    /// The stated rule: steps 1, 2, 3, … 8, then 8 while presses come within 0.15 s.
    @Test func stepsGrowWhilePressesRepeatAndResetOtherwise() {
        var a = CursorAcceleration()
        let held = (0..<10).map { a.step(dx: 1, dy: 0, at: 10 + Double($0) * 0.04) }
        #expect(held == [1, 2, 3, 4, 5, 6, 7, 8, 8, 8])
        // A pause longer than the repeat interval, another direction, or a clock going back: one cell.
        #expect(a.step(dx: 1, dy: 0, at: 10.36 + 0.16) == 1)
        #expect(a.step(dx: 1, dy: 0, at: 10.60) == 2)
        #expect(a.step(dx: 0, dy: 1, at: 10.64) == 1)
        #expect(a.step(dx: 0, dy: 1, at: 10.50) == 1)
        // Separate taps (0.2 s apart) stay one cell each.
        var taps = CursorAcceleration()
        #expect((0..<5).map { taps.step(dx: -1, dy: 0, at: Double($0) * 0.2) } == [1, 1, 1, 1, 1])
    }

    /// The key clock the app reads (moved by hand), and the app on it.
    final class FakeClock: @unchecked Sendable { var now: TimeInterval = 100 }

    static func drawingApp() -> (FakeClock, CairnApp) {
        let clock = FakeClock()
        return (clock, CairnApp(keyClock: { clock.now }))
    }

    /// A 120 x 40 app state on the drawing screen (`n` from a library of one hike).
    static func drawingState(_ app: CairnApp) -> AppState {
        var s = AppState(environment: AppUpdateTests.environment(), storeLabel: "t", width: 120, height: 40)
        var summary = AppUpdateTests.summary(1, "new", distance: 677, start: 0)
        summary.statistics.boundingBox = DrawUpdateTests.box
        _ = app.update(&s, .hikesLoaded([summary]))
        _ = app.update(&s, .input(.key(.character("n"))))
        return s
    }

    /// Through the app with a fake key clock: a held → key (25 repeats a second, the slowest
    /// common rate) crosses a 120-column screen's map in under half a second of repeats.
    @Test func aHeldArrowCrossesTheDrawingMapQuickly() throws {
        let (clock, app) = Self.drawingApp()
        var s = Self.drawingState(app)
        let start = try #require(s.drawing?.cursorCell)
        // Taps half a second apart: one cell each.
        for _ in 0..<3 { clock.now += 0.5; _ = app.update(&s, .input(.key(.right))) }
        #expect(s.drawing?.cursorCell?.x == start.x + 3)
        // Held: cells moved, measured in the current viewport (the map scrolls at the margin,
        // the distance between two coordinates in one viewport does not change).
        let from = try #require(s.drawing?.cursor)
        func cellsMoved() -> Double {
            guard let m = s.drawing else { return 0 }
            return (m.viewport.dot(m.cursor).x - m.viewport.dot(from).x) / 2
        }
        var presses = 0
        clock.now += 0.5
        while presses < 50 && cellsMoved() < 119.5 {
            _ = app.update(&s, .input(.key(.right)))
            presses += 1
            clock.now += 0.04
        }
        // 1 + 2 + … + 8 = 36 after 8 presses, then 8 a press: 124 ≥ 120 after 19 presses (0.76 s).
        #expect(presses == 19)
        #expect(abs(cellsMoved() - 124) < 0.01)
        // Shift+← a second later: the fixed big step, not accelerated.
        clock.now += 1
        let before = cellsMoved()
        _ = app.update(&s, .input(.key(.shiftLeft)))
        #expect(abs(before - cellsMoved() - Double(DrawModel.bigStep)) < 0.01)
    }

    /// A Shift+arrow big step in the middle of a held arrow ends the run: the arrow held on
    /// after it (presses still 0.04 s apart) starts again at one cell, 1, 2, 3 …
    @Test func aShiftStepEndsTheAccelerationRun() throws {
        let (clock, app) = Self.drawingApp()
        var s = Self.drawingState(app)
        // Cells moved by one press, both positions measured in the viewport after it (the map
        // scrolls at the margin; the distance between two coordinates in one viewport does not).
        func press(_ key: Key) throws -> Double {
            let from = try #require(s.drawing?.cursor)
            _ = app.update(&s, .input(.key(key)))
            clock.now += 0.04
            let m = try #require(s.drawing)
            return (m.viewport.dot(m.cursor).x - m.viewport.dot(from).x) / 2
        }
        // Held → for 5 presses: 1 … 5 cells (the map may scroll; cells are measured per viewport).
        var held: [Double] = []
        for _ in 0..<5 { held.append(try press(.right)) }
        #expect(held.map { $0.rounded() } == [1, 2, 3, 4, 5])
        // Shift+→ 0.04 s later: the fixed big step.
        #expect(abs(try press(.shiftRight) - Double(DrawModel.bigStep)) < 0.01)
        // → held on: a new run, 1, 2, 3 (without the reset: 6, 7, 8).
        var after: [Double] = []
        for _ in 0..<3 { after.append(try press(.right)) }
        #expect(after.map { $0.rounded() } == [1, 2, 3])
    }

    /// The rule on the struct: ``CursorAcceleration/interrupt()`` makes the next press one cell
    /// even within the repeat interval in the same direction.
    @Test func interruptStartsANewRun() {
        var a = CursorAcceleration()
        #expect((0..<3).map { a.step(dx: 0, dy: -1, at: Double($0) * 0.04) } == [1, 2, 3])
        a.interrupt()
        #expect(a.step(dx: 0, dy: -1, at: 0.12) == 1)
        #expect(a.step(dx: 0, dy: -1, at: 0.16) == 2)
    }
}
