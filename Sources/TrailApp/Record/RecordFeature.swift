import Localization
import Foundation
import TermUI
import TrailCore
import TrailLive
import TrailMap
import TrailStore

/// What lives beside the recording screen: the unfinished recording offered on start, and the
/// numbering of source starts (late events of an older source are ignored).
public struct RecordState: Sendable {
    /// The unfinished recording offered (or being resumed).
    public var unfinished: UnfinishedRecording?
    public var sourceCounter = 0
    public init() {}
}

/// The live options the recording reads (from ``LiveModel``: `--gps`, `--speed`,
/// `--off-route`, speech).
struct RecordOptions: Sendable {
    var defaultSource: String
    var speed: Double?
    var offRouteThreshold: Double
    var speaks: Bool
    /// The bell on off-route alerts (``LiveModel/alertBell``).
    var bell = true
    /// `cairn record --name` on a terminal, for the recording started at launch.
    var autoName: String?
}

extension LiveModel {
    var recordOptions: RecordOptions {
        RecordOptions(defaultSource: defaultSource, speed: speedFactor, offRouteThreshold: offRouteThreshold,
                      speaks: speaks && speechAvailable, bell: alertBell, autoName: autoRecord?.name)
    }
}

/// The recording screen's update: keys (``RecordAction/keyMap``) and the recorder's answers.
/// It changes only the ``RecordModel``; the recorder (in the effect performer) changes the
/// store first and answers with ``RecordingFigures``, so the screen shows only what is on disk.
enum RecordFeature {
    typealias Result = FeatureResult<RecordEffect>

    /// Keys and mouse of the recording screen.
    static func update(_ model: inout RecordModel, _ event: InputEvent, _ context: FeatureContext) -> Result {
        var result = Result()
        let viewportBefore = model.viewport
        func moveMap(_ move: MapNavigation) {
            if move.apply(to: &model.viewport) { model.detached = true }
        }
        switch event {
        case .mouse(let action, _, _):
            guard let move = MapNavigation.wheel(action) else { return result }
            moveMap(move)
        case .resize:
            return result
        case .key(let key):
            guard let action = RecordAction.keyMap.action(for: key) else { return result }
            switch action {
            case .map(let move): moveMap(move)
            case .centre:
                model.detached = false
                if let c = model.position { MapNavigation.centre(&model.viewport, on: c) }
            case .labels: model.showsLabels.toggle()
            case .photoHere:
                guard model.phase == .running, model.hikeID != nil, model.figures.lastPoint != nil else {
                    return Result(status: StatusMessage(text: L("No position recorded yet: a photo-here mark is noted where you stand"),
                                                        isError: false))
                }
                result.effects = [.own(.markPhoto)]
            case .ownPlace:
                // The last recorded point (the one the panel's figures come from), not the last
                // fix received: the recorder may have turned that one down.
                guard let id = model.hikeID, let point = model.figures.lastPoint ?? model.lastReceived?.trackpoint else {
                    return Result(status: StatusMessage(text: L("No position recorded yet: a place is added where you stand"),
                                                        isError: false))
                }
                result.modal = PlacesFeature.ownPlacePrompt(Place(kind: .other, name: nil, coordinate: point.coordinate,
                                                                  elevation: point.elevation), .hike(id),
                                                            where: L("where you stand"))
            case .help: result.modal = .help
            case .back:
                result.status = StatusMessage(text: L("x finishes the recording · Ctrl-C quits (the recording is kept, paused)"),
                                              isError: false)
            case .pause:
                guard model.phase == .running else { return result }
                switch model.figures.state {
                case .recording: result.effects = [.own(.perform(.pause)), .own(.pauseSource(true))]
                case .paused: result.effects = [.own(.perform(.resume)), .own(.pauseSource(false))]
                case .finished: break
                }
            case .finish:
                guard model.phase == .running else { return result }
                // Nothing recorded yet: there is no hike to name (an unnamed one has no name yet).
                if model.figures.pointCount == 0 { return nameEntered(&model, model.name) }
                // No more points while the hike is named (the hiker may be getting into a car):
                // the recording pauses, and Esc on the prompt resumes it.
                if model.figures.state == .recording {
                    model.pausedForFinish = true
                    result.effects = [.own(.perform(.pause)), .own(.pauseSource(true))]
                    result.status = StatusMessage(text: L("Paused while you name the hike: Enter saves it, Esc goes on recording"),
                                                  isError: false)
                }
                result.modal = .prompt(PromptModel(purpose: .recordName, title: L("Finish and save as"), text: model.name))
            case .backtrack:
                guard model.phase == .running else { return result }
                guard model.figures.pointCount >= 2 else {
                    return Result(status: StatusMessage(text: L("Nothing walked yet to turn back on"), isError: true), bell: true)
                }
                result.effects = [.own(.backtrack)]
            }
        }
        if model.viewport != viewportBefore { askMapData(model, &result) }
        return result
    }

