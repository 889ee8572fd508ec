import Localization
import TermUI

/// Keys the root takes on every screen, before the screen sees them.
public enum AppAction: Sendable, Equatable {
    case quit, suspend
}

extension AppAction {
    /// Shown at the end of every screen's help.
    public static let keyMap = KeyMap<AppAction>([
        KeyBinding("Ctrl-C", N("quit (a walk being followed or recorded is kept, and offered for resuming)"),
                   keys: [.control("c")], action: .quit),
        KeyBinding("Ctrl-Z", N("suspend to the shell (fg comes back)"), keys: [.control("z")], action: .suspend),
    ])
}

/// What a key does in the import checklist.
public enum ChecklistAction: Sendable, Equatable {
    case move(Int), toggle, all, accept, cancel
}

extension ChecklistAction {
    /// The checklist's keys; its footer line is made from the hints.
    public static let keyMap = KeyMap<ChecklistAction>([
        KeyBinding("↑ ↓  j k", N("select a track"), keys: [(.up, .move(-1)), (.down, .move(1)),
                                                         (.character("k"), .move(-1)), (.character("j"), .move(1))]),
        KeyBinding("Space  x", N("tick / untick it"), hint: N("Space tick"), keys: [.character(" "), .character("x")],
                   action: .toggle),
        KeyBinding("a", N("tick all / none"), hint: N("a all/none"), keys: [.character("a")], action: .all),
        KeyBinding("Enter", N("import the ticked tracks"), hint: N("Enter import"), keys: [.enter], action: .accept),
        KeyBinding("Esc  q", N("cancel"), hint: N("Esc cancel"), keys: [.escape, .character("q")], action: .cancel),
    ])
}
