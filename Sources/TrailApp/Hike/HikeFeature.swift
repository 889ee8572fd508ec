import Localization
import Foundation
import TermUI
import TrailCore
import TrailMap

/// The hike screen's update: it changes only the open ``HikeModel`` and hands the rest
/// (dialogs, the library, following, editing the drawing) back in a ``FeatureResult``. The
/// hike screen has no effects of its own; it asks only for map data.
enum HikeFeature {
    typealias Result = FeatureResult<Never>

    /// Keys and mouse of the hike screen (``HikeAction/keyMap``).
    static func update(_ hike: inout HikeModel, _ event: InputEvent, _ context: FeatureContext) -> Result {
        let layout = context.layout.hike

        func scrub(steps: Int) {
            let screen = hike.screen
            let prepared = screen.hike
            guard prepared.pointCount > 1 else { return }
            let columns = max(10, layout.chart.width - 8)
            let length = prepared.profile.length
            let current = prepared.profile.distances[screen.scrubIndex]
            let target = current + Double(steps) * length / Double(columns)
            var index = prepared.index(atFraction: length > 0 ? target / length : 0)
            if index == screen.scrubIndex { index += steps > 0 ? 1 : -1 }
            hike.screen.scrub(to: index)
            followCursor()
        }
        func followCursor() {
            guard !hike.mapDetached else { return }
            MapNavigation.keepInView(&hike.screen.viewport, hike.screen.hike.coordinates[hike.screen.scrubIndex],
                                     marginDivisor: 8)
        }
        func moveMap(_ move: MapNavigation) {
            if move.apply(to: &hike.screen.viewport) { hike.mapDetached = true }
        }
        // A mark on the point the other mark is on would make a range of nothing: said, and
        // only this mark moves there once the other is cleared (issue 34: a 0 m range was shown
        // with empty figures).
        func mark(start: Bool) -> StatusMessage? {
            let i = hike.screen.scrubIndex
            let other = start ? hike.screen.rangeEnd : (hike.screen.rangeStart ?? 0)
            if other == i, hike.screen.hike.coordinates.count > 1 {
                return StatusMessage(text: L("The range needs two different points: the other mark is here; move along the profile and press %s again",
                                             start ? "[" : "]"), isError: false)
            }
            if start {
                hike.screen.setRange(start: i, end: hike.screen.rangeEnd)
            } else {
                hike.screen.setRange(start: hike.screen.rangeStart ?? 0, end: i)
            }
            return StatusMessage(text: "", isError: false)  // a refusal said before is over
        }

        var result = Result()
        let zoomBefore = hike.screen.viewport.zoom, farBefore = contourNote(hike.screen) != nil
        switch event {
        case .mouse(let action, let x, let y):
            if layout.map.contains(x: x, y: y) {
                if let move = MapNavigation.wheel(action) {
                    moveMap(move)
                } else if action == .click {
                    hike.screen.focus = .map
                }
            } else if layout.chart.contains(x: x, y: y), action == .click {
                hike.screen.focus = .chart
                let f = Double(x - layout.chart.x) / Double(max(1, layout.chart.width - 1))
                hike.screen.scrub(toFraction: f)
                followCursor()
            }
        case .key(let key):
            let onMap = hike.screen.focus == .map
            guard let action = (onMap ? HikeAction.mapFocusKeyMap.action(for: key) : nil)
                    ?? HikeAction.keyMap.action(for: key) else { return Result() }
            switch action {
            case .back:
                return Result(navigation: .back)
            case .nextFocus:
                hike.screen.focus = hike.screen.focus == .map ? .chart : .map
            case .previousFocus:
                hike.screen.focus = hike.screen.focus == .chart ? .map : .chart
            case .map(let move): moveMap(move)
            case .scrub(let steps): scrub(steps: steps)
            case .toStart:
                hike.screen.scrub(to: 0)
                followCursor()
            case .toEnd:
                hike.screen.scrub(to: hike.screen.hike.pointCount - 1)
                followCursor()
            case .markStart: result.status = mark(start: true)
            case .markEnd: result.status = mark(start: false)
            case .clearRange: hike.screen.setRange(start: nil, end: nil)
            case .follow:
                result.navigation = .askFollowSource
            case .fit:
                hike.screen.fitMap(width: max(1, layout.map.width), height: max(1, layout.map.height))
                hike.mapDetached = false
            case .centre:
                if !hike.screen.hike.coordinates.isEmpty {
                    MapNavigation.centre(&hike.screen.viewport, on: hike.screen.hike.coordinates[hike.screen.scrubIndex])
                }
                hike.mapDetached = false
            case .labels: hike.screen.showsLabels.toggle()
            case .contours:
                hike.screen.showsContours.toggle()
                if hike.screen.showsContours, let far = MapBasemap.contoursTooFarOut(zoom: hike.screen.viewport.zoom) {
                    result.status = StatusMessage(text: far, isError: false)
                }
            case .terrainLine: toggleTerrainLine(&hike, &result)
            case .hillshade: hike.screen.showsHillshade.toggle()
            case .lineColouring:
                let next = hike.screen.lineColouring.next
                hike.screen.setLineColouring(next)
                var note = next == .grade && hike.screen.hike.ground == nil ? " " + L("(no map data under this hike)") : ""
                if next == .walked && (hike.screen.completion?.walkedRanges ?? []).isEmpty { note = " " + L("(no other hike walks any of it)") }
                result.status = StatusMessage(text: L("Line colours: %s%s", next.title, note), isError: false)
            case .edit:
                return Result(navigation: .editDrawing)
            case .places:
                return Result(navigation: .places)
            case .ownPlace:
                let screen = hike.screen
                if screen.focus == .map {
                    result.modal = PlacesFeature.ownPlacePrompt(Place(kind: .other, name: nil, coordinate: screen.viewport.center),
                                                                .hike(hike.id), where: L("at the map cursor"))
                } else if screen.hike.pointCount > 0 {
                    let i = screen.scrubIndex
                    let place = Place(kind: .other, name: nil, coordinate: screen.hike.coordinates[i],
                                      elevation: screen.hike.profile.elevations[i])
                    result.modal = PlacesFeature.ownPlacePrompt(place, .hike(hike.id), where: L("at the profile's cursor"))
                } else {
                    return Result(bell: true)
                }
            case .review:
                guard hike.screen.hike.pointCount > 1 else {
                    return Result(status: StatusMessage(text: L("Nothing to match: the hike has no line"), isError: false), bell: true)
                }
                return Result(navigation: .review)
            case .routes:
                return Result(navigation: .routes(around: nil))
            case .nextPlace, .previousPlace:
                let distances = hike.screen.hike.profile.distances
                let here = distances.isEmpty ? 0 : distances[hike.screen.scrubIndex]
                let alongs = hike.screen.hike.places.map(\.distanceAlong)
                let target = action == .nextPlace ? alongs.filter { $0 > here + 0.5 }.min() : alongs.filter { $0 < here - 0.5 }.max()
                guard let target, let length = Optional(hike.screen.hike.profile.length), length > 0 else {
                    return Result(status: StatusMessage(text: hike.screen.hike.places.isEmpty
                        ? L("No places on this hike yet (p finds some)") : "No more places that way", isError: false))
                }
                hike.screen.scrub(to: hike.screen.hike.index(atFraction: target / length))
                followCursor()
                if let p = hike.screen.hike.places.first(where: { $0.distanceAlong == target })?.place {
                    result.status = StatusMessage(text: "\(p.kind.label): \(TextSanitizer.sanitize(p.name ?? "(unnamed)"))", isError: false)
                }
            case .photos:
                guard !hike.screen.photos.isEmpty else {
                    return Result(status: StatusMessage(text: L("No photos with this hike: `cairn photos add %s DIR` places them", hike.id.rawValue),
                                                        isError: false))
                }
                hike.screen.photoStrip = 0
                result.status = PhotoStripFeature.select(&hike, 0)
            case .help:
                result.modal = .help
            }
        case .resize:
            return Result()
        }
        // A zoom that leaves the view too far out for contours says so (as opening there does);
        // one that brings it back in takes the sentence away.
        if result.status == nil, hike.screen.viewport.zoom != zoomBefore {
            if let far = contourNote(hike.screen) {
                result.status = StatusMessage(text: far, isError: false)
            } else if farBefore {
                result.status = StatusMessage(text: "", isError: false)
            }
        }
        askMapData(hike, &result)
        return result
    }

