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
        let scope = model.area == nil ? "within \(PlacesFeature.radiusText(model.within)) of the line" : "in the map's view"
        let count = model.found == nil ? "searching…" : "\(model.rows.count) shown"
        buffer.setString(x: area.x + 1, y: area.y, "Places along \(name) · \(scope) · \(count)",
                         style: env.style(ThemeRole.heading), maxWidth: area.width - 2)
        // The chips.
        var x = area.x + 1
        for (i, k) in PlaceKind.searchable.enumerated() {
            let on = model.kinds.contains(k)
            let text = (env.canvasMode == .braille ? "\(k.symbol)" : "\(k.asciiSymbol)") + " " + k.label
            let w = DisplayWidth.of(text) + 2
            if x + w > area.maxX { break }
            var style = env.style(on ? ThemeRole.highlight : ThemeRole.muted)
            if i == model.chip { style = style.patched(with: env.style(ThemeRole.selection)) }
            buffer.setString(x: x, y: area.y + 1, on ? "[\(text)]" : " \(text) ", style: style, maxWidth: w)
            x += w + 1
        }
        let detailWidth = area.width >= 100 ? 36 : 0
        let listArea = Rect(x: area.x, y: area.y + 3, width: area.width - detailWidth, height: max(0, area.height - 3 - (detailWidth == 0 ? 5 : 0)))
        let rows = model.rows
        if rows.isEmpty {
            let msg = model.found == nil ? "Looking for places…"
                : "No places of these kinds \(scope). + widens the search, * shows every kind, v searches the map's view."
            buffer.setString(x: listArea.x + 2, y: listArea.y, msg, style: env.style(ThemeRole.muted), maxWidth: listArea.width - 3)
        }
        let selected = min(max(0, model.selected), max(0, rows.count - 1))
        let top = max(0, min(selected - listArea.height / 2, rows.count - listArea.height))
        buffer.setString(x: listArea.x + 1, y: listArea.y - 1, "   ALONG      OFF  KIND           NAME", style: env.style(ThemeRole.muted),
                         maxWidth: listArea.width - 2)
        for r in 0..<min(listArea.height, rows.count - top) {
            let row = rows[top + r]
            let p = row.place
            let symbol = env.canvasMode == .braille ? p.kind.symbol : p.kind.asciiSymbol
            let mark = p.id != nil ? "*" : " "
            let along = pad(u.distance(row.distanceAlong), 8), off = pad(u.distance(row.distanceOff), 8)
            let ele = p.elevation.map { " " + u.elevation($0) } ?? ""
            let kind = "\(symbol) \(p.kind.label)".padding(toLength: 14, withPad: " ", startingAt: 0)
            let line = "\(mark)\(along) \(off)  \(kind) \(TextSanitizer.sanitize(p.name ?? "(unnamed)"))\(ele)"
            let style = env.style(top + r == selected ? ThemeRole.selection : (p.id != nil ? ThemeRole.highlight : ThemeRole.text))
            if top + r == selected { buffer.fill(Rect(x: listArea.x, y: listArea.y + r, width: listArea.width, height: 1), with: Cell(" ").applying(style)) }
            buffer.setString(x: listArea.x + 1, y: listArea.y + r, line, style: style, maxWidth: listArea.width - 2)
        }
        let detail = detailWidth > 0
            ? Rect(x: area.maxX - detailWidth, y: area.y + 3, width: detailWidth, height: area.height - 3)
            : Rect(x: area.x, y: area.maxY - 5, width: area.width, height: 5)
        if let row = model.selectedRow { renderDetail(row, env, detail, &buffer) }
    }

    static func pad(_ s: String, _ n: Int) -> String { String(repeating: " ", count: max(0, n - s.count)) + s }

    /// The selected place: name, kind, where, OSM id and the tags a hiker cares about.
    static func renderDetail(_ row: PlaceAlongTrail, _ env: WidgetEnvironment, _ area: Rect, _ buffer: inout Buffer) {
        let p = row.place
        var lines: [(String, String)] = [(TextSanitizer.sanitize(p.name ?? "(unnamed)"), ThemeRole.heading)]
        lines.append(("\(p.kind.label) · \(env.format.distance(row.distanceAlong)) along, \(env.format.distance(row.distanceOff)) off", ThemeRole.text))
        if let osm = p.osmID { lines.append(("OpenStreetMap \(osm)" + (p.id != nil ? " · on the hike" : ""), ThemeRole.muted)) }
        else if p.id != nil { lines.append(("your place · r rename, N note, K kind, x remove", ThemeRole.muted)) }
        for k in Place.hikerTagKeys {
            guard let v = p.tags[k], k != "ele" || p.elevation == nil else { continue }
            lines.append(("\(k.replacingOccurrences(of: "_", with: " ")): \(TextSanitizer.sanitize(v))", ThemeRole.text))
        }
        if let e = p.elevation { lines.append(("height: \(env.format.elevation(e))", ThemeRole.text)) }
        if let n = p.note { lines.append(("note: \(TextSanitizer.sanitize(n))", ThemeRole.text)) }
        for (i, l) in lines.prefix(area.height).enumerated() {
            buffer.setString(x: area.x + 1, y: area.y + i, l.0, style: env.style(l.1), maxWidth: area.width - 2)
        }
    }
}
