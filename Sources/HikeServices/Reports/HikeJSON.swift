import Foundation
import TrailTerrain
import TrailCore
import TrailFormats
import TrailStore

/// The `--json` shapes of `cairn list` and `cairn show` (the CLI encodes them: `HikeJSON.text`). Numbers are SI and unformatted
/// (metres, seconds, metres per second, grade as a fraction; the statistics object uses the
/// property names of `TrackStatistics`); dates are ISO 8601 UTC, with fractional seconds when
/// they have them. Keys are sorted.
public enum HikeJSON {
    public struct Summary: Encodable {
        public var id: String
        public var name: String
        public var description: String?
        public var kind: String
        public var sourceFile: String?
        public var createdAt: Date
        /// `null` for an undated hike (never left out, never the import day).
        public var startedAt: NullableDate
        public var waypointCount: Int
        /// The elevation figures of ``statistics`` with the terrain's where the hike lacks
        /// elevations (``HikeElevationFigures``).
        public var statistics: TrackStatistics
        /// True when those figures are (partly) the terrain's: the "~" of the table.
        public var elevationFromTerrain: Bool
        /// With `elevationFromTerrain`: the share (0…1) of the hike's length the figures are
        /// measured over (the rest has no height: no terrain tile there); left out otherwise.
        public var elevationCoverage: Double?
        /// An unfinished recording: "recording" (another process records it now) or "paused";
        /// left out for every other hike.
        public var recording: String?

        public init(_ s: HikeSummary) {
            id = s.id.rawValue
            name = s.name
            description = s.description
            kind = s.kind.rawValue
            sourceFile = s.sourceFileName
            createdAt = s.createdAt
            startedAt = NullableDate(value: s.startedAt)
            waypointCount = s.waypointCount
            statistics = s.statistics
            elevationFromTerrain = s.elevationFromTerrain
            elevationCoverage = s.elevationFromTerrain ? s.elevationCoverage : nil
        }
    }

    /// A date that encodes as JSON `null` when absent instead of dropping its key.
    public struct NullableDate: Encodable {
        public var value: Date?
        public func encode(to encoder: Encoder) throws {
            var c = encoder.singleValueContainer()
            if let value { try c.encode(value) } else { try c.encodeNil() }
        }
    }

    public struct Place: Encodable {
        public var latitude: Double
        public var longitude: Double
        public var elevation: Double?
        public var time: Date?
        public var name: String?
        public var type: String?
        public var symbol: String?
        public var comment: String?
        public var description: String?

        public init(_ w: Waypoint) {
            latitude = w.latitude
            longitude = w.longitude
            elevation = w.elevation
            time = w.time
            name = w.name
            type = w.type
            symbol = w.symbol
            comment = w.comment
            description = w.description
        }
    }

    public struct Detail: Encodable {
        public var hike: Summary
        public var gpx: Metadata
        public var waypoints: [Place]
        public var walks: [Walk] = []
        /// Elevation figures with their source, when the terrain was consulted (`--dem`).
        public var elevation: TerrainStatistics? = nil
        /// Shares of the line by SAC grade and surface, when the map has anything under it.
        public var ground: Ground? = nil
        /// Trail completion over every walk and recording near the line (`cairn routes` explains it).
        public var completion: CompletionReport? = nil
        /// The device's laps (a FIT or TCX file's), nil when the hike has none.
        public var laps: [TrackLap]? = nil

        public init(hike: Summary, gpx: Metadata, waypoints: [Place], walks: [Walk] = [], elevation: TerrainStatistics? = nil,
                    ground: Ground? = nil, completion: CompletionReport? = nil, laps: [TrackLap]? = nil) {
            self.hike = hike
            self.gpx = gpx
            self.waypoints = waypoints
            self.walks = walks
            self.elevation = elevation
            self.ground = ground
            self.completion = completion
            self.laps = laps
        }
    }

    /// The kept GPX metadata, flattened for JSON.
    public struct Metadata: Encodable {
        public var creator: String?
        public var version: String?
        public var author: String?
        public var keywords: String?
        public var time: Date?
        public var type: String?
        public var links: [String]

        public init(_ m: HikeMetadata) {
            creator = m.creator
            version = m.gpxVersion
            author = m.author?.name
            keywords = m.keywords
            time = m.time
            type = m.type
            links = (m.links + m.trackLinks).map(\.href)
        }
    }
}
