import TrailCore
import Localization

/// What the off-route alert says, on screen and aloud: how far and on which side the trail is,
/// from the signed cross-track distance (``RouteMatcher/distanceToTheRoute(_:)``: positive when
/// the hiker is right of the route's direction of travel, so the trail is to their left when
/// facing along the route). DECISIONS.md 845.
enum OffRouteWords {
    /// "trail to your left" / "trail to your right"; nil on the line itself.
    static func side(_ signed: Double) -> String? {
        signed > 0 ? "trail to your left" : signed < 0 ? "trail to your right" : nil
    }

    /// The banner's words: "42 m off, trail to your left".
    static func shown(_ signed: Double, _ units: UnitFormatter) -> String {
        let d = units.distance(abs(signed))
        // TRANSLATORS: the off-route banner: how far off the route the hiker is, and on which side the trail is.
        return signed > 0 ? L("%s off, trail to your left", d) : signed < 0 ? L("%s off, trail to your right", d) : L("%s off", d)
    }

    /// The spoken words, units written out for the speech synthesiser: "42 metres off route,
    /// trail to your left"; `again` for a repeat: "Still 60 metres off route, …". English, as
    /// espeak-ng's default voice speaks it (a translated text would be read with English sounds).
    static func spoken(_ signed: Double, _ units: UnitFormatter, again: Bool = false) -> String {
        var d = units.distance(abs(signed))
        for (short, long) in [(" km", " kilometres"), (" m", " metres"), (" mi", " miles"), (" ft", " feet")] where d.hasSuffix(short) {
            d = String(d.dropLast(short.count)) + long
            break
        }
        return (again ? "Still " : "") + d + " off route" + (side(signed).map { ", " + $0 } ?? "")
    }
}
