import Localization
import Foundation
import TermUI
import TrailCore

/// Draws the recording screen, laid out like the hike screen (``HikeScreenLayout``): the map
/// around the position with the recorded track (the bounded ``DecimatedLine``) in the
/// `route-covered` style and the marker, or after `b` the way back with its covered part; the
/// growing elevation profile; the ``RecordingPanelModel`` rows under a heading with the state;
/// the off-route banner while backtracking; a note on the map while no fix has come.
public enum RecordScreenView {
    /// What one frame drew (tests).
    public struct Frame: Sendable {
        public var layout: HikeScreenLayout
        public var map: MapWidget.RenderInfo
        /// Where the off-route banner went, when shown.
        public var banner: Rect?
    }

    @discardableResult
    public static func render(model: RecordModel, environment env: WidgetEnvironment, area: Rect,
                              into buffer: inout Buffer) -> Frame {
        let area = area.intersection(buffer.area)
        buffer.clear(area)
        let layout = HikeScreenLayout(area: area)
        let line = model.backtrackLine ?? model.drawable
        var map = MapWidget(viewport: model.viewport, basemap: model.basemap, hike: line.pointCount > 0 ? line : nil,
                            showsLabels: model.showsLabels, environment: env)
        if let back = model.backtrack {
            map.coveredRanges = back.coverage.coveredRanges
        } else if line.pointCount > 1 {
            map.coveredRanges = [0...line.profile.length]
        }
        map.position = model.position
        let info = map.render(area: layout.map, into: &buffer)
        PlaceMarks.drawOnMap(model.places, viewport: model.viewport, area: layout.map, environment: env, into: &buffer)
        let photos = PhotoMarks.placed(model.photos)
        PhotoMarks.drawOnMap(photos, selected: nil, viewport: model.viewport, area: layout.map, position: model.position,
                             environment: env, into: &buffer)
        if model.lastReceived == nil && !layout.map.isEmpty { waitingNote(model, env: env, map: layout.map, into: &buffer) }
        if !layout.chart.isEmpty { renderProfile(model, env: env, area: layout.chart, into: &buffer) }
        let panel = model.panel(units: env.format)
        if !layout.stats.isEmpty {
            renderPanel(model, panel, env: env, area: layout.stats, into: &buffer)
        } else if layout.map.height > 1 {
            let row = Rect(x: layout.map.x, y: layout.map.y, width: layout.map.width, height: 1)
            let f = env.format, s = model.figures
            let text = [stateWord(model), f.distance(s.distance), f.duration(s.statistics.movingTime ?? 0, style: .clock),
                        Ln("%d point", "%d points", s.pointCount, s.pointCount)].joined(separator: " · ")
            buffer.fill(row, with: Cell(" ").applying(env.style(AppRole.statusBar)))
            buffer.setString(x: row.x, y: row.y, text, style: env.style(AppRole.statusBar), maxWidth: row.width)
        }
        FollowScreenView.renderSeparators(layout, env: env, into: &buffer)
        var frame = Frame(layout: layout, map: info)
        if let d = model.offRouteBanner, model.backtrack?.isOffRoute == true, !layout.map.isEmpty {
            let y = layout.stats.isEmpty && layout.map.height > 2 ? layout.map.y + 1 : layout.map.y
            let rect = Rect(x: layout.map.x, y: y, width: layout.map.width, height: 1)
            let style = env.style(AppRole.error).adding(.reverse)
            buffer.fill(rect, with: Cell(" ").applying(style))
            let text = L("⚠ OFF THE WAY BACK — %s", OffRouteWords.shown(model.backtrack?.signedCrossTrackDistance ?? d, env.format))
            let w = min(DisplayWidth.of(text), rect.width)
            buffer.setString(x: rect.x + (rect.width - w) / 2, y: y, text, style: style, maxWidth: rect.width)
            frame.banner = rect
        }
        return frame
    }

    /// "recording", "paused", "starting", "finishing", "backtracking".
    static func stateWord(_ model: RecordModel) -> String {
        switch model.phase {
        // TRANSLATORS: the recording screen's state badge.
        case .starting: return Lc("live state", "starting")
        case .finishing: return Lc("live state", "finishing")
        case .running:
            switch model.figures.state {
            case .recording: return model.backtrack != nil ? Lc("live state", "recording · backtracking") : Lc("live state", "recording")
            case .paused: return Lc("live state", "paused")
            case .finished: return Lc("live state", "finished")
            }
        }
    }

