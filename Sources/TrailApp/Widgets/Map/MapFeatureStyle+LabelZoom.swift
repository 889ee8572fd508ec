import TrailMap

extension MapFeatureStyle {
    /// The lowest (integer) zoom at which `feature`'s name is a label candidate: labels are
    /// thinned by zoom so a wide view names what orients a hiker there.
    ///
    /// Towns and villages, peaks, huts, lakes from any zoom the feature itself is drawn at
    /// (the store already keeps only the highest peaks and big lakes in wide views);
    /// hamlets, localities and farms from z13; rivers and saddles from z12; streams,
    /// springs, viewpoints and shelters from z14, where their lines and symbols become
    /// legible; roads, tracks and paths only from z15 (DECISIONS 603: the basemap names
    /// what orients a hiker, the hike's line is read without street names over it). The placer then keeps every label off the route and off
    /// each other (``MapLabelPlacer``).
    public static func labelMinimumZoom(_ feature: MapFeature) -> Int {
        labelMinimumZoom(feature.featureClass, tags: feature.tags)
    }

    /// ``labelMinimumZoom(_:)`` of a feature of class `featureClass` with `tags`.
    public static func labelMinimumZoom(_ featureClass: FeatureClass, tags: MapTags) -> Int {
        switch featureClass {
        case .place:
            switch tags["place"] ?? "" {
            case "city", "town", "village", "suburb": return 0
            default: return 13
            }
        case .peak, .hut, .water: return 0
        case .river, .saddle: return 12
        case .motorway, .trunk, .primaryRoad, .secondaryRoad, .tertiaryRoad, .minorRoad, .serviceRoad, .pedestrian, .cycleway,
             .track, .path, .footway, .steps, .bridleway, .viaFerrata: return 15
        default: return 14
        }
    }
}
