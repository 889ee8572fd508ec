extension HelpText {
    /// The keys of the drawing screen.
    public static let draw: [(keys: String, what: String)] = [
        ("← → ↑ ↓  h j k l", "move the cursor (the map scrolls at the edges)"),
        ("Shift+arrows", "move the cursor eight cells at a time"),
        ("+  -  mouse wheel", "zoom in / out around the cursor"),
        ("Enter", "drop a pin: make it the start, the destination, a stop between, or leave it"),
        ("Tab", "switch between the map and the stop list"),
        ("↑ ↓  (list)", "select a stop"),
        ("K J  Shift+↑ ↓  (list)", "move the selected stop up / down in the order"),
        ("m  (list)", "move the selected stop on the map (Enter puts it, Esc cancels)"),
        ("x  Delete  (list)", "delete the selected stop"),
        ("Enter  (list)", "put the cursor on the selected stop"),
        ("s", "routing on / off for new legs (off: straight lines)"),
        ("/", "search named places; Enter adds the chosen one as a stop"),
        ("w", "save the route as a hike (asks for a name)"),
        ("f", "fit the map over the stops"),
        ("L", "map labels on / off"),
        ("?  F1", "this help"),
        ("q  Esc", "back to the library (the drawing is kept)"),
    ]
}
