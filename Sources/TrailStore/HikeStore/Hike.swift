import Foundation
import TrailCore

/// One row of the hike list: everything but the points, cheap to load for a thousand hikes.
public struct HikeSummary: Hashable, Sendable {
    public var id: HikeID
    public var name: String
    public var description: String?
    public var kind: HikeKind
    /// The file name (no directory) the hike was imported from.
    public var sourceFileName: String?
    /// When the hike was added to the store.
    public var createdAt: Date
    /// When the walk started (first timestamp), nil for untimed routes and drawings.
    public var startedAt: Date?
    /// Numbers computed once when the hike was stored (see `StatisticsCalculator`).
    public var statistics: TrackStatistics
    /// Waypoints (places) attached to the hike.
    public var waypointCount: Int
    /// True when a reader replaced the elevation figures of ``statistics`` by the terrain's
    /// (a hike with no `ele` or only some: CairnCLI's `HikeElevationFigures`); never stored,
    /// false as read from the store. Lists mark such a gain "~".
    public var elevationFromTerrain = false
    /// With ``elevationFromTerrain``: the share (0…1) of the hike's length its gain is measured
    /// over (the rest has no height, neither the file's nor the terrain's: no tile there), nil
    /// when unknown or not the terrain's. Never stored. Lists show it when under 99.5 %:
    /// "~311 m (50 %)" (DECISIONS 411).
    public var elevationCoverage: Double?

    /// ``elevationCoverage`` when the gain covers only part of the hike (under 99.5 %, so it
    /// would not print as 100 %), else nil.
    public var partialElevationCoverage: Double? {
        guard elevationFromTerrain, let c = elevationCoverage, c < 0.995 else { return nil }
        return c
    }

    public init(id: HikeID, name: String, description: String?, kind: HikeKind, sourceFileName: String?,
                createdAt: Date, startedAt: Date?, statistics: TrackStatistics, waypointCount: Int) {
        self.id = id
        self.name = name
        self.description = description
        self.kind = kind
        self.sourceFileName = sourceFileName
        self.createdAt = createdAt
        self.startedAt = startedAt
        self.statistics = statistics
        self.waypointCount = waypointCount
    }
}

/// A whole hike as stored: its summary, kept metadata, tracks with every point, and places.
public struct Hike: Hashable, Sendable {
    public var summary: HikeSummary
    public var metadata: HikeMetadata
    /// Usually one track (a file with several tracks becomes several hikes); empty for a hike
    /// made of places only.
    public var tracks: [Track]
    public var waypoints: [Waypoint]

    public var id: HikeID { summary.id }

    public init(summary: HikeSummary, metadata: HikeMetadata, tracks: [Track], waypoints: [Waypoint]) {
        self.summary = summary
        self.metadata = metadata
        self.tracks = tracks
        self.waypoints = waypoints
    }

    /// The hike as a GPX document (one track or route plus its waypoints), ready for
    /// `GPXWriter`: the file metadata comes back from ``HikeMetadata``, the hike's name and
    /// description go on the track (on the file's metadata for a hike of places only).
    public var gpxDocument: GPXDocument {
        var meta = GPXMetadata(name: metadata.fileName, description: metadata.fileDescription,
                               author: metadata.author, copyright: metadata.copyright, links: metadata.links,
                               time: metadata.time, keywords: metadata.keywords)
        if tracks.isEmpty {
            // A hike of places has no track to carry its name: the file does.
            meta.name = summary.name
            meta.description = summary.description ?? meta.description
        }
        var doc = GPXDocument(version: "1.1", creator: metadata.creator, metadata: meta, waypoints: waypoints)
        for (i, t) in tracks.enumerated() {
            var t = t
            if i == 0 {
                t.name = summary.name
                t.description = summary.description
            }
            if metadata.isRoute && t.segments.count <= 1 {
                doc.routes.append(Route(name: t.name, comment: t.comment, description: t.description, source: t.source,
                                        links: t.links, number: t.number, type: t.type,
                                        points: t.segments.first?.points ?? []))
            } else {
                doc.tracks.append(t)
            }
        }
        return doc
    }
}
