import Foundation

/// The recording fake of ``TerminalDevice`` for tests: plays a script of input events (each
/// handed out once, then nil, as a timeout would), keeps every presented buffer and counts
/// bells and restores. Resize events in the script change ``size`` when they are read.
public final class RecordingTerminal: TerminalDevice, @unchecked Sendable {
    private let lock = NSLock()
    private var script: [InputEvent]
    private var _size: (width: Int, height: Int)
    private var _frames: [Buffer] = []
    private var _bells = 0
    private var _restores = 0
    private var _polls = 0

    public init(width: Int, height: Int, script: [InputEvent] = []) {
        _size = (width, height)
        self.script = script
    }

    public var size: (width: Int, height: Int) { lock.withLock { _size } }
    /// Every buffer presented, in order.
    public var frames: [Buffer] { lock.withLock { _frames } }
    public var bells: Int { lock.withLock { _bells } }
    public var restores: Int { lock.withLock { _restores } }
    /// How often the loop asked for input.
    public var polls: Int { lock.withLock { _polls } }

    /// Adds events at the end of the script.
    public func type(_ events: [InputEvent]) { lock.withLock { script += events } }

    public func present(_ buffer: Buffer) { lock.withLock { _frames.append(buffer) } }

    /// The next scripted event; with none left, waits out the timeout (as a terminal would)
    /// and returns nil.
    public func nextEvent(timeoutMilliseconds: Int) -> InputEvent? {
        let event: InputEvent? = lock.withLock {
            _polls += 1
            guard !script.isEmpty else { return nil }
            let e = script.removeFirst()
            if case .resize(let w, let h) = e { _size = (w, h) }
            return e
        }
        if event == nil, timeoutMilliseconds > 0 { Thread.sleep(forTimeInterval: Double(timeoutMilliseconds) / 1000) }
        return event
    }

    public func bell() { lock.withLock { _bells += 1 } }
    public func restore() { lock.withLock { _restores += 1 } }
}
