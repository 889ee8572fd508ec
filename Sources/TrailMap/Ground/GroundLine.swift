import Foundation
import TrailCore

/// What the map says is under one stretch of a line: the way's SAC grade and surface class.
public struct GroundTag: Sendable, Hashable {
    /// The way's SAC grade, nil for a way without (a valid) `sac_scale`.
    public var grade: SACScale?
    /// The way's surface class.
    public var surface: SurfaceClass

    public init(grade: SACScale?, surface: SurfaceClass) {
        self.grade = grade
        self.surface = surface
    }
}

/// The ground under every stretch of a hike's line, as measured by ``GroundMap/survey(segments:)``.
///
/// Shape: one entry per flattened point (all segments in order, as the hike screen counts
/// them); entry `i` describes the stretch from point `i` to point `i + 1`. It is nil where no
/// walkable way lies within ``GroundMap/radius`` of the stretch ("off the map") and at the
/// last point of each segment (no stretch follows it).
public struct GroundLine: Sendable, Hashable {
    /// Per flattened point, the stretch that starts there.
    public var tags: [GroundTag?]

    public init(tags: [GroundTag?]) { self.tags = tags }

    /// True when at least one stretch lies on a mapped way.
    public var hasMappedStretch: Bool { tags.contains { $0 != nil } }

    /// Two bytes per point: the grade (0 ungraded, 1-6) and the surface raw value, both 255
    /// for nil. The form the hike store caches.
    public var encoded: Data {
        var d = Data(capacity: tags.count * 2)
        for t in tags {
            if let t {
                d.append(UInt8(t.grade?.rawValue ?? 0))
                d.append(UInt8(t.surface.rawValue))
            } else {
                d.append(255)
                d.append(255)
            }
        }
        return d
    }

    /// Reads ``encoded``; nil when the bytes are not such a line (odd length, unknown values).
    public init?(encoded: Data) {
        guard encoded.count % 2 == 0 else { return nil }
        let bytes = [UInt8](encoded)
        var tags: [GroundTag?] = []
        tags.reserveCapacity(bytes.count / 2)
        var i = 0
        while i < bytes.count {
            let g = bytes[i], s = bytes[i + 1]
            i += 2
            if g == 255 && s == 255 {
                tags.append(nil)
                continue
            }
            guard g <= 6, let surface = SurfaceClass(rawValue: Int(s)) else { return nil }
            tags.append(GroundTag(grade: g == 0 ? nil : SACScale(rawValue: Int(g)), surface: surface))
        }
        self.tags = tags
    }
}
