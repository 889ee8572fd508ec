import Foundation
import HikeServices
import TrailCore

extension CompletionReport {
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
