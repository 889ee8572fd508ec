import Foundation

/// Cursor steps that grow while an arrow key is held, so a map cursor crosses the screen in
/// well under a second and still moves one cell per tap.
///
/// Rule: a press in the same direction as the previous one that arrives within
/// ``repeatInterval`` of it continues a run (a held key: terminals repeat it 25–40 times a
/// second after a 250–660 ms delay); any other press starts a new run. The n-th press of a run
/// (n = 0 first) moves `min(1 + growth·n, maximumStep)` cells: 1, 2, 3, … 8, then 8 a press.
/// So 120 columns take 19 presses, 0.76 s at 25 repeats a second and 0.58 s at 33, after the
/// terminal's delay before the first repeat. (First 1, 3, 5 … 16: a tester's 30 repeats moved
/// 413 cells, four map widths, too fast to stop on a target.)
/// Shift+arrow steps (``DrawModel/bigStep``) do not grow: they are big already, and they end
/// the run (``interrupt()``), as a zoom does, so a held arrow after one starts again at one cell.
///
/// Times are seconds on any monotonic clock (the runtime's key clock; tests pass their own).
public struct CursorAcceleration: Sendable, Equatable {
    /// Presses closer than this (seconds) in one direction are one held key.
    public static let repeatInterval: TimeInterval = 0.15
    /// Cells added to the step by each repeat.
    public static let growth = 1
    /// The largest step, in cells.
    public static let maximumStep = 8

    private var lastDirection: [Int] = []
    private var lastTime: TimeInterval = -.infinity
    private var run = 0

    public init() {}

    /// The cells to move for a press in direction (`dx`, `dy`) at `time`, remembering the press.
    public mutating func step(dx: Int, dy: Int, at time: TimeInterval) -> Int {
        let gap = time - lastTime
        if lastDirection == [dx, dy], gap >= 0, gap <= Self.repeatInterval {
            run += 1
        } else {
            run = 0
        }
        lastDirection = [dx, dy]
        lastTime = time
        return min(1 + Self.growth * run, Self.maximumStep)
    }

    /// Ends the current run: the next press is the first of a new one (one cell), whatever its
    /// direction and time. Called for a press that is not an accelerated step (Shift+arrow, zoom).
    public mutating func interrupt() {
        lastDirection = []
        lastTime = -.infinity
        run = 0
    }
}
