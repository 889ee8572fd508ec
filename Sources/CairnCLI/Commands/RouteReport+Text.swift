import Foundation
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
        var kind = place.featureClass == .place ? TerminalText.clean(place.tags["place"] ?? "place")
            : place.featureClass.rawValue.replacingOccurrences(of: "_", with: " ")
        if let d = place.distance { kind += ", " + units.distance(d) }
        return TerminalText.clean(place.name) + " (" + kind + ")"
    }

    /// The text report: totals, then one line per leg.
    /// `legs` are the legs' terrain figures (``DemElevation/apply(_:_:)``), nil without terrain.
    static func text(_ plan: RoutePlan, places: [NamedPlace?], units: UnitFormatter, terrain: TerrainStatistics? = nil,
                     legs: [TerrainStatistics]? = nil) -> String {
        let straight = plan.straightLegCount
        var out = "Route: \(plan.stops.count) stops, \(plan.legs.count) leg\(plan.legs.count == 1 ? "" : "s"), "
        out += units.distance(plan.length)
        if straight > 0 {
            out += " (\(straight) straight)\n"
        } else if plan.connectorLength >= 1 {
            // Exact: the walk from the stops to the nearest way is not on a mapped way.
            out += ", along mapped ways except " + units.distance(plan.connectorLength) + " from the stops to the nearest way\n"
        } else {
            out += ", all along mapped ways\n"
        }
        for (i, leg) in plan.legs.enumerated() {
            out += "  \(i + 1). " + placeText(places[i], plan.stops[i], units: units) + " → "
                + placeText(places[i + 1], plan.stops[i + 1], units: units) + "\n"
            out += "     " + units.distance(leg.length) + "  "
            if let reason = leg.straightReason {
                out += "straight (\(reason.rawValue))"
            } else if leg.ways.isEmpty && leg.length < RoutePlanner.sameSpotDistance {
                out += "stops on the same spot"
            } else {
                out += "routed, \(leg.ways.count) way\(leg.ways.count == 1 ? "" : "s")"
                if let g = leg.hardestGrade { out += ", hardest \(g) (\(g.osmValue))" }
                let off = (leg.startConnector ?? 0) + (leg.endConnector ?? 0)
                if off >= 1 { out += ", " + units.distance(off) + " off the ways to reach the stops" }
            }
            if let legs, legs.indices.contains(i) {
                if let g = legs[i].elevationGain, let l = legs[i].elevationLoss {
                    out += ", +" + units.elevation(g) + " / −" + units.elevation(l)
                    if let c = legs[i].terrainCoverage, c < 0.995 {
                        // Part of the leg off the tiles: the climb is only that of the rest.
                        out += " where the terrain covers it (" + HikeTerrain.coverageText(c, of: "the leg") + ")"
                    }
                } else {
                    out += ", climb \(UnitFormatter.unknown) (no terrain)"
                }
            }
            out += "\n"
        }
        if let terrain, terrain.elevationGain != nil {
            out += DemElevation.text(terrain, units, subject: "the route")
        } else {
            if let terrain {
                out += DemElevation.text(terrain, units, subject: "the route")
            } else {
                out += DemElevation.noTerrainText(plan.track(name: nil), planned: true)
            }
            let time = StatisticsCalculator().estimatedWalkingTime(plan.track(name: nil))
            out += "Walking time (DIN 33466, climb unknown so left out: 4 km/h on the flat): " + units.duration(time, style: .clock) + "\n"
        }
        out += "Limits: SAC up to \(plan.options.maxSAC), via ferratas \(plan.options.allowViaFerrata ? "allowed" : "off")\n"
        out += "Map data © OpenStreetMap contributors, ODbL 1.0\n"
        return out
    }

    /// The JSON report (keys sorted, numbers in metres and degrees).
    static func json(_ plan: RoutePlan, places: [NamedPlace?], saved: HikeStore.InsertOutcome?, output: String?,
                     terrain: TerrainStatistics? = nil, legs: [TerrainStatistics]? = nil) throws -> String {
        try HikeJSON.text(report(plan, places: places, saved: saved, output: output, terrain: terrain, legs: legs))
    }
}
