import TermUI

/// A mark drawn over the map (the route's start and finish, the position, photo pins, the map
/// cursor): its glyph in braille mode and its one-character stand-in in ASCII mode. The map
/// widget and the screens draw these, and the `?` help's map legend (``MapLegend``) names them
/// from the same values, so the legend shows what the map draws.
public struct MapMark: Hashable, Sendable {
    /// The glyph in braille mode (one cell).
    public var glyph: String
    /// The stand-in in ASCII mode (`--ascii`, no UTF-8 locale).
    public var ascii: Character

    /// The glyph `mode` draws: ``glyph`` in braille mode, ``ascii`` in ASCII mode.
    public func shown(in mode: CanvasMode) -> String { mode == .braille ? glyph : String(ascii) }

    /// The live position (follow, record) and the hike screen's profile cursor on the map.
    public static let position = MapMark(glyph: "◉", ascii: "@")
    /// The first point of the line (route, hike or recording).
    public static let start = MapMark(glyph: "●", ascii: "S")
    /// The last point of the line.
    public static let finish = MapMark(glyph: "◆", ascii: "F")
    /// The start and the finish in one cell (a loop, or a line zoomed out to a few cells): the
    /// finish's diamond with the start's dot inside, in the start's style, so neither end hides
    /// the other (the finish was drawn under the start until z17).
    public static let startAndFinish = MapMark(glyph: "◈", ascii: "E")
    /// A placed photo or a "photo here" mark (``PhotoMarks``): no place or map symbol uses
    /// either glyph, and the ASCII canvas never draws "&" for a line (it draws "#" for a cell
    /// of six dots or more, all along a heavy line, where photos sit: DECISIONS 1038).
    public static let photo = MapMark(glyph: "▣", ascii: "&")
    /// The hike map's cursor while the map has the focus (``PlaceMarks/drawMapCursor(viewport:area:environment:into:)``).
    public static let cursor = MapMark(glyph: "╋", ascii: "+")
}
