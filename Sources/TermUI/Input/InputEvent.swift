/// A key as the application sees it, independent of the terminal library.
public enum Key: Hashable, Sendable {
    /// A printable character (already decoded from UTF-8).
    case character(Character)
    case enter, escape, tab, backTab, backspace, delete, insert
    case up, down, left, right
    case home, end, pageUp, pageDown
    /// Arrow keys with Shift held (bigger steps).
    case shiftUp, shiftDown, shiftLeft, shiftRight
    /// F1…F12.
    case function(Int)
    /// Ctrl plus a letter, lower-case ("c" for Ctrl-C).
    case control(Character)
}

/// A mouse action in cell coordinates (0-based, from the top-left of the screen).
public enum MouseAction: Hashable, Sendable {
    case press, release, click, scrollUp, scrollDown, move
}

/// What the terminal delivers to the application loop.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case mouse(action: MouseAction, x: Int, y: Int)
    /// The terminal changed size; the new size in cells.
    case resize(width: Int, height: Int)
}
