import Localization
import Foundation
import TermUI
import TrailStore

extension CairnApp {
    /// Keys while a dialog is open: it takes them all.
    func updateModal(_ state: inout AppState, _ event: InputEvent) -> [AppEffect] {
        guard case .key(let key) = event, let modal = state.modal else { return [] }
        switch modal {
        case .help:
            let overlay = HelpOverlay(help: HelpText.lines(for: state), area: AppLayout(width: state.width, height: state.height).content)
            if let first = overlay.scrolled(state.helpScroll, by: key) {
                state.helpScroll = first
            } else {
                state.modal = nil
                state.helpScroll = 0
            }
            return []
        case .drawing(let dialog):
            return runDrawing(&state) { $0.updateDrawDialog(dialog, key) }
        case .confirm(let c):
            if case .unfinishedRecording(let id) = c.purpose {
                guard let result = RecordFeature.answerUnfinished(&state.record, id, key, state.live.recordOptions) else { return [] }
                state.modal = nil
                return apply(result, &state, AppEffect.record)
            }
            switch key {
            case .character("y"), .character("Y"):
                state.modal = nil
                switch c.purpose {
                case .delete(let id):
                    state.library.previewID = nil
                    return [.deleteHike(id)]
                case .resumeWalk(let id):
                    return runFollowing(&state) { $0.answerResume(id, resume: true) }
                case .unfinishedRecording:
                    return []  // answered above
                }
            case .character("n"), .character("N"), .escape, .character("q"):
                state.modal = nil
                if case .resumeWalk(let id) = c.purpose {
                    let answer: Bool? = key == .character("n") || key == .character("N") ? false : nil
                    return runFollowing(&state) { $0.answerResume(id, resume: answer) }
                }
                state.status = StatusMessage(text: L("Nothing deleted"), isError: false)
                return []
            default:
                return []
            }
        case .prompt(var p):
            switch key {
            case .escape:
                state.modal = nil
                if case .recordName = p.purpose { return runRecording(&state) { RecordFeature.nameCancelled(&$0) } }
                // Esc at a place's note goes back one step, to its name (as typed), not out.
                if case .places(.ownNote(let place, let target)) = p.purpose {
                    state.modal = .prompt(PromptModel(purpose: .places(.ownName(place, target)),
                                                      title: L("Name of your place (Esc: nothing added)"), text: place.name ?? ""))
                }
                return []
            case .enter where p.completionPending && !p.acceptAfterCompletion:
                // Tab's answer is on its way: Enter takes the completed path when it comes.
                p.acceptAfterCompletion = true
                state.modal = .prompt(p)
                return []
            case .enter:
                state.modal = nil
                // A places prompt takes an empty answer too (an empty note adds the place without one).
                if case .places(let prompt) = p.purpose { return placesPromptAccepted(&state, prompt, p.text) }
                let text = p.text.trimmingCharacters(in: .whitespaces)
                guard !text.isEmpty else {
                    // A walk is never lost to an empty name: the prompt comes back with the name it had.
                    if case .recordName = p.purpose { return runRecording(&state) { RecordFeature.nameEmpty(&$0) } }
                    return []
                }
                switch p.purpose {
                case .rename(let id): return [.renameHike(id, text)]
                case .importPath:
                    state.status = StatusMessage(text: L("Reading %s…", text), isError: false)
                    return [.readImportFile(path: text)]
                case .drawing(let purpose):
                    return runDrawing(&state) { $0.drawPromptAccepted(purpose, text) }
                case .followSource(let id):
                    return runFollowing(&state) { $0.sourceEntered(id, text) }
                case .recordSource(let resuming):
                    return apply(RecordFeature.sourceEntered(text, resuming: resuming), &state, AppEffect.record)
                case .recordName:
                    return runRecording(&state) { RecordFeature.nameEntered(&$0, text) }
                case .places:
                    return []  // answered above
                }
            case .tab where p.purpose == .importPath:
                // File names complete as in a shell (the file system is read by the runtime).
                p.completionPending = true
                state.modal = .prompt(p)
                return [.library(.completeImportPath(p.text))]
            default:
                p.edit(key)
                p.completionPending = false
                p.acceptAfterCompletion = false
                state.modal = .prompt(p)
                return []
            }
        case .checklist(var c):
            let n = c.plan.candidates.count
            guard let action = ChecklistAction.keyMap.action(for: key) else { return [] }
            switch action {
            case .cancel:
                state.modal = nil
                state.status = StatusMessage(text: L("Import cancelled"), isError: false)
                return []
            case .move(let d): c.selected = max(0, min(n - 1, c.selected + d))
            case .toggle:
                guard c.plan.candidates.indices.contains(c.selected) else { break }
                let cand = c.plan.candidates[c.selected]
                guard !cand.isEmpty else { break }
                if c.ticked.contains(cand.number) { c.ticked.remove(cand.number) } else { c.ticked.insert(cand.number) }
            case .all:
                let all = c.newCandidates
                c.ticked = c.ticked == all ? [] : all
            case .accept:
                state.modal = nil
                guard !c.ticked.isEmpty else {
                    state.status = StatusMessage(text: L("Nothing ticked; nothing imported"), isError: false)
                    return []
                }
                state.status = StatusMessage(text: L("Importing %s…", c.plan.fileName), isError: false)
                // A ticked track already stored was chosen anyway: stored again (`--again`).
                let again = !c.ticked.isDisjoint(with: c.storedCopies.keys)
                return [.importFile(path: c.path, candidates: c.ticked.sorted(), again: again)]
            }
            state.modal = .checklist(c)
            return []
        }
    }
}

extension PromptModel {
    /// Line editing through the prompt's ``TextField`` (Enter and Esc are the dialog's).
    mutating func edit(_ key: Key) {
        _ = field.handle(key)
    }
}
