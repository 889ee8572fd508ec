import Foundation

/// A hike about to be stored (see `HikeStore.insert(_:allowDuplicate:)` in TrailStore): what an
/// import plan, `cairn route --save` and the drawing screen make. Kept here, with the track model,
/// so that a module making hikes (TrailMap's router) needs no store.
public struct NewHike: Sendable {
    public var name: String
    public var description: String?
    public var kind: HikeKind
    public var sourceFileName: String?
    public var metadata: HikeMetadata
    /// The tracks with their points; the first one carries the hike's comment, source, links,
    /// number and type (also copied into ``metadata``).
    public var tracks: [Track]
    public var waypoints: [Waypoint]
    /// Numbers of all tracks together, computed by the caller (`StatisticsCalculator`).
    public var statistics: TrackStatistics

    public init(name: String, description: String? = nil, kind: HikeKind, sourceFileName: String? = nil,
                metadata: HikeMetadata = HikeMetadata(), tracks: [Track], waypoints: [Waypoint] = [],
                statistics: TrackStatistics) {
        self.name = name
        self.description = description
        self.kind = kind
        self.sourceFileName = sourceFileName
        self.metadata = metadata
        self.tracks = tracks
        self.waypoints = waypoints
        self.statistics = statistics
    }
}
