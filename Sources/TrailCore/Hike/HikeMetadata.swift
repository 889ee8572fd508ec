import Foundation

/// The descriptive GPX data a hike keeps from its file so that export can give it back:
/// the file's `metadata` (author, copyright, links, time, keywords) and its track's or
/// route's own `cmt`, `src`, `link`, `number` and `type`.
///
/// Stored as JSON in `hikes.metadata_json`: it is read only when one hike is shown or
/// exported, never filtered on, and new fields can be added without a migration.
public struct HikeMetadata: Hashable, Sendable, Codable {
    /// GPX version the file declared ("1.0" or "1.1").
    public var gpxVersion: String?
    /// The file's `creator` attribute (the program that wrote it).
    public var creator: String?
    /// The file-level `metadata/name` and `metadata/desc` (the hike's own name and
    /// description come from the track when it has them).
    public var fileName: String?
    public var fileDescription: String?
    public var author: Person?
    public var copyright: Copyright?
    /// File-level links.
    public var links: [Link]
    /// File-level `metadata/time`.
    public var time: Date?
    public var keywords: String?
    /// Track or route `cmt`.
    public var comment: String?
    /// Track or route `src`.
    public var source: String?
    /// Track or route links.
    public var trackLinks: [Link]
    /// Track or route `number`.
    public var number: Int?
    /// Track or route `type` (e.g. "hiking").
    public var type: String?
    /// True when the hike was a GPX route (`rte`) rather than a track; export writes it back
    /// as a route.
    public var isRoute: Bool

    public init(gpxVersion: String? = nil, creator: String? = nil, fileName: String? = nil,
                fileDescription: String? = nil, author: Person? = nil, copyright: Copyright? = nil,
                links: [Link] = [], time: Date? = nil, keywords: String? = nil, comment: String? = nil,
                source: String? = nil, trackLinks: [Link] = [], number: Int? = nil, type: String? = nil,
                isRoute: Bool = false) {
        self.gpxVersion = gpxVersion
        self.creator = creator
        self.fileName = fileName
        self.fileDescription = fileDescription
        self.author = author
        self.copyright = copyright
        self.links = links
        self.time = time
        self.keywords = keywords
        self.comment = comment
        self.source = source
        self.trackLinks = trackLinks
        self.number = number
        self.type = type
        self.isRoute = isRoute
    }
}
