import Localization
import Foundation
import TermUI
import TrailCore

/// Draws the Places screen: a heading, the kind chips, the list in walking order and the
/// selected place's details (what OSM says about it, sanitised like every string drawn).
public enum PlacesView {
    public static func render(model: PlacesModel, environment env: WidgetEnvironment, area: Rect, into buffer: inout Buffer) {
        buffer.clear(area)
        guard area.width >= 10, area.height >= 4 else { return }
        let u = env.format
        let name = TextSanitizer.sanitize(model.hike.screen.hike.name)
        let scope = model.area == nil ? L("within %s of the line", PlacesFeature.radiusText(model.within)) : L("in the map's view")
        let count = model.found == nil ? L("searching…") : L("%d shown", model.rows.count)
        buffer.setString(x: area.x + 1, y: area.y, L("Places along %s · %s · %s", name, scope, count),
                         style: env.style(ThemeRole.heading), maxWidth: area.width - 2)
        renderChips(model, env, Rect(x: area.x + 1, y: area.y + 1, width: area.width - 2, height: 1), &buffer)
        let detailWidth = area.width >= 100 ? 36 : 0
        let listArea = Rect(x: area.x, y: area.y + 3, width: area.width - detailWidth, height: max(0, area.height - 3 - (detailWidth == 0 ? 5 : 0)))
        let rows = model.rows
        if rows.isEmpty {
            let msg = model.found == nil ? L("Looking for places…")
                : L("No places of these kinds %s. + widens the search, * shows every kind, v searches the map's view.", scope)
            buffer.setString(x: listArea.x + 2, y: listArea.y, msg, style: env.style(ThemeRole.muted), maxWidth: listArea.width - 3)
        }
        let selected = min(max(0, model.selected), max(0, rows.count - 1))
        let top = max(0, min(selected - listArea.height / 2, rows.count - listArea.height))
        let legend = rows.contains(where: \.place.elevationFromTerrain) ? "  " + L("(~ height from the terrain)") : ""
        // The kind column holds the longest kind's label in the user's language (14 in English).
        let kindWidth = max(14, PlaceKind.allCases.map { DisplayWidth.of($0.label) + 2 }.max() ?? 0)
        // TRANSLATORS: column headings of the Places list.
        let header = pad(L("ALONG"), 8) + " " + pad(L("OFF"), 8) + "  " + padRight(L("KIND"), kindWidth) + " " + L("NAME")
        buffer.setString(x: listArea.x + 1, y: listArea.y - 1, header + legend,
                         style: env.style(ThemeRole.muted), maxWidth: listArea.width - 2)
        for r in 0..<min(listArea.height, rows.count - top) {
            let row = rows[top + r]
            let p = row.place
            let symbol = env.canvasMode == .braille ? p.kind.symbol : p.kind.asciiSymbol
            let mark = p.id != nil ? "*" : " "
            let along = pad(u.distance(row.distanceAlong), 8), off = pad(u.distance(row.distanceOff), 8)
            let ele = p.elevation.map { " " + (p.elevationFromTerrain ? "~" : "") + u.elevation($0) } ?? ""
            let kind = padRight("\(symbol) \(p.kind.label)", kindWidth)
            let line = "\(mark)\(along) \(off)  \(kind) \(TextSanitizer.sanitize(p.name ?? L("(unnamed)")))\(ele)"
            let style = env.style(top + r == selected ? ThemeRole.selection : (p.id != nil ? ThemeRole.highlight : ThemeRole.text))
            if top + r == selected { buffer.fill(Rect(x: listArea.x, y: listArea.y + r, width: listArea.width, height: 1), with: Cell(" ").applying(style)) }
            buffer.setString(x: listArea.x + 1, y: listArea.y + r, line, style: style, maxWidth: listArea.width - 2)
        }
        let detail = detailWidth > 0
            ? Rect(x: area.maxX - detailWidth, y: area.y + 3, width: detailWidth, height: area.height - 3)
            : Rect(x: area.x, y: area.maxY - 5, width: area.width, height: 5)
        if let row = model.selectedRow { renderDetail(row, env, detail, &buffer) }
    }

