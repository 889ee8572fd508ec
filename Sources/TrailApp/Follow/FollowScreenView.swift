import Foundation
import TermUI
import TrailCore
import Localization

/// Draws the follow screen: the map around the position (route with its covered part in the
/// `route-covered` style, the position marker, the hike's photo pins: ``PhotoMarks``), the route's profile with the cursor at the
/// progress, the ``FollowPanel`` readouts, the off-route banner across the top of the map, and
/// once stopped the summary box. Laid out like the hike screen (``HikeScreenLayout``); where
/// there is no room for the panel, one line of the key readouts sits on the map's first row.
public enum FollowScreenView {
    /// What one frame drew (for tests and hit-testing).
    public struct Frame: Sendable {
        public var layout: HikeScreenLayout
        public var map: MapWidget.RenderInfo
        /// Where the off-route banner went, when shown.
        public var banner: Rect?
        /// Where the summary box went, when stopped.
        public var summaryBox: Rect?
    }

    /// Renders `follow` with the map view and basemap of `screen` into `area` of `buffer`.
    @discardableResult
    public static func render(follow: FollowModel, screen: HikeScreenState, speaks: Bool, environment env: WidgetEnvironment,
                              area: Rect, into buffer: inout Buffer) -> Frame {
        let area = area.intersection(buffer.area)
        buffer.clear(area)
        let layout = HikeScreenLayout(area: area)
        var map = MapWidget(viewport: screen.viewport, basemap: screen.basemap, hike: follow.line, scrubIndex: nil,
                            routeGrades: nil, showsLabels: screen.showsLabels, environment: env)
        map.coveredRanges = follow.session.coverage.coveredRanges
        map.position = follow.session.lastFix?.coordinate
        let info = map.render(area: layout.map, into: &buffer)
        PlaceMarks.drawOnMap(screen.hike.places, viewport: screen.viewport, area: layout.map, environment: env, into: &buffer)
        // The hike's photos and "photo here" marks, as the hike screen draws them.
        let photos = screen.placedPhotos
        PhotoMarks.drawOnMap(photos, selected: nil, viewport: screen.viewport, area: layout.map, position: map.position,
                             environment: env, into: &buffer)
        if !layout.chart.isEmpty {
            let chart = ElevationChart(hike: follow.line, series: follow.series, scrubIndex: follow.progressIndex, environment: env)
            chart.render(area: layout.chart, into: &buffer)
            PhotoMarks.drawOnProfile(PhotoMarks.measured(photos, along: follow.line), selected: nil,
                                     layout: chart.layout(in: layout.chart), environment: env, into: &buffer)
        }
        let panel = FollowPanel(follow: follow, speaks: speaks, environment: env)
        if !layout.stats.isEmpty {
            panel.render(area: layout.stats, into: &buffer)
        } else if layout.map.height > 1 {
            compactReadout(follow, panel: panel, env: env, row: Rect(x: layout.map.x, y: layout.map.y, width: layout.map.width, height: 1),
                           into: &buffer)
        }
        renderSeparators(layout, env: env, into: &buffer)
        var frame = Frame(layout: layout, map: info)
        if let d = follow.offRouteBanner, follow.session.isOffRoute, !layout.map.isEmpty {
            let y = layout.stats.isEmpty && layout.map.height > 2 ? layout.map.y + 1 : layout.map.y
            let rect = Rect(x: layout.map.x, y: y, width: layout.map.width, height: 1)
            let style = env.style(AppRole.error).adding(.reverse)
            buffer.fill(rect, with: Cell(" ").applying(style))
            let text = L("⚠ OFF ROUTE — %s", OffRouteWords.shown(follow.session.signedCrossTrackDistance ?? d, env.format))
                + " · " + L("b backtrack")
            let w = min(DisplayWidth.of(text), rect.width)
            buffer.setString(x: rect.x + (rect.width - w) / 2, y: y, text, style: style, maxWidth: rect.width)
            frame.banner = rect
        }
        if case .stopped(let summary) = follow.phase {
            frame.summaryBox = renderSummary(summary, follow: follow, env: env, area: area, into: &buffer)
        }
        return frame
    }

