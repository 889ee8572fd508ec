import Foundation
import TrailStore

/// The hike screen: the open hike's id and its screen state (scrub cursor, range marks,
/// focus, map view and basemap — see ``HikeScreenState``).
public struct HikeModel: Sendable {
    public var id: HikeID
    public var screen: HikeScreenState
    /// True once the user panned the map by hand: scrubbing then no longer recentres the map
    /// until `c` (centre on cursor) or `f` (fit).
    public var mapDetached = false

    public init(id: HikeID, screen: HikeScreenState) {
        self.id = id
        self.screen = screen
    }
}
