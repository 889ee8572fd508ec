import Foundation
import HikeServices
import TrailTerrain
import TrailCore
import TrailFormats
import TrailStore

/// The `--json` shapes of `cairn list` and `cairn show`. Numbers are SI and unformatted
/// (metres, seconds, metres per second, grade as a fraction; the statistics object uses the
/// property names of `TrackStatistics`); dates are ISO 8601 UTC, with fractional seconds when
/// they have them. Keys are sorted.
enum HikeJSON {
    struct Summary: Encodable {
        var id: String
        var name: String
        var description: String?
        var kind: String
        var sourceFile: String?
        var createdAt: Date
        /// `null` for an undated hike (never left out, never the import day).
        var startedAt: NullableDate
        var waypointCount: Int
        /// The elevation figures of ``statistics`` with the terrain's where the hike lacks
        /// elevations (``HikeElevationFigures``).
        var statistics: TrackStatistics
        /// True when those figures are (partly) the terrain's: the "~" of the table.
        var elevationFromTerrain: Bool
        /// With `elevationFromTerrain`: the share (0…1) of the hike's length the figures are
        /// measured over (the rest has no height: no terrain tile there); left out otherwise.
        var elevationCoverage: Double?
        /// An unfinished recording: "recording" (another process records it now) or "paused";
        /// left out for every other hike.
        var recording: String?

        init(_ s: HikeSummary) {
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
    struct NullableDate: Encodable {
        var value: Date?
        func encode(to encoder: Encoder) throws {
            var c = encoder.singleValueContainer()
            if let value { try c.encode(value) } else { try c.encodeNil() }
        }
    }

    struct Place: Encodable {
        var latitude: Double
        var longitude: Double
        var elevation: Double?
        var time: Date?
        var name: String?
        var type: String?
        var symbol: String?
        var comment: String?
        var description: String?

        init(_ w: Waypoint) {
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

    struct Detail: Encodable {
        var hike: Summary
        var gpx: Metadata
        var waypoints: [Place]
        var walks: [Walk] = []
        /// Elevation figures with their source, when the terrain was consulted (`--dem`).
        var elevation: TerrainStatistics? = nil
        /// Shares of the line by SAC grade and surface, when the map has anything under it.
        var ground: Ground? = nil
        /// Trail completion over every walk and recording near the line (`cairn routes` explains it).
        var completion: CompletionReport? = nil
        /// The device's laps (a FIT or TCX file's), nil when the hike has none.
        var laps: [TrackLap]? = nil
    }

    /// The kept GPX metadata, flattened for JSON.
    struct Metadata: Encodable {
        var creator: String?
        var version: String?
        var author: String?
        var keywords: String?
        var time: Date?
        var type: String?
        var links: [String]

        init(_ m: HikeMetadata) {
            creator = m.creator
            version = m.gpxVersion
            author = m.author?.name
            keywords = m.keywords
            time = m.time
            type = m.type
            links = (m.links + m.trackLinks).map(\.href)
        }
    }

    /// Encodes `value` as pretty, key-sorted JSON text ending with a newline.
    static func text<T: Encodable>(_ value: T) throws -> String {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // ISO 8601 UTC with fractional seconds when the time has them (as GPX writes them).
        e.dateEncodingStrategy = .custom { date, encoder in
            var c = encoder.singleValueContainer()
            try c.encode(ISO8601Timestamp.format(date))
        }
        e.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try e.encode(value), as: UTF8.self) + "\n"
    }
}
