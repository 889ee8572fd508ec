/// The Unicode braille patterns (U+2800–U+28FF) as a 2x4 dot grid.
///
/// Per the Unicode standard (chapter 21.1, "Braille Patterns"), the glyph for a set of raised
/// dots is U+2800 plus a bit mask, dot *n* being bit *n − 1*. Dots 1-2-3 run down the left
/// column, 4-5-6 down the right, and the eight-dot cells add dot 7 (bottom left) and dot 8
/// (bottom right):
/// ```
///  col 0  col 1
///  0x01   0x08    row 0   (dots 1, 4)
///  0x02   0x10    row 1   (dots 2, 5)
///  0x04   0x20    row 2   (dots 3, 6)
///  0x40   0x80    row 3   (dots 7, 8)
/// ```
public enum BrailleGlyphs {
    /// `bits[row * 2 + column]`: the mask bit of the dot at that position in a cell.
    public static let bits: [UInt8] = [0x01, 0x08, 0x02, 0x10, 0x04, 0x20, 0x40, 0x80]

    /// The mask bit of the dot at `column` (0-1) and `row` (0-3) of a cell.
    @inline(__always)
    public static func bit(column: Int, row: Int) -> UInt8 { bits[(row & 3) << 1 | (column & 1)] }

    /// The 256 glyphs, index = mask, precomputed: `glyphs[m]` is U+2800 + m.
    public static let glyphs: [String] = (0..<256).map { String(Character(Unicode.Scalar(UInt32(0x2800 + $0))!)) }

    /// The glyph for a dot mask.
    @inline(__always)
    public static func glyph(_ mask: UInt8) -> String { glyphs[Int(mask)] }
}
