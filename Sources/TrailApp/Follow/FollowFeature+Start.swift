import Localization
import Foundation
import TermUI
import TrailCore
import TrailLive
import TrailStore

/// Starting, resuming and leaving a following; the walk history of the open hike.
extension FollowUpdate {
    /// The messages of live following (``AppMessage/follow(_:)``).
    mutating func updateFollow(_ message: FollowMessage) -> [Step] {
        switch message {
        case .launch:
            guard let auto = live.autoFollow else { return [] }
            status = StatusMessage(text: L("Opening %s…", auto.id), isError: false)
            navigation = .openHike(auto.id)
            return []
        case .position(let event, let at, let source):
            guard var follow = following, follow.source == source else { return [] }
            let effects = receive(event, at: at, &follow)
            following = follow
            return effects + (following != nil ? followMap() : [])
        case .tick(let date):
            following?.live.tick(date)
            return []
        case .control(let request, let answer):
            return control(request, answer)
        case .sourceFailed(let source, let text):
            guard following?.source == source else { return [] }
            following?.ended = SourceEnd(reason: text, isError: true)
            status = StatusMessage(text: L("Position source: %s", text), isError: true)
            return [.bell]
        case .walkBegun(let request, let walk):
            if live.discardWalkRequest == request {
                live.discardWalkRequest = nil
                return [.own(.deleteWalk(walk))]
            }
            guard var follow = following, follow.walkRequest == request else { return [] }
            follow.walkID = walk
            var effects: [Step] = [.own(.setWalkSource(walk, follow.sourceLabel, speed: follow.speed))]
            if !follow.pendingPoints.isEmpty {
                effects.append(.own(.appendPoints(walk, follow.pendingPoints, summary: follow.summary)))
                follow.pendingPoints = []
            }
            if case .stopped(let summary) = follow.phase {
                effects.append(.own(.finishWalk(walk, summary: summary, hike: follow.hikeID)))
            }
            following = follow
            return effects
        case .walksLoaded(let id, let walks, let unfinished):
            return walksLoaded(id, walks, unfinished)
        case .sourceChecked(let id, let text, let spec, let error):
            return sourceChecked(id, text, spec, error)
        case .walkHistoryFailed(let reason):
            status = StatusMessage(text: L("Walk history not written: %s", reason), isError: true)
            return [.bell]
        case .controlUnavailable(let reason):
            status = StatusMessage(text: L("Commands from another shell do not reach this screen: %s", reason), isError: false)
            return []
        }
    }

    /// After a hike opened on the hike screen: ask for its walk history (and an unfinished walk).
    mutating func followAfterHikeLoaded(_ id: HikeID) -> [Step] {
        if live.history?.id != id { live.history = nil }
        if live.pendingResume?.record.hikeID != id { live.pendingResume = nil }
        return [.own(.loadWalks(id, offerResume: true))]
    }

    private mutating func walksLoaded(_ id: HikeID, _ walks: [WalkRecord],
                             _ unfinished: UnfinishedWalk?) -> [Step] {
        guard openHike?.id == id else { return [] }
        live.history = (id, walks)
        guard let unfinished, following == nil else {
            if let auto = live.autoFollow, auto.id == id, following == nil {
                live.autoFollow = nil
                return beginFollowing(source: auto.source, restoring: nil)
            }
            return []
        }
        live.pendingResume = unfinished
        let s = unfinished.record.summary
        let f = context.environment.format
        var what = f.dateTime(unfinished.record.startedAt)
        // TRANSLATORS: a walk's start time, the share of the route covered ("82 %") and the distance walked.
        if let s { what = L("%s, %s covered, %s walked", what, f.percent(s.coverage), f.distance(s.distanceWalked)) }
        // TRANSLATORS: the walk was a backtrack (the way back to the start).
        if unfinished.record.isBacktrack { what += ", " + Lc("walk kind", "backtrack") }
        modal = .confirm(ConfirmModel(purpose: .resumeWalk(id),
                                            question: L("Resume the unfinished walk (%s)? y: resume · n: close it · Esc: later", what)))
        return []
    }

    /// The answer to "resume the unfinished walk?": yes resumes it (asking for the source unless
    /// `cairn follow` gave one), no closes it with the summary it had, nil (Esc) leaves it.
    mutating func answerResume(_ id: HikeID, resume: Bool?) -> [Step] {
        guard let pending = live.pendingResume, pending.record.hikeID == id else { return [] }
        let auto = live.autoFollow?.id == id ? live.autoFollow : nil
        switch resume {
        case true?:
            if let auto {
                live.autoFollow = nil
                return beginFollowing(source: auto.source, restoring: pending)
            }
            modal = .prompt(PromptModel(purpose: .followSource(id), title: L("Resume with position from"),
                                              text: pending.record.source ?? live.defaultSource))
            return []
        case false?:
            live.pendingResume = nil
            let summary = pending.record.summary ?? FollowSummary()
            status = StatusMessage(text: L("The unfinished walk was closed and kept in the history"), isError: false)
            var effects: [Step] = [.own(.finishWalk(pending.record.id, summary: summary, hike: id))]
            if let auto {
                live.autoFollow = nil
                effects += beginFollowing(source: auto.source, restoring: nil)
            }
            return effects
        case nil:
            status = StatusMessage(text: L("The unfinished walk stays; f resumes it"), isError: false)
            return []
        }
    }

