import Localization
import Foundation
import TermUI
import TrailCore
import TrailStore

/// Changes to the hike store made by another process (DECISIONS 481): the runtime sends
/// ``AppMessage/storeChanged`` when `PRAGMA data_version` moved; the app reads the list
/// again and, from the summaries before and after, reads again the hike it shows (keeping the
/// hiker's view) or closes it when it was deleted.
extension CairnApp {
    /// Asks for the list again, unless a screen that writes the store itself is in front
    /// (recording, following, drawing: their own writes come back as changes).
    func storeChanged(_ state: inout AppState) -> [AppEffect] {
        guard Self.screen(state.screen.kind).readsStoreChanges else { return [] }
        state.storeRefreshes += 1
        // Photos added by `cairn photos add` do not change the hike's summary: read them again.
        return [.loadHikes(state.library.sort)] + (state.hike.map { [.loadPhotos($0.id)] } ?? [])
    }

    /// The list read after a change: the library takes it (the selection kept by id, the
    /// preview read again when its hike changed); the open hike is read again when its summary
    /// changed, and closed with a message when it is gone.
    func storeListLoaded(_ state: inout AppState, _ list: [HikeSummary]) -> [AppEffect] {
        state.storeRefreshes -= 1
        let before = Dictionary(state.library.all.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let after = Dictionary(list.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        if let selected = state.library.selectedSummary?.id, before[selected] != after[selected] { state.library.previewID = nil }
        let context = state.context
        var effects = apply(LibraryFeature.listLoaded(&state.library, list, context), &state, AppEffect.library)
        guard let open = state.hike, before[open.id] != after[open.id] else { return effects }
        let name = TextSanitizer.sanitize(open.screen.hike.name)
        guard after[open.id] != nil else {
            effects += navigate(&state, to: .library)
            state.status = StatusMessage(text: L("“%s” was deleted in another process: back to the library", name), isError: true)
            return effects + [.bell]
        }
        effects += Self.screen(state.screen.kind).openHikeChanged(self, &state, open)
        return effects
    }

    /// The open hike read again after a change elsewhere: it replaces the shown one with the
    /// hiker's view kept (map view unless it was the fitted one, which is fitted again; the
    /// cursor at the same share of the distance; the range where the points are the same;
    /// focus, colouring, axis, layers; the completion figures until they are read again).
    func storeHikeLoaded(_ state: inout AppState, _ id: HikeID, _ prepared: PreparedHike) -> [AppEffect] {
        guard case .hike(var model) = state.screen, model.id == id else { return [] }
        let old = model.screen
        model.screen = HikeScreenState.reloaded(prepared, keeping: old)
        state.screen = .hike(model)
        state.status = StatusMessage(text: L("Read again: “%s” was changed in another process (%s)", TextSanitizer.sanitize(prepared.name),
                                             state.environment.format.distance(prepared.statistics.distance)), isError: false)
        return basemapEffects(&state) + [askCompletion(id, prepared), .loadPhotos(id)]
    }
}

extension HikeScreenState {
    /// A screen for `hike` (the same hike read again) that keeps what the hiker set on `old`.
    static func reloaded(_ hike: PreparedHike, keeping old: HikeScreenState) -> HikeScreenState {
        let w = old.viewport.width, h = old.viewport.height
        var s = HikeScreenState(hike: hike, mapWidth: w, mapHeight: h, basemap: old.basemap, calculator: old.calculator)
        s.setLineColouring(old.lineColouring)
        let wasFitted = old.viewport == fittedViewport(old.hike, width: w, height: h, colouring: old.lineColouring)
        if !wasFitted { s.viewport = old.viewport }
        s.focus = old.focus
        s.showsLabels = old.showsLabels
        s.showsContours = old.showsContours
        s.showsTerrainLine = old.showsTerrainLine
        s.showsHillshade = old.showsHillshade
        // Until the completion asked for again answers, the last figures stay (no flicker).
        s.completion = old.completion
        s.setPhotos(old.photos)
        s.photoStrip = old.photoStrip
        s.setChartAxis(old.series.axis)
        if old.hike.pointCount == hike.pointCount {
            s.scrub(to: old.scrubIndex)
            s.setRange(start: old.rangeStart, end: old.rangeEnd)
        } else {
            let total = old.hike.statistics.distance
            let along = old.hike.profile.distances.indices.contains(old.scrubIndex) ? old.hike.profile.distances[old.scrubIndex] : 0
            s.scrub(toFraction: total > 0 ? along / total : 0)
        }
        return s
    }
}
