import Localization
import Foundation
import TermUI
import TrailCore
import TrailMap

/// Draws the drawing screen: the map (``DrawMapWidget``) and the side panel — readouts
/// (length, straight legs, gain and loss, the cursor's position), then the stop list with
/// what is at each stop and how each leg was made, or the pin card, or the search.
public enum DrawScreenView {
    /// Renders `model` into `area` of `buffer`.
    @discardableResult
    public static func render(model: DrawModel, environment env: WidgetEnvironment, area: Rect,
                              into buffer: inout Buffer) -> DrawMapWidget.RenderInfo {
        let area = area.intersection(buffer.area)
        buffer.clear(area)
        let layout = DrawScreenLayout(area: area)
        let info = DrawMapWidget(model: model, environment: env).render(area: layout.map, into: &buffer)
        PlaceMarks.drawOnMap(model.routePlaces, viewport: model.viewport, area: layout.map, environment: env,
                             keeping: info.cursorCell.map { ($0.x, $0.y) }, into: &buffer)
        if !layout.separator.isEmpty {
            let glyph = env.canvasMode == .braille ? (layout.isSideBySide ? "│" : "─") : (layout.isSideBySide ? "|" : "-")
            buffer.fill(layout.separator, with: Cell(glyph).applying(env.style(ThemeRole.border)))
        }
        if !layout.panel.isEmpty {
            var lines = readouts(model, env, width: layout.panel.width - 1)
            // The route's terrain profile under the readouts when the panel has room for it.
            if let profile = profileRect(model, layout: layout, below: lines.count) {
                for (i, line) in lines.enumerated() {
                    buffer.setString(x: layout.panel.x + 1, y: layout.panel.y + i, line.text, style: env.style(line.role),
                                     maxWidth: layout.panel.width - 1)
                }
                if let e = model.elevation { ElevationChart(hike: e.profile, environment: env).render(area: profile, into: &buffer) }
                let used = profile.maxY - layout.panel.y
                lines = Array(repeating: Line(""), count: used)
            }
            lines.append(Line(String(repeating: env.canvasMode == .braille ? "─" : "-", count: layout.panel.width - 1),
                              ThemeRole.border))
            let room = layout.panel.height - lines.count
            let skip = lines.prefix { $0.text.isEmpty && $0.role == ThemeRole.text }.count
            switch model.panel {
            case .stops: lines += stopLines(model, env, room: room, width: layout.panel.width - 1)
            case .pinCard(let card): lines += cardLines(card, model)
            case .search(let search): lines += searchLines(search, model, env, room: room, width: layout.panel.width - 1)
            }
            for (i, line) in lines.prefix(layout.panel.height).enumerated() where i >= skip {
                buffer.setString(x: layout.panel.x + 1, y: layout.panel.y + i, line.text, style: env.style(line.role),
                                 maxWidth: layout.panel.width - 1)
            }
        }
        return info
    }

    /// One line of the panel.
    struct Line {
        var text: String
        var role: String
        init(_ text: String, _ role: String = ThemeRole.text) {
            self.text = text
            self.role = role
        }
    }

    /// Decimal places of a stop's latitude and longitude as the screen shows them (about 1.1 m).
    public static let shownDecimals = 5

    /// `c` rounded to ``shownDecimals`` places: where a new stop goes, so the coordinates shown
    /// (and typed into `cairn route`) are the stop's own (DECISIONS 412).
    public static func atShownPrecision(_ c: Coordinate) -> Coordinate {
        let scale = 100_000.0
        return Coordinate(latitude: (c.latitude * scale).rounded() / scale, longitude: (c.longitude * scale).rounded() / scale)
    }

    /// "42.62360 N 1.53300 E".
    public static func position(_ c: Coordinate) -> String {
        String(format: "%.5f %@ %.5f %@", abs(c.latitude), c.latitude < 0 ? "S" : "N", abs(c.longitude),
               c.longitude < 0 ? "W" : "E")
    }

    /// Rows of the profile in the panel, and the fewest panel rows left for the stop list.
    static let profileHeight = 7, stopListRoom = 10

    /// Where the route's profile goes: under the `below` readout rows, when the route has a
    /// terrain profile and the panel keeps room for the stop list.
    static func profileRect(_ m: DrawModel, layout: DrawScreenLayout, below: Int) -> Rect? {
        guard let e = m.elevation, e.profile.hasElevation,
              layout.panel.height >= below + profileHeight + stopListRoom else { return nil }
        return Rect(x: layout.panel.x + 1, y: layout.panel.y + below, width: layout.panel.width - 1, height: profileHeight)
    }

