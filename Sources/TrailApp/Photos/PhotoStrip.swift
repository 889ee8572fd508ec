import Localization
import Foundation
import TermUI
import TrailCore
import TrailStore

/// What a key does while the photo strip is open (looked up before the hike screen's keys).
public enum PhotoStripAction: Sendable, Equatable {
    /// Step to the next (+1) or previous (-1) photo.
    case step(Int)
    /// The picture in the terminal (chafa), or with the desktop's viewer (xdg-open).
    case view, open
    case close
}

extension PhotoStripAction {
    /// The strip's keys (in the hike help under "Photo strip").
    public static let keyMap = KeyMap<PhotoStripAction>([
        KeyBinding("↑ ↓  ← →  j k", N("previous / next photo (the profile's cursor goes to its place)"), hint: N("↑ ↓ photo"),
                   keys: [(.up, .step(-1)), (.down, .step(1)), (.left, .step(-1)), (.right, .step(1)),
                          (.character("k"), .step(-1)), (.character("j"), .step(1))]),
        KeyBinding("Enter  v", N("show the picture in the terminal (chafa: sixel, kitty, iTerm2 or symbols)"), hint: N("Enter picture"),
                   keys: [.enter, .character("v")], action: .view),
        KeyBinding("x", N("open it with the desktop's viewer (xdg-open; DISPLAY or WAYLAND_DISPLAY set)"), hint: N("x open"),
                   keys: [.character("x")], action: .open),
        KeyBinding("Esc  i", N("close the strip"), hint: N("Esc close"), keys: [.escape, .character("i")], action: .close),
    ])
}

/// The photo strip's text: one photo's name, time, distance along and how it was placed, and
/// the list around it. Pure (tested with the buffer).
enum PhotoStripView {
    /// The file name of `path`, control and escape characters taken out (TextSanitizer).
    static func name(_ path: String) -> String { TextSanitizer.sanitize((path as NSString).lastPathComponent) }

    /// The name a row is listed under: a "photo here" mark without a photo is "(no photo yet)".
    static func name(_ p: NewPhoto) -> String { p.isPlaceholder ? L("(no photo yet)") : name(p.path) }

    /// "GPS tag", "time on the track" or "not placed: WHY" (WHY worded now from the stored
    /// codes, ``NewPhoto/note(units:timestamp:)``, distances in `units`).
    static func placement(_ p: NewPhoto, units: UnitFormatter = UnitFormatter(system: .metric)) -> String {
        switch p.placement {
        case "gps":
            if let off = p.distanceOff, off >= 1 { return L("by its GPS tag (%d m off the line)", Int(off.rounded())) }
            return L("by its GPS tag")
        case "time": return L("by its time on the track")
        case NewPhoto.markPlacement: return L("at a photo-here mark")
        case NewPhoto.waypointPlacement: return L("as exported (a photo waypoint of an imported file)")
        case NewPhoto.placeholderPlacement: return L("nowhere yet: a photo-here mark, which `cairn photos add` fills with the photo taken then")
        default: return L("not placed: %s", TextSanitizer.sanitize(p.note(units: units) ?? L("no time and no GPS tag")))
        }
    }

    /// Draws the strip into `area`: a heading, the shown photo's lines, then the list.
    static func render(photos: [StoredPhoto], selected: Int, area: Rect, environment env: WidgetEnvironment,
                       into buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        buffer.clear(area)
        let w = area.width - 1
        var y = area.y
        func line(_ text: String, _ role: String, indent: Int = 1) {
            guard y < area.maxY else { return }
            _ = buffer.setString(x: area.x + indent, y: y, text, style: env.style(role), maxWidth: max(0, w - indent))
            y += 1
        }
        // TRANSLATORS: the photo strip's heading: the shown photo's number and the count.
        line(L("Photos %d/%d  (Esc closes)", selected + 1, photos.count), ThemeRole.heading)
        guard photos.indices.contains(selected) else { return }
        let p = photos[selected].photo
        line(name(p), ThemeRole.highlight)
        line(L("Taken %s", p.takenAt.map { env.format.dateTime($0) } ?? L("(no time in the file)")), ThemeRole.text)
        line(p.distanceAlong.map { d in
                 p.elevation.map { L("At %s along, %s", env.format.distance(d), env.format.elevation($0)) } ?? L("At %s along", env.format.distance(d))
             } ?? L("Not on the line"), ThemeRole.text)
        // TRANSLATORS: %s says how the photo was placed ("by its GPS tag", "by its time on the track", …).
        // "Placed by its time on the track", but "Not placed: …" (not "Placed not placed").
        let placedText = p.placement == "none"
            ? L("Not placed: %s", TextSanitizer.sanitize(p.note(units: env.format) ?? L("no time and no GPS tag")))
            : L("Placed %s", placement(p, units: env.format))
        for part in TextFit.wrap(placedText, toWidth: max(1, w - 1)) { line(part, p.placement == "none" ? ThemeRole.warning : ThemeRole.text) }
        y += 1
        // The list around the shown photo, as many as fit.
        let rows = max(0, area.maxY - y)
        guard rows > 0 else { return }
        let top = max(0, min(selected - rows / 2, photos.count - rows))
        for i in top..<min(photos.count, top + rows) {
            let q = photos[i].photo
            let at = q.distanceAlong.map { env.format.distance($0) } ?? "—"
            let mark = i == selected ? ">" : " "
            line("\(mark) \(at.padding(toLength: 8, withPad: " ", startingAt: 0)) \(name(q))",
                 i == selected ? ThemeRole.selection : (q.placement == "none" ? ThemeRole.muted : ThemeRole.text), indent: 0)
        }
    }
}
