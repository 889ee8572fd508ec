import Localization
import Foundation
import TermUI
import TrailCore
import TrailLive

/// The follow screen's readouts, most important first: state, distance along the route,
/// remaining distance with the ETA, the arrival by the clock and how the ETA was estimated, coverage, off-route (cross-track)
/// distance, elevation now and gain so far, GPS fix quality and age, the source's link,
/// distance walked and active time, furthest point, fixes used and rejected, input skipped
/// (bad NMEA sentences, gpsd garbage lines), alerts. Lines that do not fit
/// at the bottom are left out; values go through the user's units.
public struct FollowPanel: Sendable {
    /// The following shown.
    public var follow: FollowModel
    /// Spoken alerts on.
    public var speaks: Bool
    /// Theme, units.
    public var environment: WidgetEnvironment

    public init(follow: FollowModel, speaks: Bool, environment: WidgetEnvironment) {
        self.follow = follow
        self.speaks = speaks
        self.environment = environment
    }

    /// One readout: label, value and the value's theme role.
    public struct Line: Equatable, Sendable {
        public var label: String
        public var value: String
        public var role: String
    }

    /// A fix older than this many seconds is called old in the panel (the source's own stale
    /// timeout decides "stale").
    public static let oldFixAge = 5.0

    /// "live", "paused", "stopped", with the role to draw it in.
    public var stateText: (text: String, role: String) {
        // TRANSLATORS: the follow panel's state badge: stopped, paused or live (fixes arriving).
        if follow.isStopped { return (Lc("follow state", "stopped"), ThemeRole.muted) }
        if follow.session.isPaused { return (Lc("follow state", "paused"), ThemeRole.warning) }
        return (Lc("follow state", "live"), ThemeRole.routeCovered)
    }

    /// The arrival readout: the wall clock plus the time left ("10:04"); during a replay at
    /// another speed than 1x (`--speed`) the replay's own clock instead, the last fix's time
    /// plus the time left, marked "(replay)" ("14:32 (replay)"): the replay's fix times run
    /// at its speed, so the wall clock plus hiking time would be neither the replay's end nor
    /// the walk's stored finish (DECISIONS 1087). "--" before a fix.
    public func arrivalText(_ route: LiveReadout.RouteProgress) -> String {
        let f = environment.format
        guard let speed = follow.speed, speed != 1 else { return f.time(route.arrival) }
        guard let fix = follow.session.lastFix else { return UnitFormatter.unknown }
        // TRANSLATORS: the follow panel's arrival time during a replay, on the replay's clock.
        return L("%s (replay)", f.time(fix.time.addingTimeInterval(route.timeLeft)))
    }

    /// The readouts in order of importance.
    public func lines() -> [Line] {
        let f = environment.format
        let s = follow.session
        var out: [Line] = []
        func add(_ label: String, _ value: String, _ role: String = ThemeRole.text) {
            out.append(Line(label: label, value: value, role: role))
        }
        let hasMatch = s.lastMatch != nil
        add(L("Along"), hasMatch ? L("%s of %s", f.distance(s.progress), f.distance(s.route.length)) : L("%s of %s", "—", f.distance(s.route.length)))
        let route = follow.progress
        add(L("Left"), "\(f.distance(route.left)) · \(f.duration(route.timeLeft))")
        add(L("Arrival"), arrivalText(route))
        add(L("ETA by"), route.method == .hikersRatio ? L("DIN 33466 × your pace") : L("hiking rule (DIN 33466)"), ThemeRole.muted)
        add(L("Covered"), f.percent(s.coverageFraction) + " · " + f.distance(s.coverage.coveredLength))
        if let xtd = s.crossTrackDistance {
            let off = s.isOffRoute || xtd > s.configuration.offRoute.threshold
            add(L("Off trail"), "\(f.distance(xtd))\(offRouteNote)", off ? ThemeRole.warning : ThemeRole.text)
        } else {
            add(L("Off trail"), UnitFormatter.unknown, ThemeRole.muted)
        }
        add(L("Elevation"), L("%s · gain %s", f.elevation(s.elevationNow), f.elevationChange(s.elevationGain)))
        add(L("GPS"), gpsText(), gpsRole())
        add(L("Fix age"), ageText(), gpsRole())
        add(L("Link"), linkText(), sourceRole())
        add(L("Walked"), L("%s in %s", f.distance(s.distanceWalked), f.duration(follow.liveTimes.active)))
        add(L("Furthest"), f.distance(s.furthestProgress))
        add(L("Source"), follow.sourceLabel, ThemeRole.muted)
        let c = s.filter.counters
        add(L("Fixes"), L("%d used, %d rejected", s.usedFixes, c.totalRejected))
        let skipped = FollowPanel.skippedText(badSentences: follow.badSentences, garbageLines: follow.garbageLines)
        if !skipped.isEmpty {
            add(L("Skipped"), String(skipped.dropFirst(3)),
                (follow.badSentences ?? 0) + (follow.garbageLines ?? 0) > 0 ? ThemeRole.warning : ThemeRole.text)
        }
        add(L("Alerts"), follow.alertCount == 0 ? L("none") : Ln("%d off route, %d repeat", "%d off route, %d repeats", follow.repeatCount, follow.alertCount, follow.repeatCount),
            follow.alertCount == 0 ? ThemeRole.text : ThemeRole.warning)
        // TRANSLATORS: spoken alerts switched on or off.
        add(L("Voice"), speaks ? Lc("voice", "on") : Lc("voice", "off"), ThemeRole.muted)
        return out
    }

