/// The theme role names the hike widgets draw with (see `Themes/README.md` for the full list
/// every shipped theme defines). Roles are plain strings in TermUI; these constants keep the
/// spelling in one place.
public enum ThemeRole {
    /// Ordinary text.
    public static let text = "text"
    /// Secondary text: units, axis captions, hints.
    public static let muted = "muted"
    /// Panel titles.
    public static let heading = "heading"
    /// Map labels and field names.
    public static let label = "label"
    /// Frame lines between panels.
    public static let border = "border"
    /// The selected row of a list.
    public static let highlight = "highlight"
    /// A selected range (profile range marks), applied as a background.
    public static let selection = "selection"
    /// Messages that need attention ("No map data here").
    public static let warning = "warning"

    /// Footpaths, footways, steps, bridleways, via ferratas.
    public static let path = "path"
    /// Forest and farm tracks.
    public static let track = "track"
    /// Major roads (motorway … tertiary).
    public static let road = "road"
    /// Minor, residential and service roads, cycleways.
    public static let minorRoad = "minor-road"
    /// Lakes and reservoirs (areas).
    public static let water = "water"
    /// Rivers and streams (lines).
    public static let waterway = "waterway"
    /// Forest outlines.
    public static let forest = "forest"
    /// Other land cover and relief lines.
    public static let landuse = "landuse"
    /// Peak symbols and their labels.
    public static let peak = "peak"
    /// Huts and shelters.
    public static let hut = "hut"
    /// Springs and drinking water.
    public static let spring = "spring"
    /// Viewpoints.
    public static let viewpoint = "viewpoint"

    /// The hike's line on the map.
    public static let route = "route"
    /// Direction chevrons along the route.
    public static let routeChevron = "route-chevron"
    /// The start marker.
    public static let routeStart = "route-start"
    /// The finish marker.
    public static let routeFinish = "route-finish"
    /// The part of a followed route already covered.
    public static let routeCovered = "route-covered"
    /// Ungraded ways (no `sac_scale`) on the line coloured by SAC grade and in the ground bars:
    /// never the route's own colour, which no bar and no basemap feature uses (DECISIONS 601).
    public static let ungraded = "ungraded"
    /// Area tints: cell backgrounds under the map's lines for lakes, forest, glaciers, scree
    /// and bare rock, built-up land (only a role with a `bg` paints; off with hillshade on).
    public static let areaWater = "area-water"
    public static let areaForest = "area-forest"
    public static let areaGlacier = "area-glacier"
    public static let areaRock = "area-rock"
    public static let areaBuilt = "area-built"
    /// The scrub position on the map.
    public static let marker = "marker"
    /// A generic cursor.
    public static let cursor = "cursor"

    /// The elevation profile's line.
    public static let chartLine = "chart-line"
    /// The area under the profile.
    public static let chartFill = "chart-fill"
    /// Axis labels and ticks.
    public static let chartAxis = "chart-axis"
    /// The vertical scrub cursor on the chart.
    public static let chartCursor = "chart-cursor"

    /// The SAC hiking scale roles `sac-1` … `sac-6`; also used to colour the route by slope.
    public static func sac(_ grade: Int) -> String { "sac-\(min(6, max(1, grade)))" }

    /// The terrain's line beside the GPS line on the profile.
    public static let chartTerrain = "chart-terrain"

    /// Hillshade backgrounds `hillshade-1` (deepest shadow) … `hillshade-5` (facing the sun).
    public static func hillshade(_ level: Int) -> String { "hillshade-\(min(5, max(1, level)))" }
    /// Surface classes in the ground bars: `surface-paved`, `surface-gravel`, `surface-dirt`,
    /// `surface-grass`, `surface-rock` (unknown surfaces are drawn ``muted``).
    public static let surfaceRoles = ["surface-paved", "surface-gravel", "surface-dirt", "surface-grass", "surface-rock"]

    /// Every role the hike screen uses (for checking a theme with `Theme.missingRoles`).
    public static let all: [String] = [
        text, muted, heading, label, border, highlight, selection, warning,
        path, track, road, minorRoad, water, waterway, forest, landuse, peak, hut, spring, viewpoint,
        route, routeChevron, routeStart, routeFinish, routeCovered, ungraded, marker, cursor,
        areaWater, areaForest, areaGlacier, areaRock, areaBuilt,
        chartLine, chartFill, chartAxis, chartCursor, chartTerrain,
    ] + (1...6).map { sac($0) } + (1...5).map { hillshade($0) } + surfaceRoles
}
