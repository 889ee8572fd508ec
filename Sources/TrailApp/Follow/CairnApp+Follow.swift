import Foundation
import TermUI
import TrailCore
import TrailLive
import TrailStore

/// The follow screen's update: position events, the off-route alert, and the keys (``FollowAction/keyMap``).
extension CairnApp {
    /// The zoom the map takes at the first fix when it shows less detail: about 2.4 m a braille
    /// dot at 45° latitude, so an 80-column map spans some 400 m around the hiker.
    static let followZoom = 16.0

    /// What the alert says aloud.
    static let spokenAlerts = (left: "Off route", still: "Still off route", back: "Back on route")

    /// Applies one source event to the following.
    func receive(_ event: PositionEvent, at time: Date, _ follow: inout FollowModel,
                 _ state: inout AppState) -> [AppEffect] {
        follow.now = max(follow.now ?? time, time)
        switch event {
        case .fix(let fix):
            follow.lastReceived = fix
            follow.lastArrival = time
            follow.isStale = false
            follow.noFix = nil
            if let u = fix.satellitesUsed { follow.satellitesUsed = u }
            if let v = fix.satellitesVisible { follow.satellitesVisible = v }
            guard !follow.isStopped else { return [] }
            let update = follow.session.receive(fix)
            var effects: [AppEffect] = []
            if update.isAccepted && !follow.session.isPaused {
                follow.recordedPoints += 1
                let point = WalkPoint(stretch: follow.session.walkedSegments.count - 1, point: fix.trackpoint)
                if let walk = follow.walkID {
                    effects.append(.follow(.appendPoints(walk, [point], summary: follow.summary)))
                } else {
                    follow.pendingPoints.append(point)
                }
            }
            if let alert = update.alert { effects += raise(alert, &follow, &state) }
            return effects
        case .noFix(let mode):
            follow.noFix = mode
        case .satellites(let used, let visible):
            follow.satellitesUsed = used
            follow.satellitesVisible = visible
        case .stale:
            follow.isStale = true
        case .connection(let c):
            follow.connection = c
            follow.connectionAt = time
            if case .connected = c { follow.ended = nil }
        case .skippedInput(let bad, let garbage):
            if let bad { follow.badSentences = bad }
            if let garbage { follow.garbageLines = garbage }
        case .ended(let end):
            follow.ended = end
            if let c = end.nmeaCounters { follow.badSentences = c.rejected }
            state.status = StatusMessage(text: "Position source ended: \(end.reason)", isError: end.isError)
        }
        return []
    }

    /// Banner, bell and (when on) speech for an off-route alert.
    private func raise(_ alert: OffRouteAlert, _ follow: inout FollowModel, _ state: inout AppState) -> [AppEffect] {
        let speak = state.live.speaks && state.live.speechAvailable
        switch alert {
        case .leftRoute(let d):
            follow.offRouteBanner = d
            follow.alertCount += 1
            return [.bell] + (speak ? [.follow(.speak(CairnApp.spokenAlerts.left))] : [])
        case .stillOffRoute(let d, _):
            follow.offRouteBanner = d
            follow.repeatCount += 1
            return [.bell] + (speak ? [.follow(.speak(CairnApp.spokenAlerts.still))] : [])
        case .backOnRoute:
            follow.offRouteBanner = nil
            return speak ? [.follow(.speak(CairnApp.spokenAlerts.back))] : []
        }
    }

    /// Keeps the position on the map unless the hiker panned away: centres (and zooms in to
    /// ``followZoom``) at the first fix, then recentres when the marker nears the edge.
    func followMap(_ state: inout AppState) -> [AppEffect] {
        guard var follow = state.following, var hike = state.hike, !follow.detached,
              let c = follow.session.lastFix?.coordinate else { return [] }
        if follow.awaitingFirstFix {
            follow.awaitingFirstFix = false
            // The "Following …" note gives way to the key hints.
            if !state.status.isError { state.status = StatusMessage(text: "", isError: false) }
            hike.screen.viewport.zoom = max(hike.screen.viewport.zoom, CairnApp.followZoom)
            hike.screen.viewport.center = c
        } else {
            let before = hike.screen.viewport
            MapNavigation.keepInView(&hike.screen.viewport, c, marginDivisor: 4)
            if hike.screen.viewport == before { return [] }
        }
        state.following = follow
        state.hike = hike
        return basemapEffects(&state)
    }

