import Foundation
import TrailCore
@testable import TrailStore

/// The repository root, from this file's path.
let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// `../shared/data/SUB` next to the checkout, nil (with the notice printed) when absent.
func sharedData(_ sub: String) -> String? {
    let p = (repoRoot as NSString).deletingLastPathComponent + "/shared/data/" + sub
    guard FileManager.default.fileExists(atPath: p) else {
        print("skipped: ../shared/data not found")
        return nil
    }
    return p
}

/// A fresh directory under the system temporary folder.
func makeTempDirectory(_ tag: String = "store") -> String {
    let dir = NSTemporaryDirectory() + "cairn-\(tag)-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}

/// A hand-built track: `count` points about 11 m apart going north, climbing 1 m a point,
/// one point every 10 s from `start`.
func sampleTrack(name: String = "Test track", count: Int = 50, segments: Int = 1, offset: Double = 0,
                 start: Date = Date(timeIntervalSince1970: 1_600_000_000)) -> Track {
    var segs: [TrackSegment] = []
    var i = 0
    for _ in 0..<segments {
        var pts: [Trackpoint] = []
        for _ in 0..<count {
            pts.append(Trackpoint(latitude: 46.0 + Double(i) * 1e-4 + offset, longitude: 7.5,
                                  elevation: 1000 + Double(i), time: start.addingTimeInterval(Double(i) * 10)))
            i += 1
        }
        segs.append(TrackSegment(points: pts))
    }
    return Track(name: name, comment: "a comment", description: "a description", source: "hand", links: [Link(href: "https://example.org/t")],
                 number: 7, type: "hiking", segments: segs)
}

/// A NewHike for `track` with simple statistics (values are stored, not checked, by the store).
func sampleHike(_ track: Track, waypoints: [Waypoint] = [], name: String? = nil) -> NewHike {
    let pts = track.segments.flatMap(\.points)
    let stats = TrackStatistics(distance: Double(pts.count) * 11.1, pointCount: pts.count,
                                segmentCount: track.segments.count, startTime: pts.first?.time,
                                endTime: pts.last?.time, elapsedTime: 10 * Double(max(pts.count - 1, 0)),
                                movingTime: 9 * Double(max(pts.count - 1, 0)), elevationGain: Double(pts.count - 1),
                                boundingBox: BoundingBox(covering: pts.map(\.coordinate)))
    return NewHike(name: name ?? track.name ?? "unnamed", description: track.description, kind: .imported,
                   sourceFileName: "test.gpx", metadata: HikeMetadata(creator: "tests", keywords: "a, b"),
                   tracks: [track], waypoints: waypoints, statistics: stats)
}

func fileBytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

/// Every GPX file of a directory, sorted.
func gpxFiles(in dir: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasSuffix(".gpx") }.sorted()
        .map { dir + "/" + $0 }
}
