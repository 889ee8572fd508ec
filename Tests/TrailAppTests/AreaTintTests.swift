import CairnTestSupport
import Foundation
import Testing
import TermUI
import TrailCore
import TrailMap
@testable import TrailApp

/// Area tints (issue 31, DECISIONS 604): forest and lakes as cell backgrounds under the lines,
/// on themes whose tint roles have a background, off under the hillshade and in mono; the
/// hike's cells keep the terminal's background.
@Suite struct AreaTintTests {
    let center = Coordinate(latitude: 46.0, longitude: 7.0)

    func area(_ id: Int64, _ cls: FeatureClass, south: Double, west: Double, north: Double, east: Double,
              hole: (Double, Double, Double, Double)? = nil) -> MapFeature {
        func ring(_ s: Double, _ w: Double, _ n: Double, _ e: Double) -> [Coordinate] {
            [Coordinate(latitude: s, longitude: w), Coordinate(latitude: s, longitude: e), Coordinate(latitude: n, longitude: e),
             Coordinate(latitude: n, longitude: w), Coordinate(latitude: s, longitude: w)]
        }
        var parts = [ring(south, west, north, east)]
        if let h = hole { parts.append(ring(h.0, h.1, h.2, h.3)) }
        return MapFeature(id: MapFeatureID(type: .way, osmID: id), featureClass: cls, kind: .area, parts: parts,
                          tags: MapTags([:]), minZoom: 0,
                          bounds: BoundingBox(minLatitude: south, minLongitude: west, maxLatitude: north, maxLongitude: east),
                          isComplete: true)
    }

    /// A forest (with a clearing) west of the centre, a lake east of it overlapping the forest's
    /// east edge, and a hike running north through the middle.
    func render(theme: String, hillshade: Bool = false) -> (Buffer, MapWidget.RenderInfo, MapViewport) {
        let c = center
        let forest = area(1, .forest, south: c.latitude - 0.004, west: c.longitude - 0.008, north: c.latitude + 0.004,
                          east: c.longitude + 0.001, hole: (c.latitude - 0.001, c.longitude - 0.006, c.latitude + 0.001, c.longitude - 0.004))
        let lake = area(2, .water, south: c.latitude - 0.002, west: c.longitude - 0.001, north: c.latitude + 0.002,
                        east: c.longitude + 0.006)
        let box = BoundingBox(minLatitude: c.latitude - 0.1, minLongitude: c.longitude - 0.1,
                              maxLatitude: c.latitude + 0.1, maxLongitude: c.longitude + 0.1)
        var basemap = MapBasemap(features: [forest, lake], coverageAreas: [box], bounds: box, zoom: 15)
        if hillshade {
            basemap.hillshade = HillshadeRaster(rows: 3, columns: 3, north: c.latitude + 0.1, west: c.longitude - 0.1,
                                                spacing: 0.1, values: [Float](repeating: 0.71, count: 9))
        }
        let hike = TestSupport.northbound(count: 60, spacing: 20, start: Coordinate(latitude: c.latitude - 0.005, longitude: c.longitude + 0.0045))
        let vp = MapViewport(center: c, zoom: 15, width: 80, height: 30)
        var map = MapWidget(viewport: vp, basemap: basemap, hike: hike, showsLabels: false, environment: TestSupport.environment(theme))
        map.showsHillshade = hillshade
        var buffer = Buffer(width: 80, height: 30)
        let info = map.render(area: buffer.area, into: &buffer)
        return (buffer, info, vp)
    }

    /// Where a cell's centre falls: in the lake, in the forest (outside its clearing), or neither.
    func expected(_ vp: MapViewport, x: Int, y: Int) -> String? {
        let p = vp.coordinate(atDot: DotPoint(x: Double(x * 2 + 1), y: Double(y * 4 + 2)))
        let dLat = p.latitude - center.latitude, dLon = p.longitude - center.longitude
        func inside(_ s: Double, _ w: Double, _ n: Double, _ e: Double) -> Bool { dLat > s && dLat < n && dLon > w && dLon < e }
        if inside(-0.002, -0.001, 0.002, 0.006) { return ThemeRole.areaWater }
        if inside(-0.004, -0.008, 0.004, 0.001) && !inside(-0.001, -0.006, 0.001, -0.004) { return ThemeRole.areaForest }
        return nil
    }

    @Test func forestAndLakeAreTintedUnderTheLinesButNotUnderTheHike() {
        // The light theme tints both (the dark one only lakes and glaciers: DECISIONS 604).
        let env = TestSupport.environment("light")
        let (buffer, info, vp) = render(theme: "light")
        let forest = env.style(ThemeRole.areaForest).bg!, water = env.style(ThemeRole.areaWater).bg!
        var checked = 0, wrong: [String] = []
        for y in 0..<30 { for x in 0..<80 {
            let pos = MapWidget.CellPosition(x: x, y: y)
            // The scale bar and the attribution are text on the terminal's background.
            if [info.scaleBar, info.attribution?.rect].compactMap({ $0 }).contains(where: { $0.contains(x: x, y: y) }) { continue }
            let bg = buffer[x, y]!.bg
            if info.routeCells.contains(pos) {
                if bg != .default { wrong.append("route cell \(x),\(y) tinted") }
                continue
            }
            // Cells next to an edge (a neighbour falls elsewhere) may go either way.
            let want = expected(vp, x: x, y: y)
            let edge = [(-1, 0), (1, 0), (0, -1), (0, 1)].contains { expected(vp, x: x + $0.0, y: y + $0.1) != want }
            if edge { continue }
            checked += 1
            let wantBg: Color = want == ThemeRole.areaWater ? water : want == ThemeRole.areaForest ? forest : .default
            if bg != wantBg { wrong.append("\(x),\(y): \(bg) for \(want ?? "nothing")") }
        } }
        #expect(checked > 1000)
        #expect(wrong.isEmpty, "\(wrong.count) cells: \(wrong.prefix(8))")
    }

    @Test func theDarkThemeTintsLakesOnly() {
        let env = TestSupport.environment("dark")
        let water = env.style(ThemeRole.areaWater).bg!
        #expect(env.style(ThemeRole.areaForest).bg == nil)
        let (buffer, _, vp) = render(theme: "dark")
        for y in 0..<29 { for x in 0..<80 where buffer[x, y]!.bg != .default {
            #expect(buffer[x, y]!.bg == water)
            #expect(expected(vp, x: x, y: y) == ThemeRole.areaWater || expected(vp, x: x - 1, y: y) == ThemeRole.areaWater
                    || expected(vp, x: x + 1, y: y) == ThemeRole.areaWater || expected(vp, x: x, y: y - 1) == ThemeRole.areaWater
                    || expected(vp, x: x, y: y + 1) == ThemeRole.areaWater, "tint outside the lake at \(x),\(y)")
        } }
    }

    @Test func noTintsUnderTheHillshadeNorInMonoOrHighContrast() {
        let (shaded, _, _) = render(theme: "dark", hillshade: true)
        let tints = [ThemeRole.areaForest, ThemeRole.areaWater].compactMap { TestSupport.environment("dark").style($0).bg }
        #expect(!tints.isEmpty)
        #expect(!shaded.cells.contains { tints.contains($0.bg) })
        for theme in ["mono", "high-contrast"] {
            let (buffer, _, _) = render(theme: theme)
            #expect(buffer.cells.allSatisfy { $0.bg == .default }, "\(theme) has tints")
        }
    }
}