    /// `f` on the hike screen: ask for the position source, prefilled with `--gps`.
    mutating func askForSource() {
        guard let id = openHike?.id else { return }
        let resuming = live.pendingResume?.record.hikeID == id ? live.pendingResume : nil
        modal = .prompt(PromptModel(purpose: .followSource(id),
                                          title: resuming != nil ? L("Resume with position from") : L("Follow with position from"),
                                          text: resuming?.record.source ?? live.defaultSource))
    }

    /// The source prompt was accepted.
    mutating func sourceEntered(_ id: HikeID, _ text: String) -> [Step] {
        guard openHike?.id == id else { return [] }
        let spec: PositionSourceSpec
        do { spec = try PositionSourceSpec(parsing: text) } catch {
            status = StatusMessage(text: error.description, isError: true)
            return [.bell]
        }
        status = StatusMessage(text: L("Checking %s…", spec), isError: false)
        return [.own(.checkSource(spec, text: text, hike: id))]
    }

    /// The typed source was checked: start following, or say why not.
    mutating func sourceChecked(_ id: HikeID, _ text: String, _ spec: PositionSourceSpec,
                       _ error: String?) -> [Step] {
        guard openHike?.id == id, following == nil else { return [] }
        if let error {
            status = StatusMessage(text: error, isError: true)
            return [.bell]
        }
        live.defaultSource = text
        let restoring = live.pendingResume?.record.hikeID == id ? live.pendingResume : nil
        return beginFollowing(source: spec, restoring: restoring)
    }

    /// Opens the follow screen on the open hike (or on the restored walk's backtrack route),
    /// starts the source and, for a new walk, asks the store for a walk row.
    mutating func beginFollowing(source spec: PositionSourceSpec,
                        restoring: UnfinishedWalk?) -> [Step] {
        guard let hike = openHike else { return [] }
        let prepared = hike.screen.hike
        guard prepared.pointCount > 1 else {
            status = StatusMessage(text: L("This hike has no line to follow"), isError: true)
            return [.bell]
        }
        var route = FollowRoute(track: prepared.track)
        var backtrack = false
        if let r = restoring?.backtrackRoute, r.count > 1 {
            route = FollowRoute(points: r)
            backtrack = true
        }
        let threshold = restoring?.record.offRouteThreshold ?? live.offRouteThreshold
        let configuration = FollowConfiguration(offRouteThreshold: threshold)
        let session = restoring.map { FollowSession(route: route, configuration: configuration, restoring: $0.stretches) }
            ?? FollowSession(route: route, configuration: configuration)
        live.sourceCounter += 1
        live.walkRequestCounter += 1
        var follow = FollowModel(hikeID: hike.id, hikeName: prepared.name, session: session, isBacktrack: backtrack,
                                 sourceLabel: spec.description, source: live.sourceCounter,
                                 walkID: restoring?.record.id, walkRequest: live.walkRequestCounter)
        follow.recordedPoints = restoring.map { max($0.record.pointCount, $0.stretches.reduce(0) { $0 + $1.count }) } ?? 0
        follow.viewportBefore = hike.screen.viewport
        // A resumed walk plays at its own replay speed unless --speed gives another (DECISIONS.md 923).
        follow.speed = live.speedFactor ?? restoring?.record.speed
        var effects: [Step] = [.own(.startSource(spec, speed: follow.speed, source: follow.source))]
        if restoring == nil {
            effects.append(.own(.beginWalk(hike.id, offRouteThreshold: threshold, backtrackRoute: nil,
                                              request: follow.walkRequest)))
            status = StatusMessage(text: L("Following %s with %s", prepared.name, spec), isError: false)
        } else if let walk = restoring?.record.id {
            effects.append(.own(.setWalkSource(walk, spec.description, speed: follow.speed)))
            status = StatusMessage(text: L("Walk restored, paused: p resumes"), isError: false)
        }
        if live.speaks && !live.speechAvailable {
            live.speaks = false
            status = StatusMessage(text: L("Spoken alerts need espeak-ng, which is not installed"), isError: true)
        }
        live.pendingResume = nil
        if let fix = session.lastFix {
            follow.awaitingFirstFix = false
            openHike?.screen.viewport.center = fix.coordinate
            openHike?.screen.viewport.zoom = max(hike.screen.viewport.zoom, CairnApp.followZoom)
        }
        opens = true
        following = follow
        modal = nil
        return effects + mapEffects()
    }

    /// Leaves the stopped follow screen for the hike screen.
    mutating func closeFollowScreen() -> [Step] {
        if let before = following?.viewportBefore, let v = openHike?.screen.viewport {
            openHike?.screen.viewport = before.resized(width: v.width, height: v.height)
        }
        leaves = true
        status = StatusMessage(text: "", isError: false)
        return mapEffects()
    }

}
