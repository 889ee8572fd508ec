import TrailMap

/// How the map draws each feature class: as a line (ways, area outlines), as a symbol, or not
/// at all; with which theme role; at which ink priority; and how important its label is.
///
/// Priorities decide who owns a braille cell (higher wins, see TermUI's `Ink`): land cover
/// outlines 1, waterways 2, minor roads 3, major roads 4, tracks 5, paths 6 — so where a path
/// runs beside a road the path keeps its colour. Symbols are overlays at 10, labels at 12, the
/// route line 20, chevrons 21, start and finish 30 and 31, the scrub marker 40.
///
/// Label ranks follow the hierarchy of DECISIONS 603 (after OpenTopoMap and OSM Carto):
/// settlements first (100, plus their size), peaks with their height (90), huts (80),
/// shelters (60), water (lakes 50, rivers 45), saddles (40), springs and viewpoints, then
/// paths, tracks and roads, which get names only from z15 (``labelMinimumZoom(_:)``).
public struct MapFeatureStyle: Hashable, Sendable {
    /// How a class is drawn.
    public enum Drawing: Hashable, Sendable {
        /// Lines through the parts (ways; the outline of areas).
        case line
        /// One symbol at the representative coordinate (points, small areas like huts).
        case symbol(String, ascii: Character)
        /// Only the name (places).
        case labelOnly
        /// Only a background tint under the map's lines (scree, bare rock, other land use;
        /// ``tintRole(of:)``), no outline.
        case area
        /// Not drawn.
        case hidden
    }

    /// How the class is drawn.
    public var drawing: Drawing
    /// Theme role of its lines or symbol.
    public var role: String
    /// Ink or overlay priority.
    public var priority: Int
    /// Label importance: higher is placed first; nil for no label.
    public var labelRank: Int?

    /// Ink priorities of the route layers (see the type's documentation).
    public enum Layer {
        public static let symbol = 10
        public static let label = 12
        public static let route = 20
        public static let chevron = 21
        public static let finish = 30
        public static let start = 31
        public static let marker = 40
    }

    /// The style of `featureClass`.
    public static func of(_ featureClass: FeatureClass) -> MapFeatureStyle {
        switch featureClass {
        case .forest: return .init(drawing: .line, role: ThemeRole.forest, priority: 1, labelRank: nil)
        case .water: return .init(drawing: .line, role: ThemeRole.water, priority: 1, labelRank: 50)
        case .glacier: return .init(drawing: .line, role: ThemeRole.water, priority: 1, labelRank: nil)
        case .cliff, .ridge: return .init(drawing: .line, role: ThemeRole.landuse, priority: 1, labelRank: nil)
        case .river, .stream: return .init(drawing: .line, role: ThemeRole.waterway, priority: 2, labelRank: 45)
        case .minorRoad, .serviceRoad, .pedestrian, .cycleway:
            return .init(drawing: .line, role: ThemeRole.minorRoad, priority: 3, labelRank: 10)
        case .motorway, .trunk, .primaryRoad, .secondaryRoad, .tertiaryRoad:
            return .init(drawing: .line, role: ThemeRole.road, priority: 4, labelRank: 15)
        case .track: return .init(drawing: .line, role: ThemeRole.track, priority: 5, labelRank: 20)
        case .path, .footway, .steps, .bridleway, .viaFerrata:
            return .init(drawing: .line, role: ThemeRole.path, priority: 6, labelRank: 25)
        case .peak: return .init(drawing: .symbol("▲", ascii: "A"), role: ThemeRole.peak, priority: Layer.symbol, labelRank: 90)
        case .hut: return .init(drawing: .symbol("⌂", ascii: "H"), role: ThemeRole.hut, priority: Layer.symbol, labelRank: 80)
        case .shelter: return .init(drawing: .symbol("⌂", ascii: "h"), role: ThemeRole.hut, priority: Layer.symbol, labelRank: 60)
        case .spring, .drinkingWater:
            return .init(drawing: .symbol("○", ascii: "o"), role: ThemeRole.spring, priority: Layer.symbol, labelRank: 35)
        case .viewpoint: return .init(drawing: .symbol("✦", ascii: "V"), role: ThemeRole.viewpoint, priority: Layer.symbol, labelRank: 30)
        case .saddle: return .init(drawing: .labelOnly, role: ThemeRole.label, priority: Layer.label, labelRank: 40)
        case .place: return .init(drawing: .labelOnly, role: ThemeRole.label, priority: Layer.label, labelRank: 100)
        case .scree, .bareRock, .landuse: return .init(drawing: .area, role: ThemeRole.landuse, priority: 0, labelRank: nil)
        case .waterfall, .parking, .toilets, .busStop, .information, .grassland, .leisure,
             .aerialway, .boundary, .protectedArea:
            return .init(drawing: .hidden, role: ThemeRole.landuse, priority: 0, labelRank: nil)
        }
    }

    /// The theme role of `feature`'s background tint (DECISIONS 604), nil for none: lakes
    /// `area-water`, forest `area-forest`, glaciers `area-glacier`, scree and bare rock
    /// `area-rock`, built-up land (landuse residential, commercial, industrial, retail)
    /// `area-built`. Only closed areas are tinted.
    public static func tintRole(of feature: MapFeature) -> String? {
        tintRole(kind: feature.kind, featureClass: feature.featureClass, tags: feature.tags)
    }

    /// ``tintRole(of:)`` of a feature of `kind` and `featureClass` with `tags`.
    public static func tintRole(kind: GeometryKind, featureClass: FeatureClass, tags: MapTags) -> String? {
        guard kind == .area else { return nil }
        switch featureClass {
        case .water: return ThemeRole.areaWater
        case .forest: return ThemeRole.areaForest
        case .glacier: return ThemeRole.areaGlacier
        case .scree, .bareRock: return ThemeRole.areaRock
        case .landuse:
            return ["residential", "commercial", "industrial", "retail"].contains(tags["landuse"] ?? "")
                ? ThemeRole.areaBuilt : nil
        default: return nil
        }
    }

    /// True when the class has a symbol.
    public var isSymbol: Bool { if case .symbol = drawing { return true } else { return false } }
}
