/// The keys of each screen, as shown by `?`. Kept next to the update code that handles them.
public enum HelpText {
    public static let library: [(keys: String, what: String)] = [
        ("↑ ↓  j k", "select a hike"),
        ("PgUp PgDn  Home End", "move by a page / to the ends"),
        ("Enter  → l", "open the selected hike"),
        ("/", "filter by name (Enter keeps it, Esc clears it)"),
        ("s", "sort: date, distance, gain, name"),
        ("i", "import a GPX file (then tick its tracks)"),
        ("r", "rename the selected hike"),
        ("d  Delete", "delete the selected hike (asks first)"),
        ("?  F1", "this help"),
        ("q  Ctrl-C", "quit (Esc clears the filter)"),
        ("Ctrl-Z", "suspend to the shell (fg comes back)"),
    ]

    public static let hike: [(keys: String, what: String)] = [
        ("← →  h l", "move the cursor along the profile (map focus: pan)"),
        ("Shift+← →  PgUp PgDn", "move the cursor ten times as far"),
        ("Home End", "cursor to the start / the finish"),
        ("[  ]", "mark the start / end of a range (statistics of the range)"),
        ("u", "clear the range marks"),
        ("Tab", "switch focus between profile and map"),
        ("↑ ↓ ← →  (map focus)", "pan the map; with Shift a whole view"),
        ("+  -  mouse wheel", "zoom the map in / out"),
        ("0", "fit the whole hike on the map"),
        ("f", "follow this hike live (asks for the position source)"),
        ("c", "centre the map on the cursor"),
        ("L", "map labels on / off"),
        ("click", "profile: move the cursor there; map: focus it"),
        ("?  F1", "this help"),
        ("Esc  q", "back to the library"),
    ]

    public static let follow: [(keys: String, what: String)] = [
        ("↑ ↓ ← →  h j k l", "pan the map away from the position; with Shift a whole view"),
        ("c", "centre the map on the position again"),
        ("+  -  mouse wheel", "zoom the map in / out"),
        ("p", "pause / resume (a paused walk adds no distance, time or coverage)"),
        ("b", "backtrack: follow the walk so far back to its start"),
        ("v", "spoken alerts on / off (needs espeak-ng)"),
        ("x", "stop: show the summary and save it in the hike's history"),
        ("L", "map labels on / off"),
        ("?  F1", "this help"),
        ("Ctrl-C", "quit (the walk is kept, and offered for resuming)"),
    ]

    public static let checklist: [(keys: String, what: String)] = [
        ("↑ ↓  j k", "select a track"),
        ("Space  x", "tick / untick it"),
        ("a", "tick all / none"),
        ("Enter", "import the ticked tracks"),
        ("Esc", "cancel"),
    ]
}
