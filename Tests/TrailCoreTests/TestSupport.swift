import Foundation
@testable import TrailCore

/// Paths and builders shared by the TrailCore tests.
enum TestSupport {
    /// Tests/TrailCoreTests/Fixtures.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Loads a points CSV written by Tools/reference/stats_reference.py into tracks (parts
    /// `t<i>`) and routes-as-tracks (parts `r<i>`), in file order: tracks first, then routes.
    static func loadPoints(_ name: String) throws -> [Track] {
        let text = try String(contentsOf: fixtures.appendingPathComponent("points/\(name).csv"), encoding: .utf8)
        var parts: [(String, [[Trackpoint]])] = []
        for line in text.split(separator: "\n").dropFirst() {
            let f = line.split(separator: ",", omittingEmptySubsequences: false)
            guard f.count == 6, let seg = Int(f[1]), let lat = Double(f[2]), let lon = Double(f[3]) else {
                throw CocoaError(.fileReadCorruptFile)
            }
            let point = Trackpoint(latitude: lat, longitude: lon, elevation: Double(f[4]),
                                   time: Double(f[5]).map { Date(timeIntervalSince1970: $0) })
            let part = String(f[0])
            if parts.last?.0 != part { parts.append((part, [])) }
            while parts[parts.count - 1].1.count <= seg { parts[parts.count - 1].1.append([]) }
            parts[parts.count - 1].1[seg].append(point)
        }
        return parts.map { Track(name: $0.0, segments: $0.1.map { TrackSegment(points: $0) }) }
    }

    /// Points along a geodesic from `start` with initial `bearing`, at the given distances
    /// (metres), elevations and times (seconds after `epoch`).
    static func line(from start: Coordinate = Coordinate(latitude: 46, longitude: 7), bearing: Double = 0,
                     distances: [Double], elevations: [Double?]? = nil, times: [Double?]? = nil,
                     epoch: Date = Date(timeIntervalSince1970: 1_600_000_000)) -> [Trackpoint] {
        distances.indices.map { i in
            Trackpoint(start.coordinate(at: distances[i], bearing: bearing),
                       elevation: elevations?[i] ?? nil,
                       time: (times?[i] ?? nil).map { epoch.addingTimeInterval($0) })
        }
    }

    /// A track made of the given point lists, one segment each.
    static func track(_ segments: [Trackpoint]...) -> Track {
        Track(segments: segments.map { TrackSegment(points: $0) })
    }
}
