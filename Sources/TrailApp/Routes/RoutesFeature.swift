import Localization
import Foundation
import TermUI
import TrailCore
import TrailMap

/// The Routes screen's update: it changes only its ``RoutesModel`` and hands the rest back.
enum RoutesFeature {
    typealias Result = FeatureResult<RoutesEffect>

    /// Opens the screen over `origin` (its map's view), or from the library around `around`
    /// (the selected hike's box; nil: every route the map has), and asks for the list.
    static func open(origin: HikeModel?, around: BoundingBox?, _ context: FeatureContext) -> (RoutesModel, Result) {
        let box = origin?.screen.viewport.bounds ?? around
        let point = box?.center
        let area = RoutesView.mapArea(context.layout.content)
        let vp = MapViewport(center: point ?? Coordinate(latitude: 0, longitude: 0), zoom: 12,
                             width: max(1, area.width), height: max(1, area.height))
        var model = RoutesModel(origin: origin, box: box, point: point, viewport: vp)
        var result = Result()
        list(&model, &result)
        return (model, result)
    }

    static func list(_ model: inout RoutesModel, _ result: inout Result) {
        model.requests += 1
        model.pendingList = model.requests
        result.effects.append(.own(.list(request: model.requests, box: model.box, point: model.point,
                                         includeLongDistance: model.showsAll)))
        result.status = StatusMessage(text: L("Looking for waymarked routes…"), isError: false)
    }

    static func update(_ model: inout RoutesModel, _ event: InputEvent, _ context: FeatureContext) -> Result {
        guard case .key(let key) = event, let action = RoutesAction.keyMap.action(for: key) else { return Result() }
        var result = Result()
        switch action {
        case .move(let d):
            guard let routes = model.routes, !routes.isEmpty else { return Result(bell: true) }
            let next = max(0, min(routes.count - 1, model.selected + d))
            guard next != model.selected else { return result }
            model.selected = next
            select(&model, &result, context)
        case .open:
            guard let r = model.selectedRoute else { return Result(bell: true) }
            result.effects.append(.own(.open(r)))
            result.status = StatusMessage(text: L("Opening %s as a hike…", TextSanitizer.sanitize(r.title)), isError: false)
        case .toggleAll:
            model.showsAll.toggle()
            list(&model, &result)
        case .zoom(let d):
            model.viewport.zoom += d
            result.askBasemap(.routes, model.viewport)
        case .help:
            result.modal = .help
        case .back:
            result.navigation = .back
        }
        return result
    }

    /// The selected route on the map: its line fitted in the view, its completion asked for once.
    static func select(_ model: inout RoutesModel, _ result: inout Result, _ context: FeatureContext) {
        guard let r = model.selectedRoute else { model.preview = nil; return }
        let tracks = [Track(name: r.title, segments: r.line.runs.map { TrackSegment(points: $0.map { Trackpoint($0) }) })]
        model.preview = PreparedHike(name: r.title, tracks: tracks)
        let area = RoutesView.mapArea(context.layout.content)
        if let box = r.route.bounds {
            model.viewport = MapViewport.fit(box, width: max(1, area.width), height: max(1, area.height))
        }
        result.askBasemap(.routes, model.viewport)
        if model.completions[r.id] == nil {
            result.effects.append(.own(.completion(key: .route(r.id), runs: r.line.runs, excluding: nil)))
        }
    }

    static func message(_ model: inout RoutesModel, _ message: RoutesMessage, _ context: FeatureContext) -> Result {
        var result = Result()
        switch message {
        case .listed(let request, let routes, let hidden):
            guard request == model.pendingList else { return result }
            model.pendingList = nil
            let previous = model.selectedRoute?.id
            model.routes = routes
            model.hiddenLongDistance = hidden
            model.selected = routes.firstIndex { $0.id == previous } ?? 0
            select(&model, &result, context)
            let more = hidden > 0 ? " " + L("(%d long-distance left out: a shows them)", hidden) : ""
            result.status = StatusMessage(text: Ln("%d waymarked route", "%d waymarked routes", routes.count, routes.count) + more, isError: false)
        case .completion(.route(let id), let figures):
            model.completions[id] = figures
        case .completion(.hike, _), .opened:
            break
        case .failed(let reason):
            model.pendingList = nil
            if model.routes == nil { model.routes = [] }
            return Result(status: StatusMessage(text: L("Routes: %s", reason), isError: true), bell: true)
        }
        return result
    }
}