    static func readouts(_ m: DrawModel, _ env: WidgetEnvironment, width: Int = 40) -> [Line] {
        let f = env.format
        let title = m.name.map { L("Editing %s", $0) } ?? L("New route")
        var lines = [Line(title, ThemeRole.heading)]
        if m.routingOn && m.mapMissing {
            lines.append(Line(L("No map: legs are straight lines · s"), ThemeRole.warning))
        } else {
            lines.append(Line(m.routingOn ? L("Routing on · s") : L("Routing off (straight lines) · s"), m.routingOn ? ThemeRole.text : ThemeRole.warning))
        }
        let straight = m.straightLegCount
        var length = L("Length %s", f.distance(m.length)) + " · " + Ln("%d straight leg", "%d straight legs", straight, straight)
        if m.pendingLegCount > 0 { length += " · " + L("routing…") }
        lines.append(Line(length))
        if m.stops.count > 1 {
            // One stop is no route yet: no gain to give, and none is missing (DECISIONS 172).
            // A route whose new legs are still being routed has no figures yet, not "no terrain".
            let pending = m.pendingLegCount > 0 && m.ascent == nil
            let source = pending ? " " + L("(routing…)") : m.elevation.map { $0.gain == nil ? " " + L("(no terrain)") : " " + L("(terrain)") } ?? ""
            lines.append(Line(L("Gain %s · Loss %s", f.elevationChange(m.ascent), f.elevationChange(m.descent.map { -$0 })) + source))
            let time = m.walkingTime
            lines.append(Line(time.withClimb ? L("Time %s (DIN 33466, climb)", f.duration(time.seconds))
                                             : L("Time %s flat (no terrain)", f.duration(time.seconds)),
                              time.withClimb ? ThemeRole.text : ThemeRole.muted))
        }
        lines += (m.elevation?.gaps.noteLines(f, width: width) ?? []).map { Line($0, ThemeRole.warning) }
        if !m.routePlaces.isEmpty {
            let n = m.routePlaces.count
            lines.append(Line(Ln("%d place saved with the route · p", "%d places saved with the route · p", n, n)))
        }
        lines.append(Line(L("Cursor %s", position(m.cursor)) + " z\(String(format: "%.1f", m.viewport.zoom))", ThemeRole.muted))
        return lines
    }

    /// What is at a stop: "Coll d'Ordino · 20 m · saddle" (name, distance, class: cut from the
    /// end when narrow), "nothing named within 500 m", or "…" before the answer.
    static func placeText(_ m: DrawModel, _ stop: Coordinate, _ env: WidgetEnvironment) -> String {
        guard let looked = m.places[stop] else { return "…" }
        guard let place = looked else { return L("nothing named within 500 m") }
        var text = place.name
        if let d = place.distance { text += " · \(env.format.distance(d))" }
        return text + " · " + place.featureClass.label
    }

