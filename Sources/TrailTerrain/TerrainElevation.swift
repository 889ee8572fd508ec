import Foundation
import TrailCore

/// Where the elevations behind a set of statistics came from.
public enum ElevationSource: String, Sendable, Codable, Hashable {
    /// Every point's own elevation (GPX `ele`, a barometer or GPS).
    case file
    /// The terrain model (SRTM) along the line, densified (see ``TerrainElevation``).
    case terrain
    /// The file's elevations, with terrain heights for the points that had none.
    case fileAndTerrain = "file+terrain"
    /// No elevation at all: neither in the file nor under the line.
    case none
}

/// Counts of where each point's elevation came from.
public struct ElevationSources: Sendable, Hashable, Codable {
    /// Points that kept the file's elevation.
    public var fromFile = 0
    /// Points (original or inserted along a planned line) with a terrain height.
    public var fromTerrain = 0
    /// Points left without elevation: no tile or a void under them (a gap in the profile).
    public var withoutData = 0
    /// The overall source.
    public var source: ElevationSource {
        switch (fromFile > 0, fromTerrain > 0) {
        case (true, false): return .file
        case (false, true): return .terrain
        case (true, true): return .fileAndTerrain
        case (false, false): return .none
        }
    }
    public init() {}
}

/// Gives a track terrain elevations where it lacks them, so the profile, gain/loss, steepest
/// grade and walking time of drawn routes, GPX routes and tracks without `ele` come from the
/// DEM.
///
/// Rules:
/// - **Planned lines** (drawn routes, `rte`, a track with no elevation at all): each segment
///   of the line is cut into n = max(1, ⌈d / ``step``⌉) equal pieces in latitude/longitude,
///   d being the haversine distance (``Geodesy/sphericalDistance(from:to:)``), so no two
///   samples are more than `step` (30 m, a third of the SRTM3 spacing) apart; every point
///   gets the terrain height (``TerrainStore/height(at:)``). The file's elevations, if any,
///   are dropped (a planned line's `ele` is usually a planner's own DEM guess).
/// - **Recorded tracks with some `ele`**: points keep their elevation; the points without
///   get the terrain height; nothing is inserted.
/// - Points with no terrain data stay without elevation, so statistics skip them and the
///   profile shows a gap, never a zero.
/// Tools/reference/terrain_reference.py restates the densification for the tests.
public struct TerrainElevation {
    /// The terrain.
    public let store: TerrainStore
    /// Longest spacing of the samples along a planned line, metres.
    public var step: Double

    public init(store: TerrainStore, step: Double = 30) {
        self.store = store
        self.step = step
    }

    /// The points of a planned line between `a` and `b` (both ends included) at most `step` apart.
    public func densified(_ line: [Coordinate]) -> [Coordinate] {
        guard line.count > 1 else { return line }
        var out: [Coordinate] = []
        out.reserveCapacity(line.count * 4)
        for i in 0..<(line.count - 1) {
            let a = line[i], b = line[i + 1]
            let n = max(1, Int((Geodesy.sphericalDistance(from: a, to: b) / step).rounded(.up)))
            for k in 0..<n {
                let f = Double(k) / Double(n)
                out.append(Coordinate(latitude: a.latitude + (b.latitude - a.latitude) * f,
                                      longitude: a.longitude + (b.longitude - a.longitude) * f))
            }
        }
        out.append(line[line.count - 1])
        return out
    }

