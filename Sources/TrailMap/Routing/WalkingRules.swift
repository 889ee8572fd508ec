import Foundation

/// Which mapped ways a person may walk, and how much the walking router prefers each.
///
/// **Classes** (see ``FeatureClass``; only OSM ways with node ids, i.e. `highway=*` ways, take
/// part; multipolygon relations do not):
///
/// | class | highway=* | walkable | cost factor |
/// |---|---|---|---|
/// | path, footway, track, bridleway, pedestrian | path, footway, track, bridleway, pedestrian | yes | 1.0 |
/// | steps | steps | yes | 1.2 |
/// | minorRoad, serviceRoad | residential, living_street, unclassified, road, service | yes | 1.1 |
/// | tertiaryRoad | tertiary(_link) | yes | 1.2 |
/// | secondaryRoad | secondary(_link) | yes | 1.3 |
/// | primaryRoad | primary(_link) | yes | 1.5 |
/// | cycleway | cycleway | only with an explicit foot permission (below) | 1.1 |
/// | viaFerrata | via_ferrata | only when the hiker allows via ferratas | 1.0 |
/// | motorway, trunk | motorway(_link), trunk(_link) | never | — |
///
/// Primary and secondary roads are walkable (OSM's default foot access on them is yes, and in
/// mountain valleys they are often the only link between two trails) but cost more, so a
/// route follows them only where no path does much better; the many primary roads mapped
/// with `foot=no` (tunnels, expressway stretches) are excluded by the access rules.
///
/// **Access** (the first rule that matches decides):
/// 1. `foot` = no, private or use_sidepath → not walkable;
/// 2. `foot` = yes, designated, permissive, destination, customers or official → walkable
///    (whatever `access` says);
/// 3. `access` = no, private, agricultural, forestry, delivery or military → not walkable
///    (the blacklist of OSRM's foot profile, plus military);
/// 4. `cycleway` → not walkable (no foot permission was given);
/// 5. otherwise walkable.
///
/// **Cost factor** = class factor × trail visibility factor (`trail_visibility` = bad 1.2,
/// horrible 1.5, no 2.0; excellent, good, intermediate or absent 1.0). Every factor is at
/// least 1, which keeps the A* heuristic (straight-line distance) admissible.
///
/// **Difficulty**: `sac_scale` (see ``SACScale``) and the via ferrata flag are kept on each
/// edge, not applied here, so one graph serves every `--max-sac` setting.
public enum WalkingRules {
    /// Classes that can carry walkable edges (subject to ``isWalkable(_:tags:)``).
    public static let candidateClasses: Set<FeatureClass> = [
        .path, .footway, .track, .bridleway, .steps, .pedestrian, .minorRoad, .serviceRoad, .tertiaryRoad,
        .secondaryRoad, .primaryRoad, .cycleway, .viaFerrata,
    ]

    /// `foot` values that forbid walking.
    public static let footForbidden: Set<String> = ["no", "private", "use_sidepath"]
    /// `foot` values that allow walking whatever `access` says.
    public static let footAllowed: Set<String> = ["yes", "designated", "permissive", "destination", "customers", "official"]
    /// `access` values that forbid walking unless `foot` allows it.
    public static let accessForbidden: Set<String> = ["no", "private", "agricultural", "forestry", "delivery", "military"]

    /// True when a way of class `c` with `tags` may be walked (before any difficulty cap).
    public static func isWalkable(_ c: FeatureClass, tags: [String: String]) -> Bool {
        guard candidateClasses.contains(c) else { return false }
        if let foot = tags["foot"]?.trimmingCharacters(in: .whitespaces) {
            if footForbidden.contains(foot) { return false }
            if footAllowed.contains(foot) { return true }
        }
        if let access = tags["access"]?.trimmingCharacters(in: .whitespaces), accessForbidden.contains(access) {
            return false
        }
        return c != .cycleway
    }

    /// The cost factor of class `c` alone (see the table above); nil for classes never walked.
    public static func classFactor(_ c: FeatureClass) -> Double? {
        switch c {
        case .path, .footway, .track, .bridleway, .pedestrian, .viaFerrata: return 1.0
        case .steps, .tertiaryRoad: return 1.2
        case .minorRoad, .serviceRoad, .cycleway: return 1.1
        case .secondaryRoad: return 1.3
        case .primaryRoad: return 1.5
        default: return nil
        }
    }

    /// The factor for a `trail_visibility` value (1 when absent or unknown).
    public static func visibilityFactor(_ value: String?) -> Double {
        switch value?.trimmingCharacters(in: .whitespaces) {
        case "bad": return 1.2
        case "horrible": return 1.5
        case "no": return 2.0
        default: return 1.0
        }
    }

    /// Cost per metre of a way of class `c` with `tags`, relative to an easy path (≥ 1).
    public static func costFactor(_ c: FeatureClass, tags: [String: String]) -> Double {
        (classFactor(c) ?? 1) * visibilityFactor(tags["trail_visibility"])
    }

    /// The SAC grade of a way, nil when ungraded (see ``SACScale/init(tagValue:)``).
    public static func sacScale(tags: [String: String]) -> SACScale? {
        tags["sac_scale"].flatMap(SACScale.init(tagValue:))
    }

    /// Cost of one metre of ascent, in metres of easy walking: DIN 33466 (4 km/h on the flat,
    /// 300 m/h up), 4000 / 300 = 13.3; see ``WalkingGraph/Edge`` for how it combines with
    /// the horizontal distance (the larger plus half the smaller, as in the walking time).
    /// DECISIONS.md 121: replaces Naismith's 7.92 with descent free.
    public static let climbPenalty = 4000.0 / 300.0

    /// A metre of descent weighs this share of a metre of ascent: DIN 33466's 500 m/h down
    /// against 300 m/h up.
    public static let descentShare = 300.0 / 500.0
}