    /// The lines of the stop summary: coverage, active time, distance walked, furthest point
    /// reached along the route (and its share), climb, fixes.
    public static func summaryLines(_ s: FollowSummary, env: WidgetEnvironment) -> [(String, String)] {
        let f = env.format
        let share = s.routeLength > 0 ? " (" + f.percent(s.furthestProgress / s.routeLength) + ")" : ""
        return [
            // TRANSLATORS: the share of the route covered ("82 %"), the route's length and the length covered.
            (L("Coverage"), L("%s of %s (%s)", f.percent(s.coverage), f.distance(s.routeLength), f.distance(s.coveredLength))),
            (L("Active time"), f.duration(s.activeTime)),
            (L("Distance walked"), f.distance(s.distanceWalked)),
            (L("Furthest point"), L("%s along the route", f.distance(s.furthestProgress)) + share),
            (L("Climb"), f.elevationChange(s.elevationGain)),
            (L("Fixes"), L("%d used, %d rejected", s.acceptedFixes, s.rejectedFixes)
                + FollowPanel.skippedText(badSentences: s.badSentences, garbageLines: s.garbageLines)),
        ]
    }

    private static func renderSummary(_ s: FollowSummary, follow: FollowModel, env: WidgetEnvironment, area: Rect,
                                    into buffer: inout Buffer) -> Rect {
        let rows = summaryLines(s, env: env)
        let labelWidth = rows.map { DisplayWidth.of($0.0) }.max() ?? 0
        var lines = rows.map { $0.0 + String(repeating: " ", count: labelWidth - DisplayWidth.of($0.0)) + "  " + $0.1 }
        lines += ["", L("Saved in the hike's history · Enter closes")]
        let title = follow.isBacktrack ? L("Backtrack stopped") : L("Walk stopped")
        let styled = lines.enumerated().map { i, line in
            (text: line, style: env.style(i >= rows.count ? ThemeRole.muted : ThemeRole.text))
        }
        let box = BorderedBox(title: title, lines: styled, minimumWidth: DisplayWidth.of(title) + 6,
                              borderStyle: env.style(ThemeRole.border), titleStyle: env.style(ThemeRole.heading),
                              fillStyle: env.style(ThemeRole.text), ascii: env.canvasMode != .braille)
            .render(in: area, into: &buffer)
        return box
    }

    /// One line for tiny panes: "37% · 2.31 km left · 12 m off · paused".
    private static func compactReadout(_ follow: FollowModel, panel: FollowPanel, env: WidgetEnvironment, row: Rect,
                                       into buffer: inout Buffer) {
        let s = follow.session, f = env.format
        // TRANSLATORS: the distance left to walk on the route, in the one-line readout of a tiny pane.
        var parts = [f.percent(s.coverageFraction), L("%s left", f.distance(s.remainingDistance))]
        if let x = s.crossTrackDistance { parts.append(L("%s off", f.distance(x))) }
        parts.append(panel.stateText.text)
        buffer.fill(row, with: Cell(" ").applying(env.style(AppRole.statusBar)))
        buffer.setString(x: row.x, y: row.y, parts.joined(separator: " · "), style: env.style(AppRole.statusBar), maxWidth: row.width)
    }

    static func renderSeparators(_ layout: HikeScreenLayout, env: WidgetEnvironment, into buffer: inout Buffer) {
        let border = env.style(ThemeRole.border)
        let braille = env.canvasMode == .braille
        for s in layout.separators {
            buffer.fill(s.rect, with: Cell(braille ? (s.isVertical ? "│" : "─") : (s.isVertical ? "|" : "-")).applying(border))
        }
        if let v = layout.separators.first(where: \.isVertical), let h = layout.separators.first(where: { !$0.isVertical }),
           v.rect.maxY == h.rect.y {
            buffer.set(x: v.rect.x, y: h.rect.y, Cell(braille ? "┴" : "+").applying(border))
        }
    }
}

extension CairnApp {
    /// The follow screen inside `area`.
    func renderFollow(_ state: AppState, _ area: Rect, _ buffer: inout Buffer) {
        guard let follow = state.following, let hike = state.hike else { return }
        FollowScreenView.render(follow: follow, screen: hike.screen, speaks: state.live.speaks,
                                environment: state.environment, area: area, into: &buffer)
    }

    /// The status line's hint on the follow screen.
    func followStatusHint(_ state: AppState) -> String {
        guard let follow = state.following else { return "" }
        if follow.isStopped { return hintLine(FollowAction.stoppedKeyMap.hints) }
        return hintLine(FollowAction.keyMap.hints { action, hint in
            switch action {
            case .centre: return follow.detached ? hint : nil
            case .pause: return follow.session.isPaused ? L("p resume") : hint
            default: return hint
            }
        })
    }
}
