import Localization
import Foundation
import TermUI
import TrailCore
import TrailLive
import TrailStore

extension FollowUpdate {
    /// A request from another shell (`cairn follow pause|resume|finish|place`, `cairn status`) for
    /// the walk being followed: pause, resume and finish go through the same path as the keys
    /// `p` and `x`; a place of one's own is added at the last fix; the answer is given here, after
    /// the change is made to the screen's state (the store writes that follow are queued in order).
    mutating func control(_ request: LiveControlRequest, _ answer: LiveControlAnswer) -> [Step] {
        guard let follow = following, !follow.isStopped else {
            answer.deliver(LiveControlReply(ok: false, message: L("the follow screen has no walk running")))
            return []
        }
        func reply(_ ok: Bool, _ message: String) -> LiveControlReply {
            LiveControlReply(ok: ok, message: message, status: Self.status(following ?? follow))
        }
        switch request {
        case .status:
            answer.deliver(reply(true, follow.session.isPaused ? "paused" : "following"))
            return []
        case .pause, .resume:
            if (request == .pause) == follow.session.isPaused {
                // Asking for the state it is in is not an error, as for a recording (DECISIONS.md 972).
                answer.deliver(reply(true, follow.session.isPaused ? L("already paused") : L("already following")))
                return []
            }
            let steps = updateFollowKeys(.key(.character("p")))
            answer.deliver(reply(true, request == .pause ? L("paused (`cairn follow resume` goes on)") : L("following again")))
            return steps
        case .finish(let name):
            guard name == nil else {
                answer.deliver(reply(false, L("a followed walk has no name of its own: `cairn follow finish` without --name")))
                return []
            }
            let steps = updateFollowKeys(.key(.character("x")))
            answer.deliver(LiveControlReply(ok: true, message: L("stopped following; the walk is saved in the hike's history"),
                                            status: nil))
            return steps
        case .photo:
            guard let mark = Self.photoMark(follow) else {
                answer.deliver(reply(false, L("no position yet: a photo-here mark is noted where you stand")))
                return []
            }
            answer.deliver(reply(true, L("photo-here mark noted at the last fix (`cairn photos add %s PATH` fills it)", String(follow.hikeID.rawValue))))
            return [.own(.markPhoto(follow.hikeID, mark))]
        case .place(let name):
            guard let fix = follow.session.lastFix ?? follow.lastReceived else {
                answer.deliver(reply(false, L("no position yet: a place is added where you stand")))
                return []
            }
            answer.deliver(reply(true, L("place '%s' added at the last fix", name)))
            return [.own(.addPlace(follow.hikeID, Place(kind: .other, name: name, coordinate: fix.coordinate,
                                                        elevation: fix.altitude)))]
        }
    }

    /// A "photo here" mark at the last accepted fix (else the last received): its time, its
    /// progress along the route and its distance off it (when matched to the route); nil
    /// before the first fix.
    static func photoMark(_ f: FollowModel) -> PhotoMark? {
        guard let fix = f.session.lastFix ?? f.lastReceived else { return nil }
        let matched = f.session.crossTrackDistance
        return PhotoMark(coordinate: fix.coordinate, elevation: fix.altitude, time: fix.time,
                         distanceAlong: matched == nil ? nil : f.session.progress, distanceOff: matched.map(abs))
    }

    /// The follow's figures for `cairn status`: elapsed is the walk's active time (pauses
    /// left out), the speed its moving average; off route only while the monitor says so.
    static func status(_ f: FollowModel) -> LiveStatus {
        let s = f.session
        var status = LiveStatus(activity: "following", state: s.isPaused ? "paused" : "following", name: f.hikeName,
                                hike: f.hikeID.rawValue, elapsed: f.liveTimes.active, moving: f.liveTimes.moving, distance: s.distanceWalked,
                                speed: s.moving.movingAverageSpeed, offRoute: s.isOffRoute ? s.crossTrackDistance.map(abs) : nil,
                                points: f.recordedPoints)
        status.take(f.live, route: f.progress)
        return status
    }
}
