import Localization
import Foundation
import TermUI
import TrailCore
import TrailLive
import TrailMap
import TrailStore

/// Starting a recording (library `R`: the source prompt, as following asks), resuming or
/// finishing the unfinished one offered on start, and the end of the screen.
extension RecordFeature {
    /// `R` in the library, or "resume" in the offer: ask for the position source.
    static func askSource(_ shared: RecordState, resuming: RecordingID?, _ options: RecordOptions) -> Result {
        let offered = shared.unfinished.flatMap { $0.recording == resuming ? $0 : nil }
        return Result(modal: .prompt(PromptModel(purpose: .recordSource(resuming: resuming),
                                                 title: resuming == nil ? "Record with position from" : "Resume recording with position from",
                                                 text: offered?.source ?? options.defaultSource)))
    }

    /// The source prompt was accepted: check the source (as following does) before starting.
    static func sourceEntered(_ text: String, resuming: RecordingID?) -> Result {
        let spec: PositionSourceSpec
        do { spec = try PositionSourceSpec(parsing: text) } catch {
            return Result(status: StatusMessage(text: error.description, isError: true), bell: true)
        }
        return Result([.checkSource(spec, text: text, resuming: resuming)],
                      status: StatusMessage(text: L("Checking %s…", spec), isError: false))
    }

    /// The typed source was checked: open the recording screen, make the recorder, start the
    /// source (in that order: the recorder exists before the first fix reaches it).
    static func sourceChecked(_ shared: inout RecordState, _ text: String, _ spec: PositionSourceSpec, resuming: RecordingID?,
                              error: String?, _ context: FeatureContext, _ options: RecordOptions) -> Result {
        if let error { return Result(status: StatusMessage(text: error, isError: true), bell: true) }
        shared.sourceCounter += 1
        let map = context.layout.hike.map
        let offered = shared.unfinished.flatMap { $0.recording == resuming ? $0 : nil }
        let viewport = MapViewport(center: Coordinate(latitude: 0, longitude: 0), zoom: 2, width: max(1, map.width),
                                   height: max(1, map.height))
        let model = RecordModel(name: offered?.name ?? "", sourceLabel: spec.description, source: shared.sourceCounter,
                                resuming: resuming, viewport: viewport)
        shared.unfinished = nil
        let status = resuming == nil ? "Recording from \(spec): waiting for the first fix"
            : "Resuming the recording from \(spec)"
        return Result([.begin(name: offered?.name ?? (resuming == nil ? options.autoName : nil), source: text, resuming: resuming),
                       .startSource(spec, speed: options.speed, source: shared.sourceCounter)],
                      status: StatusMessage(text: status, isError: false), navigation: .recording(model))
    }

    /// On start: an unfinished recording was found (and written as paused): offer it.
    static func unfinishedFound(_ shared: inout RecordState, _ found: UnfinishedRecording, _ context: FeatureContext) -> Result {
        shared.unfinished = found
        let f = context.environment.format
        let what = "“\(TextSanitizer.sanitize(found.name))”, started \(f.dateTime(found.startedAt)), "
            + "\(f.distance(found.distance)), " + Ln("%d point", "%d points", found.pointCount, found.pointCount)
        return Result(modal: .confirm(ConfirmModel(purpose: .unfinishedRecording(found.recording),
                                                   question: "An unfinished recording is kept, paused:\n" + what + "\n\n"
                                                       + "r  resume recording it\nf  finish it and save the hike\n"
                                                       + "Esc  later (R in the library offers it again)")))
    }

    /// The answer to the offer: `r` resumes (asking for the source), `f` finishes it, Esc leaves
    /// it for later (still paused; `R` in the library then offers it again). Nil: a key the
    /// dialog does not take (it stays open).
    static func answerUnfinished(_ shared: inout RecordState, _ id: RecordingID, _ key: Key,
                                 _ options: RecordOptions) -> Result? {
        switch key {
        case .character("r"), .character("y"):
            return askSource(shared, resuming: id, options)
        case .character("f"):
            shared.unfinished = nil
            return Result([.finishUnfinished(id)], status: StatusMessage(text: L("Finishing the recording…"), isError: false))
        case .escape, .character("l"), .character("q"), .character("n"):
            return Result(status: StatusMessage(text: L("The unfinished recording stays, paused: R offers it again"),
                                                isError: false))
        default:
            return nil
        }
    }

    /// `R` in the library: the unfinished recording first (one recording at a time), else a
    /// new one.
    static func start(_ shared: inout RecordState, _ context: FeatureContext, _ options: RecordOptions) -> Result {
        if let found = shared.unfinished { return unfinishedFound(&shared, found, context) }
        return askSource(shared, resuming: nil, options)
    }

    /// Finished: say so; the root opens the hike (or goes back to the library).
    static func finished(_ hike: HikeID?) -> Result {
        guard let hike else {
            return Result([.stopSource], status: StatusMessage(text: L("Nothing was recorded, so no hike was saved"), isError: false),
                          navigation: .library)
        }
        return Result([.stopSource], status: StatusMessage(text: L("Saved as a hike"), isError: false),
                      navigation: .openRecorded(hike))
    }
}
