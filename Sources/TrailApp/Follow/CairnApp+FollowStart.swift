import Foundation
import TermUI
import TrailCore
import TrailLive
import TrailStore

/// Starting, resuming and leaving a following; the walk history of the open hike.
extension CairnApp {
    /// The messages of live following (``AppMessage/follow(_:)``).
    func updateFollow(_ state: inout AppState, _ message: FollowMessage) -> [AppEffect] {
        switch message {
        case .launch:
            guard let auto = state.live.autoFollow else { return [] }
            state.status = StatusMessage(text: "Opening \(auto.id)…", isError: false)
            return [.loadHike(auto.id, forPreview: false)]
        case .position(let event, let at, let source):
            guard var follow = state.following, follow.source == source else { return [] }
            let effects = receive(event, at: at, &follow, &state)
            state.following = follow
            return effects + (state.screen.kind == .follow ? followMap(&state) : [])
        case .tick(let date):
            state.following?.now = date
            return []
        case .sourceFailed(let source, let text):
            guard state.following?.source == source else { return [] }
            state.following?.ended = SourceEnd(reason: text, isError: true)
            state.status = StatusMessage(text: "Position source: \(text)", isError: true)
            return [.bell]
        case .walkBegun(let request, let walk):
            if state.live.discardWalkRequest == request {
                state.live.discardWalkRequest = nil
                return [.follow(.deleteWalk(walk))]
            }
            guard var follow = state.following, follow.walkRequest == request else { return [] }
            follow.walkID = walk
            var effects: [AppEffect] = [.follow(.setWalkSource(walk, follow.sourceLabel))]
            if !follow.pendingPoints.isEmpty {
                effects.append(.follow(.appendPoints(walk, follow.pendingPoints, summary: follow.summary)))
                follow.pendingPoints = []
            }
            if case .stopped(let summary) = follow.phase {
                effects.append(.follow(.finishWalk(walk, summary: summary, hike: follow.hikeID)))
            }
            state.following = follow
            return effects
        case .walksLoaded(let id, let walks, let unfinished):
            return walksLoaded(&state, id, walks, unfinished)
        case .sourceChecked(let id, let text, let spec, let error):
            return sourceChecked(&state, id, text, spec, error)
        case .walkHistoryFailed(let reason):
            state.status = StatusMessage(text: "Walk history not written: \(reason)", isError: true)
            return [.bell]
        }
    }

    /// After a hike opened on the hike screen: ask for its walk history (and an unfinished walk).
    func followAfterHikeLoaded(_ state: inout AppState, _ id: HikeID) -> [AppEffect] {
        if state.live.history?.id != id { state.live.history = nil }
        if state.live.pendingResume?.record.hikeID != id { state.live.pendingResume = nil }
        return [.follow(.loadWalks(id, offerResume: true))]
    }

    private func walksLoaded(_ state: inout AppState, _ id: HikeID, _ walks: [WalkRecord],
                             _ unfinished: UnfinishedWalk?) -> [AppEffect] {
        guard state.hike?.id == id else { return [] }
        state.live.history = (id, walks)
        guard let unfinished, state.following == nil else {
            if let auto = state.live.autoFollow, auto.id == id, state.following == nil {
                state.live.autoFollow = nil
                return beginFollowing(&state, source: auto.source, restoring: nil)
            }
            return []
        }
        state.live.pendingResume = unfinished
        let s = unfinished.record.summary
        let f = state.environment.format
        var what = f.dateTime(unfinished.record.startedAt)
        if let s { what += ", \(percent(s.coverage)) covered, \(f.distance(s.distanceWalked)) walked" }
        if unfinished.record.isBacktrack { what += ", backtrack" }
        state.modal = .confirm(ConfirmModel(purpose: .resumeWalk(id),
                                            question: "Resume the unfinished walk (\(what))? y: resume · n: close it · Esc: later"))
        return []
    }

    /// The answer to "resume the unfinished walk?": yes resumes it (asking for the source unless
    /// `cairn follow` gave one), no closes it with the summary it had, nil (Esc) leaves it.
    func answerResume(_ state: inout AppState, _ id: HikeID, resume: Bool?) -> [AppEffect] {
        guard let pending = state.live.pendingResume, pending.record.hikeID == id else { return [] }
        let auto = state.live.autoFollow?.id == id ? state.live.autoFollow : nil
        switch resume {
        case true?:
            if let auto {
                state.live.autoFollow = nil
                return beginFollowing(&state, source: auto.source, restoring: pending)
            }
            state.modal = .prompt(PromptModel(purpose: .followSource(id), title: "Resume with position from",
                                              text: pending.record.source ?? state.live.defaultSource))
            return []
        case false?:
            state.live.pendingResume = nil
            let summary = pending.record.summary ?? FollowSummary()
            state.status = StatusMessage(text: "The unfinished walk was closed and kept in the history", isError: false)
            var effects: [AppEffect] = [.follow(.finishWalk(pending.record.id, summary: summary, hike: id))]
            if let auto {
                state.live.autoFollow = nil
                effects += beginFollowing(&state, source: auto.source, restoring: nil)
            }
            return effects
        case nil:
            state.status = StatusMessage(text: "The unfinished walk stays; f resumes it", isError: false)
            return []
        }
    }

