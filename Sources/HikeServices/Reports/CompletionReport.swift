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

extension CompletionReport {
    /// The completion of hike `id`'s line (as shown) over every other walk and recording near
    /// it (``HikeStore/completion(of:excluding:)``); nil for a hike without a line of two
    /// points. `map` names the missing stretches' ends; it is opened only when needed.
    public static func ofHike(_ id: HikeID, in store: HikeStore, map: () throws -> MapStore?) throws -> CompletionReport? {
        let runs = try store.tracks(of: id).flatMap(\.segments).map { $0.points.map(\.coordinate) }.filter { $0.count >= 2 }
        guard !runs.isEmpty else { return nil }
        let (c, lines) = try store.completion(of: runs, excluding: id)
        return CompletionReport(c, lines, map: try map())
    }

    /// The completion of a waymarked route's line (`runs`) over every walk and recording.
    public static func ofRoute(_ runs: [[Coordinate]], in store: HikeStore, map: MapStore?) throws -> CompletionReport {
        let (c, lines) = try store.completion(of: runs)
        return CompletionReport(c, lines, map: map)
    }
}
