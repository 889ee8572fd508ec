import Foundation
import Localization
import HikeServices
import TrailCore

extension CompletionReport {
    /// "38 % walked (14.2 of 37.6 km, 3 walks), missing 12.4 km from Arinsal to …; 2.1 km …".
    /// For a hike that is itself a walk (`ofAWalk`: recorded, or timed), "Walked again: 38 % by
    /// other hikes (…)", as the viewer says it: its own points are not counted.
    func text(_ u: UnitFormatter, title: String = "Completion", ofAWalk: Bool = false) -> String {
        let percent = Self.percent(walkedShare)
        let headline = ofAWalk ? L("Walked again: %s by other hikes", percent)
                               : L("%s: %s walked", title == "Completion" ? L("Completion") : title, percent)
        var out = headline + " (" + L("%s of %s", u.distance(walkedMetres), u.distance(lengthMetres)) + clauseSeparator
            + L("%s and %s near it", Ln("%d hike", "%d hikes", hikesRead, hikesRead), Ln("%d walk", "%d walks", walksRead, walksRead)) + ")\n"
        for m in missing {
            let at = TrailCompletion.placesText(from: m.fromName.map(TerminalText.clean), to: m.toName.map(TerminalText.clean))
            let length = u.distance(m.lengthMetres)
            out += "  " + (ofAWalk ? L("not walked again %s", length) : L("missing %s", length)) + " "
                + L("at %s–%s", u.distance(m.startMetres), u.distance(m.endMetres)) + at + "\n"
        }
        return out
    }

    static func percent(_ share: Double) -> String { "\(Int((share * 100).rounded(.down))) %" }
}
