import Localization
import Foundation
import TermUI
import TrailCore

/// The terrain on the elevation profile: the terrain's line beside the GPS line (dashed, in the
/// `chart-terrain` role) with a legend that says which is which and gives both gains and their
/// difference, and the "no terrain" label over stretches without data (a missing tile, a void:
/// the line breaks there, see ``ProfileSeries/columnEnvelope(columns:)``).
extension ElevationChart {
    /// Theme role of the terrain's line; a theme without it falls back to `muted`.
    public static let terrainRole = "chart-terrain"

    /// The terrain's line as a series over the same x values, when it is shown and there is one.
    var terrainSeries: ProfileSeries? {
        guard showsTerrainLine, let t = hike.terrain, t.hasLineBeside, t.elevations.count == series.xs.count else { return nil }
        return series.replacingElevations(t.elevations)
    }

    var terrainStyle: Style {
        environment.theme.missingRoles([Self.terrainRole]).isEmpty ? environment.style(Self.terrainRole)
            : environment.style(ThemeRole.muted)
    }

    /// The terrain's line: every other dot column (a dashed line, so it reads apart from the
    /// GPS line without colour), under the GPS line's ink.
    func drawTerrainLine(_ terrain: ProfileSeries, layout: ElevationChartLayout, axis: ElevationAxis,
                         canvas: inout BrailleCanvas) {
        let rows = canvas.dotHeight
        let u = environment.format.system.metresPerElevationUnit
        let ink = Ink(terrainStyle, priority: 1)
        for (x, v) in terrain.columnEnvelope(columns: layout.dotColumns).enumerated() where x % 4 < 2 {
            guard let v else { continue }
            let top = axis.dotRow(v.max / u, rows: rows), bottom = axis.dotRow(v.min / u, rows: rows)
            for y in top...bottom { canvas.setDot(x: x, y: y, ink: ink) }
        }
    }

    /// The legend on its own row above the plot (``ElevationChartLayout/legend``; the plot's top
    /// row when there is no room for one), right-aligned: "━ GPS +812 m  ┅ terrain +760 m  Δ +52 m"
    /// (shorter forms when narrow: without the difference, without the gains); "GPS+fill" for
    /// a file's heights filled from the terrain where it has none. When the terrain
    /// covers only part of the hike, both gains are over that part and the legend starts with
    /// "terrain covers 48 % of the hike: " ("48 % covered: " when narrow).
    func drawTerrainLegend(layout: ElevationChartLayout, into buffer: inout Buffer) {
        guard terrainSeries != nil, let t = hike.terrain, !layout.plot.isEmpty else { return }
        let f = environment.format
        let ascii = environment.canvasMode == .ascii
        let (gpsMark, terrainMark) = ascii ? ("-", ":") : ("━", "┅")
        // Half off the tiles: both gains over the part the terrain covers, and that said.
        let gps = t.fileGain ?? hike.statistics.elevationGain, dem = t.gain
        var candidates: [[(String, Style)]] = []
        let line = environment.style(ThemeRole.chartLine), ts = terrainStyle, muted = environment.style(ThemeRole.muted)
        let part: [(String, Style)] = t.coversPart ? [(HikeTerrain.coverageText(t.coverage ?? 1) + ": ", muted)] : []
        let short: [(String, Style)] = t.coversPart ? [(L("%s %% covered:", HikeTerrain.percent(t.coverage ?? 1)) + " ", muted)] : []
        if let gps, let dem {
            let diff = gps - dem
            let gains = [("\(gpsMark) \(t.profileLabel) +\(f.elevation(gps))", line), ("  \(terrainMark) " + L("terrain +%s", f.elevation(dem)), ts)]
            let delta = [("  Δ \(diff >= 0 ? "+" : "−")\(f.elevation(abs(diff)))", muted)]
            candidates.append(part + gains + delta)
            candidates.append(short + gains + delta)
            candidates.append(short + gains)
            if !t.coversPart { candidates.append(gains) }
        }
        candidates.append(short + [("\(gpsMark) \(t.profileLabel)", line), ("  \(terrainMark) " + L("terrain"), ts)])
        let room = layout.plot.width - 2
        guard let parts = candidates.first(where: { $0.reduce(0) { $0 + DisplayWidth.of($1.0) } <= room }) else { return }
        let width = parts.reduce(0) { $0 + DisplayWidth.of($1.0) }
        var x = layout.plot.maxX - width
        let y = layout.legend.height > 0 ? layout.legend.y : layout.plot.y
        for (text, style) in parts { x = buffer.setString(x: x, y: y, text, style: style) }
    }

    /// Text over each stretch of the plot the line does not reach (the plot spans the whole
    /// hike, so a stretch at either end counts too), wide enough for it: "no terrain" when the hike's terrain has gaps, else "no data".
    func drawGapLabels(layout: ElevationChartLayout, into buffer: inout Buffer) {
        let plot = layout.plot
        guard plot.width > 0, plot.height > 0 else { return }
        let cells = series.columnEnvelope(columns: layout.dotColumns)
        var covered = [Bool](repeating: false, count: plot.width)
        for (x, v) in cells.enumerated() where v != nil { covered[x / 2] = true }
        guard covered.contains(true) else { return }
        let last = plot.width - 1
        let text = (hike.terrain.map { !$0.gaps.isEmpty } ?? false) ? L("no terrain") : L("no data")
        let style = environment.style(ThemeRole.warning)
        var x = 0
        while x <= last {
            guard !covered[x] else { x += 1; continue }
            var end = x
            while end <= last && !covered[end] { end += 1 }
            let w = end - x
            if w >= DisplayWidth.of(text) + 2 {
                buffer.setString(x: plot.x + x + (w - DisplayWidth.of(text)) / 2, y: plot.y + plot.height / 2, text, style: style)
            }
            x = end
        }
    }
}
