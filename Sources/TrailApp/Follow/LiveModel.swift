import Foundation
import TrailCore
import TrailLive
import TrailStore

/// Everything about live position in the app state: the options given on the command line,
/// the following in progress, and the open hike's walk history.
public struct LiveModel: Sendable {
    /// The `--gps` value offered in the source prompt (`f`).
    public var defaultSource = LiveModel.defaultSourceText
    /// `--speed`: pacing of replays and NMEA files (nil: real time).
    public var speedFactor: Double?
    /// `--off-route`: the off-route threshold, metres.
    public var offRouteThreshold = OffRouteMonitor.Parameters.defaultThreshold
    /// Spoken alerts on (`--speak` or `v`); turned off, with a note, when following starts
    /// without espeak-ng.
    public var speaks = false
    /// True when espeak-ng was found on the PATH.
    public var speechAvailable = false
    /// `cairn follow ID --gps SPEC`: the hike to open and follow at launch, until it starts.
    public var autoFollow: (id: HikeID, source: PositionSourceSpec)?
    /// The walk history of the open hike.
    public var history: (id: HikeID, walks: [WalkRecord])?
    /// An unfinished walk the user was asked about (or said yes to): resumed by the next start.
    public var pendingResume: UnfinishedWalk?
    /// Counters numbering source starts and walk requests, so late answers are recognised.
    public var sourceCounter = 0
    public var walkRequestCounter = 0
    /// The walk request of a following stopped before its walk row came back with nothing
    /// recorded: that row is deleted when it comes.
    public var discardWalkRequest: Int?

    /// gpsd on this machine, its standard port.
    public static let defaultSourceText = "gpsd://127.0.0.1:2947"

    public init() {}

    /// The walks of hike `id` as last loaded (empty when another hike's are loaded).
    public func walks(of id: HikeID) -> [WalkRecord] {
        guard let h = history, h.id == id else { return [] }
        return h.walks
    }
}
