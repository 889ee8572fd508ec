import Localization
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
}

extension FollowUpdate {
    /// Applies one source event to the following.
    mutating func receive(_ event: PositionEvent, at time: Date, _ follow: inout FollowModel) -> [Step] {
        // The shared readout keeps the link, the fix and the clock (LiveReadout); a lost source is
        // said once and the error goes when fixes flow again.
        switch follow.live.receive(event, at: time) {
        case .lost(let reason):
            status = StatusMessage(text: L("Position source lost: %s; retrying", reason), isError: true)
        case .recovered:
            status = StatusMessage(text: L("Position source back: fixes arriving again"), isError: false)
        case .ended, .none:
            break
        }
        switch event {
        case .fix(let fix):
            guard !follow.isStopped else { return [] }
            let update = follow.session.receive(fix)
            var effects: [Step] = []
            if update.isAccepted && !follow.session.isPaused {
                follow.clock.point(at: time)
                follow.recordedPoints += 1
                let point = WalkPoint(stretch: follow.session.walkedSegments.count - 1, point: fix.trackpoint)
                if let walk = follow.walkID {
                    effects.append(.own(.appendPoints(walk, [point], summary: follow.summary)))
                } else {
                    follow.pendingPoints.append(point)
                }
            }
            if let alert = update.alert { effects += raise(alert, &follow) }
            if update.isAccepted {
                follow.saidOutOfOrder = false
            } else if update.decision == .rejected(.outOfOrder), !follow.saidOutOfOrder,
                      let latest = follow.session.filter.latestAcceptedTime {
                // Say once why nothing counts (a resumed walk fed a replay from its start, DECISIONS.md 842).
                follow.saidOutOfOrder = true
                let behind = Int(latest.timeIntervalSince(fix.time).rounded(.up))
                status = StatusMessage(text: L("Fixes are not counted until they pass the walk's last point (this one is %d s before it): a replay starts again from its beginning; follow with the walk's --speed",
                                               behind), isError: true)
            }
            return effects
        case .noFix, .satellites, .stale, .connection:
            break
        case .skippedInput(let bad, let garbage):
            if let bad { follow.badSentences = bad }
            if let garbage { follow.garbageLines = garbage }
        case .ended(let end):
            if let c = end.nmeaCounters { follow.badSentences = c.rejected }
            status = StatusMessage(text: L("Position source ended: %s", end.reason), isError: end.isError)
        }
        return []
    }

    /// Banner, bell and (when on) speech for an off-route alert: how far and on which side
    /// (``OffRouteWords``), said again with the distance as it stands at each repeat; "Back on
    /// route" on the status line and aloud.
    private mutating func raise(_ alert: OffRouteAlert, _ follow: inout FollowModel) -> [Step] {
        let speak = live.speaks && live.speechAvailable
        let units = context.environment.format
        switch alert {
        case .leftRoute(let d):
            follow.offRouteBanner = d
            follow.alertCount += 1
            let signed = follow.session.signedCrossTrackDistance ?? d
            return (live.alertBell ? [.bell] : []) + (speak ? [.own(.speak(OffRouteWords.spoken(signed, units)))] : [])
        case .stillOffRoute(let d, _):
            follow.offRouteBanner = d
            follow.repeatCount += 1
            let signed = follow.session.signedCrossTrackDistance ?? d
            return (live.alertBell ? [.bell] : []) + (speak ? [.own(.speak(OffRouteWords.spoken(signed, units, again: true)))] : [])
        case .backOnRoute:
            follow.offRouteBanner = nil
            // The screen says it in the user's language; espeak-ng's default voice speaks English.
            status = StatusMessage(text: L("Back on route"), isError: false)
            return speak ? [.own(.speak(CairnApp.spokenAlerts.back))] : []
        }
    }

    /// Keeps the position on the map unless the hiker panned away: centres (and zooms in to
    /// ``followZoom``) at the first fix, then recentres when the marker nears the edge.
    mutating func followMap() -> [Step] {
        guard var follow = following, var hike = openHike, !follow.detached,
              let c = follow.session.lastFix?.coordinate else { return [] }
        if follow.awaitingFirstFix {
            follow.awaitingFirstFix = false
            // The "Following …" note gives way to the key hints.
            if !status.isError { status = StatusMessage(text: "", isError: false) }
            hike.screen.viewport.zoom = max(hike.screen.viewport.zoom, CairnApp.followZoom)
            hike.screen.viewport.center = c
        } else {
            let before = hike.screen.viewport
            MapNavigation.keepInView(&hike.screen.viewport, c, marginDivisor: 4)
            if hike.screen.viewport == before { return [] }
        }
        following = follow
        openHike = hike
        return mapEffects()
    }