    /// The name prompt was accepted empty: nothing is finished; the prompt opens again with
    /// the recording's name (the default "Recorded YYYY-MM-DD" unless renamed) and says so.
    static func nameEmpty(_ model: inout RecordModel) -> Result {
        guard model.phase == .running else { return Result() }
        var result = Result(status: StatusMessage(text: L("A hike needs a name: Enter saves it as “%s”, Esc goes on recording",
                                                                     TextSanitizer.sanitize(model.name)), isError: true), bell: true)
        result.modal = .prompt(PromptModel(purpose: .recordName, title: L("Finish and save as"), text: model.name))
        return result
    }

    /// The name prompt was cancelled (Esc): a recording that `x` paused goes on.
    static func nameCancelled(_ model: inout RecordModel) -> Result {
        guard model.phase == .running, model.pausedForFinish else { return Result() }
        model.pausedForFinish = false
        guard model.figures.state == .paused else { return Result() }
        return Result([.perform(.resume), .pauseSource(false)], status: StatusMessage(text: L("Recording again"), isError: false))
    }

    /// The name prompt was accepted: finish under that name.
    static func nameEntered(_ model: inout RecordModel, _ name: String) -> Result {
        guard model.phase == .running else { return Result() }
        model.pausedForFinish = false
        model.phase = .finishing
        model.name = name
        return Result([.finish(name: name)], status: StatusMessage(text: L("Finishing…"), isError: false))
    }

    /// The recorder's answers and the source's events.
    static func receive(_ model: inout RecordModel, _ message: RecordMessage, _ context: FeatureContext,
                        _ options: RecordOptions) -> Result {
        switch message {
        case .position(let event, let at, let source):
            guard source == model.source else { return Result() }
            return position(&model, event, at: at, context, options)
        case .tick(let date):
            model.live.tick(date)
            return Result()
        case .status(let answer):
            answer.deliver(LiveControlReply(ok: true, message: model.figures.state.rawValue, status: model.liveStatus))
            return Result()
        case .sourceFailed(let source, let text):
            guard source == model.source else { return Result() }
            model.ended = SourceEnd(reason: text, isError: true)
            return Result(status: StatusMessage(text: L("Position source: %s", text), isError: true), bell: true)
        case .begun(let figures, let stored, let name, let hike):
            model.phase = .running
            model.figures = figures
            model.name = name
            model.hikeID = hike
            if !stored.isEmpty { model.drawStored(stored) }
            var result = Result()
            if let c = figures.lastPoint?.coordinate {
                model.awaitingFirstFix = false
                model.viewport.zoom = max(model.viewport.zoom, CairnApp.followZoom)
                model.viewport.center = c
                askMapData(model, &result)
            }
            return result
        case .judged(let figures, let accepted, let hike):
            let rejectedBefore = model.figures.counters.rejected[.poorAccuracy] ?? 0
            model.figures = figures
            if let hike { model.hikeID = hike }
            if !model.saidAccuracy, (figures.counters.rejected[.poorAccuracy] ?? 0) > rejectedBefore {
                // Said once, with what to change (a receiver at HDOP 2 reads ±38 m: DECISIONS.md 922).
                model.saidAccuracy = true
                return Result(status: StatusMessage(text: AccuracyAdvice.text(accuracy: model.lastReceived?.horizontalAccuracy,
                                                                              limit: figures.accuracyLimit, units: context.environment.format),
                                                    isError: true))
            }
            if let accepted {
                model.draw(accepted)
                if let at = model.lastArrival ?? model.now { model.clock.point(at: at) }
            }
            return Result()
        case .named(let name):
            model.name = name
            model.drawable.name = name
            return Result()
        case .stateChanged(let figures):
            model.clockFollows(figures.state)
            model.figures = figures
            let text = figures.state != .paused ? L("Recording again")
                : model.pausedForFinish ? L("Paused while you name the hike: Enter saves it, Esc goes on recording")
                : L("Paused (written): p resumes · x finishes")
            return Result(status: StatusMessage(text: text, isError: false))
        case .backtrackReady(let points):
            guard points.count >= 2 else {
                return Result(status: StatusMessage(text: L("Nothing walked yet to turn back on"), isError: true), bell: true)
            }
            let route = FollowRoute(points: points)
            model.backtrack = FollowSession(route: route, configuration: FollowConfiguration(offRouteThreshold: options.offRouteThreshold))
            model.backtrackLine = FollowModel.drawable(route, name: L("Way back"))
            model.offRouteBanner = nil
            return Result(status: StatusMessage(text: L("Backtrack: the way back to the start, %s; still recording",
                                                        context.environment.format.distance(route.length)), isError: false))
        case .controlUnavailable(let reason):
            return Result(status: StatusMessage(text: L("Commands from another shell do not reach this screen: %s", reason), isError: false))
        case .failed(let reason):
            let status = StatusMessage(text: L("Recording: %s", reason), isError: true)
            // No recorder could be made (a read-only store): nothing can be recorded, so the
            // source stops and the library comes back with the reason.
            if model.phase == .starting { return Result([.stopSource], status: status, navigation: .library, bell: true) }
            if model.phase == .finishing { model.phase = .running }
            return Result(status: status, bell: true)
        case .sourceChecked, .finished, .unfinishedFound, .launch:
            return Result()  // the root's (they open or leave the screen)
        }
    }

