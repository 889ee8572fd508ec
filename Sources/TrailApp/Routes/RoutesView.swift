import Localization
import Foundation
import TermUI
import TrailCore
import TrailMap

/// Draws the Routes screen: a heading, the routes with their blazes (one a line), the selected
/// route's details (network, from and to, gaps, completion with the missing stretches, its
/// openstreetmap.org address) and its line on a map with the walked parts in the covered style.
public enum RoutesView {
    /// The map's place: the right part of the content on a wide terminal, else its lower part.
    public static func mapArea(_ content: Rect) -> Rect {
        if content.width >= 90 {
            let w = content.width * 45 / 100
            return Rect(x: content.maxX - w, y: content.y + 1, width: w, height: max(0, content.height - 1))
        }
        let h = content.height / 2
        return Rect(x: content.x, y: content.maxY - h, width: content.width, height: h)
    }

    public static func render(model: RoutesModel, environment env: WidgetEnvironment, area: Rect, into buffer: inout Buffer) {
        buffer.clear(area)
        guard area.width >= 20, area.height >= 6 else { return }
        let u = env.format
        let map = mapArea(area)
        let left = area.width >= 90 ? Rect(x: area.x, y: area.y, width: area.width - map.width - 1, height: area.height)
                                    : Rect(x: area.x, y: area.y, width: area.width, height: area.height - map.height)
        let count = model.routes.map { "\($0.count)" } ?? L("searching…")
        let heading = model.origin != nil ? L("Waymarked routes near the map's view · %s", count)
            : (model.box != nil ? L("Waymarked routes near the selected hike · %s", count) : L("Waymarked routes in the map · %s", count))
        buffer.setString(x: area.x + 1, y: area.y, heading + (model.showsAll ? " · " + L("with long-distance") : ""),
                         style: env.style(ThemeRole.heading), maxWidth: left.width - 2)
        let routes = model.routes ?? []
        let detailHeight = min(10, max(0, left.height - 4))
        let list = Rect(x: left.x, y: left.y + 1, width: left.width, height: max(0, left.height - 1 - detailHeight))
        if routes.isEmpty {
            let msg = model.routes == nil ? L("Looking for routes…")
                : L("No waymarked routes here") + (model.hiddenLongDistance > 0 ? " " + L("(a shows %d long-distance)", model.hiddenLongDistance) : "")
                  + ". " + L("Routes come from the imported map (route=hiking relations).")
            buffer.setString(x: list.x + 2, y: list.y, msg, style: env.style(ThemeRole.muted), maxWidth: list.width - 3)
        }
        let selected = min(max(0, model.selected), max(0, routes.count - 1))
        let top = max(0, min(selected - list.height / 2, routes.count - list.height))
        for r in 0..<min(list.height, max(0, routes.count - top)) {
            let route = routes[top + r]
            let y = list.y + r
            let isSelected = top + r == selected
            let style = env.style(isSelected ? ThemeRole.selection : ThemeRole.text)
            if isSelected { buffer.fill(Rect(x: list.x, y: y, width: list.width, height: 1), with: Cell(" ").applying(style)) }
            let blazeWidth = BlazeCells.markWidth + BlazeCells.maxTextWidth
            let drawn = BlazeCells.draw(route.symbol, x: list.x + 1, y: y, maxWidth: blazeWidth, into: &buffer)
            if drawn == 0 { buffer.setString(x: list.x + 1, y: y, " · ", style: env.style(ThemeRole.muted), maxWidth: 3) }
            var text = TextSanitizer.sanitize(route.title)
            if let ref = route.route.ref, ref != route.title { text += " (\(TextSanitizer.sanitize(ref)))" }
            var tail = u.distance(route.length) + (route.route.isComplete ? "" : " " + L("(incomplete)"))
            if let c = model.completions[route.id] { tail += "  \(Int((c.share * 100).rounded(.down))) %" }
            let textX = list.x + 2 + blazeWidth
            let tailWidth = DisplayWidth.of(tail)
            buffer.setString(x: textX, y: y, text, style: style, maxWidth: max(0, list.maxX - textX - tailWidth - 2))
            buffer.setString(x: list.maxX - tailWidth - 1, y: y, tail, style: style, maxWidth: tailWidth)
        }
        if let route = model.selectedRoute, detailHeight > 0 {
            renderDetail(route, model.completions[route.id], env,
                         Rect(x: left.x, y: left.maxY - detailHeight, width: left.width, height: detailHeight), &buffer)
        }
        if area.width >= 90 {
            for y in area.y..<area.maxY { buffer.set(x: map.x - 1, y: y, Cell("│").applying(env.style(ThemeRole.muted))) }
        }
        var widget = MapWidget(viewport: model.viewport, basemap: model.basemap, hike: model.preview, scrubIndex: nil,
                               routeGrades: nil, showsLabels: true, environment: env)
        widget.coveredRanges = model.selectedRoute.flatMap { model.completions[$0.id]?.walkedRanges } ?? []
        _ = widget.render(area: map, into: &buffer)
    }

    /// The selected route's facts, completion and source.
    static func renderDetail(_ r: RouteSummary, _ completion: CompletionFigures?, _ env: WidgetEnvironment, _ area: Rect,
                             _ buffer: inout Buffer) {
        let u = env.format
        let s = TextSanitizer.sanitize
        var lines: [(String, String)] = []
        var facts: [String] = []
        if let n = r.networkWord { facts.append(L("%s network", s(n))) }
        if let rt = r.route.isRoundTrip { facts.append(rt ? L("round trip") : L("one way")) }
        facts.append((r.route.isComplete ? L("%s in the map", u.distance(r.length)) : L("%s in this extract (incomplete)", u.distance(r.length)))
                     + (r.taggedDistance.map { " " + L("(tagged %s)", u.distance($0)) } ?? ""))
        lines.append((facts.joined(separator: " · "), ThemeRole.text))
        switch (r.route.tags["from"].map(s), r.route.tags["to"].map(s)) {
        case let (a?, b?): lines.append((L("from %s to %s", a, b), ThemeRole.text))
        case let (a?, nil): lines.append((Lc("from place", "from %s", a), ThemeRole.text))
        case let (nil, b?): lines.append((L("to %s", b), ThemeRole.text))
        case (nil, nil): break
        }
        if !r.line.gaps.isEmpty {
            let total = r.line.gaps.reduce(0) { $0 + $1.length }
            lines.append((Ln("%d gap between members (%s) bridged and marked", "%d gaps between members (%s) bridged and marked",
                             r.line.gaps.count, r.line.gaps.count, u.distance(total)),
                          ThemeRole.warning))
        }
        if let c = completion {
            lines.append((s(c.line(u)), ThemeRole.heading))
            for m in c.missing.prefix(3) {
                lines.append(("  " + L("missing %s at %s", u.distance(m.length), u.distance(m.start))
                              + s(TrailCompletion.placesText(from: m.fromName, to: m.toName)), ThemeRole.muted))
            }
        } else {
            lines.append((L("completion: reading your walks…"), ThemeRole.muted))
        }
        lines.append((MapWidget.attribution + " · " + L("to correct it:"), ThemeRole.muted))
        lines.append((r.osmURL, ThemeRole.muted))
        buffer.setString(x: area.x + 1, y: area.y, String(repeating: "─", count: max(0, area.width - 2)),
                         style: env.style(ThemeRole.muted), maxWidth: area.width - 2)
        for (i, l) in lines.prefix(area.height - 1).enumerated() {
            buffer.setString(x: area.x + 1, y: area.y + 1 + i, l.0, style: env.style(l.1), maxWidth: area.width - 2)
        }
    }
}
