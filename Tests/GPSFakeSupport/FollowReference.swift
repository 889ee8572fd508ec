/// What `Tests/TrailLiveTests/Fixtures/follow_reference.py` computes for a replayed walk,
/// independently of Cairn (GeographicLib and its own projection): accepted fixes with their
/// progress, coverage, distance walked and the off-route alerts. Decoded from its JSON output.
public struct FollowReference: Decodable {
    public struct Fix: Decodable { public var time: Double; public var progress: Double }
    public struct Alert: Decodable { public var time: Double; public var kind: String }
    /// The route's vertices as [lat, lon, ele?] (present when the script is asked for it).
    public var route: [[Double?]]?
    public var routeLength: Double
    public var accepted: [Fix]
    public var coverage: Double
    public var coveredLength: Double
    public var distanceWalked: Double
    public var finalProgress: Double
    public var alerts: [Alert]
}