    private static func position(_ model: inout RecordModel, _ event: PositionEvent, at time: Date, _ context: FeatureContext,
                                 _ options: RecordOptions) -> Result {
        var result = Result()
        // The shared readout keeps the link, the fix and the clock (LiveReadout); what changed is said once.
        switch model.live.receive(event, at: time) {
        case .recovered:
            // The source recovered: the error goes (DECISIONS.md 843).
            result.status = StatusMessage(text: L("Position source back: fixes arriving again"), isError: false)
        case .lost(let reason):
            result.status = StatusMessage(text: L("Position source lost: %s; retrying", reason), isError: true)
        case .ended(let end):
            result.status = StatusMessage(text: L("Position source ended: %s · x finishes", end.reason), isError: end.isError)
        case .none:
            break
        }
        guard case .fix(let fix) = event, model.phase == .running else { return result }
        result.effects.append(.own(.receive(fix)))
        if var back = model.backtrack, model.figures.state == .recording {
            if let alert = back.receive(fix).alert { raise(alert, &model, back, options, context.environment.format, &result) }
            model.backtrack = back
        }
        keepInView(&model, context, &result)
        return result
    }

    /// Banner, bell and (when on) speech for an off-route alert on the way back, with the
    /// distance and side (``OffRouteWords``); "Back on route" shown and said.
    private static func raise(_ alert: OffRouteAlert, _ model: inout RecordModel, _ back: FollowSession,
                              _ options: RecordOptions, _ units: UnitFormatter, _ result: inout Result) {
        switch alert {
        case .leftRoute(let d), .stillOffRoute(let d, _):
            let first = model.offRouteBanner == nil
            let signed = back.signedCrossTrackDistance ?? d
            model.offRouteBanner = abs(signed)
            if options.bell { result.effects.append(.bell) }
            if options.speaks {
                result.effects.append(.own(.speak(OffRouteWords.spoken(signed, units, again: !first))))
            }
        case .backOnRoute:
            model.offRouteBanner = nil
            // The screen says it in the user's language; espeak-ng's default voice speaks English.
            result.status = StatusMessage(text: L("Back on route"), isError: false)
            if options.speaks { result.effects.append(.own(.speak(CairnApp.spokenAlerts.back))) }
        }
    }

    /// Centres (and zooms in) at the first fix, then keeps the position in view unless the
    /// hiker panned away.
    private static func keepInView(_ model: inout RecordModel, _ context: FeatureContext, _ result: inout Result) {
        guard !model.detached, let c = model.position else { return }
        if model.awaitingFirstFix {
            model.awaitingFirstFix = false
            // "Waiting for the first fix" gives way to the key hints.
            result.status = StatusMessage(text: "", isError: false)
            model.viewport.zoom = max(model.viewport.zoom, CairnApp.followZoom)
            model.viewport.center = c
        } else {
            let before = model.viewport
            MapNavigation.keepInView(&model.viewport, c, marginDivisor: 4)
            if model.viewport == before { return }
        }
        askMapData(model, &result)
    }

    /// Asks for map data when the basemap cannot serve the map's view.
    static func askMapData(_ model: RecordModel, _ result: inout Result) {
        if let b = model.basemap, b.canServe(model.viewport) { return }
        result.askBasemap(.recording, model.viewport)
    }

    /// After a resize: the map keeps its centre and zoom at the new size.
    static func relayout(_ model: inout RecordModel, _ context: FeatureContext) -> Result {
        let map = context.layout.hike.map
        model.viewport = model.viewport.resized(width: max(1, map.width), height: max(1, map.height))
        var result = Result()
        askMapData(model, &result)
        return result
    }
}
