import Foundation
import Synchronization

/// An Elm-style program (as in bubbletea): state changes only in a pure ``update(_:_:)``,
/// which returns effects for the runtime to perform; the screen is a function of the state.
public protocol Program {
    associatedtype State
    associatedtype Message: Sendable
    associatedtype Effect

    /// Turns a terminal input into a message (or nil to ignore it).
    func message(for input: InputEvent) -> Message?
    /// The message sent on every idle tick (for clocks, live positions), or nil for none.
    func tick(at date: Date) -> Message?
    /// Applies `message` to `state` and returns the effects to perform.
    func update(_ state: inout State, _ message: Message) -> [Effect]
    /// Draws `state` into a buffer of the given size.
    func view(_ state: State, width: Int, height: Int) -> Buffer
    /// True when the program wants to end.
    func isFinished(_ state: State) -> Bool
}

/// Runs a ``Program`` against a ``TerminalDevice``: reads input with a short timeout, sends
/// each event through `update`, hands effects to `perform` (which may run them on another
/// thread and send result messages back through the given closure, from any thread), and
/// redraws when the state changed. Drawing happens on the loop's thread only.
public final class ProgramRuntime<P: Program>: @unchecked Sendable {
    public typealias Send = @Sendable (P.Message) -> Void

    private let program: P
    private let terminal: TerminalDevice
    private let perform: (P.Effect, @escaping Send) -> Void
    private let inbox = Inbox<P.Message>()
    /// Milliseconds to wait for input before looking at the inbox and ticking.
    public var pollInterval = 50
    /// The shorter wait used for `busyWindow` seconds after effects were started.
    public var busyPollInterval = 4
    public var busyWindow: TimeInterval = 1
    /// Checked between polls; when it returns true the loop ends (signals).
    public var shouldStop: () -> Bool = { false }
    /// Checked after each frame is presented; when it returns true the loop ends (used by the
    /// start-up benchmark to stop at the first complete frame).
    public var stopAfterFrame: (P.State) -> Bool = { _ in false }

    public init(program: P, terminal: TerminalDevice, perform: @escaping (P.Effect, @escaping Send) -> Void) {
        self.program = program
        self.terminal = terminal
        self.perform = perform
    }

    /// Queues a message from any thread; the loop applies it within one poll interval.
    public func send(_ message: P.Message) { inbox.append(message) }

    /// Runs until the program is finished or ``shouldStop`` says so.
    /// - Parameters:
    ///   - state: the initial state, updated in place.
    ///   - initial: messages to apply before the first frame (e.g. "load the hike list").
    ///   - now: the clock for ticks.
    public func run(_ state: inout P.State, initial: [P.Message] = [], now: () -> Date = Date.init) {
        let sender: Send = { [inbox] m in inbox.append(m) }
        // While effects may still answer, poll briefly so their results show at once instead
        // of after a whole poll interval (results arrive from other threads, not as input).
        var busyUntil = Date.distantPast
        func apply(_ m: P.Message) {
            let effects = program.update(&state, m)
            if !effects.isEmpty { busyUntil = Date().addingTimeInterval(busyWindow) }
            for e in effects { perform(e, sender) }
        }
        for m in initial { apply(m) }
        var size = terminal.size
        terminal.present(program.view(state, width: size.width, height: size.height))
        if stopAfterFrame(state) { return }
        while !program.isFinished(state) && !shouldStop() {
            var dirty = false
            let timeout = Date() < busyUntil ? min(busyPollInterval, pollInterval) : pollInterval
            if let event = terminal.nextEvent(timeoutMilliseconds: timeout) {
                if case .resize(let w, let h) = event { size = (w, h) }
                if let m = program.message(for: event) { apply(m) }
                dirty = true
                // Drain whatever else is already waiting (key repeat) before drawing.
                while let more = terminal.nextEvent(timeoutMilliseconds: 0) {
                    if case .resize(let w, let h) = more { size = (w, h) }
                    if let m = program.message(for: more) { apply(m) }
                }
            }
            for m in inbox.drain() { apply(m); dirty = true }
            if let t = program.tick(at: now()) { apply(t); dirty = true }
            if dirty && !program.isFinished(state) {
                terminal.present(program.view(state, width: size.width, height: size.height))
                if stopAfterFrame(state) { return }
            }
        }
    }
}

/// A thread-safe queue of messages sent to the loop from effect threads (`Sendable` checked
/// by the compiler: the messages sit in a `Mutex`).
final class Inbox<Message: Sendable>: Sendable {
    private let items = Mutex<[Message]>([])

    func append(_ m: Message) { items.withLock { $0.append(m) } }

    /// The messages so far, oldest first; the inbox is empty after.
    func drain() -> [Message] {
        items.withLock { m in
            defer { m.removeAll() }
            return m
        }
    }
}
