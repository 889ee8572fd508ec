import Foundation
import TrailCore
import TrailLive
import TrailStore
import Localization

/// What a request from another shell (``LiveControlRequest``, `cairn record pause` …) does to a
/// running ``Recorder``, the same for the headless recorder and the recording screen: pause,
/// resume, finish (optionally renaming the hike), a place of one's own at the last recorded
/// point, or the status figures. Call it on the thread that owns the recorder.
public enum RecordingControl {
    /// The outcome of one request.
    public struct Outcome: Sendable {
        /// The answer for the other shell.
        public var reply: LiveControlReply
        /// The state change made (the caller's loop ends on `.finish`, a screen shows it).
        public var action: RecordingAction?
        /// The place added, as stored.
        public var place: Place?
    }

    /// The status of `recorder` now, read with the ``LiveReadout`` the front end keeps (the
    /// recording screen's status is its model's, ``RecordModel``'s `liveStatus`, from the same readout).
    /// - Parameters:
    ///   - readout: the source's state and the clock (fix age, link; `now` runs the times on).
    ///   - clock: when the last committed point's fix arrived and the pauses since: elapsed and
    ///     moving time run on from it (``LiveReadout/runningTimes(elapsed:moving:clock:speed:)``).
    public static func status(_ recorder: Recorder, readout: LiveReadout, clock: WalkClock = WalkClock()) -> LiveStatus {
        let s = recorder.session
        let stats = s.statistics()
        let name = recorder.hike.flatMap { try? recorder.store.summary($0).name } ?? (recorder.nameAwaitsFirstFix ? nil : recorder.name)
        let times = readout.runningTimes(elapsed: stats.elapsedTime, moving: stats.movingTime, clock: clock, speed: s.currentSpeed())
        var status = LiveStatus(activity: "recording", state: s.state.rawValue, name: name, hike: recorder.hike?.rawValue,
                                elapsed: times.elapsed, moving: times.moving, distance: stats.distance,
                                speed: s.currentSpeed(), points: s.pointCount)
        status.take(readout)
        return status
    }

    /// A "photo here" mark at recorded point `point`, `distanceAlong` metres into the walk
    /// (the recording's distance so far: the hike's line is the recording).
    public static func photoMark(_ point: Trackpoint, distanceAlong: Double?) -> PhotoMark {
        PhotoMark(coordinate: point.coordinate, elevation: point.elevation, time: point.time, distanceAlong: distanceAlong)
    }

    /// Applies `request` to `recorder` (store first, as every recorder step).
    /// - Parameters: as ``status(_:readout:clock:)``.
    /// - Returns: the reply (never throws: a refused or failed step is a reply with `ok` false).
    public static func apply(_ request: LiveControlRequest, to recorder: Recorder, readout: LiveReadout,
                             clock: WalkClock = WalkClock()) -> Outcome {
        func reply(_ ok: Bool, _ message: String) -> LiveControlReply {
            LiveControlReply(ok: ok, message: message, status: status(recorder, readout: readout, clock: clock))
        }
        let state = recorder.session.state
        switch request {
        case .status:
            return Outcome(reply: reply(true, state.rawValue))
        case .pause, .resume:
            let action: RecordingAction = request == .pause ? .pause : .resume
            // Asking for the state it is in is not an error (DECISIONS.md 972): said, and done.
            if request == .pause && state == .paused { return Outcome(reply: reply(true, L("already paused"))) }
            if request == .resume && state == .recording { return Outcome(reply: reply(true, L("already recording"))) }
            do { try recorder.perform(action) } catch {
                return Outcome(reply: reply(false, action.cannotText(recording: false, String(describing: error))))
            }
            return Outcome(reply: reply(true, action == .pause ? L("paused (`cairn record resume` goes on)") : L("recording again")), action: action)
        case .finish(let name):
            if let name, let hike = recorder.hike {
                do { try recorder.store.rename(hike, to: name) } catch {
                    return Outcome(reply: reply(false, L("cannot rename the hike: %s; not finished", String(describing: error))))
                }
            }
            do { try recorder.perform(.finish) } catch {
                return Outcome(reply: reply(false, RecordingAction.finish.cannotText(recording: false, String(describing: error))))
            }
            let what = recorder.hike.map { L("finished as hike %s (cairn show %s)", String($0.rawValue), String($0.rawValue)) }
                ?? L("finished before the first accepted position: nothing was recorded")
            return Outcome(reply: reply(true, what), action: .finish)
        case .photo:
            guard let hike = recorder.hike, let point = recorder.session.lastPoint else {
                return Outcome(reply: reply(false, L("no position recorded yet: a photo-here mark is noted where you stand")))
            }
            do {
                let mark = try recorder.store.addPhotoMark(Self.photoMark(point, distanceAlong: recorder.session.distance), to: hike)
                return Outcome(reply: reply(true, L("photo-here mark #%s noted at the last recorded point (`cairn photos add %s PATH` fills it with the photo taken then)",
                                                    String(describing: mark), String(hike.rawValue))))
            } catch {
                return Outcome(reply: reply(false, L("cannot note the photo-here mark: %s", String(describing: error))))
            }
        case .place(let name):
            guard let hike = recorder.hike, let point = recorder.session.lastPoint else {
                return Outcome(reply: reply(false, L("no position recorded yet: a place is added where you stand")))
            }
            do {
                let place = try recorder.store.addPlace(Place(kind: .other, name: name, coordinate: point.coordinate,
                                                              elevation: point.elevation), to: hike)
                return Outcome(reply: reply(true, L("place '%s' added at the last recorded point", name)), place: place)
            } catch {
                return Outcome(reply: reply(false, L("cannot add the place: %s", String(describing: error))))
            }
        }
    }
}

extension RecordingAction {
    /// "cannot pause: ERROR" (or "cannot pause the recording: ERROR" with `recording`), "cannot
    /// pause" without an error: one message for each action, so that the verb is translated.
    func cannotText(recording: Bool, _ error: String?) -> String {
        switch (self, recording, error) {
        case (.pause, true, let e?): L("cannot pause the recording: %s", e)
        case (.resume, true, let e?): L("cannot resume the recording: %s", e)
        case (.finish, true, let e?): L("cannot finish the recording: %s", e)
        case (.pause, _, let e?): L("cannot pause: %s", e)
        case (.resume, _, let e?): L("cannot resume: %s", e)
        case (.finish, _, let e?): L("cannot finish: %s", e)
        case (.pause, _, nil): L("cannot pause")
        case (.resume, _, nil): L("cannot resume")
        case (.finish, _, nil): L("cannot finish")
        }
    }
}
