import Foundation
import TrailCore
import TrailLive
import TrailStore

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

    /// The status of `recorder` now.
    /// - Parameters:
    ///   - fixAge: seconds since the last fix came from the source; nil before the first.
    ///   - offRoute: metres off the route followed (a backtrack), nil when on it or without one.
    public static func status(_ recorder: Recorder, fixAge: Double?, offRoute: Double? = nil) -> LiveStatus {
        let s = recorder.session
        let stats = s.statistics()
        let name = recorder.hike.flatMap { try? recorder.store.summary($0).name } ?? (recorder.nameAwaitsFirstFix ? nil : recorder.name)
        return LiveStatus(activity: "recording", state: s.state.rawValue, name: name, hike: recorder.hike?.rawValue,
                          elapsed: stats.elapsedTime, moving: stats.movingTime, distance: stats.distance,
                          speed: s.currentSpeed(), offRoute: offRoute, fixAge: fixAge, points: s.pointCount)
    }

    /// Applies `request` to `recorder` (store first, as every recorder step).
    /// - Parameters: as ``status(_:fixAge:offRoute:)``.
    /// - Returns: the reply (never throws: a refused or failed step is a reply with `ok` false).
    public static func apply(_ request: LiveControlRequest, to recorder: Recorder, fixAge: Double?,
                             offRoute: Double? = nil) -> Outcome {
        func reply(_ ok: Bool, _ message: String) -> LiveControlReply {
            LiveControlReply(ok: ok, message: message, status: status(recorder, fixAge: fixAge, offRoute: offRoute))
        }
        let state = recorder.session.state
        switch request {
        case .status:
            return Outcome(reply: reply(true, state.rawValue))
        case .pause, .resume:
            let action: RecordingAction = request == .pause ? .pause : .resume
            if request == .pause && state == .paused { return Outcome(reply: reply(false, "already paused")) }
            if request == .resume && state == .recording { return Outcome(reply: reply(false, "already recording")) }
            do { try recorder.perform(action) } catch {
                return Outcome(reply: reply(false, "cannot \(action.rawValue): \(error)"))
            }
            return Outcome(reply: reply(true, action == .pause ? "paused (`cairn record resume` goes on)" : "recording again"), action: action)
        case .finish(let name):
            if let name, let hike = recorder.hike {
                do { try recorder.store.rename(hike, to: name) } catch {
                    return Outcome(reply: reply(false, "cannot rename the hike: \(error); not finished"))
                }
            }
            do { try recorder.perform(.finish) } catch {
                return Outcome(reply: reply(false, "cannot finish: \(error)"))
            }
            let what = recorder.hike.map { "finished as hike \($0.rawValue) (cairn show \($0.rawValue))" }
                ?? "finished before the first accepted position: nothing was recorded"
            return Outcome(reply: reply(true, what), action: .finish)
        case .place(let name):
            guard let hike = recorder.hike, let point = recorder.session.lastPoint else {
                return Outcome(reply: reply(false, "no position recorded yet: a place is added where you stand"))
            }
            do {
                let place = try recorder.store.addPlace(Place(kind: .other, name: name, coordinate: point.coordinate,
                                                              elevation: point.elevation), to: hike)
                return Outcome(reply: reply(true, "place '\(name)' added at the last recorded point"), place: place)
            } catch {
                return Outcome(reply: reply(false, "cannot add the place: \(error)"))
            }
        }
    }
}