    /// Keys and mouse of the follow screen.
    mutating func updateFollowKeys(_ event: InputEvent) -> [Step] {
        guard var follow = following, var hike = openHike else {
            leaves = true
            return []
        }
        if case .stopped = follow.phase {
            guard case .key(let key) = event else { return [] }
            guard FollowAction.stoppedKeyMap.action(for: key) == .close else { return [] }
            return closeFollowScreen()
        }
        func moveMap(_ move: MapNavigation) {
            if move.apply(to: &hike.screen.viewport) { follow.detached = true }
        }
        var effects: [Step] = []
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
            case .photoHere:
                guard let mark = FollowUpdate.photoMark(follow) else {
                    status = StatusMessage(text: L("No position yet: a photo-here mark is noted where you stand"), isError: false)
                    break
                }
                effects.append(.own(.markPhoto(follow.hikeID, mark)))
            case .ownPlace:
                // The last accepted fix (the one the panel's figures and the marker come from),
                // not the last received: the filter may have turned that one down.
                guard let fix = follow.session.lastFix ?? follow.lastReceived else {
                    status = StatusMessage(text: L("No position yet: a place is added where you stand"), isError: false)
                    break
                }
                modal = PlacesFeature.ownPlacePrompt(Place(kind: .other, name: nil, coordinate: fix.coordinate, elevation: fix.altitude),
                                                     .hike(follow.hikeID),
                                                     where: L("where you stand"))
            case .pause:
                // A replay or NMEA log file holds its playback too (nothing is lost); gpsd and
                // a serial device run on, and their fixes do not count while paused.
                // The clock stands still from the pause and runs again from the resume (DECISIONS.md 970).
                if follow.session.isPaused {
                    if let at = follow.now { follow.clock.resume(at: at) }
                    follow.session.resume(at: now)
                    effects.append(.own(.pauseSource(false)))
                    status = StatusMessage(text: L("Resumed"), isError: false)
                } else {
                    if let at = follow.now { follow.clock.pause(at: at, readout: follow.live, speed: follow.session.moving.movingAverageSpeed) }
                    follow.session.pause(at: now)
                    follow.offRouteBanner = nil
                    effects.append(.own(.pauseSource(true)))
                    status = StatusMessage(text: L("Paused: the walk does not count until p"), isError: false)
                }
            case .voice:
                if !live.speechAvailable {
                    live.speaks = false
                    status = StatusMessage(text: L("Spoken alerts need espeak-ng, which is not installed"), isError: true)
                } else {
                    live.speaks.toggle()
                    status = StatusMessage(text: live.speaks ? L("Spoken alerts on") : L("Spoken alerts off"), isError: false)
                }
            case .backtrack:
                openHike = hike
                return startBacktrack(follow)
            case .stop:
                if follow.recordedPoints == 0 { return stopWithNothingRecorded(follow) }
                let summary = follow.summary
                follow.phase = .stopped(summary)
                follow.offRouteBanner = nil
                effects.append(.own(.stopSource))
                if let walk = follow.walkID {
                    if !follow.pendingPoints.isEmpty {
                        effects.append(.own(.appendPoints(walk, follow.pendingPoints, summary: summary)))
                        follow.pendingPoints = []
                    }
                    effects.append(.own(.finishWalk(walk, summary: summary, hike: follow.hikeID)))
                }
                status = StatusMessage(text: L("Stopped; the walk is saved in the hike's history"), isError: false)
            case .back:
                status = StatusMessage(text: L("x stops following (the walk is saved as it goes) · Ctrl-C quits"),
                                             isError: false)
            case .help:
                modal = .help
            case .close:
                return []
            }
        }
        following = follow
        openHike = hike
        return effects + mapEffects()
    }

    /// `x` before any fix was recorded: no walk goes in the history (its row is deleted, now or
    /// when it comes), and the screen closes.
    private mutating func stopWithNothingRecorded(_ follow: FollowModel) -> [Step] {
        var effects: [Step] = [.own(.stopSource)]
        if let walk = follow.walkID {
            effects.append(.own(.deleteWalk(walk)))
        } else {
            live.discardWalkRequest = follow.walkRequest
        }
        effects += closeFollowScreen()
        status = StatusMessage(text: L("Stopped: nothing recorded, so no walk was saved"), isError: false)
        return effects
    }

    /// `b`: closes the walk so far and follows it back to its start (``FollowSession/backtrackRoute()``).
    private mutating func startBacktrack(_ old: FollowModel) -> [Step] {
        guard let route = old.session.backtrackRoute() else {
            status = StatusMessage(text: L("Nothing walked yet to turn back on"), isError: true)
            return [.bell]
        }
        var effects: [Step] = []
        let summary = old.summary
        if let walk = old.walkID {
            if !old.pendingPoints.isEmpty { effects.append(.own(.appendPoints(walk, old.pendingPoints, summary: summary))) }
            effects.append(.own(.finishWalk(walk, summary: summary, hike: old.hikeID)))
        }
        live.walkRequestCounter += 1
        var follow = FollowModel(hikeID: old.hikeID, hikeName: old.hikeName,
                                 session: FollowSession(route: route, configuration: old.session.configuration),
                                 isBacktrack: true, sourceLabel: old.sourceLabel, source: old.source, walkID: nil,
                                 walkRequest: live.walkRequestCounter)
        follow.live = old.live
        follow.detached = old.detached
        follow.awaitingFirstFix = false
        follow.viewportBefore = old.viewportBefore
        following = follow
        let points = zip(route.polyline.coordinates, route.elevations).map { Trackpoint($0, elevation: $1) }
        effects.append(.own(.beginWalk(old.hikeID, offRouteThreshold: old.session.configuration.offRoute.threshold,
                                          backtrackRoute: points, request: follow.walkRequest)))
        status = StatusMessage(text: L("Backtrack: following your walk back to the start, %s", context.environment.format.distance(route.length)),
                               isError: false)
        return effects
    }
}
