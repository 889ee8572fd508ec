import Foundation
import Localization
import TermUI
import TrailMap

/// The ground shares of a hike as two stacked bars with their legends (issue 16): the SAC
/// grades (T1-T6, ungraded, no path) and the surface classes (paved … unknown, no path), each
/// bar as wide as the area, cells shared out by largest remainder. "No path": no walkable way
/// within ``GroundMap/radius`` of the stretch (DECISIONS 482).
///
/// Colours are the theme's `sac-1` … `sac-6` and `surface-*` roles (``ThemeRole``), the same
/// the map uses for the line coloured by grade; ungraded ways take the route's colour, unknown
/// surfaces and stretches with no path are `muted`. Where the theme gives a class no colour
/// (mono, NO_COLOR) or the terminal is not UTF-8, every class is drawn with its own letter
/// instead of a block (no path: `.`, never a blank), so the bar still reads and shows every
/// share (DECISIONS 213).
public struct GroundBars: Sendable {
    /// One class of a bar: its short name, share in percent, role and letter.
    public struct Item: Sendable, Hashable {
        public var name: String
        public var percent: Double
        public var role: String
        public var letter: Character
    }

    /// The letter of the "no path" share in the patterned bar and its legend: a full stop, an
    /// ASCII mark that reads as "nothing here" and is not a blank (a blank run looked like the
    /// bar simply ended, and the share went unseen).
    public static let noPathLetter: Character = "."

    /// The shares drawn.
    public var shares: GroundShares
    /// Theme and drawing mode.
    public var environment: WidgetEnvironment

    public init(shares: GroundShares, environment: WidgetEnvironment) {
        self.shares = shares
        self.environment = environment
    }

    /// The grade classes in order: T1-T6, ungraded ("-"), no path (".").
    public var gradeItems: [Item] {
        SACScale.allCases.map { Item(name: "\($0)", percent: shares.percent(grade: $0), role: ThemeRole.sac($0.rawValue),
                                     letter: Character("\($0.rawValue)")) }
            + [Item(name: L("ungraded"), percent: shares.percent(grade: nil), role: LineClass.role(LineClass.ungraded), letter: "-"),
               Item(name: L("no path"), percent: shares.offMapPercent, role: LineClass.role(LineClass.offMap), letter: Self.noPathLetter)]
    }

    /// The surface classes in order, then no path.
    public var surfaceItems: [Item] {
        let letters: [SurfaceClass: Character] = [.paved: "P", .gravel: "G", .dirt: "D", .grass: "V", .rock: "R", .unknown: "?"]
        return SurfaceClass.allCases.map { s in
            Item(name: s.localizedName, percent: shares.percent(surface: s),
                 role: s == .unknown ? ThemeRole.muted : ThemeRole.surfaceRoles[s.rawValue], letter: letters[s]!)
        } + [Item(name: L("no path"), percent: shares.offMapPercent, role: LineClass.role(LineClass.offMap), letter: Self.noPathLetter)]
    }

    /// Cells per item for a bar `width` cells wide: floor of each share, the cells left over
    /// going to the largest remainders (ties to the earlier item), so they sum to `width`
    /// whenever the shares sum to 100.
    public static func cells(_ items: [Item], width: Int) -> [Int] {
        guard width > 0 else { return items.map { _ in 0 } }
        let exact = items.map { max(0, $0.percent) / 100 * Double(width) }
        var out = exact.map { Int($0) }
        var left = width - out.reduce(0, +)
        let order = exact.indices.sorted { (exact[$0] - Double(out[$0]), -$0) > (exact[$1] - Double(out[$1]), -$1) }
        for i in order where left > 0 && exact[i] > 0 {
            out[i] += 1
            left -= 1
        }
        return out
    }

    /// "42%", "<1%" for a share under half a percent that is not zero.
    public static func percentText(_ p: Double) -> String {
        if p > 0 && p < 0.5 { return "<1%" }
        return String(format: "%.0f%%", p.rounded())
    }

    /// True when class colours cannot tell the classes apart (no colour in the theme, or ASCII).
    var patterned: Bool {
        environment.canvasMode != .braille || environment.style(ThemeRole.sac(1)).fg == nil
    }

    /// Draws the two bars with their legends from row `area.y`; returns the row after the last
    /// one drawn (nothing is drawn below `area.maxY`).
    @discardableResult
    public func render(area: Rect, into buffer: inout Buffer) -> Int {
        var y = area.y
        // TRANSLATORS: the SAC hiking scale's short name as a title (French: CAS, Club Alpin Suisse).
        for (title, items) in [(Lc("SAC scale", "SAC"), gradeItems), (L("Surface"), surfaceItems)] {
            guard y < area.maxY else { return y }
            y = bar(title, items, y: y, area: area, into: &buffer)
        }
        return y
    }

    /// One titled bar and its legend lines.
    func bar(_ title: String, _ items: [Item], y start: Int, area: Rect, into buffer: inout Buffer) -> Int {
        var y = start
        let labelWidth = 8
        buffer.setString(x: area.x, y: y, title, style: environment.style(ThemeRole.muted), maxWidth: min(labelWidth, area.width))
        let barWidth = max(0, area.width - labelWidth)
        var x = area.x + labelWidth
        for (item, n) in zip(items, Self.cells(items, width: barWidth)) where n > 0 {
            let glyph = patterned ? String(item.letter) : (item.letter == Self.noPathLetter ? "·" : "█")
            for _ in 0..<n {
                buffer.set(x: x, y: y, Cell(glyph).applying(environment.style(item.role)))
                x += 1
            }
        }
        y += 1
        // Legend: the classes with length, packed into lines.
        x = area.x + labelWidth
        guard y < area.maxY else { return y }
        var wrote = false
        for item in items where item.percent > 0 {
            // Without colour the swatch is the class's letter in the bar: "2:T2 49%".
            let swatch = patterned ? String(item.letter) + ":" : (item.letter == Self.noPathLetter ? "·" : "■")
            let text = item.name + " " + Self.percentText(item.percent)
            let width = DisplayWidth.of(swatch) + 1 + DisplayWidth.of(text)
            if x + width > area.maxX && x > area.x + labelWidth {
                y += 1
                x = area.x + labelWidth
                guard y < area.maxY else { return y }
            }
            buffer.setString(x: x, y: y, swatch, style: environment.style(item.role), maxWidth: max(0, area.maxX - x))
            let tx = x + DisplayWidth.of(swatch)
            buffer.setString(x: tx, y: y, text, style: environment.style(ThemeRole.text), maxWidth: max(0, area.maxX - tx))
            x += width
            wrote = true
        }
        return wrote ? y + 1 : y
    }
}
