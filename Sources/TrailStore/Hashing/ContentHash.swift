import Foundation
import TrailCore

/// The content hash that detects a track imported twice: SHA-256 (FIPS 180-4) over the
/// positions, elevations and times of the points, so the same track from another file, with
/// another name or other metadata, is still recognised.
///
/// Message: the ASCII tag `cairn-trk1`, then for each track and segment the segment's point
/// count (UInt64, little-endian) followed by its ``PointCodec`` records (32 bytes a point).
/// A hike without points (places only) hashes `cairn-wpt1` and, per waypoint, its record and
/// the UTF-8 bytes of its name followed by a zero byte. Extras (heart rate…) are not hashed.
public enum ContentHash {
    /// The 32-byte digest for a hike's tracks, or its waypoints when it has no points.
    public static func of(tracks: [Track], waypoints: [Waypoint]) -> [UInt8] {
        var sha = SHA256()
        let pointCount = tracks.reduce(0) { $0 + $1.pointCount }
        var chunk: [UInt8] = []
        chunk.reserveCapacity(4096 * PointCodec.recordSize)
        if pointCount > 0 {
            sha.update(Array("cairn-trk1".utf8))
            for t in tracks {
                for s in t.segments where !s.points.isEmpty {
                    withUnsafeBytes(of: UInt64(s.points.count).littleEndian) { sha.update($0) }
                    var i = 0
                    while i < s.points.count {
                        let end = min(i + 4096, s.points.count)
                        chunk.removeAll(keepingCapacity: true)
                        PointCodec.encodePoints(s.points[i..<end], into: &chunk)
                        chunk.withUnsafeBytes { sha.update($0) }
                        i = end
                    }
                }
            }
        } else {
            sha.update(Array("cairn-wpt1".utf8))
            for w in waypoints {
                chunk.removeAll(keepingCapacity: true)
                PointCodec.encodePoints([Trackpoint(latitude: w.latitude, longitude: w.longitude,
                                                    elevation: w.elevation, time: w.time)][...], into: &chunk)
                chunk += Array((w.name ?? "").utf8) + [0]
                sha.update(chunk)
            }
        }
        return sha.finalize()
    }
}

extension NewHike {
    /// SHA-256 of the points (or, for a hike of places only, of the waypoints): see
    /// ``ContentHash``. What the store compares to refuse a hike it already has.
    public var contentHash: [UInt8] { ContentHash.of(tracks: tracks, waypoints: waypoints) }
}
