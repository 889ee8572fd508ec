import Foundation
import TrailCore
import TrailMap

extension HikeJSON {
    /// `ground` in `cairn show --json`: the shares of the line's length by SAC grade and by
    /// surface (every class listed, in order, zeros included), each list summing to 100 %
    /// with "no path" (no walkable way within the radius; "off map" before DECISIONS 482);
    /// left out when the map has nothing under the line.
    public struct Ground: Encodable {
        public struct Share: Encodable {
            /// "T1" … "T6", "ungraded", "no path"; or "paved" … "unknown", "no path".
            public var name: String
            public var metres: Double
            public var percent: Double
        }
        /// The length measured, metres (geodesic, gaps between segments not counted).
        public var length: Double
        /// A stretch takes the way nearest its midpoint within this many metres.
        public var radius: Double
        public var sac: [Share]
        public var surface: [Share]

        public init(_ s: GroundShares) {
            length = s.length
            radius = GroundMap.radius
            sac = SACScale.allCases.map { Share(name: "\($0)", metres: s.gradeMetres[$0.rawValue], percent: s.percent(grade: $0)) }
                + [Share(name: "ungraded", metres: s.gradeMetres[0], percent: s.percent(grade: nil)),
                   Share(name: "no path", metres: s.offMapMetres, percent: s.offMapPercent)]
            surface = SurfaceClass.allCases.map {
                Share(name: "\($0)", metres: s.surfaceMetres[$0.rawValue], percent: s.percent(surface: $0))
            } + [Share(name: "no path", metres: s.offMapMetres, percent: s.offMapPercent)]
        }
    }
}