    /// After the off-trail distance: " — OFF ROUTE" once the alert fired; " — leaving the
    /// trail?" while beyond the threshold but not yet confirmed (``OffRouteMonitor`` waits for
    /// 3 fixes over 10 s before the alert, so that one stray fix does not ring the bell;
    /// DECISIONS.md), so the hiker sees it at the first fix out; nothing while paused.
    var offRouteNote: String {
        let s = follow.session
        if s.isOffRoute { return " — " + L("OFF ROUTE") }
        guard !s.isPaused, !follow.isStopped, let xtd = s.crossTrackDistance,
              xtd > s.configuration.offRoute.threshold else { return "" }
        return " — " + L("leaving the trail?")
    }

    /// " · bad sentences 2", " · garbage lines 1", or "" when none were counted.
    public static func skippedText(badSentences: Int?, garbageLines: Int?) -> String {
        var out = ""
        // TRANSLATORS: counts of NMEA input skipped: sentences with a bad checksum or field, lines that are no sentence.
        if let b = badSentences { out += " · " + L("bad sentences %d", b) }
        if let g = garbageLines, g > 0 { out += " · " + L("garbage lines %d", g) }
        return out
    }

    /// "3D · 9/12 sats · ±5 m", or "waiting for a fix".
    func gpsText() -> String {
        let f = environment.format
        if follow.lastReceived == nil && follow.noFix == nil { return L("waiting for a fix") }
        var parts: [String] = []
        parts.append((follow.noFix ?? follow.lastReceived?.mode ?? .none).label)
        if let u = follow.satellitesUsed ?? follow.lastReceived?.satellitesUsed {
            // TRANSLATORS: satellites used (and, after the slash, visible): "9/12 sats".
            parts.append(L("%s sats", "\(u)\(follow.satellitesVisible.map { "/\($0)" } ?? "")"))
        }
        if let a = follow.lastReceived?.horizontalAccuracy { parts.append("±" + f.distance(a)) }
        return parts.joined(separator: " · ")
    }

    /// "3 s", "stale, 12 s", or "--" before the first fix (by arrival time).
    func ageText() -> String {
        guard let age = follow.fixAge else { return UnitFormatter.unknown }
        let d = environment.format.duration(age)
        return follow.isStale ? L("stale, %s", d) : d
    }

    func gpsRole() -> String {
        if follow.isStale || follow.noFix != nil { return ThemeRole.warning }
        if let age = follow.fixAge, age > FollowPanel.oldFixAge { return ThemeRole.warning }
        return ThemeRole.text
    }

    /// The source's link: "connected", "retrying in 2 s (lost: reason)" (counted down from the
    /// event's `retryIn` by the clock ticks), "ended (replay finished)".
    func linkText() -> String { follow.live.linkText }

    func sourceRole() -> String {
        if let end = follow.ended { return end.isError ? AppRole.error : ThemeRole.muted }
        if case .disconnected? = follow.connection { return ThemeRole.warning }
        return ThemeRole.text
    }

    /// The heading: what is followed.
    public var heading: String {
        follow.isBacktrack ? L("Backtrack to the start") : L("Following %s", follow.hikeName.isEmpty ? L("Unnamed hike") : follow.hikeName)
    }

    /// Draws the panel into `area` (cleared first): heading with the state, then one readout per line.
    public func render(area: Rect, into buffer: inout Buffer) {
        let area = area.intersection(buffer.area)
        buffer.clear(area)
        guard !area.isEmpty else { return }
        let st = stateText
        let badge = " \(st.text)"
        let badgeWidth = DisplayWidth.of(badge)
        let headWidth = max(0, area.width - badgeWidth)
        let x = buffer.setString(x: area.x, y: area.y, heading, style: environment.style(ThemeRole.heading), maxWidth: headWidth)
        if area.width > badgeWidth { buffer.setString(x: x, y: area.y, badge, style: environment.style(st.role), maxWidth: area.maxX - x) }
        let lines = lines()
        let labelWidth = min(lines.map { DisplayWidth.of($0.label) }.max() ?? 0, max(0, area.width / 3))
        for (i, line) in lines.enumerated() {
            let y = area.y + 1 + i
            guard y < area.maxY else { break }
            buffer.setString(x: area.x, y: y, line.label, style: environment.style(ThemeRole.muted), maxWidth: labelWidth)
            let vx = area.x + labelWidth + 1
            buffer.setString(x: vx, y: y, line.value, style: environment.style(line.role), maxWidth: max(0, area.maxX - vx))
        }
    }
}
