import Localization
import Foundation
import TermUI
import TrailStore

extension CairnApp {
    /// The library screen: the hike list and, when there is room, the preview of the selection.
    func renderLibrary(_ state: AppState, _ layout: AppLayout, _ buffer: inout Buffer) {
        let env = state.environment
        let lib = state.library
        let visible = lib.visible
        if lib.all.isEmpty {
            let lines = lib.loading ? [L("Loading hikes…")] : [
                L("No hikes yet."),
                "",
                L("Press i to import a track file (GPX, FIT, TCX, KML, KMZ,"),
                L("GeoJSON), or from a shell:"),
                "  cairn import FILE.gpx",
                "",
                L("The map: once a hike is in, fetch OpenStreetMap data around it"),
                "  cairn map fetch --around HIKE-ID",
                L("(the id is in `cairn list`), or import an extract of a region"),
                L("from download.geofabrik.de or another OSM extract site:"),
                "  cairn map import REGION.osm.pbf",
            ]
            for (i, l) in lines.enumerated() {
                buffer.setString(x: 2, y: 1 + i, l, style: env.style(i == 0 ? ThemeRole.heading : ThemeRole.text),
                                 maxWidth: layout.content.width - 2)
            }
            return
        }
        let rows = HikeList.visibleRows(height: layout.list.height)
        let offset = HikeList.scrollOffset(selected: visible.isEmpty ? nil : lib.selected, count: visible.count,
                                           visibleRows: rows, current: lib.scrollOffset)
        HikeList(summaries: visible, selectedIndex: visible.isEmpty ? nil : lib.selected, scrollOffset: offset,
                 environment: env).render(area: layout.list, into: &buffer)
        if visible.isEmpty, layout.list.height > 2 {
            buffer.setString(x: 1, y: layout.list.y + 2, L("No hike matches “%s”.", lib.filter),
                             style: env.style(ThemeRole.muted), maxWidth: layout.list.width - 1)
        }
        guard !layout.previewMap.isEmpty else { return }
        let border = env.style(ThemeRole.border)
        let sepX = layout.previewMap.x - 1
        for y in 0..<layout.content.height {
            buffer.set(x: sepX, y: y, Cell(env.canvasMode == .braille ? "│" : "|").applying(border))
        }
        guard let preview = lib.preview else {
            if lib.selectedSummary != nil {
                buffer.setString(x: layout.previewMap.x + 1, y: 1, L("Loading…"), style: env.style(ThemeRole.muted),
                                 maxWidth: layout.previewMap.width - 1)
            }
            return
        }
        let viewport = HikeScreenState.fittedViewport(preview, width: layout.previewMap.width,
                                                      height: layout.previewMap.height)
        MapWidget(viewport: viewport, basemap: lib.previewBasemap, hike: preview, scrubIndex: nil, routeGrades: nil,
                  showsLabels: true, environment: env).render(area: layout.previewMap, into: &buffer)
        StatsPanel(hike: preview, environment: env).render(area: layout.previewStats, into: &buffer)
    }
}
