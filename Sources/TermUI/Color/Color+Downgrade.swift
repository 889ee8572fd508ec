/// Downgrading colours to what a terminal can show.
///
/// The method, so tests and other tools can reproduce it:
/// - Distance between two colours is the squared Euclidean distance in 8-bit sRGB,
///   `(r1-r2)² + (g1-g2)² + (b1-b2)²` (no perceptual weighting: simple and predictable).
///   Ties go to the lower palette index.
/// - **RGB → 256:** the nearest of the xterm 6x6x6 cube (indexes 16-231, channel levels
///   0, 95, 135, 175, 215, 255; index `16 + 36r + 6g + b`) and the grey ramp (232-255, level
///   `8 + 10·(i − 232)`). Indexes 0-15 are never chosen, because users re-colour them.
/// - **RGB or 256 → 16:** the nearest of the 16 ANSI colours, taken at xterm's default
///   values (``ansiPalette``). RGB goes there directly, not through 256, to avoid rounding twice;
///   an index 0-15 maps to the same ANSI colour.
/// - **→ 8:** first → 16 as above, then a bright colour becomes its normal one (ANSI n − 8),
///   except bright-black (a mid grey), which becomes white (7) so grey text stays readable on
///   dark backgrounds. (Plain nearest-of-8 would send mid grey to yellow.)
/// - **→ none:** every colour becomes ``Color/default``.
/// ``Color/default`` stays itself at every depth.
extension Color {
    /// xterm's default values for the 16 ANSI colours (index = ANSI number), as (r, g, b).
    public static let ansiPalette: [(r: UInt8, g: UInt8, b: UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
        (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
        (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The channel levels of the xterm 6x6x6 colour cube.
    public static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// This colour as RGB: exact for `.rgb`, the xterm default value for `.ansi` and
    /// `.indexed`, nil for `.default` (whose value only the terminal knows).
    public var rgbValue: (r: UInt8, g: UInt8, b: UInt8)? {
        switch self {
        case .default: return nil
        case .rgb(let r, let g, let b): return (r, g, b)
        case .ansi(let n): return Color.ansiPalette[Int(n % 16)]
        case .indexed(let n): return Color.paletteValue(ofIndex: n)
        }
    }

    /// The RGB value of xterm 256-palette index `n` (0-15 from ``ansiPalette``).
    public static func paletteValue(ofIndex n: UInt8) -> (r: UInt8, g: UInt8, b: UInt8) {
        switch n {
        case 0..<16: return ansiPalette[Int(n)]
        case 16..<232:
            let i = Int(n) - 16
            return (cubeLevels[i / 36], cubeLevels[(i / 6) % 6], cubeLevels[i % 6])
        default:
            let v = UInt8(8 + 10 * (Int(n) - 232))
            return (v, v, v)
        }
    }

    /// The best colour a terminal of `depth` can show for this colour (method above).
    public func downgraded(to depth: ColorDepth) -> Color {
        switch (depth, self) {
        case (_, .default), (.trueColor, _): return self
        case (.none, _): return .default
        case (.indexed256, .rgb(let r, let g, let b)): return .indexed(Color.nearest256(r, g, b))
        case (.indexed256, _): return self
        case (.ansi16, .ansi(let n)): return .ansi(n % 16)
        case (.ansi16, .indexed(let n)) where n < 16: return .ansi(n)
        case (.ansi16, _):
            let v = rgbValue!
            return .ansi(Color.nearestANSI(v.r, v.g, v.b, count: 16))
        case (.ansi8, _):
            guard case .ansi(let n) = downgraded(to: .ansi16) else { return .default }
            return .ansi(n == 8 ? 7 : n % 8)
        }
    }

    /// Squared Euclidean distance between two RGB colours.
    static func distance(_ a: (r: UInt8, g: UInt8, b: UInt8), _ b: (r: UInt8, g: UInt8, b: UInt8)) -> Int {
        let dr = Int(a.r) - Int(b.r), dg = Int(a.g) - Int(b.g), db = Int(a.b) - Int(b.b)
        return dr * dr + dg * dg + db * db
    }

    /// The xterm 256-palette index (16-255) nearest to (r, g, b).
    static func nearest256(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        // The metric is separable, so the nearest cube point takes the nearest level per channel.
        func level(_ v: UInt8) -> Int {
            var best = 0
            for i in 1..<cubeLevels.count where abs(Int(cubeLevels[i]) - Int(v)) < abs(Int(cubeLevels[best]) - Int(v)) {
                best = i
            }
            return best
        }
        let cube = 16 + 36 * level(r) + 6 * level(g) + level(b)
        let target = (r: r, g: g, b: b)
        var grey = 232
        for i in 233...255 where distance(target, paletteValue(ofIndex: UInt8(i))) < distance(target, paletteValue(ofIndex: UInt8(grey))) {
            grey = i
        }
        let dc = distance(target, paletteValue(ofIndex: UInt8(cube)))
        let dg = distance(target, paletteValue(ofIndex: UInt8(grey)))
        return UInt8(dg < dc ? grey : cube)
    }

    /// The ANSI index below `count` whose ``ansiPalette`` value is nearest to (r, g, b).
    static func nearestANSI(_ r: UInt8, _ g: UInt8, _ b: UInt8, count: Int) -> UInt8 {
        var best = 0, bestDistance = Int.max
        for i in 0..<count {
            let d = distance((r, g, b), ansiPalette[i])
            if d < bestDistance { best = i; bestDistance = d }
        }
        return UInt8(best)
    }
}
