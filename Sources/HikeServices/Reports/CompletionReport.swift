import Foundation
import TrailCore
import TrailMap
import TrailStore

/// Trail completion as `cairn routes` and `cairn show` report it: the share, what was read, the
/// walked and the missing stretches with where they start and end (the nearest named place of
/// the map, when there is a map).
public struct CompletionReport: Encodable {
    public struct Stretch: Encodable {
        public var startMetres: Double
        public var endMetres: Double
        public var lengthMetres: Double
        public var from: [Double]
        public var to: [Double]
        public var fromName: String?
        public var toName: String?
    }

    public var lengthMetres: Double
    public var walkedMetres: Double
    public var walkedShare: Double
    public var hikesRead: Int
    public var walksRead: Int
    public var walkStretchesCounted: Int
    public var rule: String
    public var walked: [Stretch]
    public var missing: [Stretch]

    public init(_ c: TrailCompletion, _ lines: HikeStore.WalkedLines, map: MapStore?) {
        lengthMetres = c.length
        walkedMetres = c.walked
        walkedShare = c.share
        hikesRead = lines.hikesRead
        walksRead = lines.walksRead
        walkStretchesCounted = c.contributingStretches
        rule = "walked within \(Int(RouteCoverage.defaultRadius)) m of the line; missing stretches under "
            + "\(Int(TrailCompletion.minimumMissing)) m not listed"
        func convert(_ s: TrailCompletion.Stretch, _ names: CompletionNames.Ends?) -> Stretch {
            Stretch(startMetres: s.start, endMetres: s.end, lengthMetres: s.length,
                    from: [s.from.latitude, s.from.longitude], to: [s.to.latitude, s.to.longitude],
                    fromName: names?.from, toName: names?.to)
        }
        walked = c.walkedStretches.map { convert($0, nil) }
        missing = zip(c.missingStretches, CompletionNames.ends(of: c.missingStretches, map: map)).map { convert($0, $1) }
    }
}
