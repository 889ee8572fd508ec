import Localization
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
    /// The terminal bell on off-route alerts (`--alerts` / config `alerts`: bell or both; on
    /// by default). The banner shows either way.
    public var alertBell = true
    /// True when espeak-ng was found on the PATH.
    public var speechAvailable = false
    /// `cairn follow ID --gps SPEC`: the hike to open and follow at launch, until it starts.
    public var autoFollow: (id: HikeID, source: PositionSourceSpec)?
    /// `cairn record` on a terminal: the recording to start (or resume) at launch, until it starts.
    public var autoRecord: AutoRecord?
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

    /// The viewer's first status line when a position source was given (`--gps`, as `make demo`
    /// does): how to follow or record with it, shown inside the viewer rather than printed
    /// before it; `selected`: the library starts on a chosen hike (`--select`, the demo hike).
    public func startHint(selected: Bool = false) -> String? {
        guard defaultSource != LiveModel.defaultSourceText, autoFollow == nil, autoRecord == nil else { return nil }
        if selected {
            return L("Tip: Enter opens the selected hike, f follows it live; R records a walk (%s)", shortSource)
        }
        return L("Tip: open a hike and press f to follow it live, or press R to record a walk (%s)", shortSource)
    }

    /// The source as the tips name it: a file's name without its directory ("nmea:walk.nmea").
    var shortSource: String {
        guard let slash = defaultSource.lastIndex(of: "/"), !defaultSource.contains("://") else { return defaultSource }
        let scheme = defaultSource.firstIndex(of: ":").map { String(defaultSource[...$0]) } ?? ""
        return scheme + defaultSource[defaultSource.index(after: slash)...]
    }

    /// The same tip on a hike screen just opened.
    public var hikeHint: String? {
        guard defaultSource != LiveModel.defaultSourceText, autoFollow == nil, autoRecord == nil else { return nil }
        return L("Tip: press f, then Enter, to follow this hike live; R in the library records (%s)", shortSource)
    }

    /// The walks of hike `id` as last loaded (empty when another hike's are loaded).
    public func walks(of id: HikeID) -> [WalkRecord] {
        guard let h = history, h.id == id else { return [] }
        return h.walks
    }
}
