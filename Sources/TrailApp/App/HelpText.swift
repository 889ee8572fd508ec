import Localization
import TermUI

/// The `?` help of each screen (each screen's ``AppScreen/help(_:)`` picks its lines), made from the screens' key maps (so it lists every key the
/// screen takes, and nothing it does not), with the root's keys (``AppAction/keyMap``) after
/// them; a screen with a map ends with its legend (``MapLegend``).
public enum HelpText {
    /// The root's keys, shown on every screen.
    static var global: [HelpLine] { AppAction.keyMap.helpLines() }

    public static var library: [HelpLine] { LibraryAction.keyMap.helpLines() + libraryMarks + global }

    /// What the list's marks mean.
    public static var libraryMarks: [HelpLine] {
        [
            HelpLine(keys: "~", what: L("in the list: gain from the terrain (SRTM), time estimated")),
            HelpLine(keys: "(50 %)", what: L("after a gain: the share of the hike with heights (no terrain height under the rest: no tile or a void)")),
        ]
    }

    /// The hike screen's help with its map legend in braille mode (``hike(in:)``).
    public static var hike: [HelpLine] { hike(in: .braille) }

    /// The hike screen's keys, the root's keys, then its map legend as `mode` draws the map
    /// (``MapLegend``; last, so the keys come first).
    public static func hike(in mode: CanvasMode) -> [HelpLine] {
        HikeAction.keyMap.helpLines() + HikeAction.mapFocusKeyMap.helpLines(labelSuffix: L("  (map focus)"))
            + PhotoStripAction.keyMap.helpLines(labelSuffix: L("  (photo strip)")) + photoPictures
            + global + MapLegend.lines(.hike, mode: mode)
    }

    /// How the strip's pictures are drawn (chafa's formats, the override, tmux).
    public static var photoPictures: [HelpLine] {
        [
            HelpLine(keys: L("Pictures"), what: L("drawn by chafa (sudo apt install chafa): kitty, iTerm2 or sixel images where the terminal is known to show them, colour symbols elsewhere; CAIRN_IMAGES=symbols|sixels|kitty|iterm chooses (xterm -ti vt340: sixels); under tmux images need `set -g allow-passthrough on`")),
        ]
    }

    /// The follow screen's help with its map legend in braille mode (``follow(in:)``).
    public static var follow: [HelpLine] { follow(in: .braille) }

    /// The follow screen's keys, what its readouts measure, the root's keys, then its map
    /// legend as `mode` draws the map (``MapLegend``).
    public static func follow(in mode: CanvasMode) -> [HelpLine] {
        FollowAction.keyMap.helpLines() + followReadouts + global + MapLegend.lines(.follow, mode: mode)
    }

    /// What each readout of the follow panel measures (shown in its `?` help). They agree by
    /// definition (DECISIONS.md 440): Covered ≤ Walked, Covered ≤ the route length, Along + Left =
    /// the route length, Furthest ≥ Along while on the route.
    public static var followReadouts: [HelpLine] {
        [
            HelpLine(keys: L("Along"), what: L("readout: distance along the route to its point nearest you (your matched position), of its length")),
            HelpLine(keys: L("Left"), what: L("readout: route still ahead of Along (length − Along), and the time for it")),
            HelpLine(keys: L("Covered"), what: L("readout: route you walked, share and length: the smaller of the route within 25 m of your steps and the distance walked within 25 m of it (never more than Walked; out and back: the out leg first)")),
            HelpLine(keys: L("Off trail"), what: L("readout: your distance from the route (cross-track distance)")),
            HelpLine(keys: L("Walked"), what: L("readout: distance between your accepted fixes, on or off the route (pauses left out), and the time")),
            HelpLine(keys: L("Furthest"), what: L("readout: the largest Along reached while within the off-route distance (30 m) of the route")),
        ]
    }

    /// The recording screen's help with its map legend in braille mode (``record(in:)``).
    public static var record: [HelpLine] { record(in: .braille) }

    /// The recording screen's keys, the root's keys, then its map legend as `mode` draws the
    /// map (``MapLegend``).
    public static func record(in mode: CanvasMode) -> [HelpLine] {
        RecordAction.keyMap.helpLines() + global + MapLegend.lines(.record, mode: mode)
    }

    /// The drawing screen with the map focused: its keys, the list's, the common ones.
    public static var drawMap: [HelpLine] {
        DrawAction.mapKeyMap.helpLines() + DrawAction.listKeyMap.helpLines(labelSuffix: L("  (list)"))
            + DrawAction.commonKeyMap.helpLines() + global
    }

    /// The drawing screen with the stop list focused: the list's keys first.
    public static var drawList: [HelpLine] {
        DrawAction.listKeyMap.helpLines(labelSuffix: L("  (list)")) + DrawAction.mapKeyMap.helpLines(labelSuffix: L("  (map)"))
            + DrawAction.commonKeyMap.helpLines() + global
    }

    /// The drawing screen while a stop is being moved.
    public static var drawMoving: [HelpLine] { DrawAction.movingKeyMap.helpLines() + global }

    public static var checklist: [HelpLine] { ChecklistAction.keyMap.helpLines() }



    /// The help of what `state` shows.
    static func lines(for state: AppState) -> [HelpLine] { CairnApp.screen(state.screen.kind).help(state) }
}
