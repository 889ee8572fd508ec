/// The seam between the application loop and a real terminal (ncurses in CursesTerminal,
/// or a recording fake in tests).
public protocol TerminalDevice: AnyObject {
    /// The current size in cells.
    var size: (width: Int, height: Int) { get }
    /// Shows `buffer` (same size as the terminal); implementations update only what changed.
    func present(_ buffer: Buffer)
    /// Waits up to `timeoutMilliseconds` for one input event; nil on timeout.
    func nextEvent(timeoutMilliseconds: Int) -> InputEvent?
    /// Rings the terminal bell.
    func bell()
    /// Gives the terminal back to the shell (restores modes, leaves the alternate screen).
    func restore()
}
