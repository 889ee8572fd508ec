import TermUI
import TrailCore

extension MapWidget {
    /// Draws the basemap's lines and symbols; symbols block their cells for labels.
    /// - Returns: true when anything landed in the view.
    func drawBasemap(_ basemap: MapBasemap, transform: UnitTransform, canvas: inout BrailleCanvas,
                     placer: inout MapLabelPlacer) -> Bool {
        let minU = transform.origin.u, minV = transform.origin.v
        let maxU = minU + Double(canvas.dotWidth) / transform.scale
        let maxV = minV + Double(canvas.dotHeight) / transform.scale
        var symbolsDrawn = false
        var inks: [String: Ink] = [:]
        func ink(_ style: MapFeatureStyle) -> Ink {
            let key = style.role + "#\(style.priority)"
            if let i = inks[key] { return i }
            let i = Ink(environment.style(style.role), priority: style.priority)
            inks[key] = i
            return i
        }
        var symbols: [(item: Int, rank: Int)] = []
        for (index, item) in basemap.items.enumerated() {
            let e = item.extent
            guard e.maxU >= minU, e.minU <= maxU, e.maxV >= minV, e.minV <= maxV else { continue }
            switch item.style.drawing {
            case .line:
                let k = ink(item.style)
                for part in item.parts {
                    guard var previous = part.first.map(transform.dot) else { continue }
                    if part.count == 1 { canvas.point(previous, ink: k); continue }
                    for p in part.dropFirst() {
                        let d = transform.dot(p)
                        canvas.line(from: previous, to: d, ink: k)
                        previous = d
                    }
                }
            case .symbol:
                symbols.append((index, item.style.labelRank ?? 0))
            case .labelOnly, .area, .hidden:
                break
            }
        }
        // Most important first (peaks by height); a symbol next to one already drawn (the 8
        // cells around) is left out, so a crowd of summits reads as its highest one, not "▲▲▲".
        var symbolCells = Set<Int>()
        for (index, _) in symbols.sorted(by: { ($0.rank, $1.item) > ($1.rank, $0.item) }) {
            let item = basemap.items[index]
            guard case .symbol(let glyph, let ascii) = item.style.drawing else { continue }
            let p = transform.dot(item.anchor)
            guard p.x >= 0, p.y >= 0, p.x < Double(canvas.dotWidth), p.y < Double(canvas.dotHeight) else { continue }
            let cx = Int(p.x) / 2, cy = Int(p.y) / 4
            guard !placer.isTaken(x: cx, y: cy) else { continue }
            let crowded = (-1...1).contains { dy in (-1...1).contains { dx in symbolCells.contains((cy + dy) * canvas.width + cx + dx) } }
            guard !crowded else { continue }
            canvas.overlay(glyph, cellX: cx, cellY: cy, style: environment.style(item.style.role),
                           priority: item.style.priority, ascii: ascii)
            placer.block(x: cx, y: cy)
            placer.markSymbol(x: cx, y: cy)
            symbolCells.insert(cy * canvas.width + cx)
            symbolsDrawn = true
        }
        if symbolsDrawn { return true }
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where canvas.mask(cellX: x, cellY: y) != 0 { return true }
        }
        return false
    }

    /// The most labels a map of `width` × `height` cells gets: one per ``labelArea`` cells (at
    /// least 3), so a wide view names what orients a hiker and no more (DECISIONS 603).
    static func maximumLabels(width: Int, height: Int) -> Int { max(3, width * height / labelArea) }
    /// Cells of map per label.
    static let labelArea = 180

    /// Places the names of the basemap's features (most important first, at most
    /// ``maximumLabels(width:height:)``); a peak's name carries its height ("Pic de Médécourbe 2914").
    func placeLabels(_ basemap: MapBasemap, transform: UnitTransform, canvas: inout BrailleCanvas,
                     placer: inout MapLabelPlacer) {
        let limit = Self.maximumLabels(width: canvas.width, height: canvas.height)
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where canvas.mask(cellX: x, cellY: y) != 0 { placer.markDrawn(x: x, y: y) }
        }
        let w = Double(canvas.dotWidth), h = Double(canvas.dotHeight)
        func inView(_ p: DotPoint) -> Bool { p.x >= 0 && p.y >= 0 && p.x < w && p.y < h }
        for candidate in basemap.labels {
            guard placer.placed.count < limit else { break }
            let item = basemap.items[candidate.item]
            var p = transform.dot(item.anchor)
            if case .line = item.style.drawing {
                // Lines are labelled at the middle one of their vertices in view, so a long
                // path crossing the view gets its name where it is seen.
                let visible = item.parts.max { $0.count < $1.count }?.lazy.map(transform.dot).filter(inView) ?? []
                let all = Array(visible)
                guard !all.isEmpty else { continue }
                p = all[all.count / 2]
            }
            guard inView(p) else { continue }
            let cx = Int(p.x) / 2, cy = Int(p.y) / 4
            // Names in the quiet label colour; the symbol beside them keeps its own (DECISIONS 603).
            let style = environment.style(ThemeRole.label)
            let kind: MapLabelPlacer.AnchorKind
            switch item.style.drawing {
            case .symbol: kind = canvas.hasOverlay(in: Rect(x: cx, y: cy, width: 1, height: 1)) ? .symbol : .place
            case .line: kind = .line
            case .labelOnly, .area, .hidden: kind = .place
            }
            var text = candidate.text
            if item.featureClass == .peak, kind == .symbol, let e = item.elevation, e.isFinite, e > 0, e < 9000 {
                text += " \(Int(e.rounded()))"
            }
            if let placed = placer.place(text, anchorX: cx, anchorY: cy, kind: kind) {
                canvas.text(placed.text, cellX: placed.rect.x, cellY: placed.rect.y, style: style,
                            priority: MapFeatureStyle.Layer.label)
            }
        }
    }
}