    /// `text` on lines of at most `width` columns, broken between words (a word longer than a
    /// line is cut at the buffer's edge): the first line as it is, the others after `indent`.
    static func wrapped(_ text: String, indent: String, width: Int) -> [String] {
        guard width > 0, TextFit.width(text) > width else { return [text] }
        var lines: [String] = []
        var current: String?
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            guard let line = current else { current = word; continue }
            let candidate = line + " " + word
            if TextFit.width(candidate) <= width || word.isEmpty {
                current = candidate
            } else {
                lines.append(line)
                current = indent + word
            }
        }
        if let current { lines.append(current) }
        return lines
    }

    /// A short form of a straight-leg reason for narrow panels.
    static func shortReason(_ reason: StraightReason?) -> String {
        switch reason {
        case .stopTooFarFromPaths: return L("too far from paths")
        case .stopsTooFarApart: return L("stops too far apart")
        case .mapUnavailable: return L("no map")
        case let r?: return reasonText(r)
        case nil: return L("straight")
        }
    }

    /// Why a leg is straight, in words (``StraightReason/label``).
    static func reasonText(_ reason: StraightReason) -> String { reason.label }

    /// "3 pins (✕) on the map".
    static func pinsLine(_ m: DrawModel, _ env: WidgetEnvironment) -> Line {
        Line(Ln("%d pin (%s) on the map", "%d pins (%s) on the map", m.pins.count, m.pins.count, env.canvasMode == .braille ? "✕" : "x"),
             ThemeRole.muted)
    }

    static func stopLines(_ m: DrawModel, _ env: WidgetEnvironment, room: Int, width: Int = .max) -> [Line] {
        guard !m.stops.isEmpty else {
            var lines = [Line(L("No stops yet."), ThemeRole.heading), Line(""),
                         Line(L("Move the cursor, Enter drops a pin;")), Line(L("/ searches places by name."))]
            if !m.pins.isEmpty { lines.append(pinsLine(m, env)) }
            return lines
        }
        let last = m.stops.count - 1
        let ascii = env.canvasMode != .braille
        let (routedBar, straightBar) = ascii ? ("|", ":") : ("┃", "┆")
        var rows: [(line: Line, stop: Int)] = []
        for (i, stop) in m.stops.enumerated() {
            // TRANSLATORS: the role of a stop in the drawing list; padded to the longest of the three.
            let roles = [Lc("stop role", "start"), Lc("stop role", "end"), Lc("stop role", "stop")]
            let roleWidth = roles.map(TextFit.width).max() ?? 5
            let r = i == 0 ? roles[0] : (i == last ? roles[1] : roles[2])
            let role = r + String(repeating: " ", count: max(0, roleWidth - TextFit.width(r)))
            let marker = i == m.selected ? "›" : " "
            let highlighted = i == m.selected && (m.focus == .list || m.moving == i)
            // A long name goes on to a second line (the rest is cut at the panel's edge).
            let stopText = "\(marker)\(DrawMapWidget.stopGlyph(i)) \(role) \(placeText(m, stop, env))"
            for text in wrapped(stopText, indent: String(repeating: " ", count: 4 + roleWidth), width: width).prefix(2) {
                rows.append((Line(text, highlighted ? ThemeRole.highlight : ThemeRole.text), i))
            }
            guard i < last else { continue }
            if let leg = m.leg(i) {
                if leg.isRouted {
                    rows.append((Line(L("   %s %s routed", routedBar, env.format.distance(leg.length)), ThemeRole.muted), i))
                } else {
                    // The reason in full when it fits, else its short form, else on the next line.
                    let head = L("   %s %s straight", straightBar, env.format.distance(leg.length))
                    let full = head + " (\(leg.straightReason.map(reasonText) ?? L("straight")))"
                    let short = head + " (\(shortReason(leg.straightReason)))"
                    if TextFit.width(full) <= width {
                        rows.append((Line(full, ThemeRole.straightLeg), i))
                    } else if TextFit.width(short) <= width {
                        rows.append((Line(short, ThemeRole.straightLeg), i))
                    } else {
                        rows.append((Line(head, ThemeRole.straightLeg), i))
                        rows.append((Line("   \(straightBar)   (\(shortReason(leg.straightReason)))", ThemeRole.straightLeg), i))
                    }
                }
            } else {
                rows.append((Line(L("   %s routing…", straightBar), ThemeRole.muted), i))
            }
        }
        var footer: [Line] = []
        if m.stops.indices.contains(m.selected) {
            footer.append(Line(L("Stop %s: %s", m.selected + 1, position(m.stops[m.selected])), ThemeRole.muted))
        }
        if !m.pins.isEmpty { footer.append(pinsLine(m, env)) }
        let listRoom = max(1, room - footer.count)
        // Scroll so that the selected stop's row shows.
        var first = 0
        if let sel = rows.firstIndex(where: { $0.stop == m.selected }), sel >= listRoom {
            first = min(sel - listRoom + 2, max(0, rows.count - listRoom))
        }
        return rows.dropFirst(first).prefix(listRoom).map(\.line) + (room > footer.count ? footer : [])
    }

    static func cardLines(_ card: PinCard, _ m: DrawModel) -> [Line] {
        var lines = [Line(card.existingPin == nil ? L("New pin") : L("Pin"), ThemeRole.heading),
                     Line(position(card.pin), ThemeRole.muted), Line("")]
        for (i, choice) in card.choices.enumerated() {
            lines.append(Line("\(i == card.selected ? "›" : " ") \(choice.key)  \(choice.title)",
                              i == card.selected ? ThemeRole.highlight : ThemeRole.text))
        }
        lines.append(Line(""))
        lines.append(Line(L("Esc: leave everything as it is"), ThemeRole.muted))
        return lines
    }

    static func searchLines(_ s: DrawSearch, _ m: DrawModel, _ env: WidgetEnvironment, room: Int, width: Int) -> [Line] {
        var lines = [Line(L("Search: ") + s.prompt.field.line(width: max(1, width - 8)), ThemeRole.highlight)]
        if s.request != nil {
            lines.append(Line(L("searching…"), ThemeRole.muted))
        } else if s.results.isEmpty {
            lines.append(Line(s.prompt.text.isEmpty ? L("Type part of a name (peak, hut, col…)") : L("No match in the map"),
                              ThemeRole.muted))
        }
        let listRoom = max(1, room - 3)
        let first = s.selected >= listRoom ? s.selected - listRoom + 1 : 0
        for (i, place) in s.results.enumerated().dropFirst(first).prefix(listRoom) {
            var text = "\(i == s.selected ? "›" : " ") \(place.name) (\(place.featureClass.label))"
            if let d = place.distance { text += " · \(env.format.distance(d))" }
            lines.append(Line(text, i == s.selected ? ThemeRole.highlight : ThemeRole.text))
        }
        let role = m.stops.count == 0 ? L("the start") : (m.stops.count == 1 ? L("the destination") : L("a stop between"))
        lines.append(Line(L("Enter: add as %s · Esc closes", role), ThemeRole.muted))
        return lines
    }
}
