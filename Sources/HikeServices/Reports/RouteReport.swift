import Foundation
import TrailCore
import TrailMap
import TrailStore
import TrailTerrain
import TrailApp

/// What `cairn route --json` reports: the plan, its stops and legs with their figures.
public enum RouteReport {
    public struct Place: Encodable {
        public var name: String
        public var featureClass: String
        public var distanceMetres: Double?
    }

    public struct Stop: Encodable {
        public var latitude: Double
        public var longitude: Double
        public var place: Place?
    }

    public struct Leg: Encodable {
        public var routed: Bool
        public var straightReason: String?
        public var lengthMetres: Double
        /// Nil (JSON null) when unknown: no terrain under the leg, or none imported.
        public var ascentMetres: Double?
        public var descentMetres: Double?
        public var startConnectorMetres: Double?
        public var endConnectorMetres: Double?
        public var hardestSAC: String?
        public var ways: [String]
        /// [latitude, longitude] pairs.
        public var points: [[Double]]
    }

    public struct Report: Encodable {
        public var lengthMetres: Double
        public var straightLegs: Int
        public var maxSAC: String
        public var viaFerrata: Bool
        public var stops: [Stop]
        public var legs: [Leg]
        public var gpxFile: String?
        public var savedAs: String?
        public var alreadyStoredAs: String?
        /// Whole-route climb (terrain, 5 m hysteresis), its source, DIN 33466 time in seconds.
        public var ascentMetres: Double?
        public var descentMetres: Double?
        public var elevationSource: String = ElevationSource.none.rawValue
        public var walkingTimeSeconds: Double?
        /// False when the walking time leaves climbing out (no elevation under the route).
        public var walkingTimeIncludesClimb = false
        /// With ``walkingTimeIncludesClimb``: the share (0…1) of the route's length whose climb
        /// the walking time counts (the rest has no terrain height: flat there; DECISIONS 415).
        public var walkingTimeClimbCoverage: Double?
        public var elevation: TerrainStatistics?
    }


    /// The report of `plan` (numbers in metres and degrees): `places` the named place at each
    /// stop, `saved` where it was stored, `output` the GPX file written; `terrain` and `legs`
    /// the route's and the legs' terrain figures (``DemElevation/apply(_:_:)``), nil without
    /// terrain (the walking time is then DIN 33466 on the flat).
    public static func report(_ plan: RoutePlan, places: [NamedPlace?], saved: HikeStore.InsertOutcome?, output: String?,
                              terrain: TerrainStatistics? = nil, legs legFigures: [TerrainStatistics]? = nil) -> Report {
        var report = Report(
            lengthMetres: plan.length, straightLegs: plan.straightLegCount, maxSAC: plan.options.maxSAC.description,
            viaFerrata: plan.options.allowViaFerrata,
            stops: zip(plan.stops, places).map { c, p in
                Stop(latitude: c.latitude, longitude: c.longitude,
                     place: p.map { Place(name: $0.name, featureClass: $0.featureClass.rawValue, distanceMetres: $0.distance) })
            },
            legs: plan.legs.enumerated().map { i, leg in
                let known = legFigures.map { $0.indices.contains(i) ? $0[i] : nil } ?? nil
                return Leg(routed: leg.isRouted, straightReason: leg.straightReason?.rawValue, lengthMetres: leg.length,
                    ascentMetres: known?.elevationGain, descentMetres: known?.elevationLoss, startConnectorMetres: leg.startConnector,
                    endConnectorMetres: leg.endConnector, hardestSAC: leg.hardestGrade?.description,
                    ways: leg.ways.map(\.description), points: leg.coordinates.map { [$0.latitude, $0.longitude] })
            },
            gpxFile: output, savedAs: nil, alreadyStoredAs: nil)
        report.ascentMetres = terrain?.elevationGain
        report.descentMetres = terrain?.elevationLoss
        report.elevationSource = terrain?.elevationSource.rawValue ?? ElevationSource.none.rawValue
        report.walkingTimeSeconds = terrain?.estimatedWalkingTime ?? StatisticsCalculator().estimatedWalkingTime(plan.track(name: nil))
        report.walkingTimeIncludesClimb = terrain?.elevationGain != nil
        report.walkingTimeClimbCoverage = report.walkingTimeIncludesClimb ? terrain?.elevationCoverage : nil
        report.elevation = terrain
        switch saved {
        case .inserted(let id): report.savedAs = id.rawValue
        case .duplicate(let id): report.alreadyStoredAs = id.rawValue
        case nil: break
        }
        return report
    }
}
