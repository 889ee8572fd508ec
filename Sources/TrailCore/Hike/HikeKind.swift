/// Where a hike came from. Stored as its raw text in `hikes.kind`.
public enum HikeKind: String, Sendable, Codable, CaseIterable {
    /// Recorded by Cairn from live positions.
    case recorded
    /// Read from a GPX file.
    case imported
    /// Drawn on the map by placing stops.
    case drawn
}
