import Localization
import TermUI

/// One line of a screen's key map: the keys (each with the action it stands for), how the `?`
/// help shows them, what they do, and — when the status line offers them — the short hint it
/// shows ("Enter open"). The update finds actions only through the map, so a key that does
/// something is always in the help, and the help and the hints cannot drift apart.
public struct KeyBinding<Action: Sendable>: Sendable {
    /// The keys and the action each stands for (several keys can share a line: "↑ ↓  j k").
    public var keys: [(key: Key, action: Action)]
    /// The keys as the help shows them ("↑ ↓  j k").
    public var label: String
    /// What the keys do, as the help says it.
    public var help: String
    /// The status-line hint, or nil when the status line does not offer these keys.
    public var hint: String?
    /// What the keys do with Shift held, shown after ``help`` as "…; with Shift …" (nil: nothing).
    public var shiftHelp: String?
    /// The label names keys in words ("mouse wheel", "click", marked with `N(…)`) and is
    /// translated in the help; key symbols and letters ("↑ ↓  j k") are shown as they are.
    public var labelInWords = false

    /// A line whose keys all stand for one action.
    public init(_ label: String, _ help: String, hint: String? = nil, keys: [Key], action: Action) {
        self.init(label, help, hint: hint, keys: keys.map { ($0, action) })
    }

    /// A line about the mouse: help only, no keys (the mouse is handled apart from keys).
    public static func mouse(_ label: String, _ help: String) -> KeyBinding {
        var b = KeyBinding(label, help, keys: [(Key, Action)]())
        b.labelInWords = true
        return b
    }

    /// A line whose keys stand for different actions (↑ up, ↓ down).
    public init(_ label: String, _ help: String, hint: String? = nil, keys: [(Key, Action)], shiftHelp: String? = nil) {
        self.keys = keys.map { (key: $0.0, action: $0.1) }
        self.label = label
        self.help = help
        self.hint = hint
        self.shiftHelp = shiftHelp
    }
}

/// The keys of one screen (or of one mode of it, such as the drawing screen's stop list), in
/// help order. See ``KeyBinding``.
public struct KeyMap<Action: Sendable>: Sendable {
    public var bindings: [KeyBinding<Action>]

    public init(_ bindings: [KeyBinding<Action>]) { self.bindings = bindings }

    /// The action `key` stands for, nil when the map does not bind it (the first line binding
    /// it wins).
    public func action(for key: Key) -> Action? {
        for b in bindings {
            if let k = b.keys.first(where: { $0.key == key }) { return k.action }
        }
        return nil
    }

    /// Every key the map binds.
    public var keys: [Key] { bindings.flatMap { $0.keys.map(\.key) } }

    /// The lines of the `?` help, with `suffix` after each label ("  (list)").
    public func helpLines(labelSuffix suffix: String = "") -> [HelpLine] {
        bindings.map { b in
            let what = Localization.translate(b.help)
            return HelpLine(keys: (b.labelInWords ? Localization.translate(b.label) : b.label) + suffix,
                            what: b.shiftHelp.map { L("%s; with Shift %s", what, Localization.translate($0)) } ?? what)
        }
    }

    /// The status-line hints, in order ("Enter open", "/ filter").
    public var hints: [String] { bindings.compactMap { $0.hint.map(Localization.translate) } }

    /// The status-line hints, each passed through `adjust` with the line's first action: it
    /// returns the hint to show (changed to fit the state, "p resume"), or nil to leave it out.
    public func hints(_ adjust: (Action, String) -> String?) -> [String] {
        bindings.compactMap { b in
            guard let hint = b.hint, let first = b.keys.first else { return nil }
            return adjust(first.action, Localization.translate(hint))
        }
    }

    /// This map's lines, then the lines of `lower` that still have a key of their own: what a
    /// mode that is looked up first (the hike map's focus) leaves of the screen's keys, so its
    /// hints never offer a key the mode has taken.
    public func layered(over lower: KeyMap<Action>) -> KeyMap<Action> {
        let taken = Set(keys)
        return KeyMap(bindings + lower.bindings.filter { b in b.keys.isEmpty || b.keys.contains { !taken.contains($0.key) } })
    }

    /// Another map's lines after this one's.
    public func followed(by other: KeyMap<Action>) -> KeyMap<Action> { KeyMap(bindings + other.bindings) }

    /// The same lines with their actions changed (to share a map between screens).
    public func mapActions<B: Sendable>(_ transform: (Action) -> B) -> KeyMap<B> {
        KeyMap<B>(bindings.map { b in
            var mapped = KeyBinding<B>(b.label, b.help, hint: b.hint, keys: b.keys.map { ($0.key, transform($0.action)) },
                                       shiftHelp: b.shiftHelp)
            mapped.labelInWords = b.labelInWords
            return mapped
        })
    }
}

/// One line of the `?` help.
public struct HelpLine: Sendable, Equatable {
    public var keys: String
    public var what: String
    public init(keys: String, what: String) {
        self.keys = keys
        self.what = what
    }
}

/// The status-line hints joined: "Enter open · / filter · ? keys".
func hintLine(_ hints: [String]) -> String { hints.joined(separator: " · ") }
