import Localization
import Foundation
import TrailLive
import TermUI
import TrailCore
import TrailStore

/// The root's side of the recording feature: routing its keys, messages and dialogs to
/// ``RecordFeature`` and carrying out what it hands back.
extension CairnApp {
    /// The recording screen's model while it shows.
    func recordModel(_ state: AppState) -> RecordModel? {
        if case .record(let m) = state.screen { return m }
        return nil
    }

    /// Runs `body` on the recording screen's model (nothing off that screen) and carries out its result.
    func runRecording(_ state: inout AppState, _ body: (inout RecordModel) -> FeatureResult<RecordEffect>) -> [AppEffect] {
        guard case .record(var model) = state.screen else { return [] }
        let result = body(&model)
        state.screen = .record(model)
        return apply(result, &state, AppEffect.record)
    }

    /// A recording message: the ones that open or leave the screen here, the rest to the screen.
    func updateRecord(_ state: inout AppState, _ message: RecordMessage) -> [AppEffect] {
        let context = state.context
        let options = state.live.recordOptions
        switch message {
        case .launch:
            // A new recording starts now (the CLI has refused one beside an unfinished one);
            // a resumed one when the start's search finds it.
            guard let auto = state.live.autoRecord, !auto.resume, let source = auto.source else { return [] }
            return apply(RecordFeature.sourceEntered(source, resuming: nil), &state, AppEffect.record)
        case .sourceChecked(let text, let spec, let resuming, let error):
            guard state.screen.kind != .record else { return [] }
            if error == nil && resuming == nil { state.live.defaultSource = text }
            state.live.autoRecord = nil
            return apply(RecordFeature.sourceChecked(&state.record, text, spec, resuming: resuming, error: error, context, options),
                         &state, AppEffect.record)
        case .unfinishedFound(let found):
            if let auto = state.live.autoRecord, auto.resume {  // `cairn record --resume` on a terminal
                state.record.unfinished = found
                guard let source = auto.source ?? found.source else {
                    state.live.autoRecord = nil
                    return apply(RecordFeature.askSource(state.record, resuming: found.recording, options), &state, AppEffect.record)
                }
                return apply(RecordFeature.sourceEntered(source, resuming: found.recording), &state, AppEffect.record)
            }
            // Kept for `R` when a dialog is open or another screen shows; offered at once otherwise.
            guard state.modal == nil, state.screen.kind == .library else { state.record.unfinished = found; return [] }
            return apply(RecordFeature.unfinishedFound(&state.record, found, context), &state, AppEffect.record)
        case .finished(let hike):
            if state.screen.kind == .record {
                return apply(RecordFeature.finished(hike), &state, AppEffect.record)
            }
            // The offer's "finish": the library shows the hike.
            state.status = StatusMessage(text: L("The recording was finished and saved"), isError: false, acrossScreens: true)
            return hike.map { navigate(&state, to: .librarySelecting($0)) } ?? []
        case .status(let answer) where state.screen.kind != .record:
            answer.deliver(LiveControlReply(ok: false, message: L("the recording screen is not showing")))
            return []
        case .failed(let reason) where state.screen.kind != .record:
            state.status = StatusMessage(text: L("Recording: %s", reason), isError: true)
            return [.bell]
        default:
            return runRecording(&state) { RecordFeature.receive(&$0, message, context, options) }
        }
    }

    /// The recording screen inside `area`.
    func renderRecord(_ state: AppState, _ area: Rect, _ buffer: inout Buffer) {
        guard let model = recordModel(state) else { return }
        RecordScreenView.render(model: model, environment: state.environment, area: area, into: &buffer)
    }
}
