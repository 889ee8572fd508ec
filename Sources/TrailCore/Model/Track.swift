import Foundation

/// A hyperlink attached to GPX metadata, tracks, routes or waypoints (GPX 1.1 `linkType`).
public struct Link: Hashable, Sendable, Codable {
    /// The URL (GPX `href` attribute).
    public var href: String
    /// Text shown for the link.
    public var text: String?
    /// MIME type of the linked content.
    public var type: String?

    public init(href: String, text: String? = nil, type: String? = nil) {
        self.href = href
        self.text = text
        self.type = type
    }
}

/// A continuous run of trackpoints (GPX `trkseg`). The gap between two segments of one
/// track is not walked distance: statistics never join them.
public struct TrackSegment: Hashable, Sendable {
    public var points: [Trackpoint]
    public init(points: [Trackpoint] = []) { self.points = points }
}

/// A lap the device recorded (a split pressed, or an automatic one every kilometre): FIT `lap`
/// messages, TCX `Lap` elements. Laps do not cut the line: a track's segments are its line,
/// its laps only mark where each split began and the device's own figures for it.
public struct TrackLap: Hashable, Sendable, Codable {
    /// When the lap began (FIT `lap.start_time`, TCX `Lap StartTime`); nil when the file has
    /// none or a time relative to the device's power-on.
    public var startTime: Date?
    /// Seconds from the lap's start to its end, pauses included (FIT `total_elapsed_time`);
    /// nil when the file has none (TCX has only the timer time).
    public var elapsedTime: TimeInterval?
    /// Seconds the timer ran, pauses excluded (FIT `total_timer_time`, TCX `TotalTimeSeconds`).
    public var timerTime: TimeInterval?
    /// The device's distance for the lap in metres (FIT `total_distance`, TCX `DistanceMeters`).
    public var distance: Double?
    /// The device's energy for the lap in kilocalories (FIT `total_calories`, TCX `Calories`);
    /// nil when the file has none.
    public var calories: Double?

    public init(startTime: Date? = nil, elapsedTime: TimeInterval? = nil, timerTime: TimeInterval? = nil,
                distance: Double? = nil, calories: Double? = nil) {
        self.calories = calories
        self.startTime = startTime
        self.elapsedTime = elapsedTime
        self.timerTime = timerTime
        self.distance = distance
    }
}

/// A recorded path (GPX `trk`): an ordered list of segments and its descriptive metadata.
public struct Track: Hashable, Sendable {
    public var name: String?
    public var comment: String?
    public var description: String?
    public var source: String?
    public var links: [Link]
    /// GPX `number`.
    public var number: Int?
    /// GPX `type`, free text such as "hiking".
    public var type: String?
    public var segments: [TrackSegment]
    /// The device's laps in file order (FIT and TCX activities); empty for GPX, KML, GeoJSON.
    /// Stored with an imported hike (`tracks.laps_json`) and shown by `cairn show`.
    public var laps: [TrackLap]

    public init(name: String? = nil, comment: String? = nil, description: String? = nil,
                source: String? = nil, links: [Link] = [], number: Int? = nil, type: String? = nil,
                segments: [TrackSegment] = [], laps: [TrackLap] = []) {
        self.laps = laps
        self.name = name
        self.comment = comment
        self.description = description
        self.source = source
        self.links = links
        self.number = number
        self.type = type
        self.segments = segments
    }

    /// Number of trackpoints over all segments.
    public var pointCount: Int { segments.reduce(0) { $0 + $1.points.count } }
}

/// A planned path (GPX `rte`): an ordered list of route points without segments.
public struct Route: Hashable, Sendable {
    public var name: String?
    public var comment: String?
    public var description: String?
    public var source: String?
    public var links: [Link]
    public var number: Int?
    public var type: String?
    public var points: [Trackpoint]

    public init(name: String? = nil, comment: String? = nil, description: String? = nil,
                source: String? = nil, links: [Link] = [], number: Int? = nil, type: String? = nil,
                points: [Trackpoint] = []) {
        self.name = name
        self.comment = comment
        self.description = description
        self.source = source
        self.links = links
        self.number = number
        self.type = type
        self.points = points
    }

    /// The route as a one-segment track, so that statistics and drawing treat both alike.
    public var asTrack: Track {
        Track(name: name, comment: comment, description: description, source: source, links: links,
              number: number, type: type, segments: [TrackSegment(points: points)])
    }
}

/// A named place (GPX `wpt`): a peak, a hut, a spring, or a hiker's own note.
public struct Waypoint: Hashable, Sendable {
    public var latitude: Double
    public var longitude: Double
    /// Metres above mean sea level; nil when absent or not a finite number.
    public var elevation: Double?
    public var time: Date?
    public var name: String?
    public var comment: String?
    public var description: String?
    public var source: String?
    public var links: [Link]
    /// GPX `sym`: the symbol name a GPS unit shows.
    public var symbol: String?
    /// GPX `type`: the kind of place (peak, spring, hut…).
    public var type: String?

    public init(latitude: Double, longitude: Double, elevation: Double? = nil, time: Date? = nil,
                name: String? = nil, comment: String? = nil, description: String? = nil,
                source: String? = nil, links: [Link] = [], symbol: String? = nil, type: String? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
        self.time = time
        self.name = name
        self.comment = comment
        self.description = description
        self.source = source
        self.links = links
        self.symbol = symbol
        self.type = type
    }

    public var coordinate: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }
}

/// The person or organisation that made a file (GPX `personType`).
public struct Person: Hashable, Sendable, Codable {
    public var name: String?
    /// An e-mail address as "id@domain".
    public var email: String?
    public var link: Link?
    public init(name: String? = nil, email: String? = nil, link: Link? = nil) {
        self.name = name
        self.email = email
        self.link = link
    }
}

/// File-level description (GPX 1.1 `metadata`; in GPX 1.0 the same elements sit under `gpx`).
public struct GPXMetadata: Hashable, Sendable {
    public var name: String?
    public var description: String?
    public var author: Person?
    /// Copyright holder, year and licence URL.
    public var copyright: Copyright?
    public var links: [Link]
    public var time: Date?
    public var keywords: String?
    public var bounds: BoundingBox?

    public init(name: String? = nil, description: String? = nil, author: Person? = nil,
                copyright: Copyright? = nil, links: [Link] = [], time: Date? = nil,
                keywords: String? = nil, bounds: BoundingBox? = nil) {
        self.name = name
        self.description = description
        self.author = author
        self.copyright = copyright
        self.links = links
        self.time = time
        self.keywords = keywords
        self.bounds = bounds
    }
}

/// GPX `copyrightType`.
public struct Copyright: Hashable, Sendable, Codable {
    public var author: String
    public var year: Int?
    public var license: String?
    public init(author: String, year: Int? = nil, license: String? = nil) {
        self.author = author
        self.year = year
        self.license = license
    }
}

/// Everything one GPX file holds.
public struct GPXDocument: Hashable, Sendable {
    /// "1.0" or "1.1" as declared by the file.
    public var version: String
    public var creator: String?
    public var metadata: GPXMetadata
    public var waypoints: [Waypoint]
    public var routes: [Route]
    public var tracks: [Track]

    public init(version: String = "1.1", creator: String? = nil, metadata: GPXMetadata = GPXMetadata(),
                waypoints: [Waypoint] = [], routes: [Route] = [], tracks: [Track] = []) {
        self.version = version
        self.creator = creator
        self.metadata = metadata
        self.waypoints = waypoints
        self.routes = routes
        self.tracks = tracks
    }
}
