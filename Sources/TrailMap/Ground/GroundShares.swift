import Foundation
import TrailCore

/// The shares of a line's length by SAC grade and by surface class (issue 16), each summing
/// to the whole length: grades T1-T6, "ungraded" (on a way without `sac_scale`) and "off the
/// map" (no walkable way within ``GroundMap/radius``); surfaces paved … unknown and "off the map".
///
/// Method: each stretch between consecutive points of a segment counts with its geodesic
/// length (``Geodesy/shortDistance(from:to:)``) for the class ``GroundLine`` gives it; gaps
/// between segments count nothing. Shares are metres over the total, so both lists sum to
/// 100 % (up to rounding) whenever the line has length.
public struct GroundShares: Sendable, Hashable {
    /// Metres per SAC grade, index 0 ungraded, 1-6 T1-T6.
    public var gradeMetres: [Double]
    /// Metres per ``SurfaceClass`` raw value.
    public var surfaceMetres: [Double]
    /// Metres with no walkable way near.
    public var offMapMetres: Double
    /// The line's length, metres (the sum of either list plus ``offMapMetres``).
    public var length: Double

    /// The shares of `line` over `segments` (the hike's segments, flattened in order as
    /// `line` counts them; a `line` of another point count gives what matches and counts
    /// the rest off the map).
    public init(line: GroundLine, segments: [[Coordinate]]) {
        gradeMetres = [Double](repeating: 0, count: 7)
        surfaceMetres = [Double](repeating: 0, count: SurfaceClass.allCases.count)
        offMapMetres = 0
        length = 0
        var index = 0
        for segment in segments {
            for k in segment.indices {
                defer { index += 1 }
                guard k + 1 < segment.count else { continue }
                let d = Geodesy.shortDistance(from: segment[k], to: segment[k + 1])
                length += d
                if index < line.tags.count, let t = line.tags[index] {
                    gradeMetres[t.grade?.rawValue ?? 0] += d
                    surfaceMetres[t.surface.rawValue] += d
                } else {
                    offMapMetres += d
                }
            }
        }
    }

    /// True when any stretch lies on a mapped way (else the map has nothing to say).
    public var hasMappedLength: Bool { length > 0 && offMapMetres < length }

    /// Percent of the length on grade `grade` (nil: ungraded ways).
    public func percent(grade: SACScale?) -> Double { share(gradeMetres[grade?.rawValue ?? 0]) }

    /// Percent of the length on surface `surface`.
    public func percent(surface: SurfaceClass) -> Double { share(surfaceMetres[surface.rawValue]) }

    /// Percent of the length off the map.
    public var offMapPercent: Double { share(offMapMetres) }

    private func share(_ metres: Double) -> Double { length > 0 ? metres / length * 100 : 0 }
}