    /// A planned line as a track with terrain elevations on densified points. A point keeps its
    /// time; a point inserted between two timed points gets the time interpolated linearly by
    /// its place between them (so a timed track without `ele` keeps its durations).
    public func plannedTrack(_ track: Track) -> (Track, ElevationSources) {
        var sources = ElevationSources()
        var t = track
        t.segments = track.segments.map { seg in
            var pts: [Trackpoint] = []
            pts.reserveCapacity(seg.points.count * 4)
            func add(_ c: Coordinate, _ time: Date?) {
                let h = store.height(at: c).metres
                if h == nil { sources.withoutData += 1 } else { sources.fromTerrain += 1 }
                pts.append(Trackpoint(c, elevation: h, time: time))
            }
            for (i, p) in seg.points.enumerated() {
                guard i + 1 < seg.points.count else { add(p.coordinate, p.time); continue }
                let next = seg.points[i + 1]
                let piece = densified([p.coordinate, next.coordinate]).dropLast()
                let n = piece.count
                for (k, c) in piece.enumerated() {
                    var time = p.time
                    if k > 0, let a = p.time, let b = next.time {
                        time = a.addingTimeInterval(b.timeIntervalSince(a) * Double(k) / Double(n))
                    } else if k > 0 {
                        time = nil
                    }
                    add(c, time)
                }
            }
            return TrackSegment(points: pts)
        }
        return (t, sources)
    }

    /// A recorded track with terrain heights on the points that have no elevation, laid on the
    /// file's own datum (DECISIONS 260): in each run of points without `ele` inside a segment,
    /// a point gets the terrain height h plus an offset o, o = (file − terrain) at the nearest
    /// point before the run that has both, and likewise after it, interpolated linearly by the
    /// distance along the segment (haversine) between the two; with such a point on one side
    /// only, that side's offset; with none, 0 (the plain terrain). So the filled stretch has the
    /// terrain's shape but meets the file's elevations without a step: GPS or barometric heights
    /// sit tens of metres off SRTM's, and raw terrain between them made a step at every join
    /// (on real Andorra tracks with every other `ele` removed, 3–7 × the real climb).
    public func filledTrack(_ track: Track) -> (Track, ElevationSources) {
        var sources = ElevationSources()
        var t = track
        for s in t.segments.indices {
            let points = t.segments[s].points
            let n = points.count
            guard n > 0 else { continue }
            var terrain = [Double?](repeating: nil, count: n)
            var along = [Double](repeating: 0, count: n)
            for i in 0..<n {
                if i > 0 { along[i] = along[i - 1] + Geodesy.sphericalDistance(from: points[i - 1].coordinate, to: points[i].coordinate) }
                terrain[i] = store.height(at: points[i].coordinate).metres
            }
            func offset(_ i: Int) -> Double? {
                guard let e = points[i].elevation, let h = terrain[i] else { return nil }
                return e - h
            }
            var i = 0
            while i < n {
                guard points[i].elevation == nil else { sources.fromFile += 1; i += 1; continue }
                var j = i
                while j < n && points[j].elevation == nil { j += 1 }
                // The run i..<j lacks elevations; i − 1 and j (when inside) have theirs.
                let before = i > 0 ? offset(i - 1) : nil, after = j < n ? offset(j) : nil
                for k in i..<j {
                    guard let h = terrain[k] else { sources.withoutData += 1; continue }
                    let o: Double
                    switch (before, after) {
                    case let (a?, b?):
                        let span = along[j] - along[i - 1]
                        o = span > 0 ? a + (b - a) * (along[k] - along[i - 1]) / span : (a + b) / 2
                    case let (a?, nil): o = a
                    case let (nil, b?): o = b
                    case (nil, nil): o = 0
                    }
                    t.segments[s].points[k].elevation = h + o
                    sources.fromTerrain += 1
                }
                i = j
            }
        }
        return (t, sources)
    }

    /// The track whose elevations statistics should use: planned lines and tracks without any
    /// elevation densified on the terrain, partly elevated tracks filled, fully elevated
    /// tracks as they are.
    /// - Parameter planned: true for a drawn route or a GPX `rte`.
    public func elevated(_ track: Track, planned: Bool) -> (Track, ElevationSources) {
        let points = track.segments.lazy.flatMap(\.points)
        let withEle = points.filter { $0.elevation != nil }.count
        if planned || withEle == 0 { return plannedTrack(track) }
        return filledTrack(track)
    }
}