    /// Keys and mouse of the follow screen.
    func updateFollowKeys(_ state: inout AppState, _ event: InputEvent) -> [AppEffect] {
        guard var follow = state.following, var hike = state.hike else {
            navigate(&state, to: .leaveFollow)
            return []
        }
        if case .stopped = follow.phase {
            guard case .key(let key) = event else { return [] }
            guard FollowAction.stoppedKeyMap.action(for: key) == .close else { return [] }
            return closeFollowScreen(&state)
        }
        func moveMap(_ move: MapNavigation) {
            if move.apply(to: &hike.screen.viewport) { follow.detached = true }
        }
        var effects: [AppEffect] = []
        let now = follow.now ?? follow.session.lastFix?.time ?? Date(timeIntervalSinceReferenceDate: 0)
        switch event {
        case .mouse(let action, _, _):
            guard let move = MapNavigation.wheel(action) else { return [] }
            moveMap(move)
        case .resize:
            return []
        case .key(let key):
            guard let action = FollowAction.keyMap.action(for: key) else { return [] }
            switch action {
            case .map(let move): moveMap(move)
            case .centre:
                follow.detached = false
                if let c = follow.session.lastFix?.coordinate { MapNavigation.centre(&hike.screen.viewport, on: c) }
            case .labels: hike.screen.showsLabels.toggle()
            case .pause:
                // A replay or NMEA log file holds its playback too (nothing is lost); gpsd and
                // a serial device run on, and their fixes do not count while paused.
                if follow.session.isPaused {
                    follow.session.resume(at: now)
                    effects.append(.follow(.pauseSource(false)))
                    state.status = StatusMessage(text: "Resumed", isError: false)
                } else {
                    follow.session.pause(at: now)
                    follow.offRouteBanner = nil
                    effects.append(.follow(.pauseSource(true)))
                    state.status = StatusMessage(text: "Paused: the walk does not count until p", isError: false)
                }
            case .voice:
                if !state.live.speechAvailable {
                    state.live.speaks = false
                    state.status = StatusMessage(text: "Spoken alerts need espeak-ng, which is not installed", isError: true)
                } else {
                    state.live.speaks.toggle()
                    state.status = StatusMessage(text: "Spoken alerts \(state.live.speaks ? "on" : "off")", isError: false)
                }
            case .backtrack:
                state.hike = hike
                return startBacktrack(&state, follow)
            case .stop:
                if follow.recordedPoints == 0 { return stopWithNothingRecorded(&state, follow) }
                let summary = follow.summary
                follow.phase = .stopped(summary)
                follow.offRouteBanner = nil
                effects.append(.follow(.stopSource))
                if let walk = follow.walkID {
                    if !follow.pendingPoints.isEmpty {
                        effects.append(.follow(.appendPoints(walk, follow.pendingPoints, summary: summary)))
                        follow.pendingPoints = []
                    }
                    effects.append(.follow(.finishWalk(walk, summary: summary, hike: follow.hikeID)))
                }
                state.status = StatusMessage(text: "Stopped; the walk is saved in the hike's history", isError: false)
            case .back:
                state.status = StatusMessage(text: "x stops following (the walk is saved as it goes) · Ctrl-C quits",
                                             isError: false)
            case .help:
                state.modal = .help
            case .close:
                return []
            }
        }
        state.following = follow
        state.hike = hike
        return effects + basemapEffects(&state)
    }

    /// `x` before any fix was recorded: no walk goes in the history (its row is deleted, now or
    /// when it comes), and the screen closes.
    private func stopWithNothingRecorded(_ state: inout AppState, _ follow: FollowModel) -> [AppEffect] {
        var effects: [AppEffect] = [.follow(.stopSource)]
        if let walk = follow.walkID {
            effects.append(.follow(.deleteWalk(walk)))
        } else {
            state.live.discardWalkRequest = follow.walkRequest
        }
        effects += closeFollowScreen(&state)
        state.status = StatusMessage(text: "Stopped: nothing recorded, so no walk was saved", isError: false)
        return effects
    }

    /// `b`: closes the walk so far and follows it back to its start (``FollowSession/backtrackRoute()``).
    private func startBacktrack(_ state: inout AppState, _ old: FollowModel) -> [AppEffect] {
        guard let route = old.session.backtrackRoute() else {
            state.status = StatusMessage(text: "Nothing walked yet to turn back on", isError: true)
            return [.bell]
        }
        var effects: [AppEffect] = []
        let summary = old.summary
        if let walk = old.walkID {
            if !old.pendingPoints.isEmpty { effects.append(.follow(.appendPoints(walk, old.pendingPoints, summary: summary))) }
            effects.append(.follow(.finishWalk(walk, summary: summary, hike: old.hikeID)))
        }
        state.live.walkRequestCounter += 1
        var follow = FollowModel(hikeID: old.hikeID, hikeName: old.hikeName,
                                 session: FollowSession(route: route, configuration: old.session.configuration),
                                 isBacktrack: true, sourceLabel: old.sourceLabel, source: old.source, walkID: nil,
                                 walkRequest: state.live.walkRequestCounter)
        follow.connection = old.connection
        follow.ended = old.ended
        follow.lastReceived = old.lastReceived
        follow.lastArrival = old.lastArrival
        follow.satellitesUsed = old.satellitesUsed
        follow.satellitesVisible = old.satellitesVisible
        follow.now = old.now
        follow.detached = old.detached
        follow.awaitingFirstFix = false
        follow.viewportBefore = old.viewportBefore
        state.following = follow
        let points = zip(route.polyline.coordinates, route.elevations).map { Trackpoint($0, elevation: $1) }
        effects.append(.follow(.beginWalk(old.hikeID, offRouteThreshold: old.session.configuration.offRoute.threshold,
                                          backtrackRoute: points, request: follow.walkRequest)))
        state.status = StatusMessage(text: "Backtrack: following your walk back to the start, "
                                     + state.environment.format.distance(route.length), isError: false)
        return effects
    }
}
