import Foundation
import TermUI
import Testing
import TrailCore
import TrailLive
import TrailStore
@testable import TrailApp

/// Drives the recording screen as the runtime does, with the recorder played by a pure
/// ``RecordingSession`` (the store's part, writing before answering, is tested in
/// TrailStoreTests and end to end): each `.receive` effect is judged and committed, and the
/// answer sent back, as ``RecordEffectPerformer`` does after its store write.
///
/// Fixes are ``FollowFixture/fix(_:east:second:)``: due north from (0° N, 10° E), 11.0574 m
/// apart (1e-4° of latitude at the equator: a(1 − e²) · π/180 · 1e-4), 10 s apart, climbing 1 m each.
struct RecordDriver {
    let app = CairnApp()
    var state: AppState
    var session = RecordingSession()
    static let hike = HikeID(rowID: 9)

    init(width: Int = 100, height: Int = 30) {
        state = AppState(environment: FollowFixture.environment(), storeLabel: "test", width: width, height: height)
        _ = app.update(&state, .hikesLoaded([]))
    }

    /// `R`, Enter on the prefilled source, the check answered as readable, the recorder made.
    mutating func start() -> (prompt: Modal?, effects: [AppEffect]) {
        _ = app.update(&state, .input(.key(.character("R"))))
        let prompt = state.modal
        var effects = app.update(&state, .input(.key(.enter)))
        for case .record(.checkSource(let spec, let text, let resuming)) in effects {
            effects += app.update(&state, .record(.sourceChecked(text: text, spec, resuming: resuming, error: nil)))
        }
        effects += app.update(&state, .record(.begun(RecordingFigures(session: session), stored: [], name: "Recorded 2023-11-14",
                                                     hike: nil)))
        return (prompt, effects)
    }

    /// A position event from source 1, and the recorder's answers to what it asked.
    @discardableResult
    mutating func send(_ fix: PositionFix, source: Int = 1) -> [AppEffect] {
        let effects = app.update(&state, .record(.position(.fix(fix), at: fix.time, source: source)))
        return effects + answer(effects)
    }

    /// Answers the recorder's effects among `effects` (receive, pause, resume) as the performer would.
    mutating func answer(_ effects: [AppEffect]) -> [AppEffect] {
        var more: [AppEffect] = []
        for effect in effects {
            switch effect {
            case .record(.receive(let fix)):
                var accepted: PendingPoint?
                if case .accept(let p) = session.judge(fix) {
                    session.commit(p)
                    accepted = p
                }
                more += app.update(&state, .record(.judged(RecordingFigures(session: session), accepted: accepted,
                                                           hike: session.pointCount > 0 ? Self.hike : nil)))
            case .record(.perform(let action)):
                try? session.apply(action)
                more += app.update(&state, .record(.stateChanged(RecordingFigures(session: session))))
            case .record(.backtrack):
                more += app.update(&state, .record(.backtrackReady(session.backtrackPoints())))
            default: break
            }
        }
        return more
    }

    mutating func key(_ k: Key) -> [AppEffect] { app.update(&state, .input(.key(k))) }

    var model: RecordModel? { if case .record(let m) = state.screen { m } else { nil } }

    var text: String { app.view(state, width: state.width, height: state.height).textDump() }
}
