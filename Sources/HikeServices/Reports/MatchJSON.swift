import Foundation
import TrailMap

/// The `--json` of `cairn match`.
public struct MatchJSON: Encodable {
    public struct Section: Encodable {
        public var kind: String
        public var firstPoint: Int
        public var lastPoint: Int
        public var rawLength: Double
        public var matchedLength: Double
        public var lengthDifference: Double
        public var maxOffset: Double
        /// Length of the other way the matcher found for the section, absent when it had none.
        public var alternativeLength: Double?
        /// True for a moved stretch whose matched line collapsed to one spot (kind "unmatched":
        /// the recording stays); matchedLength then says how long the collapsed line was.
        public var collapsed: Bool
        /// True for an unmatched stretch outside every imported extract (no map there, as
        /// against mapped ground with no walkable way near; DECISIONS 506).
        public var outsideMap: Bool
        /// What keeping the other way does to the heights (metres), absent without one.
        public var alternativeHeights: Heights?
    }
    public struct Heights: Encodable {
        /// The hike's highest point when the other way stays more than 5 m below it.
        public var cutHighPoint: Double?
        public var gainChange: Double
        public var lossChange: Double
        /// True when it cuts the high point or changes gain or loss by more than 5 m.
        public var significant: Bool
    }
    public var id: String
    public var pointCount: Int
    public var matchedShare: Double
    public var rawLength: Double
    public var matchedLength: Double
    public var sections: [Section]

    public init(id: String, _ m: TrackMatch, rawLength: Double) {
        self.id = id
        pointCount = m.pointCount
        matchedShare = m.matchedShare
        self.rawLength = rawLength
        matchedLength = m.length
        sections = m.sections.map {
            Section(kind: $0.kind.rawValue, firstPoint: $0.points.lowerBound, lastPoint: $0.points.upperBound,
                    rawLength: $0.rawLength, matchedLength: $0.matchedLength, lengthDifference: $0.lengthDifference,
                    maxOffset: $0.maxOffset, alternativeLength: $0.alternativeLength, collapsed: $0.collapsed, outsideMap: $0.outsideMap,
                    alternativeHeights: $0.alternativeHeightEffect.map {
                        Heights(cutHighPoint: $0.cutHighPoint, gainChange: $0.gainChange, lossChange: $0.lossChange, significant: $0.isSignificant)
                    })
        }
    }
}