    /// `f` on the hike screen: ask for the position source, prefilled with `--gps`.
    func askForSource(_ state: inout AppState) {
        guard let id = state.hike?.id else { return }
        let resuming = state.live.pendingResume?.record.hikeID == id ? state.live.pendingResume : nil
        state.modal = .prompt(PromptModel(purpose: .followSource(id),
                                          title: resuming != nil ? "Resume with position from" : "Follow with position from",
                                          text: resuming?.record.source ?? state.live.defaultSource))
    }

    /// The source prompt was accepted.
    func sourceEntered(_ state: inout AppState, _ id: HikeID, _ text: String) -> [AppEffect] {
        guard state.hike?.id == id else { return [] }
        let spec: PositionSourceSpec
        do { spec = try PositionSourceSpec(parsing: text) } catch {
            state.status = StatusMessage(text: error.description, isError: true)
            return [.bell]
        }
        state.status = StatusMessage(text: "Checking \(spec)…", isError: false)
        return [.follow(.checkSource(spec, text: text, hike: id))]
    }

    /// The typed source was checked: start following, or say why not.
    func sourceChecked(_ state: inout AppState, _ id: HikeID, _ text: String, _ spec: PositionSourceSpec,
                       _ error: String?) -> [AppEffect] {
        guard state.hike?.id == id, state.following == nil else { return [] }
        if let error {
            state.status = StatusMessage(text: error, isError: true)
            return [.bell]
        }
        state.live.defaultSource = text
        let restoring = state.live.pendingResume?.record.hikeID == id ? state.live.pendingResume : nil
        return beginFollowing(&state, source: spec, restoring: restoring)
    }

    /// Opens the follow screen on the open hike (or on the restored walk's backtrack route),
    /// starts the source and, for a new walk, asks the store for a walk row.
    func beginFollowing(_ state: inout AppState, source spec: PositionSourceSpec,
                        restoring: UnfinishedWalk?) -> [AppEffect] {
        guard let hike = state.hike else { return [] }
        let prepared = hike.screen.hike
        guard prepared.pointCount > 1 else {
            state.status = StatusMessage(text: "This hike has no line to follow", isError: true)
            return [.bell]
        }
        var route = FollowRoute(track: prepared.track)
        var backtrack = false
        if let r = restoring?.backtrackRoute, r.count > 1 {
            route = FollowRoute(points: r)
            backtrack = true
        }
        let threshold = restoring?.record.offRouteThreshold ?? state.live.offRouteThreshold
        let configuration = FollowConfiguration(offRouteThreshold: threshold)
        let session = restoring.map { FollowSession(route: route, configuration: configuration, restoring: $0.stretches) }
            ?? FollowSession(route: route, configuration: configuration)
        state.live.sourceCounter += 1
        state.live.walkRequestCounter += 1
        var follow = FollowModel(hikeID: hike.id, hikeName: prepared.name, session: session, isBacktrack: backtrack,
                                 sourceLabel: spec.description, source: state.live.sourceCounter,
                                 walkID: restoring?.record.id, walkRequest: state.live.walkRequestCounter)
        follow.recordedPoints = restoring.map { max($0.record.pointCount, $0.stretches.reduce(0) { $0 + $1.count }) } ?? 0
        follow.viewportBefore = hike.screen.viewport
        var effects: [AppEffect] = [.follow(.startSource(spec, speed: state.live.speedFactor, source: follow.source))]
        if restoring == nil {
            effects.append(.follow(.beginWalk(hike.id, offRouteThreshold: threshold, backtrackRoute: nil,
                                              request: follow.walkRequest)))
            state.status = StatusMessage(text: "Following \(prepared.name) with \(spec)", isError: false)
        } else if let walk = restoring?.record.id {
            effects.append(.follow(.setWalkSource(walk, spec.description)))
            state.status = StatusMessage(text: "Walk restored, paused: p resumes", isError: false)
        }
        if state.live.speaks && !state.live.speechAvailable {
            state.live.speaks = false
            state.status = StatusMessage(text: "Spoken alerts need espeak-ng, which is not installed", isError: true)
        }
        state.live.pendingResume = nil
        if let fix = session.lastFix {
            follow.awaitingFirstFix = false
            state.hike?.screen.viewport.center = fix.coordinate
            state.hike?.screen.viewport.zoom = max(hike.screen.viewport.zoom, CairnApp.followZoom)
        }
        navigate(&state, to: .follow(follow))
        state.modal = nil
        return effects + basemapEffects(&state)
    }

    /// Leaves the stopped follow screen for the hike screen.
    func closeFollowScreen(_ state: inout AppState) -> [AppEffect] {
        if let before = state.following?.viewportBefore, let v = state.hike?.screen.viewport {
            state.hike?.screen.viewport = before.resized(width: v.width, height: v.height)
        }
        navigate(&state, to: .leaveFollow)
        state.status = StatusMessage(text: "", isError: false)
        return basemapEffects(&state)
    }

    /// "82%".
    func percent(_ fraction: Double) -> String { "\(Int((fraction * 100).rounded()))%" }
}