    /// The kind chips on one row: whole chips only, a window that holds the chip cursor, and
    /// "‹N" / "+N more" for those left out before / after it. A chip on is bracketed and
    /// highlighted, one off is muted; the chip under the cursor is underlined and bold on the
    /// selection colour with a ▸ before it, so it stands out in every theme (high-contrast draws
    /// on and selected alike in reverse).
    static func renderChips(_ model: PlacesModel, _ env: WidgetEnvironment, _ row: Rect, _ buffer: inout Buffer) {
        let kinds = PlaceKind.searchable
        let texts = kinds.map { k -> String in
            let t = (env.canvasMode == .braille ? "\(k.symbol)" : "\(k.asciiSymbol)") + " " + k.label
            return model.kinds.contains(k) ? "[\(t)]" : " \(t) "
        }
        let widths = texts.map { DisplayWidth.of($0) + 1 }  // a gap (the cursor's ▸) before each
        let cursor = min(max(0, model.chip), kinds.count - 1)
        func before(_ n: Int) -> String { n > 0 ? "‹\(n)" : "" }
        func after(_ n: Int) -> String { n > 0 ? " " + L("+%d more", n) : "" }
        func fits(_ first: Int, _ end: Int) -> Bool {
            (first..<end).reduce(0) { $0 + widths[$1] } + DisplayWidth.of(before(first) + after(kinds.count - end)) <= row.width
        }
        // The first window (from the left) that holds the cursor, widened to the right.
        var first = 0
        while first < cursor, !fits(first, cursor + 1) { first += 1 }
        var end = cursor + 1
        while end < kinds.count, fits(first, end + 1) { end += 1 }
        var x = row.x
        let muted = env.style(ThemeRole.muted)
        if first > 0 {
            buffer.setString(x: x, y: row.y, before(first), style: muted)
            x += DisplayWidth.of(before(first))
        }
        for i in first..<end {
            let k = kinds[i]
            var style = env.style(model.kinds.contains(k) ? ThemeRole.highlight : ThemeRole.muted)
            if i == cursor {
                buffer.setString(x: x, y: row.y, env.canvasMode == .braille ? "▸" : ">", style: env.style(ThemeRole.cursor))
                style = style.patched(with: env.style(ThemeRole.selection))
                    .patched(with: Style(attributes: [.underline, .bold]))
            }
            buffer.setString(x: x + 1, y: row.y, texts[i], style: style, maxWidth: max(0, row.maxX - x - 1))
            x += widths[i]
        }
        if end < kinds.count {
            buffer.setString(x: x, y: row.y, after(kinds.count - end), style: muted, maxWidth: max(0, row.maxX - x))
        }
    }

    static func pad(_ s: String, _ n: Int) -> String { String(repeating: " ", count: max(0, n - DisplayWidth.of(s))) + s }

    /// `s` followed by spaces up to `n` cells (never cut).
    static func padRight(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - DisplayWidth.of(s))) }

    /// The selected place: name, kind, where, OSM id and the tags a hiker cares about.
    static func renderDetail(_ row: PlaceAlongTrail, _ env: WidgetEnvironment, _ area: Rect, _ buffer: inout Buffer) {
        let p = row.place
        var lines: [(String, String)] = [(TextSanitizer.sanitize(p.name ?? L("(unnamed)")), ThemeRole.heading)]
        lines.append((p.kind.label + " · " + L("%s along, %s off", env.format.distance(row.distanceAlong), env.format.distance(row.distanceOff)),
                      ThemeRole.text))
        if let osm = p.osmID { lines.append(("OpenStreetMap \(osm)" + (p.id != nil ? " · " + L("on the hike") : ""), ThemeRole.muted)) }
        else if p.id != nil { lines.append((L("your place · r rename, N note, K kind, x remove"), ThemeRole.muted)) }
        for k in Place.hikerTagKeys {
            guard let v = p.tags[k], k != "ele" || p.elevation == nil else { continue }
            lines.append(("\(k.replacingOccurrences(of: "_", with: " ")): \(TextSanitizer.sanitize(v))", ThemeRole.text))
        }
        if let e = p.elevation {
            lines.append((L("height: %s", env.format.elevation(e)) + (p.elevationFromTerrain ? " " + L("(terrain, SRTM)") : ""), ThemeRole.text))
        }
        if let n = p.note { lines.append((L("note: %s", TextSanitizer.sanitize(n)), ThemeRole.text)) }
        for (i, l) in lines.prefix(area.height).enumerated() {
            buffer.setString(x: area.x + 1, y: area.y + i, l.0, style: env.style(l.1), maxWidth: area.width - 2)
        }
    }
}