    private static func renderPanel(_ model: RecordModel, _ panel: RecordingPanelModel, env: WidgetEnvironment, area: Rect,
                                    into buffer: inout Buffer) {
        let area = area.intersection(buffer.area)
        buffer.clear(area)
        guard !area.isEmpty else { return }
        let recording = model.figures.state == .recording && model.phase == .running
        let badge = " ● " + stateWord(model)
        let badgeWidth = DisplayWidth.of(badge)
        let title = model.name.isEmpty ? L("New recording") : model.name
        let x = buffer.setString(x: area.x, y: area.y, title, style: env.style(ThemeRole.heading),
                                 maxWidth: max(0, area.width - badgeWidth))
        buffer.setString(x: x, y: area.y, badge, style: env.style(recording ? ThemeRole.routeCovered : ThemeRole.warning),
                         maxWidth: max(0, area.maxX - x))
        // The state is in the heading; the rows start with the times.
        // Labels are the model's English keys (rows are found by them); translated as drawn.
        let rows = panel.rows.filter { $0.label != "State" }
        // The label column is as wide as the widest label the panel can ever show, so it does not
        // jump when a rejection rule or the way back adds a row; a value too long is cut with "…".
        let widest = (rows.map(\.label) + possibleLabels).map { DisplayWidth.of(Localization.translate($0)) }.max() ?? 0
        let labelWidth = min(widest, max(0, area.width * 2 / 5))
        for (i, row) in rows.enumerated() {
            let y = area.y + 1 + i
            guard y < area.maxY else { break }
            buffer.setString(x: area.x, y: y, TextFit.truncate(Localization.translate(row.label), toWidth: labelWidth),
                             style: env.style(ThemeRole.muted), maxWidth: labelWidth)
            let vx = area.x + labelWidth + 1
            let room = max(0, area.maxX - vx)
            // A lost link's reason is on the status line: a narrow row keeps what it must say.
            let value = row.label == "Link" && TextFit.width(row.value) > room ? model.live.shortLinkText : row.value
            buffer.setString(x: vx, y: y, TextFit.truncate(value, toWidth: room), style: env.style(ThemeRole.text), maxWidth: room)
        }
    }

    /// Every label the panel may show besides those of the figures (the rejection rules as
    /// they appear, the way back's rows, the link): the label column is sized for all of them.
    static var possibleLabels: [String] {
        [N("Link"), N("Way back"), N("Left"), N("Off route"), N("Arrival"), N("Points"), N("Rejected")]
            + FixRejection.allCases.map { "  " + RecordingPanelModel.ruleLabel($0) }
    }

    private static func renderProfile(_ model: RecordModel, env: WidgetEnvironment, area: Rect, into buffer: inout Buffer) {
        let line = model.drawable
        if line.pointCount > 1 && line.hasElevation {
            let chart = ElevationChart(hike: line, environment: env)
            chart.render(area: area, into: &buffer)
            PhotoMarks.drawOnProfile(PhotoMarks.measured(PhotoMarks.placed(model.photos), along: line), selected: nil,
                                     layout: chart.layout(in: area), environment: env, into: &buffer)
        } else {
            let text = line.pointCount > 1 ? L("No elevation in the fixes") : L("The profile grows as you walk")
            let w = min(DisplayWidth.of(text), area.width)
            buffer.setString(x: area.x + (area.width - w) / 2, y: area.y + area.height / 2, text,
                             style: env.style(ThemeRole.muted), maxWidth: area.width)
        }
    }

    private static func waitingNote(_ model: RecordModel, env: WidgetEnvironment, map: Rect, into buffer: inout Buffer) {
        var lines = [L("Waiting for the first fix from %s", model.sourceLabel)]
        if let why = model.waiting { lines.append(why) }
        lines.append(L("Nothing is recorded until a fix is accepted"))
        for (i, text) in lines.enumerated() {
            let y = map.y + map.height / 2 - 1 + i
            guard y >= map.y, y < map.maxY else { continue }
            let w = min(DisplayWidth.of(text), map.width)
            buffer.setString(x: map.x + (map.width - w) / 2, y: y, text,
                             style: env.style(i == 0 ? ThemeRole.warning : ThemeRole.muted), maxWidth: map.width)
        }
    }
}

extension CairnApp {
    /// The recording screen's status-line hint.
    func recordStatusHint(_ model: RecordModel) -> String {
        hintLine(RecordAction.keyMap.hints { action, hint in
            switch action {
            case .centre: return model.detached ? hint : nil
            case .pause: return model.figures.state == .paused ? L("p resume") : hint
            case .backtrack: return model.backtrack == nil ? hint : nil
            default: return hint
            }
        })
    }
}