    /// "Contours from zoom 8: zoom in" when contours are on, the view is too far out for them
    /// and the hike has terrain under it (without, no zoom would show any); nil otherwise.
    /// Said when the hike opens and after a zoom (DECISIONS 414); `C` says it as it turns them on.
    static func contourNote(_ screen: HikeScreenState) -> String? {
        guard screen.showsContours, let t = screen.hike.terrain, t.source != .none else { return nil }
        return MapBasemap.contoursTooFarOut(zoom: screen.viewport.zoom)
    }

    /// `t`: the terrain's line beside the GPS line, or why there is none.
    static func toggleTerrainLine(_ hike: inout HikeModel, _ result: inout Result) {
        let prepared = hike.screen.hike
        guard let terrain = prepared.terrain else {
            result.status = StatusMessage(text: L("No terrain here: import the SRTM tile under the hike with `cairn dem import FILE`"), isError: false)
            return
        }
        guard terrain.hasLineBeside else {
            let why: String
            switch terrain.source {
            case .terrain: why = L("The profile is the terrain's already (the file has no elevations)")
            case .file, .fileAndTerrain, .none:
                why = terrain.gaps.missingTiles.first.map { L("No terrain tile under this hike: `%s` after getting it", TerrainGaps.importCommand($0)) }
                    ?? L("No terrain tile under this hike")
            }
            result.status = StatusMessage(text: why, isError: false)
            return
        }
        hike.screen.showsTerrainLine.toggle()
        let on = terrain.source == .fileAndTerrain
            ? L("Terrain line on (dashed) beside the GPS heights filled from the terrain: t hides it")
            : L("Terrain line on (dashed): t hides it")
        result.status = StatusMessage(text: hike.screen.showsTerrainLine ? on : L("Terrain line off"),
                                      isError: false)
    }

    /// Asks for map data when the hike map's basemap cannot serve its viewport.
    static func askMapData<E>(_ hike: HikeModel, _ result: inout FeatureResult<E>) {
        if let b = hike.screen.basemap, b.canServe(hike.screen.viewport) { return }
        result.askBasemap(.hike, hike.screen.viewport)
    }

    /// After a resize: a map showing the whole hike (as opened, or after `0`) is fitted again
    /// at the new size (issue 34: it kept the old zoom, so a larger window showed a small hike
    /// and a smaller one cut it); a view the hiker moved keeps its centre and zoom.
    static func relayout(_ hike: inout HikeModel, _ context: FeatureContext) -> Result {
        let map = context.layout.hike.map
        let (w, h) = (max(1, map.width), max(1, map.height))
        if hike.screen.isFitted {
            hike.screen.fitMap(width: w, height: h)
        } else {
            hike.screen.viewport = hike.screen.viewport.resized(width: w, height: h)
        }
        hike.screen.keepScrubPointInView()
        var result = Result()
        askMapData(hike, &result)
        return result
    }
}
