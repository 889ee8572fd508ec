import Foundation
import HikeServices
import TrailCore
import TrailMap
import TrailStore

/// Trail completion as `cairn routes` and `cairn show` print it: the share, what was read, the
/// walked and the missing stretches with where they start and end (the nearest named place of
/// the map, when there is a map).
struct CompletionReport: Encodable {
    struct Stretch: Encodable {
        var startMetres: Double
        var endMetres: Double
        var lengthMetres: Double
        var from: [Double]
        var to: [Double]
        var fromName: String?
        var toName: String?
    }

    var lengthMetres: Double
    var walkedMetres: Double
    var walkedShare: Double
    var hikesRead: Int
    var walksRead: Int
    var walkStretchesCounted: Int
    var rule: String
    var walked: [Stretch]
    var missing: [Stretch]

    init(_ c: TrailCompletion, _ lines: HikeStore.WalkedLines, map: MapStore?) {
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

    /// "38 % walked (14.2 of 37.6 km, 3 walks), missing 12.4 km from Arinsal to …; 2.1 km …".
    /// For a hike that is itself a walk (`ofAWalk`: recorded, or timed), "Walked again: 38 % by
    /// other hikes (…)", as the viewer says it: its own points are not counted.
    func text(_ u: UnitFormatter, title: String = "Completion", ofAWalk: Bool = false) -> String {
        let headline = ofAWalk ? "Walked again: \(Self.percent(walkedShare)) by other hikes"
                               : "\(title): \(Self.percent(walkedShare)) walked"
        var out = "\(headline) (\(u.distance(walkedMetres)) of \(u.distance(lengthMetres)); "
            + "\(hikesRead) hike\(hikesRead == 1 ? "" : "s") and \(walksRead) walk\(walksRead == 1 ? "" : "s") near it)\n"
        for m in missing {
            let at = TrailCompletion.placesText(from: m.fromName.map(TerminalText.clean), to: m.toName.map(TerminalText.clean))
            out += "  \(ofAWalk ? "not walked again" : "missing") \(u.distance(m.lengthMetres)) at \(u.distance(m.startMetres))–\(u.distance(m.endMetres))\(at)\n"
        }
        return out
    }

    static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded(.down))) %" }
}
