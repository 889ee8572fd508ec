import Foundation
import Localization
import HikeServices
import TrailCore
import TrailMap
import TrailStore
import TrailTerrain
import TrailApp

/// What `cairn route` prints: a text table, or the JSON of ``RouteReport/report(_:places:saved:output:terrain:legs:)``.
extension RouteReport {
    /// "el Serrat (place, 12 m)" or "42.61958,1.53890" when nothing named is within 500 m.
    static func placeText(_ place: NamedPlace?, _ c: Coordinate, units: UnitFormatter) -> String {
        guard let place else { return String(format: "%.5f,%.5f", c.latitude, c.longitude) }
        // A place says which (village, hamlet…); other classes name themselves.
        var kind = place.featureClass == .place ? TerminalText.clean(place.tags["place"] ?? place.featureClass.label)
            : place.featureClass.label
        if let d = place.distance { kind += ", " + units.distance(d) }
        return TerminalText.clean(place.name) + " (" + kind + ")"
    }

    /// The text report: totals, then one line per leg.
    /// `legs` are the legs' terrain figures (``DemElevation/apply(_:_:)``), nil without terrain.
    static func text(_ plan: RoutePlan, places: [NamedPlace?], units: UnitFormatter, terrain: TerrainStatistics? = nil,
                     legs: [TerrainStatistics]? = nil) -> String {
        let straight = plan.straightLegCount
        // TRANSLATORS: "Route: 3 stops, 2 legs, 4.2 km": the stops (always two or more), the legs, the length.
        var out = Ln("Route: %d stop, %s, %s", "Route: %d stops, %s, %s", plan.stops.count, plan.stops.count,
                     Ln("%d leg", "%d legs", plan.legs.count, plan.legs.count), units.distance(plan.length))
        if straight > 0 {
            // TRANSLATORS: after the route's length: how many of its legs are straight lines.
            out += " " + L("(%d straight)", straight) + "\n"
        } else if plan.connectorLength >= 1 {
            // Exact: the walk from the stops to the nearest way is not on a mapped way.
            out += ", " + L("along mapped ways except %s from the stops to the nearest way", units.distance(plan.connectorLength)) + "\n"
        } else {
            out += ", " + L("all along mapped ways") + "\n"
        }
        for (i, leg) in plan.legs.enumerated() {
            out += "  \(i + 1). " + placeText(places[i], plan.stops[i], units: units) + " → "
                + placeText(places[i + 1], plan.stops[i + 1], units: units) + "\n"
            out += "     " + units.distance(leg.length) + "  "
            if let reason = leg.straightReason {
                out += L("straight (%s)", reasonText(reason))
            } else if leg.ways.isEmpty && leg.length < RoutePlanner.sameSpotDistance {
                out += L("stops on the same spot")
            } else {
                out += Ln("routed, %d way", "routed, %d ways", leg.ways.count, leg.ways.count)
                // TRANSLATORS: the hardest SAC grade of a leg and its OSM sac_scale value: "hardest T3 (demanding_mountain_hiking)".
                if let g = leg.hardestGrade { out += ", " + L("hardest %s (%s)", g, g.osmValue) }
                let off = (leg.startConnector ?? 0) + (leg.endConnector ?? 0)
                if off >= 1 { out += ", " + L("%s off the ways to reach the stops", units.distance(off)) }
            }
            if let legs, legs.indices.contains(i) {
                if let g = legs[i].elevationGain, let l = legs[i].elevationLoss {
                    out += ", +" + units.elevation(g) + " / −" + units.elevation(l)
                    if let c = legs[i].terrainCoverage, c < 0.995 {
                        // Part of the leg off the tiles: the climb is only that of the rest.
                        // TRANSLATORS: "the leg" ends "terrain covers 80 % of the leg".
                        out += " " + L("where the terrain covers it (%s)", HikeTerrain.coverageText(c, of: L("the leg")))
                    }
                } else {
                    out += ", " + L("climb %s (no terrain)", UnitFormatter.unknown)
                }
            }
            out += "\n"
        }
        // TRANSLATORS: ends "Walking time (DIN 33466, terrain climb over 80 % of the route)" and "terrain covers 80 % of the route".
        let subject = L("the route")
        if let terrain, terrain.elevationGain != nil {
            out += DemElevation.text(terrain, units, subject: subject)
        } else {
            if let terrain {
                out += DemElevation.text(terrain, units, subject: subject)
            } else {
                out += DemElevation.noTerrainText(plan.track(name: nil), planned: true)
            }
            let time = StatisticsCalculator().estimatedWalkingTime(plan.track(name: nil))
            out += L("Walking time (DIN 33466, climb unknown so left out: 4 km/h on the flat): %s", units.duration(time, style: .clock)) + "\n"
        }
        out += (plan.options.allowViaFerrata ? L("Limits: SAC up to %s, via ferratas allowed", plan.options.maxSAC)
                                             : L("Limits: SAC up to %s, via ferratas off", plan.options.maxSAC)) + "\n"
        out += L("Map data © OpenStreetMap contributors, ODbL 1.0") + "\n"
        return out
    }

    /// Why a leg is straight, in words (``StraightReason/label``).
    static func reasonText(_ reason: StraightReason) -> String { reason.label }

    /// The JSON report (keys sorted, numbers in metres and degrees).
    static func json(_ plan: RoutePlan, places: [NamedPlace?], saved: HikeStore.InsertOutcome?, output: String?,
                     terrain: TerrainStatistics? = nil, legs: [TerrainStatistics]? = nil) throws -> String {
        try HikeJSON.text(report(plan, places: places, saved: saved, output: output, terrain: terrain, legs: legs))
    }
}
